#include "player/replay.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "player/format.h"
#include "player/replay_calls.h"

namespace ltcap {
namespace fs = std::filesystem;

Replayer::Replayer(LogReader& log, ReplayOptions options) : log_(log), options_(std::move(options)) {}

Replayer::~Replayer() {
    std::error_code ec;
    if (!temp_dir_.empty()) fs::remove_all(temp_dir_, ec);
}

// The private folder kernel sources are written to, made when the first kernel needs it (--check never does).
const std::string& Replayer::TempDir() {
    if (!temp_dir_.empty()) return temp_dir_;
    const std::string pattern = (fs::temp_directory_path() / "ltplay-XXXXXX").string();
    std::vector<char> tmpl(pattern.begin(), pattern.end());
    tmpl.push_back('\0');
    if (!mkdtemp(tmpl.data())) throw ReplayError("cannot create a temporary folder for kernel sources in " + pattern);
    temp_dir_ = tmpl.data();
    return temp_dir_;
}

void Replayer::Say(int level, const std::string& line) const {
    if (options_.verbosity >= level) std::fprintf(stderr, "ltplay: %s\n", line.c_str());
}

// First pass: where every payload chunk, kernel source and call result is, each checked against what the file
// holds before anything relies on it.
void Replayer::Index() {
    log_.Rewind();
    calls_check_.SetFormat(log_.header().getFormatVersion());
    while (auto m = log_.Next()) {
        log_.ReleasePassed();  // payload pointers stay valid: pages come back when read
        try {
            auto e = m->getRoot<schema::Entry>();
            check_.Entry(e);
            if (e.isCall()) calls_check_.Call(e.getCall());
            if (e.isReturn()) calls_check_.Return(e.getReturn());
            IndexEntry(e, log_.entry_offset());
        } catch (const kj::Exception& e) {
            throw LogError(log_.path() + ": " + log_.Where() + ": " + e.getDescription().cStr());
        } catch (const LogError& e) {
            throw LogError(log_.path() + ": " + log_.Where() + ": " + e.what());
        }
    }
}

void Replayer::IndexEntry(schema::Entry::Reader e, std::uint64_t offset) {
    switch (e.which()) {
        case schema::Entry::BLOB: {
            auto b = e.getBlob();
            const std::uint64_t chunk = b.getData().size();
            BlobInfo& info = blobs_[b.getId()];  // the checker made sure the chunks continue each other
            info.size = b.getTotalSize();
            info.have += chunk;
            info.chunks.push_back({b.getOffset(), chunk, b.getData().begin()});
            break;
        }
        case schema::Entry::KERNEL_SOURCE: {
            auto k = e.getKernelSource();
            auto& files = sources_[k.getId()];
            for (auto f : k.getFiles()) files.emplace_back(f.getPath().cStr(), f.getContent().cStr());
            break;
        }
        case schema::Entry::RETURN: returns_.emplace(e.getReturn().getSeq(), offset); break;
        case schema::Entry::READ_DATA: recorded_reads_[e.getReadData().getSeq()] = e.getReadData().getData().getSize(); break;
        case schema::Entry::END: captured_ns_ = e.getEnd().getEndNs(); break;
        default: break;
    }
}

const std::uint8_t* Replayer::Data(schema::DataRef::Reader ref, std::uint64_t need) {
    const std::string what = "payload blob #" + std::to_string(ref.getBlob());
    if (need > ref.getSize())
        throw LogError("the call reads " + std::to_string(need) + " bytes but its data reference holds only " +
                       std::to_string(ref.getSize()) + " (" + what + ")");
    if (ref.getSize() == 0) return nullptr;
    auto it = blobs_.find(ref.getBlob());
    if (it == blobs_.end()) throw LogError("the log has no " + what);
    BlobInfo& b = it->second;
    if (b.have != b.size)
        throw LogError(what + " is incomplete in the log: " + std::to_string(b.have) + " of its " + std::to_string(b.size) +
                       " bytes are there");
    if (ref.getSize() > b.size)
        throw LogError("a data reference of " + std::to_string(ref.getSize()) + " bytes points into " + what + ", which holds " +
                       std::to_string(b.size));
    for (const Chunk& c : b.chunks) used_.emplace_back(c.bytes, c.size);
    if (b.chunks.size() == 1) return b.chunks[0].bytes;  // straight from the log
    staging_.resize(b.size);  // backed by the chunks Index checked
    for (const Chunk& c : b.chunks) std::memcpy(staging_.data() + c.offset, c.bytes, c.size);
    return staging_.data();
}

std::string Replayer::KernelFile(std::uint64_t id) {
    // Kernel source 0: the program named a file the capture could not read. tt-metal takes such a kernel and fails
    // when it compiles it (the launch throws); a path that does not exist does the same here.
    if (id == 0) return (fs::path(TempDir()) / "unrecorded" / "kernel.cpp").string();
    if (auto it = source_paths_.find(id); it != source_paths_.end()) return it->second;
    auto it = sources_.find(id);
    if (it == sources_.end() || it->second.empty()) throw LogError("the log has no kernel source #" + std::to_string(id));
    // The kernel's folder sits a few levels down, so includes that climb ("../common/x.h") stay inside.
    const fs::path root = fs::path(TempDir()) / ("source" + std::to_string(id));
    const fs::path dir = root / "a" / "b" / "c" / "d" / "kernel";
    for (const auto& [rel, content] : it->second) {
        const fs::path p = (dir / rel).lexically_normal();
        const auto inside = p.lexically_relative(root);
        if (inside.empty() || *inside.begin() == "..")
            throw LogError("kernel source #" + std::to_string(id) + " names a file outside its folder: " + rel);
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << content;
    }
    const std::string main = (dir / it->second.front().first).lexically_normal().string();
    source_paths_[id] = main;
    return main;
}

std::string Replayer::KernelText(std::uint64_t id) {
    if (id == 0) throw std::runtime_error("the capture could not record this kernel's source text");
    auto it = sources_.find(id);
    if (it == sources_.end() || it->second.empty()) throw LogError("the log has no kernel source #" + std::to_string(id));
    return it->second.front().second;
}

int Replayer::MapDevice(int captured) const {
    auto it = options_.device_map.find(captured);
    return it == options_.device_map.end() ? captured : it->second;
}

std::vector<std::uint8_t>& Replayer::ReadTarget(std::uint64_t seq, const std::string& what, std::uint64_t size) {
    CheckReadSize(seq, what, size);
    Read& r = reads_[seq];
    r.what = what;
    r.bytes.assign(size, 0);
    bytes_read_ += size;
    return r.bytes;
}

void Replayer::CheckReadSize(std::uint64_t seq, const std::string& what, std::uint64_t size) const {
    if (auto it = recorded_reads_.find(seq); it != recorded_reads_.end()) {
        if (it->second != size)
            throw LogError("the replayed " + what + " reads " + std::to_string(size) + " bytes, the capture recorded " +
                           std::to_string(it->second));
    } else if (size > kMaxUnrecordedRead) {
        throw LogError("the replayed " + what + " would read " + std::to_string(size) + " bytes, and the capture recorded "
                       "none of them to check (more than ltplay allocates for an unrecorded read)");
    }
}

std::uint8_t* Replayer::Scratch(std::uint64_t size) {
    scratch_.assign(size, 0);
    return scratch_.data();
}

void Replayer::ExpectRead(std::uint64_t seq, const std::string& what, std::vector<std::uint8_t> bytes) {
    bytes_read_ += bytes.size();
    reads_[seq] = {what, std::move(bytes)};
}

void Replayer::NoteBuffer(std::uint64_t id, std::uint64_t captured_address) {
    if (captured_address) objects_.buffer_address[id] = captured_address;
    auto& buffer = objects_.buffers.Get(id);
    const std::uint64_t now = buffer ? buffer->address() : 0;
    if (captured_address && now != captured_address) {
        address_warnings_++;
        Say(1, "buffer#" + std::to_string(id) + " was placed at " + Hex(now) + ", not at its captured address " +
                   Hex(captured_address) + (options_.remap_addresses ? " (runtime args naming it are rewritten)"
                                         : "; runtime args holding the captured address now point elsewhere "
                                           "(use --remap-addresses, or replay on the captured device configuration)"));
    }
}

std::vector<std::uint32_t> Replayer::Remap(std::vector<std::uint32_t> out) {
    if (!options_.remap_addresses) return out;
    for (auto& w : out) {
        // Newest first: a captured address may have been reused, and the newest buffer made there is the one the
        // program meant (ids grow with creation).
        for (auto it = objects_.buffer_address.rbegin(); it != objects_.buffer_address.rend(); ++it) {
            const auto& [id, captured] = *it;
            if (w != captured || !objects_.buffers.Has(id) || !objects_.buffers.Get(id)) continue;
            w = objects_.buffers.Get(id)->address();
            break;  // one rewrite per word: two buffers may have swapped addresses
        }
    }
    return out;
}

void Replayer::Verify(schema::ReadData::Reader r) {
    auto it = reads_.find(r.getSeq());
    if (it == reads_.end()) return;  // a read ltplay did not make (it failed, or --no-verify)
    const Read read = std::move(it->second);
    reads_.erase(it);
    if (!options_.verify) return;
    const auto ref = r.getData();
    const std::uint8_t* golden = Data(ref, ref.getSize());
    reads_checked_++;
    const std::uint64_t n = std::min<std::uint64_t>(ref.getSize(), read.bytes.size());
    std::uint64_t first = n, differ = 0;
    for (std::uint64_t i = 0; i < n; i++)
        if (read.bytes[i] != golden[i]) {
            if (first == n) first = i;
            differ++;
        }
    if (ref.getSize() != read.bytes.size() || differ) {
        mismatches_++;
        char line[512];
        if (first < n)
            std::snprintf(line, sizeof line,
                          "MISMATCH in call #%llu (%s): %llu of %llu bytes differ; first at byte %llu: replay 0x%02x, "
                          "capture 0x%02x",
                          static_cast<unsigned long long>(r.getSeq()), read.what.c_str(),
                          static_cast<unsigned long long>(differ), static_cast<unsigned long long>(n),
                          static_cast<unsigned long long>(first), read.bytes[first], golden[first]);
        else
            std::snprintf(line, sizeof line, "MISMATCH in call #%llu (%s): read %zu bytes, capture has %llu",
                          static_cast<unsigned long long>(r.getSeq()), read.what.c_str(), read.bytes.size(),
                          static_cast<unsigned long long>(ref.getSize()));
        Say(0, line);
    }
}

void Replayer::ReleaseUsed() {
    for (const auto& [bytes, size] : used_) log_.Release(bytes, size);
    used_.clear();
    if (staging_.capacity() > (64u << 20)) std::vector<std::uint8_t>().swap(staging_);
}

void Replayer::Dispatch(const Call& c) {
    const auto start = std::chrono::steady_clock::now();
    const std::string name = ApiName(c.call.getFunction());
    const std::string call = "call #" + std::to_string(c.call.getSeq()) + " " + name;
    if (options_.verbosity >= 2) Say(2, "#" + std::to_string(c.call.getSeq()) + " " + FormatCall(c.call));
    const bool captured_threw = c.has_return && c.ret.getThrew();
    if (watchdog_) watchdog_->Enter(c.call.getSeq(), name);
    struct Left {
        CallWatchdog* dog;
        ~Left() {
            if (dog) dog->Leave();
        }
    } left{watchdog_.get()};
    try {
        ReplayCall(*this, c);
        if (captured_threw)
            Say(1, call + " threw during capture (\"" + c.ret.getException().cStr() + "\") but not during replay");
    } catch (const ReplayError&) {
        throw;
    } catch (const LogError& e) {
        throw LogError(call + ": " + e.what());
    } catch (const kj::Exception& e) {  // a value of the wrong kind where this call has a parameter
        throw LogError(call + ": " + e.getDescription().cStr());
    } catch (const std::exception& e) {
        if (!captured_threw) throw ReplayError(call + " failed: " + e.what());
    }
    calls_++;
    if (options_.stats) {
        Stat& s = stats_[name];
        s.count++;
        s.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
}

int Replayer::ReplayOnce() {
    log_.Rewind();
    const bool progress = options_.verbosity >= 1 && isatty(2);
    while (auto m = log_.Next()) {
        auto e = m->getRoot<schema::Entry>();
        if (e.isCall()) {
            auto call = e.getCall();
            auto it = returns_.find(call.getSeq());
            Call c{call, {}, it != returns_.end()};
            std::unique_ptr<capnp::FlatArrayMessageReader> ret;
            if (c.has_return) {
                ret = log_.ReadAgain(it->second);
                c.ret = ret->getRoot<schema::Entry>().getReturn();
            }
            Dispatch(c);
            ReleaseUsed();
            if (progress && calls_ % 256 == 0) std::fprintf(stderr, "\rltplay: %llu calls", static_cast<unsigned long long>(calls_));
        } else if (e.isReadData()) {
            try {
                Verify(e.getReadData());
            } catch (const LogError& error) {
                throw LogError("the read data of call #" + std::to_string(e.getReadData().getSeq()) + ": " + error.what());
            }
            ReleaseUsed();
        }
    }
    if (progress) std::fprintf(stderr, "\r");
    // A log cut off before CloseDevice leaves devices open: close them so the next loop starts clean.
    for (auto& [id, device] : objects_.devices.all())
        if (device) tt::tt_metal::CloseDevice(device);
    objects_ = Objects();
    return 0;
}

int Replayer::Run() {
    try {
        Index();
    } catch (const LogError& e) {
        Say(0, std::string("bad log: ") + e.what());
        return kExitBadLog;
    }
    // Damage (not a cut) anywhere in the log: nothing of it is executed.
    if (log_.damaged()) {
        Say(0, "bad log: " + log_.path() + ": " + log_.truncation());
        return kExitBadLog;
    }
    if (options_.check_only) {
        const LogChecker::Counts& n = check_.counts();
        if (!log_.complete()) {
            Say(0, log_.path() + " is incomplete (" + log_.truncation() + "); the " + std::to_string(n.calls) +
                       " calls before the cut check out");
            return kExitBadLog;
        }
        if (options_.verbosity >= 0)
            std::printf("%s: %llu calls, %llu results, %llu blobs (%llu bytes), %llu kernel sources, %llu reads recorded: "
                    "the log checks out\n", log_.path().c_str(), static_cast<unsigned long long>(n.calls),
                    static_cast<unsigned long long>(n.returns), static_cast<unsigned long long>(n.blobs),
                    static_cast<unsigned long long>(n.blob_bytes), static_cast<unsigned long long>(n.sources),
                    static_cast<unsigned long long>(n.reads));
        return kExitMatch;
    }
    if (options_.timeout_s > 0) watchdog_ = std::make_unique<CallWatchdog>(options_.timeout_s);
    const auto start = std::chrono::steady_clock::now();
    try {
        for (int i = 0; i < options_.loops; i++) ReplayOnce();
    } catch (const ReplayError& e) {
        Say(0, std::string("replay failed: ") + e.what());
        return kExitReplayFailed;
    } catch (const LogError& e) {
        Say(0, "bad log: " + log_.path() + ": " + e.what());
        return kExitBadLog;
    } catch (const kj::Exception& e) {
        Say(0, "bad log: " + log_.path() + ": " + log_.Where() + ": " + e.getDescription().cStr());
        return kExitBadLog;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (options_.stats) {
        std::printf("%-44s %10s %12s\n", "function", "calls", "seconds");
        for (const auto& [name, s] : stats_) std::printf("%-44s %10llu %12.6f\n", name.c_str(), static_cast<unsigned long long>(s.count), s.seconds);
        std::printf("payload written %llu bytes, read %llu bytes; replay %.3f s", static_cast<unsigned long long>(bytes_written_),
                    static_cast<unsigned long long>(bytes_read_), seconds);
        if (captured_ns_) std::printf(" vs %.3f s captured (%.2fx)", captured_ns_ / 1e9, seconds * 1e9 / options_.loops / captured_ns_);
        std::printf("\n");
    }
    const bool complete = log_.complete();
    char summary[256];
    std::snprintf(summary, sizeof summary, "%llu calls replayed%s, %llu reads checked, %llu mismatches",
                  static_cast<unsigned long long>(calls_), options_.loops > 1 ? (" in " + std::to_string(options_.loops) + " loops").c_str() : "",
                  static_cast<unsigned long long>(reads_checked_), static_cast<unsigned long long>(mismatches_));
    Say(1, summary);
    if (!complete) {
        Say(0, log_.path() + " is incomplete (" + log_.truncation() + "): only the calls before the cut were replayed");
        return kExitBadLog;
    }
    return mismatches_ ? kExitMismatch : kExitMatch;
}

}  // namespace ltcap
