// The process-wide capture: settings, global object ids, the call counter, the tracked state (state.h), the
// capture windows, and the log (Session) of the window open now, if any.
//
// Capture::Get() starts on the first intercepted call (so children that inherit LD_PRELOAD and never call
// tt-metal — compilers, shells — write nothing). Without triggers a whole-run log opens right then; with
// triggers the shim only tracks state until a window opens (capture_ctl/window.h), and each window's log starts
// with a snapshot of the state when objects exist. Every member is noexcept: a failure inside the shim prints one
// "ltcap:" line, turns capture off for good, and the program goes on.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <shared_mutex>
#include <string>
#include <tuple>
#include <vector>

#include "capture_ctl/settings.h"
#include "capture_ctl/window.h"
#include "common/kernel_sources.h"
#include "interpose/clock.h"
#include "interpose/session.h"
#include "interpose/state.h"
#include "schema/trace_layout.h"
#include "schema/wire.h"

namespace ltcap {

using Kind = layout::ObjectKind;

class Capture {
public:
    // The capture, or null when it is off (disabled, bad settings, or after a failure).
    static Capture* Get() noexcept;
    // Turns capture off with one line on stderr (the first failure only).
    static void Fail(const std::string& what) noexcept;
    // One "ltcap: …" line on stderr.
    static void Line(const std::string& text) noexcept;
    static std::string ProgramName();

    // The log being written, or null between windows (only state is tracked then).
    Session* session() const noexcept { return session_.load(std::memory_order_acquire); }
    StateTracker& tracker() noexcept { return tracker_; }

    // Global ids. Id() returns the object's id, giving it one on first sight; NewId() always gives a fresh one
    // (objects a call just created: a new buffer at a recycled address is a new object).
    std::uint64_t Id(Kind kind, std::uint64_t key) noexcept;
    std::uint64_t NewId(Kind kind, std::uint64_t key) noexcept;
    // A second key for an object that has an id (a kernel is a program's handle and a Kernel object).
    void Alias(Kind kind, std::uint64_t key, std::uint64_t id) noexcept;
    std::uint64_t NextSeq() noexcept { return seq_.fetch_add(1, std::memory_order_relaxed) + 1; }

    // Kernel sources (a file and what it includes with quotes, or text): kept for snapshots and written to `log`
    // before the call naming them. Returns the source's id; 0 if the file cannot be read (the call then fails in
    // tt-metal the same way).
    std::uint64_t KernelSourceFromFile(Session* log, const std::string& file_as_given) noexcept;
    std::uint64_t KernelSourceFromText(Session* log, const std::string& text) noexcept;

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
    std::uint64_t NowNs() const noexcept { return clock_.Now(); }  // ns since the capture started
    std::uint32_t ThreadNumber() noexcept;
    bool capture_reads() const noexcept { return capture_reads_; }
    bool debug() const noexcept { return debug_; }
    // Whether calls of `api` record their call stack (LTCAP_BACKTRACE).
    bool WantsBacktrace(layout::Api api) const noexcept {
        return backtrace_all_ || (static_cast<std::size_t>(api) < 128 && backtrace_apis_[static_cast<std::size_t>(api)]);
    }
    // Held across calls that must reach tt-metal in log order (intercept.h: OrderedWithAllocations).
    std::mutex& order_mutex() noexcept { return order_mutex_; }
    // Shared by calls whose records the tracker keeps, from before they look for the log until they are kept;
    // exclusive while a window's log opens with its snapshot.
    std::shared_mutex& keeping_mutex() noexcept { return keeping_mutex_; }

    // Non-blocking reads become final at a queue's Finish, a device's Synchronize/Close, an event's synchronize.
    void CompleteDeviceReads(Session* log, std::uint64_t device_key) noexcept;
    void NoteQueueDevice(std::uint64_t queue_key, std::uint64_t device_key) noexcept;
    void NoteEvent(std::uint64_t event_key, std::uint64_t queue_key, std::uint64_t seq) noexcept;
    bool EventQueue(std::uint64_t event_key, std::uint64_t& queue_key, std::uint64_t& seq) noexcept;

    // Runtime args as the current log has them so far, to find in-place edits at launch time.
    using ArgsKey = std::tuple<std::uint64_t, bool, std::uint32_t, std::uint32_t>;  // kernel id, common, x, y
    bool ArgsDiffer(const ArgsKey& key, const std::uint32_t* words, std::size_t n) noexcept;  // and remembers them
    // Kernels whose args the program holds references to (GetRuntimeArgs): only these can change in place.
    void ExposeArgs(std::uint64_t kernel_id) noexcept;
    bool ArgsExposed(std::uint64_t kernel_id) noexcept;

    // At exit: closes the open log.
    void Close() noexcept;
    // From a fatal signal: writes what is buffered.
    void EmergencyFlush() noexcept;
    // In a forked child (pthread_atfork): the parent's log is left alone; the child opens its own.
    void AfterFork() noexcept;
    // Around exec (exec.cc): the log is closed before; if exec returns (it failed), capture resumes in a new log.
    static void BeforeExec() noexcept;
    static void AfterFailedExec() noexcept;

private:
    static void HoldLocksForFork(bool hold) noexcept;
    Capture() = default;
    bool Start() noexcept;
    void Apply(WindowAction action) noexcept;  // under window_mutex_
    // Opens a log; with `with_state`, one that starts with a snapshot when objects exist.
    bool OpenLog(bool with_state) noexcept;
    void CloseLog() noexcept;
    // The id for a kernel source with this content hash, and whether it is new (so not yet kept).
    std::pair<std::uint64_t, bool> SourceId(const std::string& hash);
    std::uint64_t KeepSource(Session* log, std::uint64_t id, bool fresh, const std::string& path_as_given,
                             const std::vector<SourceFile>& files);

    bool capture_reads_ = true;
    bool debug_ = false;
    bool windowed_ = false;
    bool backtrace_all_ = false;
    bool backtrace_apis_[128] = {};
    Boundary boundary_ = Boundary::kProgram;
    CallClock clock_;
    int parent_pid_ = 0;  // set in a forked child

    std::atomic<Session*> session_{nullptr};
    // The newest log opened: calls it kept late (state.h: KeptLate) may still be on their way to the tracker.
    std::atomic<Session*> last_log_{nullptr};
    std::mutex window_mutex_;  // window transitions
    WindowControl* windows_ = nullptr;
    unsigned window_number_ = 0;
    bool closed_for_exec_ = false;
    // The tracker and the call counter on cache lines of their own: the log's writer thread takes the tracker's
    // lock for every call it keeps late, and every call reads session_ and bumps seq_.
    alignas(64) StateTracker tracker_;

    alignas(64) std::atomic<std::uint64_t> seq_{0};
    std::mutex order_mutex_;
    std::shared_mutex keeping_mutex_;
    std::mutex mutex_;  // guards everything below
    std::uint64_t next_id_ = 0;
    std::map<std::pair<Kind, std::uint64_t>, std::uint64_t> ids_;
    std::uint64_t next_source_ = 0;
    std::map<std::string, std::uint64_t> source_by_hash_;
    std::map<std::uint64_t, std::uint64_t> queue_device_;
    std::map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> events_;  // event → (queue, seq)
    std::map<ArgsKey, std::vector<std::uint32_t>> args_;
    std::set<std::uint64_t> exposed_kernels_;
    std::atomic<bool> any_exposed_{false};
    std::atomic<std::uint32_t> next_thread_{0};
};

// Writes the synthesized records that recreate the tracked state into a log that opens mid-run, then the
// contents of live buffers read back from the device (snapshot.cc). `read_contents` is false in a forked child,
// which has no device threads.
void WriteSnapshot(Capture& cap, Session& log, bool read_contents) noexcept;

}  // namespace ltcap
