#include "interpose/capture.h"

#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace ltcap {
namespace L = layout;
namespace {

std::atomic<bool> g_off{false};
std::atomic<bool> g_forked{false};  // set in a forked child (pthread_atfork), cheaper than getpid() per call
std::once_flag g_start_once;
Capture* g_capture = nullptr;

// Fatal signals: flush what is buffered, then let the program's own handling (or the default) happen.
constexpr int kFatalSignals[] = {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTERM, SIGINT, SIGQUIT};
struct sigaction g_previous[65];

void OnFatalSignal(int sig, siginfo_t* info, void* uctx) {
    if (g_capture && !g_forked) g_capture->EmergencyFlush();  // a child that never called tt-metal has no log
    const struct sigaction& prev = g_previous[sig];
    if (prev.sa_flags & SA_SIGINFO) {
        prev.sa_sigaction(sig, info, uctx);
        return;
    }
    if (prev.sa_handler == SIG_IGN) return;
    if (prev.sa_handler != SIG_DFL) {
        prev.sa_handler(sig);
        return;
    }
    signal(sig, SIG_DFL);
    raise(sig);  // for faults, returning re-executes the access under the default action
}

void InstallSignalHandlers() {
    for (int sig : kFatalSignals) {
        struct sigaction sa {};
        sa.sa_sigaction = OnFatalSignal;
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
        sigemptyset(&sa.sa_mask);
        sigaction(sig, &sa, &g_previous[sig]);
    }
}

WindowControl* g_windows = nullptr;  // for the trigger signal's handler
void OnTriggerSignal(int) {
    if (g_windows) g_windows->Toggle();
}

// When this process started, in ns since the epoch, to a clock tick (10 ms): /proc/self/stat's start time counts
// ticks since boot; CLOCK_BOOTTIME says how long ago boot was.
long long ProcessStartNs() {
    std::ifstream stat("/proc/self/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const auto paren = text.rfind(')');
    if (paren == std::string::npos) return 0;
    std::istringstream fields(text.substr(paren + 2));
    std::string field;
    unsigned long long ticks = 0;
    for (int i = 3; i <= 22 && fields >> field; i++)  // field 3 is the state; 22 the start time
        if (i == 22) ticks = std::stoull(field);
    timespec boot{}, wall{};
    clock_gettime(CLOCK_BOOTTIME, &boot);
    clock_gettime(CLOCK_REALTIME, &wall);
    const long long hz = sysconf(_SC_CLK_TCK);
    const long long since_boot_ns = static_cast<long long>(ticks / hz) * 1000000000ll +
                                    static_cast<long long>(ticks % hz) * (1000000000ll / hz);
    const long long boot_ns = boot.tv_sec * 1000000000ll + boot.tv_nsec, wall_ns = wall.tv_sec * 1000000000ll + wall.tv_nsec;
    return wall_ns - (boot_ns - since_boot_ns);
}

// A log path this process has not written yet. A file already there that was modified since this process started
// is this process's own earlier log (the program before an exec has the same name and pid): the new one gets
// ".2", ".3", … before the extension. Older files (an earlier run's) are replaced, as before.
std::string OwnPath(const std::string& path) {
    struct stat st {};
    // The start time is rounded down to a clock tick, so a log this process wrote before an exec always counts as
    // its own (it may be only milliseconds old); a run that ended less than a tick before this one started is
    // taken for it too, and this log gets a suffix rather than overwrite anything.
    if (::stat(path.c_str(), &st) != 0 || st.st_mtim.tv_sec * 1000000000ll + st.st_mtim.tv_nsec < ProcessStartNs())
        return path;
    const auto slash = path.rfind('/');
    auto dot = path.rfind('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) dot = path.size();
    for (int n = 2;; n++) {
        std::string candidate = path.substr(0, dot) + "." + std::to_string(n) + path.substr(dot);
        if (::stat(candidate.c_str(), &st) != 0) return candidate;
    }
}

void CloseAtExit() {
    if (g_capture && !g_forked) g_capture->Close();
}

}  // namespace

void Capture::Line(const std::string& text) noexcept {
    try {
        const std::string line = "ltcap: " + text + "\n";
        (void)!::write(2, line.data(), line.size());
    } catch (...) {
    }
}

std::string Capture::ProgramName() {
    std::ifstream comm("/proc/self/comm");
    std::string name;
    std::getline(comm, name);
    return name.empty() ? "program" : name;
}

Capture* Capture::Get() noexcept {
    if (g_off.load(std::memory_order_relaxed)) return nullptr;
    std::call_once(g_start_once, [] {
        const Settings& s = GetSettings();
        if (!s.error.empty()) {
            Line(s.error + "; capture is off");
            g_off = true;
            return;
        }
        if (!s.enabled) {
            g_off = true;
            return;
        }
        auto* c = new Capture();
        if (!c->Start()) {
            g_off = true;
            return;  // leaked on purpose: a half-started capture may be referenced by handlers
        }
        g_capture = c;
    });
    Capture* c = g_capture;
    if (!c || g_off.load(std::memory_order_relaxed)) return nullptr;
    // The first call in a forked child (every generation: a grandchild's handler sets the flag again).
    if (g_forked.load(std::memory_order_relaxed) && g_forked.exchange(false)) [[unlikely]] c->AfterFork();
    return c;
}

void Capture::Fail(const std::string& what) noexcept {
    if (!g_off.exchange(true)) Line(what + "; capture is off from here on (the program continues)");
}

bool Capture::Start() noexcept {
    try {
        const Settings& s = GetSettings();
        capture_reads_ = s.capture_reads;
        debug_ = s.log == LogLevel::kDebug;
        windowed_ = s.windowed();
        boundary_ = s.boundary;
        backtrace_all_ = s.backtrace_all;
        for (const std::string& name : s.backtrace_functions)
            for (std::size_t i = 0; i < std::size(L::kApiNames) && i < 128; i++)
                if (name == L::kApiNames[i]) backtrace_apis_[i] = true;
        clock_.Start(true);
        if (windowed_) {
            windows_ = new WindowControl(s);
            if (s.trigger_signal) {
                g_windows = windows_;
                struct sigaction sa {};
                sa.sa_handler = OnTriggerSignal;
                sa.sa_flags = SA_RESTART;
                sigemptyset(&sa.sa_mask);
                sigaction(s.trigger_signal, &sa, nullptr);
            }
        } else if (!OpenLog(false)) {
            return false;
        }
        InstallSignalHandlers();
        std::atexit(CloseAtExit);
        // Around a fork, hold the locks a child may need, so none is left held by a thread that is not there.
        pthread_atfork(
            [] { HoldLocksForFork(true); }, [] { HoldLocksForFork(false); },
            [] {
                HoldLocksForFork(false);
                g_forked = true;
            });
        return true;
    } catch (const std::exception& e) {
        Line(std::string("cannot start capture: ") + e.what());
        return false;
    }
}

bool Capture::OpenLog(bool with_state) noexcept {
    try {
        // No kept record changes between deciding on, and writing, the snapshot and publishing the log.
        std::unique_lock<std::shared_mutex> keeping;
        if (with_state) keeping = std::unique_lock(keeping_mutex_);
        if (Session* last = last_log_.load(); last && with_state) last->DrainJournal();
        const bool mid_run = with_state && !tracker_.empty();
        const Settings& s = GetSettings();
        SessionInfo info;
        info.window = windowed_ ? ++window_number_ : 0;
        info.starts_mid_run = mid_run;
        info.parent_pid = parent_pid_;
        std::string pattern = s.output;
        // A forked child never writes over its parent's log: without %p in the pattern, its pid goes before the
        // extension.
        if (parent_pid_ && pattern.find("%p") == std::string::npos) {
            const auto dot = pattern.rfind('.');
            pattern.insert(dot == std::string::npos || dot < pattern.rfind('/') + 1 ? pattern.size() : dot, ".%p");
        }
        const auto now = std::chrono::system_clock::now().time_since_epoch();
        info.path = OwnPath(ExpandOutputPattern(pattern, ProgramName(), getpid(),
                                                std::chrono::duration_cast<std::chrono::seconds>(now).count(), info.window));
        Session* log = Session::Open(*this, info);
        if (!log) return false;
        if (mid_run) {
            {
                std::lock_guard lock(mutex_);
                args_.clear();  // the snapshot states args anew; the next launch compares against nothing
            }
            WriteSnapshot(*this, *log, parent_pid_ == 0);
        }
        last_log_.store(log);
        session_.store(log, std::memory_order_release);
        return true;
    } catch (const std::exception& e) {
        Line(std::string("cannot open a log: ") + e.what());
        return false;
    }
}

void Capture::CloseLog() noexcept {
    if (Session* log = session_.exchange(nullptr, std::memory_order_acq_rel)) log->BeginClose();
}

void Capture::Apply(WindowAction action) noexcept {
    if (action == WindowAction::kOpen) OpenLog(true);
    else if (action == WindowAction::kClose) CloseLog();
}

// Calls made while a metal trace is being captured are its recipe, not executions: they are no boundary events
// (and a snapshot could not read buffers back then).
void Capture::BeforeBoundary() noexcept {
    if (tracker_.capturing_trace()) return;
    std::lock_guard lock(window_mutex_);
    Apply(windows_->Before(session() != nullptr));
}

void Capture::AfterBoundary() noexcept {
    std::lock_guard lock(window_mutex_);
    Apply(windows_->After(session() != nullptr));
}

void Capture::BeforeLightMetalBegin() noexcept {
    std::lock_guard lock(window_mutex_);
    Apply(windows_->BeforeLightMetalBegin(session() != nullptr));
}

void Capture::AfterLightMetalEnd() noexcept {
    std::lock_guard lock(window_mutex_);
    Apply(windows_->AfterLightMetalEnd(session() != nullptr));
}

void Capture::HoldLocksForFork(bool hold) noexcept {
    static bool held = false;  // only the forking thread runs the handlers
    if (hold && g_capture) {
        // The child's snapshot comes from the tracker: calls kept late must be in it first. (Not in a child that
        // has not called tt-metal yet: the log there is its parent's, whose writer thread it does not have.)
        if (Session* last = g_capture->last_log_.load(); last && !g_forked) last->DrainJournal();
        g_capture->mutex_.lock();
        g_capture->tracker_.mutex().lock();
        held = true;
    } else if (!hold && held) {
        g_capture->tracker_.mutex().unlock();
        g_capture->mutex_.unlock();
        held = false;
    }
}

void Capture::BeforeExec() noexcept {
    Capture* c = g_capture;
    if (!c || g_off || g_forked) return;
    std::lock_guard lock(c->window_mutex_);
    c->closed_for_exec_ = c->session() != nullptr;
    c->CloseLog();
}

void Capture::AfterFailedExec() noexcept {
    Capture* c = g_capture;
    if (!c || g_off || g_forked) return;
    std::lock_guard lock(c->window_mutex_);
    if (c->closed_for_exec_ && !c->session()) c->OpenLog(true);
    c->closed_for_exec_ = false;
}

void Capture::AfterFork() noexcept {
    // The parent's writer thread does not exist here and its file is the parent's: leave that log alone.
    if (Session* log = session_.exchange(nullptr)) log->Abandon();
    if (Session* log = last_log_.exchange(nullptr)) log->Abandon();
    clock_.AfterFork();
    parent_pid_ = getppid();
    if (!windowed_) OpenLog(true);
}

std::uint32_t Capture::ThreadNumber() noexcept {
    thread_local std::uint32_t number = 0;
    if (number == 0) number = ++next_thread_;
    return number;
}

namespace {
// Calls mostly name the objects the previous calls named: a small per-thread cache spares the lock. A new object
// at a recycled key (NewId) bumps the generation, which empties every thread's cache.
struct CachedId {
    Kind kind;
    std::uint64_t key, id, generation;
};
std::atomic<std::uint64_t> g_id_generation{1};
thread_local std::array<CachedId, 64> t_ids{};

CachedId& Slot(Kind kind, std::uint64_t key) {
    // The kind goes in before the multiply: keys of different kinds are often equal (program 0 and its kernel 0
    // both have key 0), and added after it the kind never reached the top bits, so such a pair shared one slot and
    // evicted each other on every call.
    const std::uint64_t kind_salt = (static_cast<std::uint64_t>(kind) + 1) * 0xD6E8FEB86659FD93ull;
    return t_ids[((key + kind_salt) * 0x9E3779B97F4A7C15ull) >> 58];
}
}  // namespace

std::uint64_t Capture::Id(Kind kind, std::uint64_t key) noexcept {
    CachedId& slot = Slot(kind, key);
    const std::uint64_t generation = g_id_generation.load(std::memory_order_acquire);
    if (slot.generation == generation && slot.kind == kind && slot.key == key) return slot.id;
    std::unique_lock lock(mutex_);
    auto [it, inserted] = ids_.try_emplace({kind, key}, 0);
    if (inserted) it->second = ++next_id_;
    slot = {kind, key, it->second, generation};
    return it->second;
}

std::uint64_t Capture::NewId(Kind kind, std::uint64_t key) noexcept {
    std::unique_lock lock(mutex_);
    g_id_generation.fetch_add(1, std::memory_order_acq_rel);
    return ids_[{kind, key}] = ++next_id_;
}

void Capture::Alias(Kind kind, std::uint64_t key, std::uint64_t id) noexcept {
    std::unique_lock lock(mutex_);
    g_id_generation.fetch_add(1, std::memory_order_acq_rel);
    ids_[{kind, key}] = id;
}

void Capture::DebugLine(std::uint64_t seq, layout::Api api) noexcept {
    const auto i = static_cast<std::size_t>(api);
    if (i < std::size(L::kApiNames)) Line("#" + std::to_string(seq) + " " + L::kApiNames[i]);
}

std::pair<std::uint64_t, bool> Capture::SourceId(const std::string& hash) {
    std::unique_lock lock(mutex_);
    const auto [it, fresh] = source_by_hash_.try_emplace(hash, 0);
    if (fresh) it->second = ++next_source_;
    return {it->second, fresh};
}

// A fresh source is serialized once and kept (snapshots need it); each log gets it before its first use.
std::uint64_t Capture::KeepSource(Session* log, std::uint64_t id, bool fresh, const std::string& path_as_given,
                                  const std::vector<SourceFile>& files) {
    namespace fs = std::filesystem;
    std::string bytes;
    if (fresh || log) {
        wire::Message m;
        auto e = m.InitRoot(L::Entry::kSize);
        auto k = m.InitStruct<L::Entry>(e, L::Entry::f_kernelSource, L::KernelSource::kSize);
        m.Set<L::KernelSource>(k, L::KernelSource::f_id, id);
        m.SetText<L::KernelSource>(k, L::KernelSource::f_path, path_as_given);
        auto list = m.InitStructList<L::KernelSource>(k, L::KernelSource::f_files, files.size(), L::SourceFile::kSize);
        const fs::path dir = fs::path(files[0].path).parent_path();
        for (std::size_t i = 0; i < files.size(); i++) {
            const std::string rel = i == 0 ? fs::path(files[0].path).filename().string()
                                           : fs::path(files[i].path).lexically_relative(dir).string();
            m.SetText<L::SourceFile>(m.Element(list, i), L::SourceFile::f_path, rel);
            m.SetText<L::SourceFile>(m.Element(list, i), L::SourceFile::f_content, files[i].content);
        }
        m.AppendTo(bytes);
    }
    if (log) log->EnsureSource(id, bytes);
    if (fresh) tracker_.AddSource(id, std::move(bytes));
    return id;
}

std::uint64_t Capture::KernelSourceFromFile(Session* log, const std::string& file_as_given) noexcept {
    try {
        static const std::string home = std::getenv("TT_METAL_HOME") ? std::getenv("TT_METAL_HOME") : "";
        static const std::string kpath = std::getenv("TT_METAL_KERNEL_PATH") ? std::getenv("TT_METAL_KERNEL_PATH") : "";
        const auto found = FindKernelFile(file_as_given, home, kpath);
        if (!found) return 0;
        const auto files = ReadSourceClosure(*found);
        if (!files) return 0;
        std::string key = file_as_given;
        for (const auto& f : *files) key += '\0' + f.path + '\0' + f.content;
        const auto [id, fresh] = SourceId(ContentKey(key.data(), key.size()));
        return KeepSource(log, id, fresh, file_as_given, *files);
    } catch (const std::exception& e) {
        Fail(std::string("cannot record a kernel source: ") + e.what());
        return 0;
    }
}

std::uint64_t Capture::KernelSourceFromText(Session* log, const std::string& text) noexcept {
    try {
        const auto [id, fresh] = SourceId(ContentKey(text.data(), text.size()));
        return KeepSource(log, id, fresh, "", {{"kernel.cpp", text}});
    } catch (const std::exception& e) {
        Fail(std::string("cannot record a kernel source: ") + e.what());
        return 0;
    }
}

void Capture::NoteQueueDevice(std::uint64_t queue_key, std::uint64_t device_key) noexcept {
    std::unique_lock lock(mutex_);
    queue_device_[queue_key] = device_key;
}

void Capture::CompleteDeviceReads(Session* log, std::uint64_t device_key) noexcept {
    if (!log) return;
    std::vector<std::uint64_t> queues;
    {
        std::unique_lock lock(mutex_);
        for (const auto& [q, d] : queue_device_)
            if (d == device_key) queues.push_back(q);
    }
    for (std::uint64_t q : queues) log->CompleteReads(q, ~0ull);
}

void Capture::NoteEvent(std::uint64_t event_key, std::uint64_t queue_key, std::uint64_t seq) noexcept {
    std::unique_lock lock(mutex_);
    events_[event_key] = {queue_key, seq};
}

bool Capture::EventQueue(std::uint64_t event_key, std::uint64_t& queue_key, std::uint64_t& seq) noexcept {
    std::unique_lock lock(mutex_);
    auto it = events_.find(event_key);
    if (it == events_.end()) return false;
    queue_key = it->second.first;
    seq = it->second.second;
    return true;
}

bool Capture::ArgsDiffer(const ArgsKey& key, const std::uint32_t* words, std::size_t n) noexcept {
    std::unique_lock lock(mutex_);
    auto& known = args_[key];
    if (known.size() == n && std::equal(known.begin(), known.end(), words)) return false;
    known.assign(words, words + n);
    return true;
}

void Capture::ExposeArgs(std::uint64_t kernel_id) noexcept {
    std::unique_lock lock(mutex_);
    exposed_kernels_.insert(kernel_id);
    any_exposed_ = true;
}

bool Capture::ArgsExposed(std::uint64_t kernel_id) noexcept {
    if (!any_exposed_.load(std::memory_order_acquire)) return false;  // most programs never hold references
    std::unique_lock lock(mutex_);
    return exposed_kernels_.count(kernel_id) != 0;
}

void Capture::Close() noexcept {
    std::lock_guard lock(window_mutex_);
    CloseLog();
    // Say why there is no log rather than leave the user looking for one.
    if (windowed_ && window_number_ == 0 && GetSettings().log != LogLevel::kQuiet) {
        static const char* kBoundary[] = {"program", "finish", "call"};
        Line("no capture window opened; " + std::to_string(windows_->events()) + " " +
             kBoundary[static_cast<int>(boundary_)] + " boundary events were counted");
    }
}

void Capture::EmergencyFlush() noexcept {
    if (Session* log = session()) log->EmergencyFlush();
}

}  // namespace ltcap
