#include "player/replay.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <exception>

#include "api/rules.h"
#include "common/json.h"
#include "common/write_fully.h"
#include "player/compare.h"
#include "player/format.h"
#include "player/progress.h"
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
            if (e.isCall()) {
                calls_check_.Call(e.getCall());
                if (e.getCall().getSeq() <= options_.calls.last) to_replay_++;
            }
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
            for (auto f : k.getFiles()) files.push_back({f.getPath().cStr(), f.getContent().cStr(), f.getFromHome()});
            break;
        }
        case schema::Entry::RETURN: returns_.emplace(e.getReturn().getSeq(), offset); break;
        case schema::Entry::READ_DATA: {
            // A call's reads may come in pieces (readData.offset): it read up to the end of the last.
            const auto r = e.getReadData();
            const std::uint64_t size = r.getData().getSize();
            if (r.getOffset() > ~std::uint64_t{0} - size)
                throw LogError("the read data of call #" + std::to_string(r.getSeq()) + " ends past 2^64");
            std::uint64_t& end = recorded_reads_[r.getSeq()];
            end = std::max(end, r.getOffset() + size);
            break;
        }
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
    // The kernel's folder sits a few levels down, so includes that climb ("../common/x.h") stay inside. Files the
    // capture found in TT_METAL_HOME go to the replay's own home, shared by every kernel as the original was.
    const fs::path root = fs::path(TempDir()) / ("source" + std::to_string(id));
    const fs::path dir = root / "a" / "b" / "c" / "d" / "kernel";
    const std::string source = "kernel source #" + std::to_string(id);
    for (const auto& f : it->second) {
        const fs::path base = f.from_home ? fs::path(ReplayHome()) : root;
        const fs::path p = ((f.from_home ? base : dir) / f.path).lexically_normal();
        const auto inside = p.lexically_relative(base);
        if (f.path.empty() || fs::path(f.path).is_absolute() || inside.empty() || *inside.begin() == "..")
            throw LogError(source + " names a file outside its " + (f.from_home ? "TT_METAL_HOME: " : "folder: ") +
                           f.path);
        if (f.from_home) {
            const auto [at, fresh] = home_files_.emplace(inside.string(), f.content);
            if (!fresh && at->second != f.content)
                throw LogError(source + " and an earlier one hold different contents for $TT_METAL_HOME/" + f.path);
            if (!fresh) continue;
        }
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << f.content;
    }
    const auto& main = it->second.front();
    const std::string path = ((main.from_home ? fs::path(ReplayHome()) : dir) / main.path).lexically_normal().string();
    source_paths_[id] = path;
    return path;
}

// The replay's TT_METAL_HOME for files the capture found there. The emulated tt-metal is told to search its kernel
// include roots (ttemu_add_kernel_home); a real tt-metal searches its own TT_METAL_HOME, which holds its own copies
// of the files tt-metal ships.
const std::string& Replayer::ReplayHome() {
    if (home_.empty()) {
        home_ = (fs::path(TempDir()) / "home").string();
        fs::create_directories(home_);
        using AddHome = void (*)(const char*) noexcept;
        if (auto add = reinterpret_cast<AddHome>(dlsym(RTLD_DEFAULT, "ttemu_add_kernel_home"))) add(home_.c_str());
    }
    return home_;
}

std::string Replayer::KernelText(std::uint64_t id) {
    if (id == 0) throw std::runtime_error("the capture could not record this kernel's source text");
    auto it = sources_.find(id);
    if (it == sources_.end() || it->second.empty()) throw LogError("the log has no kernel source #" + std::to_string(id));
    return it->second.front().content;
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

void Replayer::NoteAddress(const std::string& what, std::uint64_t now, std::uint64_t captured) {
    if (!captured || now == captured) return;
    address_warnings_++;
    Say(1, what + " was placed at " + Hex(now) + ", not at its captured address " + Hex(captured) +
               "; runtime args holding the captured address now point elsewhere");
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
    const auto ref = r.getData();
    // The piece [offset, offset + size) of what the call read; the whole read, usually.
    Read read;
    std::string piece;  // the piece's name, if the call gave it one
    if (const auto name = piece_names_.find({r.getSeq(), r.getOffset()}); name != piece_names_.end()) {
        piece = std::move(name->second);
        piece_names_.erase(name);
    }
    if (r.getOffset() == 0 && ref.getSize() == it->second.bytes.size()) {
        read = std::move(it->second);
        reads_.erase(it);
        if (!piece.empty()) read.what += ", " + piece;
    } else {
        Read& whole = it->second;
        if (r.getOffset() > whole.bytes.size() || ref.getSize() > whole.bytes.size() - r.getOffset())
            throw LogError("the read data of call #" + std::to_string(r.getSeq()) + " at offset " +
                           std::to_string(r.getOffset()) + " goes past the " + std::to_string(whole.bytes.size()) +
                           " bytes the call read");
        read.what = whole.what + ", " + (piece.empty() ? "bytes from " + std::to_string(r.getOffset()) : piece);
        read.bytes.assign(whole.bytes.begin() + r.getOffset(), whole.bytes.begin() + r.getOffset() + ref.getSize());
        whole.verified += ref.getSize();
        if (whole.verified >= whole.bytes.size()) reads_.erase(it);
    }
    if (!options_.verify || !options_.calls.Contains(r.getSeq())) return;
    const std::uint8_t* golden = Data(ref, ref.getSize());
    reads_checked_++;
    const Comparison c = CompareRead(read.bytes, golden, ref.getSize(), ref.getElementType(), options_.compare);
    if (c.tolerated) reads_tolerated_++;
    if (c.Equal()) return;
    mismatches_++;
    const std::string call = "call #" + std::to_string(r.getSeq());
    const auto lines = DescribeMismatch(c);
    Say(0, "MISMATCH in " + call + " (" + read.what + "): " + lines.front());
    for (std::size_t i = 1; i < lines.size(); i++) Say(0, "  " + lines[i]);
    if (!options_.dump_dir.empty()) {
        const std::string base = options_.dump_dir + "/call" + std::to_string(r.getSeq());
        std::string error;
        if (WriteFile(base + ".replay.bin", read.bytes.data(), read.bytes.size(), error) &&
            WriteFile(base + ".capture.bin", golden, ref.getSize(), error))
            Say(1, "  both reads written to " + base + ".{replay,capture}.bin");
        else
            Say(0, "  " + error);
    }
}

void Replayer::ReleaseUsed() {
    for (const auto& [bytes, size] : used_) log_.Release(bytes, size);
    used_.clear();
    if (staging_.capacity() > (64u << 20)) std::vector<std::uint8_t>().swap(staging_);
}

namespace {
// A function tt-metal declares noexcept ends the process when it fails (std::terminate): while one runs, that end
// is ltplay's report of a failed replay (exit 3) naming the call, instead of an abort.
std::string g_noexcept_call;
[[noreturn]] void NoexceptCallFailed() {
    std::string what = "an exception";
    try {
        if (auto e = std::current_exception()) std::rethrow_exception(e);
    } catch (const std::exception& e) {
        what = e.what();
    } catch (...) {
    }
    std::fprintf(stderr, "ltplay: replay failed: %s failed: %s (tt-metal declares it noexcept: the process cannot go on)\n",
                 g_noexcept_call.c_str(), what.c_str());
    std::_Exit(kExitReplayFailed);
}
class NoexceptCallGuard {
public:
    NoexceptCallGuard(schema::Api api, const std::string& call) {
        const auto i = static_cast<std::size_t>(api);
        if (i >= std::size(layout::kApiNames) || !RulesOf(static_cast<layout::Api>(i)).has(kNoexcept)) return;
        g_noexcept_call = call;
        previous_ = std::set_terminate(NoexceptCallFailed);
        active_ = true;
    }
    ~NoexceptCallGuard() {
        if (active_) std::set_terminate(previous_);
    }
    NoexceptCallGuard(const NoexceptCallGuard&) = delete;
    NoexceptCallGuard& operator=(const NoexceptCallGuard&) = delete;

private:
    std::terminate_handler previous_ = nullptr;
    bool active_ = false;
};
}  // namespace

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
        const NoexceptCallGuard noexcept_call(c.call.getFunction(), call);
        ReplayCall(*this, c);
        if (captured_threw)
            Say(1, call + " threw during capture (\"" + c.ret.getException().cStr() + "\") but not during replay");
    } catch (const ReplayError&) {
        throw;
    } catch (const UnknownObject& e) {
        // The log no longer has an object the call names (released before a window opened): tt-metal threw at this
        // call during capture, and without the object the replay cannot make it either.
        if (!captured_threw) throw LogError(call + ": " + e.what());
        Say(2, call + " names an object the log no longer has; it threw during capture (\"" +
                   std::string(c.ret.getException().cStr()) + "\") and is not made");
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
    Progress progress(options_.verbosity >= 1 && isatty(2), to_replay_);
    highest_seq_ = 0;
    while (auto m = log_.Next()) {
        auto e = m->getRoot<schema::Entry>();
        if (e.isCall()) {
            auto call = e.getCall();
            highest_seq_ = std::max(highest_seq_, call.getSeq());
            if (call.getSeq() > options_.calls.last) break;  // --calls: the rest is not replayed
            auto it = returns_.find(call.getSeq());
            Call c{call, {}, it != returns_.end()};
            std::unique_ptr<capnp::FlatArrayMessageReader> ret;
            if (c.has_return) {
                ret = log_.ReadAgain(it->second);
                c.ret = ret->getRoot<schema::Entry>().getReturn();
            }
            if (!options_.window_file.empty() && !window_open_ && options_.calls.Contains(call.getSeq())) MarkWindow(true);
            Dispatch(c);
            ReleaseUsed();
            if (window_open_ && call.getSeq() >= options_.calls.last) MarkWindow(false);
            progress.Call(call.getSeq());
        } else if (e.isReadData()) {
            try {
                Verify(e.getReadData());
            } catch (const LogError& error) {
                throw LogError("the read data of call #" + std::to_string(e.getReadData().getSeq()) + ": " + error.what());
            }
            ReleaseUsed();
        }
    }
    progress.Done();
    if (window_open_) MarkWindow(false);
    // Reads made but never completed in the log (a cut, or --calls stopping before their data).
    for (const auto& [seq, read] : reads_)
        if (options_.verify && options_.calls.Contains(seq) && recorded_reads_.count(seq)) unverified_++;
    reads_.clear();
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
        return Report(kExitBadLog);
    }
    // Damage (not a cut) anywhere in the log: nothing of it is executed.
    if (log_.damaged()) {
        Say(0, "bad log: " + log_.path() + ": " + log_.truncation());
        return Report(kExitBadLog);
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
    const int total = options_.warmup + options_.loops;
    int exit = kExitMatch;
    try {
        for (int i = 0; i < total; i++) {
            const auto start = std::chrono::steady_clock::now();
            const std::uint64_t mismatches = mismatches_;
            ReplayOnce();
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            const bool warmup = i < options_.warmup;
            iterations_.push_back({seconds, mismatches_ - mismatches, warmup});
            if (total > 1) {
                char line[160];
                std::snprintf(line, sizeof line, "loop %d of %d%s: %.6f s, %llu mismatches", i + 1, total,
                              warmup ? " (warm-up)" : "", seconds, static_cast<unsigned long long>(mismatches_ - mismatches));
                Say(1, line);
            }
        }
    } catch (const ReplayError& e) {
        Say(0, std::string("replay failed: ") + e.what());
        exit = kExitReplayFailed;
    } catch (const LogError& e) {
        Say(0, "bad log: " + log_.path() + ": " + e.what());
        exit = kExitBadLog;
    } catch (const kj::Exception& e) {
        Say(0, "bad log: " + log_.path() + ": " + log_.Where() + ": " + e.getDescription().cStr());
        exit = kExitBadLog;
    }
    if (exit != kExitMatch) return Report(exit);
    const LoopTimes times = Times();
    if (options_.stats) {
        std::printf("%-44s %10s %12s\n", "function", "calls", "seconds");
        for (const auto& [name, s] : stats_) std::printf("%-44s %10llu %12.6f\n", name.c_str(), static_cast<unsigned long long>(s.count), s.seconds);
        std::printf("payload written %llu bytes, read %llu bytes; replay %.3f s", static_cast<unsigned long long>(bytes_written_),
                    static_cast<unsigned long long>(bytes_read_), times.total);
        if (captured_ns_ && options_.calls.All())
            std::printf(" vs %.3f s captured (%.2fx)", captured_ns_ / 1e9, times.mean * 1e9 / captured_ns_);
        std::printf("\n");
    }
    if (options_.loops > 1) {
        char line[200];
        std::snprintf(line, sizeof line, "time per loop: min %.6f s, median %.6f s, mean %.6f s, max %.6f s (%d loops%s)",
                      times.min, times.median, times.mean, times.max, options_.loops,
                      options_.warmup ? (" after " + std::to_string(options_.warmup) + " warm-up").c_str() : "");
        Say(1, line);
    }
    std::string summary = std::to_string(calls_) + " calls replayed";
    if (total > 1) summary += " in " + std::to_string(total) + " loops";
    summary += ", " + std::to_string(reads_checked_) + " reads checked, " + std::to_string(mismatches_) + " mismatches";
    if (reads_tolerated_) summary += "; " + std::to_string(reads_tolerated_) + " of the reads matched only within the tolerance";
    // A cut log that ends before --calls' last call replayed all it has, which is not what was asked.
    const bool cut_short = !log_.complete() && highest_seq_ < options_.calls.last;
    if (!options_.calls.All()) {
        summary += "; replayed up to call #" + std::to_string(std::min(highest_seq_, options_.calls.last)) +
                   ", checked the reads of calls #" +
                   std::to_string(options_.calls.first) + " on";
        if (unverified_) summary += " (" + std::to_string(unverified_) + " of them completed later: not checked)";
    }
    Say(1, summary);
    if (cut_short) {
        Say(0, log_.path() + " is incomplete (" + log_.truncation() + "): only the calls before the cut were replayed" +
                   (options_.calls.All() ? "" : ", not up to call #" + std::to_string(options_.calls.last)));
        return Report(kExitBadLog);
    }
    return Report(mismatches_ ? kExitMismatch : kExitMatch);
}

Replayer::LoopTimes Replayer::Times() const {
    std::vector<double> measured;
    LoopTimes t;
    for (const Iteration& i : iterations_)
        if (!i.warmup) measured.push_back(i.seconds);
    if (measured.empty()) return t;
    std::sort(measured.begin(), measured.end());
    for (double x : measured) t.total += x;
    t.min = measured.front();
    t.max = measured.back();
    t.mean = t.total / measured.size();
    const std::size_t n = measured.size();
    t.median = n % 2 ? measured[n / 2] : (measured[n / 2 - 1] + measured[n / 2]) / 2;
    return t;
}

// --window-file: the file exists while calls of the range replay, so a capture shim watching it
// (LTCAP_TRIGGER_FILE, LTCAP_BOUNDARY=call) records exactly them (ltcap trim).
void Replayer::MarkWindow(bool open) {
    window_open_ = open;
    if (open) {
        std::string error;
        if (!WriteFile(options_.window_file, "", 0, error)) throw ReplayError(error);
    } else if (::unlink(options_.window_file.c_str()) != 0 && errno != ENOENT) {
        throw ReplayError("cannot remove " + options_.window_file + ": " + std::strerror(errno));
    }
}

// --json: what the replay found and how long each loop took, for scripts (the same facts as the lines on stderr).
int Replayer::Report(int exit) const {
    if (options_.json_path.empty()) return exit;
    std::FILE* out = options_.json_path == "-" ? stdout : std::fopen(options_.json_path.c_str(), "w");
    if (!out) {
        Say(0, "cannot write the report " + options_.json_path + ": " + std::strerror(errno));
        return exit;
    }
    const LoopTimes t = Times();
    {
        JsonWriter j(out);
        j.BeginObject();
        j.Key("log"), j.String(log_.path());
        j.Key("exit"), j.Number(exit);
        j.Key("complete"), j.Bool(log_.complete());
        j.Key("calls"), j.Number(calls_);
        j.Key("reads_checked"), j.Number(reads_checked_);
        j.Key("mismatches"), j.Number(mismatches_);
        j.Key("reads_within_tolerance"), j.Number(reads_tolerated_);
        j.Key("reads_not_checked"), j.Number(unverified_);
        j.Key("loops"), j.Number(options_.loops);
        j.Key("warmup"), j.Number(options_.warmup);
        j.Key("captured_seconds"), j.Real(captured_ns_ / 1e9);
        j.Key("seconds"), j.BeginObject();
        j.Key("total"), j.Real(t.total);
        j.Key("min"), j.Real(t.min);
        j.Key("median"), j.Real(t.median);
        j.Key("mean"), j.Real(t.mean);
        j.Key("max"), j.Real(t.max);
        j.EndObject();
        j.Key("iterations"), j.BeginArray();
        for (const Iteration& i : iterations_) {
            j.BeginObject();
            j.Key("seconds"), j.Real(i.seconds);
            j.Key("mismatches"), j.Number(i.mismatches);
            j.Key("warmup"), j.Bool(i.warmup);
            j.EndObject();
        }
        j.EndArray();
        j.EndObject();
    }
    std::fputc('\n', out);
    if (out != stdout) std::fclose(out);
    else std::fflush(out);
    return exit;
}

}  // namespace ltcap
