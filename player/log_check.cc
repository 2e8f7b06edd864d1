#include "player/log_check.h"

#include <algorithm>
#include <functional>
#include <set>
#include <string_view>

#include "player/decoded_call.h"
#include "player/format.h"
#include "player/kernel_paths.h"
#include "player/log_reader.h"
#include "schema/values/buffer_config.h"
#include "schema/values/cores.h"
#include "schema/values/shard_spec.h"

namespace ltcap {

void LogChecker::Entry(schema::Entry::Reader e) {
    switch (e.which()) {
        case schema::Entry::CALL: {
            auto c = e.getCall();
            if (c.getSeq() == 0 || c.getSeq() <= last_seq_)
                throw LogError("call #" + std::to_string(c.getSeq()) + " comes after call #" + std::to_string(last_seq_) +
                               " (calls are in ascending seq order, from 1)");
            if (!first_seq_) first_seq_ = c.getSeq();
            last_seq_ = c.getSeq();
            counts_.calls++;
            const auto args = c.getArgs();
            for (unsigned i = 0; i < args.size(); i++) {
                try {
                    Value(args[i], 0, true);
                } catch (const LogError& error) {
                    const CallModel* model = ModelOf(c.getFunction());
                    const char* name = model ? model->ParamName(i) : nullptr;
                    throw LogError("call #" + std::to_string(c.getSeq()) + " " + ApiName(c.getFunction()) +
                                   ": argument " + (name ? name : std::to_string(i)) + ": " + error.what());
                }
            }
            break;
        }
        case schema::Entry::RETURN: {
            auto r = e.getReturn();
            Seq(r.getSeq(), "a result");
            Value(r.getResult(), 0, false);
            counts_.returns++;
            break;
        }
        case schema::Entry::BLOB: Blob(e.getBlob()); break;
        case schema::Entry::KERNEL_SOURCE: {
            auto k = e.getKernelSource();
            const bool unreadable = k.getUnreadable().size() != 0;
            if (k.getFiles().size() == 0 && !unreadable)
                throw LogError("kernel source #" + std::to_string(k.getId()) + " has no file");
            if (k.getFiles().size() != 0 && unreadable)
                throw LogError("kernel source #" + std::to_string(k.getId()) +
                               " has files and says its kernel file could not be read");
            if (!sources_.insert(k.getId()).second)
                throw LogError("kernel source #" + std::to_string(k.getId()) + " appears twice");
            // Every file must have a place inside its folder (the replay writes it there, kernel_paths.h), and the
            // kernels must agree on the content of each file of the replay home they share.
            for (auto f : k.getFiles()) {
                const std::string place =
                    KernelFilePlace(k.getId(), std::string(f.getPath().begin(), f.getPath().size()), f.getFromHome());
                if (!f.getFromHome()) continue;
                const std::size_t content = std::hash<std::string_view>()(
                    std::string_view(f.getContent().begin(), f.getContent().size()));
                const auto [at, fresh] = home_files_.emplace(place, content);
                if (!fresh && at->second != content)
                    throw LogError("kernel source #" + std::to_string(k.getId()) +
                                   " and an earlier one hold different contents for $TT_METAL_HOME/" + place);
            }
            counts_.sources++;
            break;
        }
        case schema::Entry::KERNEL_BINARY: KernelBinary(e.getKernelBinary()); break;
        case schema::Entry::READ_DATA: {
            auto r = e.getReadData();
            Seq(r.getSeq(), "read data");
            Data(r.getData());
            // A read's pieces never overlap: each byte the call read is checked once (a piece listed twice would
            // leave another unchecked).
            const std::uint64_t offset = r.getOffset(), size = r.getData().getSize();
            if (offset > ~std::uint64_t{0} - size)
                throw LogError("the read data of call #" + std::to_string(r.getSeq()) + " ends past 2^64");
            if (!read_pieces_[r.getSeq()].Take(offset, size))
                throw LogError("the read data of call #" + std::to_string(r.getSeq()) + " at offset " +
                               std::to_string(offset) + " (" + std::to_string(size) +
                               " bytes) covers bytes an earlier piece of the read covered");
            counts_.reads++;
            break;
        }
        case schema::Entry::LAUNCH_OUTPUTS: {
            auto o = e.getLaunchOutputs();
            Seq(o.getSeq(), "launch outputs");
            if (o.getBuffers().size() > kMaxLaunchBuffers)
                throw LogError("the launch outputs of call #" + std::to_string(o.getSeq()) + " list " +
                               std::to_string(o.getBuffers().size()) + " buffers, more than " +
                               std::to_string(kMaxLaunchBuffers));
            for (auto b : o.getBuffers()) Data(b.getData());
            break;
        }
        case schema::Entry::END:
            if (e.getEnd().getLastSeq() != last_seq_)
                throw LogError("the end entry names call #" + std::to_string(e.getEnd().getLastSeq()) +
                               " as the last, the log's last call is #" + std::to_string(last_seq_));
            // The capture writes at most 4096 bytes of an uncaught exception's text (interpose/process_end.h).
            if (e.getEnd().hasUncaught() && e.getEnd().getUncaught().size() > 4096)
                throw LogError("the end entry's exception text has " +
                               std::to_string(e.getEnd().getUncaught().size()) + " bytes, more than 4096");
            break;
        case schema::Entry::HEADER: throw LogError("a second header");
        default: break;  // modules, snapshot: nothing refers to them; entries of a newer format are skipped
    }
}

namespace {
// A path a replay writes below a folder of its own: relative, '/'-separated, no empty, "." or ".." part, no NUL or
// backslash, at most 1024 bytes. Else a LogError saying what it is.
void CheckPlace(std::string_view path, const std::string& what) {
    if (path.empty() || path.size() > 1024) throw LogError(what + " is empty or longer than 1024 bytes");
    if (path.front() == '/') throw LogError(what + " \"" + std::string(path) + "\" is absolute");
    if (path.find('\0') != std::string_view::npos || path.find('\\') != std::string_view::npos)
        throw LogError(what + " holds a NUL or a backslash");
    for (std::size_t at = 0; at <= path.size();) {
        const std::size_t end = std::min(path.find('/', at), path.size());
        const std::string_view part = path.substr(at, end - at);
        if (part.empty() || part == "." || part == "..")
            throw LogError(what + " \"" + std::string(path) + "\" has an empty, \".\" or \"..\" part");
        at = end + 1;
    }
}
}  // namespace

// A kernel build (format 14): its folder and files stay inside the cache a replay writes them to, each file's bytes
// are a whole blob the log holds, and it is no bigger than a capture records (BinaryStore's bounds).
void LogChecker::KernelBinary(schema::KernelBinary::Reader b) {
    const std::string name = "kernel binary #" + std::to_string(b.getId());
    if (b.getId() == 0 || !binaries_.insert(b.getId()).second) throw LogError(name + " has id 0 or appears twice");
    CheckPlace(std::string_view(b.getFolder().begin(), b.getFolder().size()), name + ": its folder");
    const auto device = std::string_view(b.getTarget().getDevice().begin(), b.getTarget().getDevice().size());
    if (device != "emulator" && device != "tt-metal")
        throw LogError(name + ": built by \"" + std::string(device) + "\", neither \"emulator\" nor \"tt-metal\"");
    const auto files = b.getFiles();
    if (files.size() == 0 || files.size() > kMaxBinaryFiles)
        throw LogError(name + " has " + std::to_string(files.size()) + " files (1 to " + std::to_string(kMaxBinaryFiles) +
                       ")");
    std::set<std::string> paths;
    std::uint64_t total = 0;
    for (auto f : files) {
        const std::string path(f.getPath().begin(), f.getPath().size());
        CheckPlace(path, name + ": a file's path");
        if (!paths.insert(path).second) throw LogError(name + " lists " + path + " twice");
        Data(f.getData());
        total += f.getData().getSize();
        if (total > kMaxBinaryBytes)
            throw LogError(name + " holds more than " + std::to_string(kMaxBinaryBytes >> 20) + " MiB");
    }
    counts_.binaries++;
}

// Chunks come in order, back to back, inside the blob's declared total (overflow-safe): once the last one is read,
// the declared size is backed by bytes in the file.
void LogChecker::Blob(schema::Blob::Reader b) {
    const std::uint64_t chunk = b.getData().size();
    auto [it, fresh] = blobs_.try_emplace(b.getId());
    BlobState& s = it->second;
    if (fresh) {
        s.total = b.getTotalSize();
        counts_.blobs++;
        counts_.blob_bytes += s.total;
    }
    const std::string blob = "blob #" + std::to_string(b.getId());
    if (b.getTotalSize() != s.total)
        throw LogError(blob + ": a chunk declares a total of " + std::to_string(b.getTotalSize()) + " bytes, an earlier one " +
                       std::to_string(s.total));
    if (b.getOffset() != s.have || chunk > s.total - s.have)
        throw LogError(blob + ": the chunk at offset " + std::to_string(b.getOffset()) + " (" + std::to_string(chunk) +
                       " bytes) does not continue the " + std::to_string(s.have) + " bytes before it inside its " +
                       std::to_string(s.total) + "-byte blob");
    s.have += chunk;
}

// A data reference must point into a blob the log already holds whole (blobs come before what uses them).
void LogChecker::Data(schema::DataRef::Reader ref) {
    if (ref.getSize() == 0) return;
    const std::string blob = "blob #" + std::to_string(ref.getBlob());
    auto it = blobs_.find(ref.getBlob());
    if (it == blobs_.end()) throw LogError("a data reference to " + blob + ", which the log does not hold before it");
    if (it->second.have != it->second.total)
        throw LogError("a data reference to " + blob + ", which is incomplete: " + std::to_string(it->second.have) +
                       " of its " + std::to_string(it->second.total) + " bytes");
    if (ref.getSize() > it->second.total)
        throw LogError("a data reference of " + std::to_string(ref.getSize()) + " bytes points into " + blob + ", which holds " +
                       std::to_string(it->second.total));
}

void LogChecker::Value(schema::Value::Reader v, unsigned depth, bool argument) {
    const auto read = [&](auto&& reader) {
        try {
            reader();
        } catch (const ImpossibleValue&) {
            if (!argument) throw;
        }
    };
    switch (v.which()) {
        case schema::Value::DATA: Data(v.getData()); break;
        case schema::Value::KERNEL_SOURCE:  // 0: the capture could not read the file
            if (v.getKernelSource() && !sources_.count(v.getKernelSource()))
                throw LogError("refers to kernel source #" + std::to_string(v.getKernelSource()) +
                               ", which the log does not hold before it");
            break;
        // Core ranges and shard grids no device has (values/cores.h): the replay would hand them to tt-metal.
        case schema::Value::CORES: read([&] { values::ReadCores(v); }); break;
        case schema::Value::SHARD_SPEC: read([&] { values::ReadShardSpec(v.getShardSpec()); }); break;
        case schema::Value::BUFFER_CONFIG: read([&] { values::ReadBufferConfig(v); }); break;
        case schema::Value::LIST:
            // capnp's nesting limit (64) bounds the depth already; this keeps the recursion obviously finite.
            if (depth > 64) throw LogError("values nested more than 64 deep");
            for (auto e : v.getList()) Value(e, depth + 1, argument);
            break;
        default: break;
    }
}

void LogChecker::Seq(std::uint64_t seq, const char* what) const {
    if (seq == 0 || seq < first_seq_ || seq > last_seq_)
        throw LogError(std::string(what) + " for call #" + std::to_string(seq) + ", which the log has not made (its calls so far: #" +
                       std::to_string(first_seq_) + " to #" + std::to_string(last_seq_) + ")");
}

}  // namespace ltcap
