#include "cli/extract.h"

#include <getopt.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <stdexcept>
#include <vector>

#include "cli/blob_files.h"
#include "common/json.h"
#include "player/log_check.h"
#include "player/log_reader.h"
#include "schema/values/data.h"

namespace ltcap::cli {
namespace {

using E = schema::Entry;

// An element count makes sense for typed payloads only (not raw pointers and untyped spans).
bool Typed(schema::ElementType t) { return t != schema::ElementType::RAW_POINTER && t != schema::ElementType::BYTES; }

struct DataItem {
    std::uint64_t seq, buffer, blob, bytes;
    std::string function;
    bool write;
    schema::ElementType type;
    std::uint64_t offset = 0;  // a read's piece: where it starts in what the call read (a mesh shard)
};

struct KernelItem {
    std::uint64_t id;
    std::string path;                // as captured
    std::vector<std::string> files;  // written, relative to DIR
    bool clashed = false;            // its tree clashed with another kernel's: written under kernels/@<id>/
};

// Writes a kernel source entry's files under root/kernels, and the files it found in TT_METAL_HOME (format 9) under
// root/home; a tree that would overwrite another kernel's file with other content goes under kernels/@<id>/
// instead (its home files under kernels/@<id>/home/).
class KernelTree {
public:
    explicit KernelTree(const OutputDir& root) : root_(root) {}
    KernelItem Write(schema::KernelSource::Reader k) {
        KernelItem item{k.getId(), k.getPath().cStr(), {}};
        const std::string given = item.path;
        const std::string base = given.empty() ? "from_string/" + std::to_string(k.getId())
                                               : given.substr(0, given.rfind('/') == std::string::npos ? 0 : given.rfind('/'));
        struct File {
            bool home;
            std::string path, content;  // path in its tree
        };
        std::vector<File> files;
        for (auto f : k.getFiles()) {
            std::string name = f.getPath().cStr();
            if (files.empty() && name.empty()) name = "kernel.cpp";
            const auto at = !f.getFromHome() ? TreePath(base, name)
                            : name.empty() || name[0] == '/' ? std::nullopt  // a home path is relative to the home
                                                             : TreePath("", name);
            if (!at) throw LogError("kernel source " + std::to_string(k.getId()) + ": the file '" + name +
                                    "' lies outside the tree (" + (f.getFromHome() ? "TT_METAL_HOME" : given) + ")");
            files.push_back({f.getFromHome(), *at, f.getContent().cStr()});
        }
        const auto top = [](const File& f) { return std::string(f.home ? "home/" : "kernels/") + f.path; };
        bool clash = false;
        for (const auto& f : files) {
            auto it = written_.find(top(f));
            clash = clash || (it != written_.end() && it->second != f.content);
        }
        item.clashed = clash;
        for (const auto& f : files) {
            const std::string rel =
                clash ? "kernels/@" + std::to_string(k.getId()) + "/" + (f.home ? "home/" : "") + f.path : top(f);
            // No file of DIR is written twice with different contents: a kernel whose own files collide, or a path
            // that reaches another kernel's @<id> folder, is refused rather than overwrite what was extracted.
            if (auto it = written_.find(rel); it != written_.end()) {
                if (it->second != f.content)
                    throw LogError("kernel source " + std::to_string(k.getId()) + ": its file '" + rel +
                                   "' would overwrite a file already extracted with other content");
                item.files.push_back(rel);
                continue;
            }
            written_[rel] = f.content;
            root_.WriteFile(rel, f.content.data(), f.content.size());
            item.files.push_back(rel);
        }
        return item;
    }

private:
    const OutputDir& root_;
    std::map<std::string, std::string> written_;  // tree path → content
};

// The buffer (or mesh buffer) a call names first (0: none), and whether it has a host destination (a read; a mesh
// read's destinations are in its shard transfers).
std::pair<std::uint64_t, bool> BufferAndDestination(schema::Call::Reader call) {
    std::uint64_t buffer = 0;
    bool destination = false;
    for (auto v : call.getArgs()) {
        const bool is_buffer = v.isObject() && (v.getObject().getKind() == schema::ObjectKind::BUFFER ||
                                                v.getObject().getKind() == schema::ObjectKind::MESH_BUFFER);
        if (is_buffer && !buffer) buffer = v.getObject().getId();
        destination = destination || v.isHostPointer();
        if (v.isList())
            for (auto e : v.getList()) destination = destination || (e.isShardTransfer() && !e.getShardTransfer().hasData());
    }
    return {buffer, destination};
}

void Extract(LogReader& log, const OutputDir& dir, std::vector<KernelItem>& kernels, std::vector<DataItem>& data) {
    LogChecker check;
    BlobFiles blobs(dir, "data");
    KernelTree tree(dir);
    std::map<std::uint64_t, std::pair<std::string, std::uint64_t>> reads;  // seq → function, buffer
    ForEachCheckedEntry(log, check, [&](E::Reader e) {
        switch (e.which()) {
            case E::CALL: {
                const auto call = e.getCall();
                const auto named = BufferAndDestination(call);
                const std::uint64_t buffer = named.first;  // (a structured binding cannot be captured: clang)
                if (named.second) reads[call.getSeq()] = {ApiName(call.getFunction()), buffer};
                auto write = [&](schema::DataRef::Reader d) {
                    data.push_back({call.getSeq(), buffer, d.getBlob(), d.getSize(), ApiName(call.getFunction()),
                                    true, d.getElementType()});
                };
                for (auto v : call.getArgs()) {
                    if (v.isData()) write(v.getData());
                    if (v.isList())  // a mesh write's shards, each with its bytes
                        for (auto e : v.getList())
                            if (e.isShardTransfer() && e.getShardTransfer().hasData()) write(e.getShardTransfer().getData());
                }
                break;
            }
            case E::READ_DATA: {
                const auto r = e.getReadData();
                const auto it = reads.find(r.getSeq());
                const auto d = r.getData();
                data.push_back({r.getSeq(), it == reads.end() ? 0 : it->second.second, d.getBlob(), d.getSize(),
                                it == reads.end() ? "" : it->second.first, false, d.getElementType(), r.getOffset()});
                break;
            }
            case E::BLOB: blobs.Write(e.getBlob()); break;
            case E::KERNEL_SOURCE: kernels.push_back(tree.Write(e.getKernelSource())); break;
            default: break;
        }
    });
}

void WriteIndex(const OutputDir& dir, const std::string& log, const std::vector<KernelItem>& kernels,
                const std::vector<DataItem>& data) {
    const std::string path = dir.path() + "/index.json";
    const int fd = dir.Open("index.json");
    std::FILE* f = ::fdopen(fd, "w");
    if (!f) {
        const int saved = errno;
        ::close(fd);
        throw std::runtime_error("cannot write " + path + ": " + std::strerror(saved));
    }
    JsonWriter j(f);
    j.BeginObject();
    j.Key("log"), j.String(log);
    j.Key("kernels"), j.BeginArray();
    for (const KernelItem& k : kernels) {
        j.BeginObject();
        j.Key("id"), j.Number(k.id);
        j.Key("path"), j.String(k.path);
        j.Key("files"), j.BeginArray();
        for (const std::string& file : k.files) j.String(file);
        j.EndArray();
        j.EndObject();
    }
    j.EndArray();
    j.Key("data"), j.BeginArray();
    for (const DataItem& d : data) {
        j.BeginObject();
        j.Key("seq"), j.Number(d.seq);
        j.Key("function"), j.String(d.function);
        j.Key("direction"), j.String(d.write ? "write" : "read");
        j.Key("buffer"), j.Number(d.buffer);
        j.Key("file"), j.String("data/" + std::to_string(d.blob) + ".bin");
        j.Key("bytes"), j.Number(d.bytes);
        j.Key("element_type"), j.String(values::EnumName(d.type));
        if (d.offset) j.Key("offset"), j.Number(d.offset);
        if (Typed(d.type)) j.Key("elements"), j.Number(d.bytes / values::ElementBytes(d.type));
        j.EndObject();
    }
    j.EndArray();
    j.EndObject();
    std::fputc('\n', f);
    if (std::fclose(f) != 0) throw std::runtime_error("cannot write " + path);
}

constexpr const char* kExtractUsage = R"(usage: ltcap extract LOG DIR

Writes what a log carries as files, without executing anything:
  DIR/kernels/     every kernel source as the tree it was captured from: each kernel file at the path the
                   program gave CreateKernel, the files it includes beside it (CreateKernelFromString's text:
                   from_string/<id>/kernel.cpp); a kernel whose files would overwrite another's with other
                   content goes under kernels/@<id>/
  DIR/data/        every payload written and every read's data, raw, once per distinct content (<blob id>.bin)
  DIR/index.json   which call wrote or read which file (seq, function, direction, buffer, bytes, element type
                   and count) and each kernel's files

options:
  -h, --help   this text

exit status: 0 done, 1 the log is cut off (what is there is extracted), 2 the log is unreadable or damaged (a
             path that would leave DIR is damage), or DIR could not be written (a symbolic link or a file
             with another hard link already in DIR is not written through: it is refused)
)";

}  // namespace

std::optional<std::string> TreePath(const std::string& base, const std::string& path) {
    std::vector<std::string> parts;
    auto add = [&parts](const std::string& p) {
        for (std::size_t i = 0; i <= p.size();) {
            std::size_t end = p.find('/', i);
            if (end == std::string::npos) end = p.size();
            const std::string c = p.substr(i, end - i);
            if (c.find('\0') != std::string::npos) return false;
            if (c == "..") {
                if (parts.empty()) return false;
                parts.pop_back();
            } else if (!c.empty() && c != ".") {
                parts.push_back(c);
            }
            i = end + 1;
        }
        return true;
    };
    if (!(path.empty() || path[0] != '/' ? add(base) && add(path) : add(path))) return std::nullopt;
    if (parts.empty()) return std::nullopt;
    std::string joined;
    for (const std::string& p : parts) joined += (joined.empty() ? "" : "/") + p;
    return joined;
}

ExtractCounts ExtractLog(LogReader& log, const std::string& log_path, const std::string& dir) {
    std::vector<KernelItem> kernels;
    std::vector<DataItem> data;
    const OutputDir out(dir);
    NamingTheEntry(log, [&] { Extract(log, out, kernels, data); });
    WriteIndex(out, log_path, kernels, data);
    ExtractCounts counts{kernels.size(), data.size()};
    for (const KernelItem& k : kernels)
        if (k.clashed) counts.clashed.push_back(k.id);
    return counts;
}

int ExtractMain(int argc, char** argv) {
    static const option kOptions[] = {{"help", no_argument, nullptr, 'h'}, {nullptr, 0, nullptr, 0}};
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, "h", kOptions, nullptr)) != -1;) {
        if (c == 'h') return std::fputs(kExtractUsage, stdout), 0;
        return std::fputs(kExtractUsage, stderr), 2;
    }
    if (optind + 2 != argc) {
        std::fprintf(stderr, "ltcap extract: give a log and a folder\n%s", kExtractUsage);
        return 2;
    }
    const std::string path = argv[optind], dir = argv[optind + 1];
    ExtractCounts counts;
    int status = 0;
    try {
        LogReader log(path);
        counts = ExtractLog(log, path, dir);
        if (log.damaged()) {
            std::fprintf(stderr, "ltcap extract: %s: damaged: %s\n", path.c_str(), log.truncation().c_str());
            status = 2;
        } else if (!log.complete()) {
            std::fprintf(stderr, "ltcap extract: %s: cut off: %s (everything before it is extracted)\n",
                         path.c_str(), log.truncation().c_str());
            status = 1;
        }
    } catch (const LogError& e) {
        std::fprintf(stderr, "ltcap extract: %s\n", NamingThePath(path.c_str(), e.what()).c_str());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ltcap extract: %s\n", e.what());
        return 2;
    }
    for (const std::uint64_t id : counts.clashed)
        std::printf("ltcap extract: kernel source %llu holds files another kernel holds with other contents: its tree "
                    "is under %s/kernels/@%llu/\n",
                    static_cast<unsigned long long>(id), dir.c_str(), static_cast<unsigned long long>(id));
    std::printf("ltcap extract: %zu kernel sources, %zu data files indexed in %s/index.json\n", counts.kernels,
                counts.data, dir.c_str());
    return status;
}

}  // namespace ltcap::cli
