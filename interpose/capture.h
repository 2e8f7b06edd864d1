// The process-wide capture: the settings it runs with, the call counter and clock, the tracked state (state.h), the
// capture windows and the log (Session) of the window open now, if any — and the units that each keep one job's
// state: object ids (object_ids.h), kernel sources (source_store.h), read completion (read_completion.h), the
// runtime-args shadow (args_shadow.h). Process events (signals, exit, fork) are process_hooks.h's; exec is exec.cc's.
//
// Capture::Get() starts on the first intercepted call (so children that inherit LD_PRELOAD and never call
// tt-metal — compilers, shells — write nothing). Without triggers a whole-run log opens right then; with
// triggers the shim only tracks state until a window opens (capture_ctl/window.h), and each window's log starts
// with a snapshot of the state when objects exist. Every member is noexcept: a failure inside the shim prints one
// "ltcap:" line (report.h), turns capture off for good, and the program goes on.
#pragma once

#include <atomic>
#include <iterator>
#include <cstdint>
#include <mutex>
#include <shared_mutex>
#include <string>

#include "capture_ctl/settings.h"
#include "capture_ctl/window.h"
#include "interpose/args_shadow.h"
#include "interpose/call_slots.h"
#include "interpose/clock.h"
#include "interpose/mesh_registry.h"
#include "interpose/object_ids.h"
#include "interpose/own_logs.h"
#include "interpose/process_hooks.h"
#include "interpose/read_completion.h"
#include "interpose/report.h"
#include "interpose/session.h"
#include "interpose/binary_store.h"
#include "interpose/source_store.h"
#include "interpose/state.h"
#include "schema/trace_layout.h"

namespace ltcap {

class Capture {
public:
    // The capture, or null when it is off (disabled, bad settings, or after a failure). Inline on every call: once
    // started, three relaxed-or-acquire loads; the first call (start), a forked child's first and a capture turned
    // off take GetSlow.
    static Capture* Get() noexcept {
        Capture* c = started_.load(std::memory_order_acquire);
        if (c && !report::Off() && !g_forked.load(std::memory_order_relaxed)) [[likely]] return c;
        return GetSlow();
    }

    // The log being written, or null between windows (only state is tracked then).
    Session* session() const noexcept { return session_.load(std::memory_order_acquire); }
    StateTracker& tracker() noexcept { return tracker_; }
    ObjectIds& ids() noexcept { return ids_; }
    SourceStore& sources() noexcept { return sources_; }
    BinaryStore& binaries() noexcept { return binaries_; }
    ReadCompletion& reads() noexcept { return reads_; }
    MeshRegistry& meshes() noexcept { return meshes_; }
    ArgsShadow& args() noexcept { return args_; }

    std::uint64_t NextSeq() noexcept { return seq_.Next(); }  // a call recorded in no log
    [[gnu::always_inline]] std::uint64_t NowNs() const noexcept { return clock_.Now(); }  // ns since the capture started
    std::uint32_t ThreadNumber() noexcept;

    // Capture windows. Boundary events and LightMetal calls report here; a window opens (with a snapshot) or
    // closes before/after the call as WindowControl says. No-ops for a whole-run capture.
    bool windowed() const noexcept { return windowed_; }
    Boundary boundary() const noexcept { return boundary_; }
    void BeforeBoundary() noexcept;
    void AfterBoundary() noexcept;
    void BeforeLightMetalBegin() noexcept;
    void AfterLightMetalEnd() noexcept;

    // LTCAP_LOG=debug: "ltcap: #SEQ function" on stderr.
    void DebugLine(std::uint64_t seq, layout::Api api) noexcept;
    bool capture_reads() const noexcept { return capture_reads_; }
    bool debug() const noexcept { return debug_; }
    bool launch_outputs() const noexcept { return launch_outputs_; }  // LTCAP_LAUNCH_OUTPUTS
    // Whether calls of `api` record their call stack (LTCAP_BACKTRACE).
    bool WantsBacktrace(layout::Api api) const noexcept {
        const auto i = static_cast<std::size_t>(api);
        return backtrace_all_ || (i < std::size(backtrace_apis_) && backtrace_apis_[i]);
    }
    // Held across calls that must reach tt-metal in log order (api/rules.h: kOrdered).
    std::mutex& order_mutex() noexcept { return order_mutex_; }
    // In a forked child (the fork handler's): the order and keeping locks as no thread but this one holds them. The
    // parent's other threads may have been inside calls holding them at the fork, and those threads are not here: the
    // child's first call would wait for them forever.
    void ResetCallLocksInChild() noexcept;
    // Calls whose records the tracker keeps say so in their thread's slot (call_slots.h) from before they look for the
    // log until they are kept; a window's log opening with its snapshot raises keeping_closed and waits for those
    // slots. A call that finds it raised takes keeping_mutex shared instead, which the opening holds exclusive.
    bool keeping_closed() const noexcept { return keeping_closed_.load(std::memory_order_relaxed); }
    std::shared_mutex& keeping_mutex() noexcept { return keeping_mutex_; }

    // At exit: closes the open log.
    void Close() noexcept;
    // From a fatal signal: writes what is buffered, and the end entry saying the process died of `signal` (0: it
    // may go on: no end entry).
    void EmergencyFlush(int signal = 0) noexcept;
    // An exception reached std::terminate: the open log's end entry for a dying process names it.
    void NoteUncaught() noexcept;
    // Around fork (process_hooks.cc): brings the tracker up to date, then holds every lock a child may need, so none
    // is left held by a thread that is not there; the child then leaves the parent's log alone and opens its own.
    void LockForFork(bool parent_log_usable) noexcept;
    void UnlockAfterFork() noexcept;
    void AfterFork() noexcept;
    // Around exec (exec.cc): the log is closed before; if exec returns (it failed), capture resumes in a new log.
    static void BeforeExec() noexcept;
    static void AfterFailedExec() noexcept;
    // The environment entry that hands the next image the logs this process wrote (own_logs.h); empty if none.
    static std::string ExecEnvironmentEntry() noexcept;

    // A call that can go straight to tt-metal: it changes no tracked state (the caller's to know), no log is open, no
    // metal trace is being captured, and it is no boundary event here (so no window opens or closes at it).
    [[gnu::always_inline]] bool Idle(layout::Api api) const noexcept {
        return session_.load(std::memory_order_acquire) == nullptr && tracker_.capturing_trace() == 0 &&
               (!windowed_ || !WindowControl::IsBoundary(boundary_, api));
    }

private:
    static Capture* GetSlow() noexcept;
    static std::atomic<Capture*> started_;  // set once the capture has started
    Capture() : sources_(tracker_) {}
    bool Start() noexcept;
    void Apply(WindowAction action) noexcept;  // under window_mutex_
    // Opens a log; with `with_state`, one that starts with a snapshot when objects exist.
    bool OpenLog(bool with_state) noexcept;
    void CloseLog() noexcept;

    bool capture_reads_ = true;
    bool debug_ = false;
    bool launch_outputs_ = false;
    bool windowed_ = false;
    bool backtrace_all_ = false;
    Boundary boundary_ = Boundary::kProgram;
    CallClock clock_;
    int parent_pid_ = 0;  // set in a forked child

    std::atomic<Session*> session_{nullptr};
    // The newest log opened: calls it kept late (api/rules.h: KeptLate) may still be on their way to the tracker.
    std::atomic<Session*> last_log_{nullptr};
    std::mutex window_mutex_;  // window transitions
    WindowControl* windows_ = nullptr;
    unsigned window_number_ = 0;
    bool closed_for_exec_ = false;
    OwnLogs own_logs_;  // under window_mutex_, or before any other thread can open a log
    // By Api value: one per function any profile has (after the fields every call reads with the clock, so its size
    // does not move them).
    bool backtrace_apis_[std::size(layout::kApiNames)] = {};
    // The tracker and the call counter on cache lines of their own: the log's writer thread takes the tracker's
    // lock for every call it keeps late, and every call reads session_ and takes seq_'s lock.
    alignas(64) StateTracker tracker_;
    CallNumbers seq_;
    std::mutex order_mutex_;
    std::shared_mutex keeping_mutex_;
    std::atomic<bool> keeping_closed_{false};
    std::atomic<std::uint32_t> next_thread_{0};
    ObjectIds ids_;
    SourceStore sources_;
    BinaryStore binaries_;
    ReadCompletion reads_;
    MeshRegistry meshes_;
    ArgsShadow args_;
};

// A call's hold on the capture's order lock, which it also notes in its thread's `held` flag: a forked child's one
// thread must know whether it holds it (ResetCallLocksInChild).
extern constinit thread_local bool t_keeping_held, t_order_held;
class OrderHold {
public:
    OrderHold(std::mutex& m, bool& held) : m_(m), held_(held) {
        m.lock();
        held = true;
    }
    ~OrderHold() {
        held_ = false;
        m_.unlock();
    }
    OrderHold(const OrderHold&) = delete;
    OrderHold& operator=(const OrderHold&) = delete;

private:
    std::mutex& m_;
    bool& held_;
};

// A call whose records are kept, for its length: its slot's `keeping` flag, or while a window opens (or without a
// slot) the keeping lock's shared side, noted in t_keeping_held as the order lock is.
class KeepingShare {
public:
    [[gnu::always_inline]] explicit KeepingShare(Capture& cap) noexcept : cap_(cap), slot_(CallSlots::Mine()) {
        if (slot_) [[likely]] {
            slot_->keeping.store(true, std::memory_order_relaxed);
            CallSlots::ReaderFence();
            if (!cap.keeping_closed()) [[likely]] return;
            slot_->keeping.store(false, std::memory_order_release);
            slot_ = nullptr;
        }
        cap.keeping_mutex().lock_shared();
        t_keeping_held = true;
    }
    [[gnu::always_inline]] ~KeepingShare() {
        if (slot_) [[likely]] {
            slot_->keeping.store(false, std::memory_order_release);
            return;
        }
        t_keeping_held = false;
        cap_.keeping_mutex().unlock_shared();
    }
    KeepingShare(const KeepingShare&) = delete;
    KeepingShare& operator=(const KeepingShare&) = delete;

private:
    Capture& cap_;
    CallSlots::Slot* slot_;
};

// Writes the synthesized records that recreate the tracked state into a log that opens mid-run, then the
// contents of live buffers read back from the device (snapshot.cc). `read_contents` is false in a forked child,
// which has no device threads.
void WriteSnapshot(Capture& cap, Session& log, bool read_contents) noexcept;
// After launch `seq` (LTCAP_LAUNCH_OUTPUTS=1): every device synchronized, every live allocated buffer read back whole
// and written as the launch's launchOutputs entry (snapshot.cc, which reads buffers back the same way).
void WriteLaunchOutputs(Capture& cap, Session& log, std::uint64_t seq) noexcept;

}  // namespace ltcap
