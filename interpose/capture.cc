#include "interpose/capture.h"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <new>

#include "api/profile.h"
#include "interpose/loader_lock.h"
#include "interpose/process_hooks.h"

namespace ltcap {

constinit thread_local int t_depth = 0;  // intercept.h
constinit thread_local bool t_keeping_held = false, t_order_held = false;
namespace L = layout;
namespace {

std::once_flag g_start_once;
Capture* g_capture = nullptr;

}  // namespace

std::atomic<Capture*> Capture::started_{nullptr};

Capture* Capture::GetSlow() noexcept {
    if (report::Off()) return nullptr;
    std::call_once(g_start_once, [] {
        const Settings& s = GetSettings();
        report::SetStatusFile(s.status_file);
        if (!s.error.empty()) {
            report::Line(s.error + "; capture is off");
            report::TurnOff();
            return;
        }
        if (!s.enabled) {
            report::TurnOff();
            return;
        }
        auto* c = new Capture();
        if (!c->Start()) {
            report::TurnOff();
            return;  // leaked on purpose: a half-started capture may be referenced by handlers
        }
        g_capture = c;
        started_.store(c, std::memory_order_release);
    });
    Capture* c = g_capture;
    if (!c || report::Off()) return nullptr;
    if (TakeForked()) [[unlikely]] c->AfterFork();  // the first call in a forked child
    return c;
}

bool Capture::Start() noexcept {
    try {
        const Settings& s = GetSettings();
        capture_reads_ = s.capture_reads;
        debug_ = s.log == LogLevel::kDebug;
        launch_outputs_ = s.launch_outputs;
        windowed_ = s.windowed();
        boundary_ = s.boundary;
        backtrace_all_ = s.backtrace_all;
        for (const std::string& name : s.backtrace_functions)
            for (std::size_t i = 0; i < std::size(L::kApiNames); i++)
                if (name == L::kApiNames[i]) backtrace_apis_[i] = true;
        clock_.Start(true);
        CallSlots::Init();  // before any call reads the choice of barrier (the capture is not published yet)
        own_logs_.Inherit(std::getenv(OwnLogs::kVariable), getpid());  // an earlier image's, across exec
        if (windowed_) windows_ = new WindowControl(s);
        else if (!OpenLog(false)) return false;
        InstallProcessHooks(*this, windows_, s.trigger_signal);
        return true;
    } catch (const std::exception& e) {
        report::Lost(std::string("cannot start capture: ") + e.what());
        return false;
    }
}

bool Capture::OpenLog(bool with_state) noexcept {
    try {
        // No kept record changes between deciding on, and writing, the snapshot and publishing the log: calls that
        // keep records wait (KeepingShare), and those already past that point are waited for (but for this
        // thread's own, if it opens the window from inside such a call).
        struct KeepingClosed {
            Capture* cap = nullptr;
            std::unique_lock<std::shared_mutex> lock;
            ~KeepingClosed() {
                if (cap) cap->keeping_closed_.store(false, std::memory_order_release);
            }
        } keeping;
        if (with_state) {
            keeping.lock = std::unique_lock(keeping_mutex_);
            keeping.cap = this;
            keeping_closed_.store(true, std::memory_order_relaxed);
            CallSlots::Barrier();
            CallSlots::WaitNoneKeeping(CallSlots::Mine());
        }
        if (Session* last = last_log_.load(); last && with_state) last->DrainJournal();
        const bool mid_run = with_state && !tracker_.empty();
        const Settings& s = GetSettings();
        SessionInfo info;
        info.window = windowed_ ? ++window_number_ : 0;
        info.starts_mid_run = mid_run;
        info.parent_pid = parent_pid_;
        info.kernel_builds = BinaryStore::Listed();
        std::string pattern = s.output;
        // A forked child never writes over its parent's log: without %p in the pattern, its pid goes before the
        // extension.
        if (parent_pid_ && pattern.find("%p") == std::string::npos) {
            const auto dot = pattern.rfind('.');
            pattern.insert(dot == std::string::npos || dot < pattern.rfind('/') + 1 ? pattern.size() : dot, ".%p");
        }
        const auto now = std::chrono::system_clock::now().time_since_epoch();
        // Never a log this process wrote already, in this image or one before an exec (own_logs.h).
        info.path = own_logs_.Fresh(ExpandOutputPattern(pattern, report::ProgramName(), getpid(),
                                                        std::chrono::duration_cast<std::chrono::seconds>(now).count(),
                                                        info.window));
        Session* log = Session::Open(SessionEnv{seq_, tracker_, clock_, kProfile}, info);
        if (!log) return false;
        own_logs_.Add(info.path);
        if (mid_run) {
            args_.Forget();  // the snapshot states args anew; the next launch compares against nothing
            WriteSnapshot(*this, *log, parent_pid_ == 0);
        }
        last_log_.store(log);
        session_.store(log, std::memory_order_release);
        return true;
    } catch (const std::exception& e) {
        report::Lost(std::string("cannot open a log: ") + e.what());
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

// Only the forking thread runs the fork handlers, so the locks are taken and released by one thread.
void Capture::LockForFork(bool parent_log_usable) noexcept {
    // The child's snapshot comes from the tracker: calls kept late must be in it first. (Not in a child that has not
    // called tt-metal yet: the log there is its parent's, whose writer thread it does not have.)
    if (Session* last = last_log_.load(); last && parent_log_usable) last->DrainJournal();
    ids_.mutex().lock();
    sources_.mutex().lock();
    binaries_.mutex().lock();
    reads_.mutex().lock();
    meshes_.mutex().lock();
    args_.mutex().lock();
    tracker_.mutex().lock();
    LoaderLock().lock();  // no dlopen of ours half done in the child (loader_lock.h)
}

void Capture::ResetCallLocksInChild() noexcept {
    CallSlots::AfterForkInChild();  // the other threads' calls are not here
    seq_.ResetInChild();            // a parent's writer thread or call may have held the logs' lock
    keeping_closed_.store(false);
    keeping_mutex_.~shared_mutex();
    new (&keeping_mutex_) std::shared_mutex();
    if (t_keeping_held) keeping_mutex_.lock_shared();  // forked inside such a call: its scope releases it
    order_mutex_.~mutex();
    new (&order_mutex_) std::mutex();
    if (t_order_held) order_mutex_.lock();
}

void Capture::UnlockAfterFork() noexcept {
    LoaderLock().unlock();
    tracker_.mutex().unlock();
    args_.mutex().unlock();
    meshes_.mutex().unlock();
    reads_.mutex().unlock();
    binaries_.mutex().unlock();
    sources_.mutex().unlock();
    ids_.mutex().unlock();
}

void Capture::BeforeExec() noexcept {
    Capture* c = g_capture;
    if (!c || report::Off() || InForkedChild()) return;
    std::lock_guard lock(c->window_mutex_);
    c->closed_for_exec_ = c->session() != nullptr;
    c->CloseLog();
}

std::string Capture::ExecEnvironmentEntry() noexcept {
    Capture* c = g_capture;
    if (!c || InForkedChild()) return {};
    try {
        std::lock_guard lock(c->window_mutex_);
        return c->own_logs_.EnvironmentEntry(getpid());
    } catch (...) {
        return {};  // no room to say it: the next image may take a name this one used, as it would have anyway
    }
}

void Capture::AfterFailedExec() noexcept {
    Capture* c = g_capture;
    if (!c || report::Off() || InForkedChild()) return;
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

void Capture::DebugLine(std::uint64_t seq, layout::Api api) noexcept {
    const auto i = static_cast<std::size_t>(api);
    if (i < std::size(L::kApiNames)) report::Line("#" + std::to_string(seq) + " " + L::kApiNames[i]);
}

void Capture::Close() noexcept {
    std::lock_guard lock(window_mutex_);
    CloseLog();
    // Say why there is no log rather than leave the user looking for one.
    if (windowed_ && window_number_ == 0 && GetSettings().log != LogLevel::kQuiet) {
        static const char* kBoundary[] = {"program", "finish", "call"};
        report::Line("no capture window opened; " + std::to_string(windows_->events()) + " " +
                     kBoundary[static_cast<int>(boundary_)] + " boundary events were counted");
    }
}

void Capture::EmergencyFlush(int signal) noexcept {
    if (Session* log = session()) log->EmergencyFlush(signal);
}

void Capture::NoteUncaught() noexcept {
    if (Session* log = session()) log->NoteUncaught();
}

}  // namespace ltcap
