#include "player/replay.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <exception>

#include "api/profile.h"
#include "api/rules.h"
#include "common/json.h"
#include "common/signal_name.h"
#include "common/terminal_text.h"
#include "common/write_fully.h"
#include "player/compare.h"
#include "player/format.h"
#include "player/progress.h"
#include "player/call_replay.h"
#include "player/replay_calls.h"
#include "player/replay_roles.h"

namespace ltcap {
namespace fs = std::filesystem;

namespace {
std::vector<std::pair<std::string, std::string>> Environment(schema::Header::Reader header) {
    std::vector<std::pair<std::string, std::string>> env;
    for (auto var : header.getEnvironment()) env.emplace_back(var.getName().cStr(), var.getValue().cStr());
    return env;
}
}  // namespace

// tt-metal reads TT_METAL_SLOW_DISPATCH_MODE once, at its first device call, and a program cannot use the command
// queue in one mode or the detail:: launch path in the other: the replay takes the capture's mode, before any call.
// Only the variable's presence is taken from the log, never its text.
void UseCapturedDispatchMode(const LogReader& log) {
    bool slow = false;
    for (auto var : log.header().getEnvironment())
        if (var.getName() == "TT_METAL_SLOW_DISPATCH_MODE") slow = true;
    if (slow) {
        setenv("TT_METAL_SLOW_DISPATCH_MODE", "1", 1);
    } else {
        unsetenv("TT_METAL_SLOW_DISPATCH_MODE");
    }
}

Replayer::Replayer(LogReader& log, ReplayOptions options)
    : log_(log),
      options_(std::move(options)),
      mock_device_(MockDevice(log.header().getTtMetalVersion().cStr(), Environment(log.header()))),
      payloads_([this](std::uint64_t at, std::uint64_t size) { return log_.Bytes(at, size); },
                [this](std::uint64_t at, std::uint64_t size, std::uint8_t* dst) { log_.CopyBytes(at, size, dst); }),
      // The emulated tt-metal searches the replay home for kernel includes (a real tt-metal has its own home).
      kernels_([](const std::string& home) {
          using AddHome = void (*)(const char*) noexcept;
          if (auto add = reinterpret_cast<AddHome>(dlsym(RTLD_DEFAULT, "ttemu_add_kernel_home"))) add(home.c_str());
      }),
      builds_(KernelBuilds::Wanted(log.header(), options_.recompile || options_.edits.edits_kernels() ||
                                                     !options_.cross_from.empty()),
              log.header().getTtMetalVersion().cStr(), !options_.check_only),
      types_(programs_),
      reads_({options_.verify && mock_device_.empty(), options_.calls, options_.compare, options_.dump_dir,
              options_.outputs, options_.edits.empty() ? "MISMATCH" : "CHANGED"},
             [this](int level, const std::string& line) { Say(level, line); }, &types_) {
    for (auto& [seq, bytes] : options_.inputs) payloads_.Bind(seq, std::move(bytes));
    options_.inputs.clear();
    // The index pass's consumers, in order: a log of another release first has each call checked to be one this
    // release has (before the call checker, which knows this release's only); the edits see each entry ahead of this
    // replayer (a kernel source's edit is matched before its files are kept); the launch targets after the programs,
    // which they ask what a launch runs.
    index_ = EntryDecoder{};
    crossing_.calls = &calls_check_;
    if (!options_.cross_from.empty()) {
        index_.Add(&crossing_);
        services_.crossing = &crossing_.kernels;
    }
    for (EntryConsumer* c : std::initializer_list<EntryConsumer*>{&calls_check_, &programs_, &types_}) index_.Add(c);
    if (!options_.edits.empty()) index_.Add(&options_.edits);
    index_.Add(this);
    if (!options_.launch_outputs.empty()) {
        targets_ = std::make_unique<LaunchTargets>(programs_);
        index_.Add(targets_.get());
        try {
            launch_out_ = std::make_unique<LaunchOutputs>(options_.launch_outputs, options_.launch_data);
        } catch (const std::exception& e) {
            throw ReplayError(std::string("--launch-outputs: ") + e.what());
        }
    }
}

Replayer::~Replayer() = default;

Replayer::Crossing::Crossing(std::string release) : from(std::move(release)), kernels(from, kProfile) {}

// --cross-release: the first call of the log this release does not describe, or that names a kernel meaning
// something else here, ends the index pass.
void Replayer::Crossing::OnCall(const DecodedCall& c) {
    const std::string call = "call #" + std::to_string(c.seq) + " " + c.Name();
    const std::string refused =
        std::string(": the log cannot replay on ") + kProfile + " (its own release's player replays it)";
    if (!DescribedBy(kProfile, static_cast<layout::Api>(c.function)))
        throw CrossReleaseError(call + " is a tt-metal " + from + " call that tt-metal " + kProfile +
                                " does not have" + refused);
    const auto made = [this](schema::ObjectKind kind, std::uint64_t id) { return calls && calls->WasMade(kind, id); };
    if (const std::string why = kernels.Blocked(c, made); !why.empty())
        throw CrossReleaseError(call + ": " + why + refused);
}

void Replayer::Say(int level, const std::string& line) const {
    // Lines carry text from the log (exception messages, paths): never a terminal's control sequence.
    if (options_.say) return options_.say(level, line);
    if (options_.verbosity >= level) std::fprintf(stderr, "ltplay: %s\n", TerminalSafe(line).c_str());
}

// The whole log, each entry checked against what the file holds and indexed (where every payload chunk, kernel
// source and call result is) before anything relies on it; nothing is executed.
void Replayer::Index() {
    log_.Rewind();
    scouted_all_ = false;
    while (Scout(false)) {
    }
}

// The reading cursor: the next entry, checked and indexed if no pass has done so yet (else only its result's place
// is noted again), and queued for the replay if it is a call or read data. A damaged log ends the replay where the
// damage is: everything before it was checked before it was used, nothing after it is read.
bool Replayer::Scout(bool queue) {
    if (scouted_all_) return false;
    auto m = log_.Next();
    if (!m) {
        scouted_all_ = true;
        if (log_.damaged())
            throw LogError(log_.path() + ": " + log_.truncation() +
                           (queue ? " (the replay stops there: the " + std::to_string(calls_) + " calls before it were "
                                    "replayed)" : ""));
        try {
            calls_check_.End();
        } catch (const LogError& x) {
            throw LogError(log_.path() + ": " + x.what());
        }
        return false;
    }
    log_.ReleasePassed();  // payloads are read again when used
    auto e = m->getRoot<schema::Entry>();
    last_scouted_ = e.which();
    try {
        if (log_.entry_number() > indexed_upto_) {
            indexed_upto_ = log_.entry_number();
            check_.Entry(e);
            index_.Feed(e);
        } else if (e.isReturn()) {
            returns_.emplace(e.getReturn().getSeq(), log_.entry_offset());
        }
    } catch (const kj::Exception& x) {
        throw LogError(log_.path() + ": " + log_.Where() + ": " + x.getDescription().cStr());
    } catch (const LogError& x) {
        throw LogError(log_.path() + ": " + log_.Where() + ": " + x.what());
    }
    if (e.isBlob()) scouted_bytes_ += e.getBlob().getData().size();
    if (queue && (e.isCall() || e.isReadData())) {
        if (queue_.size() >= kHeldMessages) m.reset();
        queue_.push_back({e.isCall(), log_.entry_offset(), log_.entry_number(), scouted_bytes_, std::move(m)});
    }
    return true;
}

void Replayer::OnBlob(schema::Blob::Reader b) { payloads_.Add(b, log_.StreamOffset(b.getData())); }
void Replayer::OnKernelSource(schema::KernelSource::Reader k) { kernels_.Add(k, options_.edits.KernelText(k.getId())); }
void Replayer::OnKernelBinary(schema::KernelBinary::Reader b) { builds_.Install(b, payloads_); }
void Replayer::OnReturn(const DecodedReturn& r) { returns_.emplace(r.seq, log_.entry_offset()); }
void Replayer::OnReadData(schema::ReadData::Reader d) { reads_.Recorded(d); }
void Replayer::OnEnd(schema::End::Reader e) {
    captured_ns_ = e.getEndNs();
    died_of_ = e.getSignal();
    ended_how_ = HowItEnded(e);
    died_after_ = e.getLastSeq();
}

int Replayer::MapDevice(int captured) const {
    auto it = options_.device_map.find(captured);
    return it == options_.device_map.end() ? captured : it->second;
}

void Replayer::NoteBuffer(std::uint64_t id, std::uint64_t captured_address) {
    addresses_.Captured(id, captured_address);
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

std::vector<std::uint32_t> Replayer::Remap(std::vector<std::uint32_t> words) {
    if (!options_.remap_addresses) return words;
    return addresses_.Remap(std::move(words), [this](std::uint64_t id) -> std::optional<std::uint64_t> {
        if (!objects_.buffers.Has(id) || !objects_.buffers.Get(id)) return std::nullopt;
        return objects_.buffers.Get(id)->address();
    });
}

void Replayer::ReleaseUsed() { payloads_.ReleaseUsed(); }

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
    template <typename CallText>
    NoexceptCallGuard(schema::Api api, const CallText& call) {
        const auto i = static_cast<std::size_t>(api);
        if (i >= std::size(layout::kApiNames) || !RulesOf(static_cast<layout::Api>(i)).has(kNoexcept)) return;
        g_noexcept_call = call();
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

// "4096 bytes", "3.1 MiB".
std::string ByteCount(std::uint64_t n) {
    if (n < 1024) return std::to_string(n) + (n == 1 ? " byte" : " bytes");
    const char* units[] = {"KiB", "MiB", "GiB", "TiB"};
    double x = static_cast<double>(n) / 1024;
    int u = 0;
    while (x >= 1024 && u < 3) x /= 1024, u++;
    char text[32];
    std::snprintf(text, sizeof text, x < 10 ? "%.1f %s" : "%.0f %s", x, units[u]);
    return text;
}
}  // namespace

void Replayer::Dispatch(const Call& c) {
    // The clock is read only for what uses it, and the call's name made only for a message: a call-bound log
    // replays millions of calls that need neither.
    const bool timed = options_.stats || options_.profile || first_call_s_ < 0;
    const auto start = timed ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
    if (first_call_s_ < 0) first_call_s_ = std::chrono::duration<double>(start - options_.started).count();
    const auto call = [&c] { return "call #" + std::to_string(c.call.seq) + " " + c.call.Name(); };
    if (options_.verbosity >= 2) Say(2, "#" + std::to_string(c.call.seq) + " " + c.call.Text());
    const bool captured_threw = c.has_return && c.ret.threw;
    if (watchdog_)
        watchdog_->Enter(c.call.seq, c.call.model ? c.call.model->name : std::string_view("(a function unknown here)"));
    struct Left {
        CallWatchdog* dog;
        ~Left() {
            if (dog) dog->Leave();
        }
    } left{watchdog_.get()};
    const CallClass cls = c.call.Class();
    try {
        // No device may still be writing a read's destination when devices close or objects go.
        if (cls.closes_devices || cls.releases) reads_.CompleteAll();
        const NoexceptCallGuard noexcept_call(c.call.function, call);
        ReplayFindingBuilds(c, !captured_threw && builds_.on() && cls.builds_kernels);
        // A launch while a trace is being captured is the trace's recipe, not a run (as `ltcap info --programs`
        // counts): its program's runs are the trace's replays.
        if (cls.begins_trace_capture) capturing_traces_++;
        if (cls.ends_trace_capture && capturing_traces_ > 0) capturing_traces_--;
        if (options_.profile && cls.launch && capturing_traces_ == 0) Profile(c, start);
        if (launch_out_ && cls.launch && !cls.not_a_call && capturing_traces_ == 0) RecordLaunch(c);
        if (cls.closes_devices) ForgetDevices(c.call.args);
        if (captured_threw)
            Say(1, call() + " threw during capture (\"" + c.ret.exception.cStr() + "\") but not during replay");
    } catch (const ReplayError&) {
        throw;
    } catch (const WrongUnlessThrew& e) {
        // The log no longer has an object the call names (released before a window opened), or the call hands
        // tt-metal a value no device takes (a core range past any grid): tt-metal threw at this call during capture,
        // and the replay does not make it either — without the object it cannot, and the value is never handed on.
        if (!captured_threw) throw LogError(call() + ": " + e.what());
        Say(2, call() + ": " + e.what() + "; it threw during capture (\"" + std::string(c.ret.exception.cStr()) +
                   "\") and is not made");
    } catch (const LogErrorInReplay& e) {
        throw LogErrorInReplay(call() + ": " + e.what());
    } catch (const LogError& e) {
        throw LogError(call() + ": " + e.what());
    } catch (const kj::Exception& e) {  // a value of the wrong kind where this call has a parameter
        throw LogError(call() + ": " + e.getDescription().cStr());
    } catch (const std::exception& e) {
        // Compiling is off while the log's builds are installed: a call that builds kernels and fails where the
        // capture's did not lacks a build the log should carry (tt-metal's message names the kernel).
        if (!captured_threw && builds_.on() && cls.builds_kernels && builds_.stale())
            throw ReplayError(call() + " failed: the log's kernel builds were made by another build of the emulated "
                              "tt-metal (" + builds_.other_headers() + "; this one: " + builds_.own_headers() +
                              "), and compiling its kernels from the log's sources failed: " + e.what());
        if (!captured_threw && builds_.on() && cls.builds_kernels) {
            // ReplayFindingBuilds read on to the log's end: a log cut before the call's builds says so.
            if (scouted_all_ && !log_.complete())
                throw LogError(log_.path() + ": " + log_.truncation() + " (the replay stops there: the " +
                               std::to_string(calls_) + " calls before it were replayed)");
            throw LogErrorInReplay(call() + ": the log carries no usable build of a kernel it runs (" + e.what() + ")" +
                                   (options_.never_compile ? "" : "; --recompile builds kernels from the log's sources"));
        }
        if (!captured_threw) throw ReplayError(call() + " failed: " + e.what());
    }
    calls_++;
    if (options_.stats) times_.AddCall(c.call.Name(), std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}

// A launch or a compile whose kernel build is not installed fails (compiling is off while the log's builds are). The
// builds a call made follow it in the log, but not always right after it: the capture writes them when a call that
// may build kernels returns, whichever thread's call looks first, so other threads' calls (any number of them while a
// kernel compiles) can sit between. On such a failure the cursor reads on to the next build in the log and the call
// is made again, as long as each pass installs a build (a failed launch ran nothing: tt-metal builds a program's
// kernels before it enqueues anything); at the log's end the failure stands.
void Replayer::ReplayFindingBuilds(const Call& c, bool retry) {
    for (;;) {
        try {
            ReplayCall(services_, c);
            return;
        } catch (const ReplayError&) {
            throw;
        } catch (const LogError&) {
            throw;
        } catch (const std::exception&) {
            if (!retry || builds_.stale()) throw;
            const std::uint64_t had = builds_.installed();
            while (builds_.installed() == had && Scout(true)) {
            }
            if (builds_.installed() == had) throw;
            Say(2, "call #" + std::to_string(c.call.seq) + " is made again: a build it needed came later in the log");
        }
    }
}

// --profile: the launch's queue is finished now, so the launch's time includes the device's; it is counted for each
// program it runs (a mesh workload's), or for what else it runs (a trace). A launch naming no queue object
// (detail::LaunchProgram, which waits itself; a trace replay by device) is timed as its call.
void Replayer::Profile(const Call& c, std::chrono::steady_clock::time_point start) {
    CallReplay x(services_, c);
    if (auto finish = QueueFinish(x)) finish();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto launched = programs_.Launched(c.call);
    for (std::uint64_t p : launched) times_.AddLaunch(programs_.Label(p), seconds / launched.size());
    if (launched.empty()) times_.AddLaunch(programs_.LaunchLabel(c.call), seconds);
}

// --launch-outputs: the launch's queue finished, each buffer its kernels can write is read back and recorded.
void Replayer::RecordLaunch(const Call& c) {
    auto targets = targets_->Take(c.call.seq);
    if (!targets) return;
    CallReplay x(services_, c);
    if (auto finish = QueueFinish(x)) finish();
    LaunchRecord r;
    r.launch = ++launches_recorded_;
    r.seq = c.call.seq;
    r.function = c.call.Name();
    r.program = targets->label;
    r.cores = targets->cores;
    r.dtype = targets->dtype ? DtypeName(*targets->dtype) : "bytes";
    for (std::uint64_t id : targets->buffers) {
        std::uint64_t page = 0;
        auto bytes = ReadBack(x, id, page);
        if (bytes) r.buffers.push_back({id, 0, page, {}, std::move(*bytes)});
    }
    try {
        launch_out_->Write(r);
    } catch (const std::runtime_error& e) {
        throw ReplayError("--launch-outputs: " + std::string(e.what()));
    }
}

// The devices a call closed leave the table: what names them later is refused, never handed a freed device (a
// queue is looked up through its device at every use).
void Replayer::ForgetDevices(capnp::List<schema::Value>::Reader values) {
    for (auto v : values) {
        if (v.isList()) ForgetDevices(v.getList());
        if (v.isObject() && v.getObject().getKind() == schema::ObjectKind::DEVICE &&
            objects_.devices.Has(v.getObject().getId()))
            objects_.devices.Erase(v.getObject().getId());
    }
}

int Replayer::ReplayOnce() {
    log_.Rewind();
    queue_.clear();
    returns_.clear();
    scouted_all_ = false;
    scouted_bytes_ = 0;
    capturing_traces_ = 0;
    Progress progress((options_.verbosity >= 1 || options_.progress) && isatty(2));
    highest_seq_ = 0;
    for (;;) {
        while (queue_.empty())
            if (!Scout(true)) break;
        if (queue_.empty()) break;
        Queued q = std::move(queue_.front());
        queue_.pop_front();
        if (!q.message) q.message = log_.ReadAgain(q.at);
        auto e = q.message->getRoot<schema::Entry>();
        if (!q.call) {
            try {
                reads_.Verify(e.getReadData(), payloads_);
            } catch (const LogError& error) {
                throw LogError("the read data of call #" + std::to_string(e.getReadData().getSeq()) + ": " + error.what());
            }
            ReleaseUsed();
            continue;
        }
        auto call = e.getCall();
        highest_seq_ = std::max(highest_seq_, call.getSeq());
        if (call.getSeq() > options_.calls.last) break;  // --calls: the rest is not replayed
        // The cursor goes past the call's result (a void call that returned has none: its end is in the call) and a
        // few entries more, so what follows the call (a small read's data) is checked before the call runs — but no
        // further than kScoutBytes of payload: a read's data that comes later is judged when it comes (a piece past
        // what the call read is a mismatch, read_verifier.h).
        const bool returned_void = call.getEndNs() != 0;
        while ((!returned_void && !returns_.count(call.getSeq())) ||
               (log_.entry_number() < q.number + kScoutAhead && scouted_bytes_ - q.blob_bytes < kScoutBytes))
            if (!Scout(true)) break;
        // The kernel builds of a launch or a compile follow it in the log (and its return), their files' blobs first:
        // the cursor goes past them all, so they are installed before the call builds its kernels.
        if (builds_.on() && DecodeCall(call).Class().builds_kernels)
            while (log_.entry_number() <= q.number + 1 || last_scouted_ == schema::Entry::BLOB ||
                   last_scouted_ == schema::Entry::KERNEL_BINARY)
                if (!Scout(true)) break;
        // A log cut right after such a call may have lost its builds: the replay ends there, as at the cut.
        if (builds_.on() && scouted_all_ && !log_.complete() && DecodeCall(call).Class().builds_kernels) break;
        auto it = returns_.find(call.getSeq());
        Call c{DecodeCall(call), {}, it != returns_.end()};
        std::unique_ptr<capnp::FlatArrayMessageReader> ret;
        if (c.has_return) {
            ret = log_.ReadAgain(it->second);
            c.ret = DecodeReturn(ret->getRoot<schema::Entry>().getReturn());
            returns_.erase(it);
        }
        if ((!options_.window_file.empty() || options_.window_signal) && !window_open_ &&
            options_.calls.Contains(call.getSeq()))
            MarkWindow(true);
        Dispatch(c);
        ReleaseUsed();
        if (window_open_ && call.getSeq() >= options_.calls.last) MarkWindow(false);
        progress.Call(call.getSeq(), log_.Fraction());
    }
    progress.Done();
    if (window_open_) MarkWindow(false);
    // Reads made but never completed in the log (a cut, or --calls stopping before their data).
    reads_.EndLoop();
    CloseLeftOpen();
    return 0;
}

// A log cut off before CloseDevice, or a replay that failed, leaves devices open: they are closed (and every object
// let go) so the next loop — or the next replay in this process — starts clean. Closing waits for the devices'
// programs, so it runs under the watchdog as a call does; what tt-metal throws then changes nothing.
void Replayer::CloseLeftOpen() {
    if (watchdog_) watchdog_->Enter(highest_seq_, "(closing the devices the log left open)");
    try {
        reads_.CompleteAll();
    } catch (const std::exception&) {
    }
    for (auto& [id, device] : objects_.devices.all()) {
        try {
            if (device) tt::tt_metal::CloseDevice(device);
        } catch (const std::exception&) {
        }
    }
    try {
        objects_ = Objects();
    } catch (const std::exception&) {
    }
    if (watchdog_) watchdog_->Leave();
    addresses_.Clear();
}

// A tolerance that applies to no read is a mistake to say, not to ignore (reads into void* are bytes): the message
// saying so once the reads have been indexed, or "".
std::string Replayer::ToleranceUnused() const {
    if (options_.check_only || !options_.verify || !reads_.exact_pieces() || reads_.float_pieces()) return "";
    return "--atol/--rtol apply to float reads only, and none of this log's reads is one (they are integers, or "
           "bytes the log says nothing of): pass --dtype (float32, bfloat16, bfp8_b, …) to compare them as floats";
}

int Replayer::Run() {
    calls_check_.SetFormat(log_.header().getFormatVersion());
    // --check, --check-first: the whole log is checked before anything is executed (damage anywhere: nothing is).
    // Otherwise each entry is checked just before the replay gets to it.
    // Edits are matched against the whole log first, so one that cannot apply is refused before anything runs.
    const bool edited = !options_.edits.empty();
    if (options_.check_only || options_.check_first || edited || !options_.cross_from.empty()) {
        try {
            Index();
            if (edited) options_.edits.Finish();
        } catch (const CrossReleaseError& e) {
            Say(0, e.what());
            return Report(kExitBadLog);
        } catch (const LogError& e) {
            Say(0, std::string("bad log: ") + e.what());
            return Report(kExitBadLog);
        } catch (const EditError& e) {
            Say(0, e.what());
            return Report(kExitBadLog);
        }
        if (const std::string unused = ToleranceUnused(); !unused.empty()) {
            Say(0, unused);
            return Report(kExitBadLog);
        }
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
    if (edited) {
        for (auto& [seq, bytes] : options_.edits.TakeWrites()) payloads_.Bind(seq, std::move(bytes));
        Say(1, "edited: " + options_.edits.Describe() +
                   (options_.edits.edits_kernels() && KernelBuilds::Wanted(log_.header(), false)
                        ? " (every kernel is compiled from its source: the log's builds are of the unedited kernels)"
                        : ""));
    }
    if (!builds_.not_installed().empty())
        Say(1, "kernels: the log's builds are not installed: " + builds_.not_installed() +
                   "; a kernel the replay runs is compiled from the log's sources");
    if (options_.timeout_s > 0) watchdog_ = std::make_unique<CallWatchdog>(options_.timeout_s);
    const int total = options_.warmup + options_.loops;
    int exit = kExitMatch;
    try {
        for (int i = 0; i < total; i++) {
            const auto start = std::chrono::steady_clock::now();
            const std::uint64_t mismatches = reads_.mismatches();
            ReplayOnce();
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            const bool warmup = i < options_.warmup;
            times_.AddLoop(seconds, reads_.mismatches() - mismatches, warmup);
            if (total > 1) {
                char line[160];
                std::snprintf(line, sizeof line, "loop %d of %d%s: %.6f s, %llu mismatches", i + 1, total,
                              warmup ? " (warm-up)" : "", seconds, static_cast<unsigned long long>(reads_.mismatches() - mismatches));
                Say(1, line);
            }
        }
    } catch (const ReplayError& e) {
        Say(0, std::string("replay failed: ") + e.what());
        exit = kExitReplayFailed;
    } catch (const LogError& e) {
        Say(0, "bad log: " + NamingThePath(log_.path(), e.what()));
        exit = kExitBadLog;
        refused_in_replay_ = dynamic_cast<const LogErrorInReplay*>(&e) != nullptr;
    } catch (const kj::Exception& e) {
        Say(0, "bad log: " + log_.path() + ": " + log_.Where() + ": " + e.getDescription().cStr());
        exit = kExitBadLog;
    }
    // Kernels the capture could not read the source of: said beside the verdict, whatever it is (a replay that
    // compiled one fails, and this says why; one that never needed it says the log is not self-contained).
    for (const KernelFiles::Unreadable& u : kernels_.UsedUnreadable())
        Say(0, "kernel file " + u.path + " has no source in the log (at capture: " + u.why +
                   "): a kernel compiled from it cannot be replayed");
    if (exit != kExitMatch) {
        CloseLeftOpen();
        return Report(exit);
    }
    if (const std::string unused = ToleranceUnused(); !unused.empty()) {
        Say(0, unused);
        return Report(kExitBadLog);
    }
    const ReplayTimes::Summary times = times_.Loops();
    // The tables go to stdout, unless the JSON report does (--json -): then to stderr, so stdout is JSON alone.
    std::FILE* const table = options_.json_path == "-" ? stderr : stdout;
    if (options_.stats) {
        // The tables' times are milliseconds, as `ltcap info`'s are.
        std::fprintf(table, "%-44s %10s %14s\n", "function", "calls", "ms");
        for (const auto& [name, f] : times_.functions())
            std::fprintf(table, "%-44s %10llu %14.3f\n", name.c_str(), static_cast<unsigned long long>(f.count),
                         f.seconds * 1e3);
        std::fprintf(table, "payload written %llu bytes, read %llu bytes; replay %.3f s",
                    static_cast<unsigned long long>(times_.bytes_written()),
                    static_cast<unsigned long long>(reads_.bytes_read()), times.total);
        if (captured_ns_ && options_.calls.All())
            std::fprintf(table, " vs %.3f s captured (%.2fx)", captured_ns_ / 1e9, times.mean * 1e9 / captured_ns_);
        std::fprintf(table, "\n");
    }
    if (options_.profile) {
        // The names last, where their length moves no column.
        std::fprintf(table, "%9s %12s %12s  %s\n", "launches", "ms", "ms/launch", "program (kernels), replayed");
        for (const auto& [label, p] : times_.programs())
            std::fprintf(table, "%9llu %12.3f %12.3f  %s\n", static_cast<unsigned long long>(p.count), p.seconds * 1e3,
                         p.count ? p.seconds * 1e3 / p.count : 0.0, TerminalSafe(label).c_str());
        if (times_.programs().empty()) std::fprintf(table, "(no launch was replayed)\n");
        std::fflush(table);  // before the summary on stderr
    }
    if (options_.loops > 1) {
        char line[200];
        std::snprintf(line, sizeof line, "time per loop: min %.6f s, median %.6f s, mean %.6f s, max %.6f s (%d loops%s)",
                      times.min, times.median, times.mean, times.max, options_.loops,
                      options_.warmup ? (" after " + std::to_string(options_.warmup) + " warm-up").c_str() : "");
        Say(1, line);
    }
    // As what the reads were compared: "reads compared as: 12 bfloat16, 2 bytes".
    if (!reads_.checked_as().empty()) {
        std::string as;
        for (const auto& [type, n] : reads_.checked_as())
            as += (as.empty() ? "" : ", ") + std::to_string(n) + " " + DtypeName(type);
        Say(1, "reads compared as: " + as);
        for (const auto& [why, n] : reads_.bytes_because())
            if (!why.empty()) Say(1, "  " + std::to_string(n) + " as bytes: " + why);
    }
    // Where the kernels came from: the log's builds (no compiler ran) or the sources it carries.
    if (builds_.on() && builds_.stale())
        Say(1, "kernels: " + std::to_string(builds_.stale()) + " of the log's " + std::to_string(builds_.installed()) +
                   " builds were made by another build of the emulated tt-metal (" + builds_.other_headers() +
                   "; this one: " + builds_.own_headers() + "), so its kernels were compiled from the log's sources");
    else if (builds_.on())
        Say(1, "kernels: " + std::to_string(builds_.installed()) + " builds installed from the log, none compiled");
    std::string summary = std::to_string(calls_) + " calls replayed";
    if (total > 1) summary += " in " + std::to_string(total) + " loops";
    if (edited)
        summary += ", " + std::to_string(reads_.checked()) + " reads checked: " + std::to_string(reads_.mismatches()) +
                   " changed by the edits, " + std::to_string(reads_.checked() - reads_.mismatches()) + " as captured";
    else
        summary += ", " + std::to_string(reads_.checked()) + " reads checked, " + std::to_string(reads_.mismatches()) + " mismatches";
    if (reads_.tolerated())
        summary += "; " + std::to_string(reads_.tolerated()) + " of the reads matched only within the tolerance";
    if (reads_.exact_pieces())
        summary += "; the tolerance applied to " + std::to_string(reads_.float_pieces()) + " of the log's " +
                   std::to_string(reads_.float_pieces() + reads_.exact_pieces()) +
                   " read pieces (the others are not floats: compared exactly)";
    // A cut log that ends before --calls' last call replayed all it has, which is not what was asked.
    const bool cut_short = !log_.complete() && highest_seq_ < options_.calls.last;
    if (!options_.calls.All()) {
        summary += "; replayed up to call #" + std::to_string(std::min(highest_seq_, options_.calls.last)) +
                   ", checked the reads of calls #" +
                   std::to_string(options_.calls.first) + " on";
        if (reads_.unverified()) summary += " (" + std::to_string(reads_.unverified()) + " of them completed later: not checked)";
    }
    // What the verdict rests on: a replay whose reads were all left out verified nothing, and says so.
    const std::string nothing = NothingVerified();
    // An edited replay's reads are compared with the unedited run's: they show the edits' effect, they verify nothing.
    summary += nothing.empty() ? "; " + ByteCount(reads_.bytes_checked()) + (edited ? " compared" : " verified")
                               : "; " + nothing;
    Say(options_.require_verified && !nothing.empty() ? 0 : 1, summary);
    if (cut_short) {
        Say(0, log_.path() + " is incomplete (" + log_.truncation() + "): only the calls before the cut were replayed" +
                   (options_.calls.All() ? "" : ", not up to call #" + std::to_string(options_.calls.last)));
        return Report(kExitBadLog);
    }
    if (reads_.mismatches() && !edited) return Report(kExitMismatch);
    if (options_.require_verified && !nothing.empty()) return Report(kExitNothingVerified);
    // The capture ended because the process died of a signal (End.signal): the replay got as far as it did.
    if (died_of_ && highest_seq_ >= died_after_) {
        Say(1, "reproduced up to the abort: the captured " + ended_how_.substr(4) + ", after call #" +
                   std::to_string(died_after_) + "; every call up to it replayed" +
                   (edited ? " (edited)" : " with every read matching"));
        return Report(kExitReproducedDeath);
    }
    // A run that reported a failure by its exit status: the replay matched it, and the status is part of the story.
    if (!died_of_ && !ended_how_.empty() && ended_how_ != "the process exited with status 0" && highest_seq_ >= died_after_)
        Say(1, "the captured " + ended_how_.substr(4));
    return Report(kExitMatch);
}

// Why no byte of any read was compared ("nothing verified: the log has no reads"), or "" when some were.
std::string Replayer::NothingVerified() const {
    if (reads_.checked()) return "";
    if (!options_.verify) return "nothing verified (--no-verify)";
    if (!mock_device_.empty())
        return "nothing verified: reads not checked: captured on a mock device (" + mock_device_ +
               "), its reads hold no device data";
    if (!reads_.recorded_any()) return "nothing verified: the log has no reads";
    return "nothing verified: none of the log's reads was replayed" +
           std::string(options_.calls.All() ? "" : " in the calls checked (--calls)");
}

// --window-file: the file exists while calls of the range replay, so a capture shim watching it
// (LTCAP_TRIGGER_FILE, LTCAP_BOUNDARY=call) records exactly them; --window-signal: the signal is raised as they
// begin and once they end, toggling a shim's window (LTCAP_TRIGGER_SIGNAL) — delivered to this thread before
// raise returns, so before the next call (ltcap trim).
void Replayer::MarkWindow(bool open) {
    if (options_.window_signal) {
        struct sigaction current {};
        sigaction(options_.window_signal, nullptr, &current);
        if (!(current.sa_flags & SA_SIGINFO) && (current.sa_handler == SIG_DFL || current.sa_handler == SIG_IGN))
            throw ReplayError(std::string("--window-signal: nothing handles ") + SignalName(options_.window_signal) +
                              " (a capture shim preloaded with LTCAP_TRIGGER_SIGNAL does)");
        window_open_ = open;
        raise(options_.window_signal);
        return;
    }
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
    const ReplayTimes::Summary t = times_.Loops();
    {
        JsonWriter j(out);
        j.BeginObject();
        j.Key("log"), j.String(log_.path());
        j.Key("exit"), j.Number(exit);
        j.Key("complete"), j.Bool(log_.complete());
        j.Key("calls"), j.Number(calls_);
        j.Key("reads_checked"), j.Number(reads_.checked());
        j.Key("mismatches"), j.Number(options_.edits.empty() ? reads_.mismatches() : 0);
        if (!options_.edits.empty()) {
            j.Key("edits"), j.String(options_.edits.Describe());
            j.Key("reads_changed"), j.Number(reads_.mismatches());
        }
        j.Key("reads_within_tolerance"), j.Number(reads_.tolerated());
        j.Key("reads_not_checked"), j.Number(reads_.unverified());
        j.Key("bytes_verified"), j.Number(reads_.bytes_checked());
        j.Key("verified"), j.Bool(reads_.checked() != 0 && options_.edits.empty());  // edited: compared, not verified
        if (!mock_device_.empty()) j.Key("mock_device"), j.String(mock_device_);
        j.Key("loops"), j.Number(options_.loops);
        j.Key("warmup"), j.Number(options_.warmup);
        j.Key("captured_seconds"), j.Real(captured_ns_ / 1e9);
        j.Key("first_call_seconds"), j.Real(std::max(first_call_s_, 0.0));
        j.Key("seconds"), j.BeginObject();
        j.Key("total"), j.Real(t.total);
        j.Key("min"), j.Real(t.min);
        j.Key("median"), j.Real(t.median);
        j.Key("mean"), j.Real(t.mean);
        j.Key("max"), j.Real(t.max);
        j.EndObject();
        if (options_.profile) {
            j.Key("programs"), j.BeginArray();
            for (const auto& [label, p] : times_.programs()) {
                j.BeginObject();
                j.Key("label"), j.String(label);
                j.Key("launches"), j.Number(p.count);
                j.Key("seconds"), j.Real(p.seconds);
                j.EndObject();
            }
            j.EndArray();
        }
        j.Key("iterations"), j.BeginArray();
        for (const ReplayTimes::Loop& i : times_.loops()) {
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
