#include "player/replay_edits.h"

#include <cstdlib>

namespace ltcap {
namespace {

// A whole decimal number, nothing else, or false.
bool Whole(const std::string& text, std::uint64_t& out) {
    if (text.empty() || text.size() > 19 || text.find_first_not_of("0123456789") != std::string::npos) return false;
    out = std::strtoull(text.c_str(), nullptr, 10);
    return true;
}

// `path` names the same file as `which`, or ends with it as whole components.
bool PathMatches(const std::string& path, const std::string& which) {
    if (path == which) return true;
    return path.size() > which.size() && path.compare(path.size() - which.size(), which.size(), which) == 0 &&
           path[path.size() - which.size() - 1] == '/';
}

std::string Plural(std::uint64_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

void ReplayEdits::AddKernel(const std::string& which, std::string text, std::string file) {
    if (which.empty() || which == "@") throw EditError("--replace-kernel needs a kernel: a path or @ID before '='");
    std::uint64_t id = 0;
    if (which[0] == '@' && !Whole(which.substr(1), id))
        throw EditError("--replace-kernel " + which + ": @ is followed by a kernel source id (a whole number)");
    for (const KernelEdit& k : kernels_)
        if (k.which == which) throw EditError("--replace-kernel " + which + " is given twice");
    kernels_.push_back({which, std::move(text), std::move(file), {}, 0});
}

void ReplayEdits::AddWrite(const std::string& which, std::vector<std::uint8_t> bytes, std::string file) {
    WriteEdit w{which, std::move(file), std::move(bytes), false, 0, 0};
    for (const char* prefix : {"buffer#", "meshBuffer#"}) {
        const std::string p = prefix;
        if (which.rfind(p, 0) == 0) {
            w.by_buffer = true;
            if (!Whole(which.substr(p.size()), w.id) || w.id == 0)
                throw EditError("--replace-write " + which + ": expected " + p + "ID (the buffer's global id)");
        }
    }
    if (!w.by_buffer && (!Whole(which, w.id) || w.id == 0))
        throw EditError("--replace-write " + which + ": expected a call number or buffer#ID before '='");
    for (const WriteEdit& e : writes_)
        if (e.by_buffer == w.by_buffer && e.id == w.id) throw EditError("--replace-write " + which + " is given twice");
    writes_.push_back(std::move(w));
}

void ReplayEdits::OnCall(const DecodedCall& c) {
    if (writes_.empty() || c.synthesized) return;  // a mid-run log's snapshot is no write the program made
    unsigned data = 0;
    std::uint64_t size = 0;
    std::set<std::uint64_t> buffers;
    for (auto v : c.args) {
        if (v.isData()) data++, size = v.getData().getSize();
        if (v.isObject() && (v.getObject().getKind() == schema::ObjectKind::BUFFER ||
                             v.getObject().getKind() == schema::ObjectKind::MESH_BUFFER))
            buffers.insert(v.getObject().getId());
    }
    for (std::size_t i = 0; i < writes_.size(); i++) {
        WriteEdit& w = writes_[i];
        const bool matched = w.by_buffer ? data == 1 && buffers.count(w.id) : c.seq == w.id;
        if (!matched) continue;
        const std::string call = "call #" + std::to_string(c.seq) + " " + c.Name();
        if (data != 1)
            throw EditError("--replace-write " + w.which + ": " + call + " has " +
                            Plural(data, "data argument", "data arguments") + ", not one: it is no write");
        if (size != w.bytes.size())
            throw EditError("--replace-write " + w.which + "=" + w.file + ": " + call + " wrote " +
                            Plural(size, "byte", "bytes") + ", and the file holds " +
                            Plural(w.bytes.size(), "byte", "bytes") + " (an edit keeps the recorded size)");
        const auto [at, fresh] = write_of_call_.emplace(c.seq, i);
        if (!fresh && at->second != i)
            throw EditError("--replace-write " + writes_[at->second].which + " and " + w.which + " both edit " + call);
        w.writes++;
    }
}

void ReplayEdits::OnKernelSource(schema::KernelSource::Reader k) {
    const std::string path = k.getPath().cStr();
    for (std::size_t i = 0; i < kernels_.size(); i++) {
        KernelEdit& e = kernels_[i];
        const bool matched = e.which[0] == '@' ? std::to_string(k.getId()) == e.which.substr(1)
                                               : !path.empty() && PathMatches(path, e.which);
        if (!matched) continue;
        if (k.getUnreadable().size())
            throw EditError("--replace-kernel " + e.which + ": kernel source " + std::to_string(k.getId()) + " (" + path +
                            ") has no text in the log to replace (the capture could not read it)");
        e.paths.insert(path);
        if (e.paths.size() > 1)
            throw EditError("--replace-kernel " + e.which + " names more than one kernel file: " + *e.paths.begin() +
                            " and " + *std::next(e.paths.begin()) + " (give more of the path, or @ID)");
        const auto [at, fresh] = kernel_of_source_.emplace(k.getId(), i);
        if (!fresh && at->second != i)
            throw EditError("--replace-kernel " + kernels_[at->second].which + " and " + e.which +
                            " both name kernel source " + std::to_string(k.getId()));
        e.sources++;
    }
}

void ReplayEdits::Finish() const {
    for (const KernelEdit& k : kernels_)
        if (!k.sources)
            throw EditError("--replace-kernel " + k.which + ": no kernel source of the log is " +
                            (k.which[0] == '@' ? "numbered so" : "at that path") +
                            " (`ltcap info --kernels` and `ltcap extract` list them)");
    for (const WriteEdit& w : writes_)
        if (!w.writes)
            throw EditError("--replace-write " + w.which + ": " +
                            (w.by_buffer ? "no write to that buffer is in the log"
                                         : "the log has no call #" + std::to_string(w.id)));
}

const std::string* ReplayEdits::KernelText(std::uint64_t id) const {
    const auto it = kernel_of_source_.find(id);
    return it == kernel_of_source_.end() ? nullptr : &kernels_[it->second].text;
}

std::map<std::uint64_t, std::vector<std::uint8_t>> ReplayEdits::TakeWrites() {
    std::map<std::uint64_t, std::vector<std::uint8_t>> out;
    for (const auto& [seq, i] : write_of_call_) out.emplace(seq, writes_[i].bytes);
    return out;
}

std::string ReplayEdits::Describe() const {
    std::string s;
    for (const KernelEdit& k : kernels_) {
        s += (s.empty() ? "" : "; ") + std::string("kernel ") + k.which;
        if (k.sources > 1) s += " (" + Plural(k.sources, "source", "sources") + ")";
        s += " from " + k.file;
    }
    for (const WriteEdit& w : writes_) {
        s += (s.empty() ? "" : "; ") +
             (w.by_buffer ? "the writes to " + w.which + " (" + Plural(w.writes, "call", "calls") + ")"
                          : "call #" + std::to_string(w.id) + "'s data");
        s += " from " + w.file;
    }
    return s;
}

}  // namespace ltcap
