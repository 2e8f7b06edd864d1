// One log file: what a capture window (or the whole run) writes. The process-wide Capture (capture.h) opens a
// Session when a window opens and closes it when the window closes; every call recorded in between goes to it.
//
// Calls hold the session they started in (Acquire/Release, through their thread's slot: call_slots.h) so a call
// that is in flight when its window closes still writes its return there; the last holder writes the end entry and
// closes the file. Sessions are never
// freed (a process opens a handful), so a pointer read just before the close stays valid.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <new>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "interpose/call_slots.h"
#include "interpose/clock.h"
#include "interpose/log_writer.h"
#include "interpose/state.h"
#include "schema/trace_layout.h"
#include "schema/wire.h"

namespace ltcap {

// The capture's call numbers (seqs: global across logs, in the order calls were recorded) and the lock every log's
// writer shares (LogWriter::Open). A call draws its number under the same lock it appends its entry with, so within
// a log seq order is log order, and recording a call takes one locked instruction (the lock's), not two. A call
// recorded in no log draws its number under the lock too (Next).
struct alignas(64) CallNumbers {
    SpinMutex lock;
    std::uint64_t NextLocked() noexcept { return ++last_; }  // `lock` held
    std::uint64_t Next() noexcept {
        std::lock_guard hold(lock);
        return NextLocked();
    }
    // In a forked child (one thread): another thread of the parent may have held the lock at the fork.
    void ResetInChild() noexcept { new (&lock) SpinMutex(); }

private:
    std::uint64_t last_ = 0;
};

// What a session needs of the process-wide capture (capture.h): the call numbers and the writers' lock, the tracked
// state (calls kept late reach it from the writer thread), the clock, and the tt-metal release the shim speaks
// (api/profile.h kProfile: the log header's ttMetalVersion).
struct SessionEnv {
    CallNumbers& seq;
    StateTracker& tracker;
    const CallClock& clock;
    const char* release;
};

struct SessionInfo {
    std::string path;
    unsigned window = 0;       // 0: the whole run
    bool starts_mid_run = false;
    int parent_pid = 0;        // a forked child's first log
    bool kernel_builds = false;  // kernelBinary entries follow the launches (binary_store.h)
};

class Session {
public:
    // Creates the file and writes the header; null with one "ltcap:" line if the file cannot be created.
    static Session* Open(const SessionEnv& env, const SessionInfo& info) noexcept;

    // A thread's Call entry whose end is still to be recorded (one per thread that calls into this log). The
    // thread sets end_ns without a lock when the call returns normally; whoever next holds the writer's lock — the
    // thread at its next call, a batch hand-off, the close — writes it into the entry (Call.endNs) while the entry
    // is in memory, or as a Return entry once it is not.
    struct OpenEnd {
        std::atomic<std::uint64_t> end_ns{0};
        // Under the writer's mutex:
        bool pending = false;
        std::uint64_t seq = 0;
        LogWriter::Spot spot;
        std::size_t at = 0;  // byte offset of endNs in the message at `spot`
        bool late = false;   // the call is kept late
    };

    // A call kept late: its records go to the tracker (state.h) from the log's writer thread, once its batch has
    // left for it, instead of being copied on the program's thread. Only for void calls whose keeping is nothing but
    // this (intercept.h: KeptLate): a Call entry ended in place is kept as the batch leaves; one whose end came
    // after is held until its Return entry; one that threw is dropped.
    using LateKeep = KeepAs;

    // Appends one message. EmitCall also assigns the call's seq (from the capture's counter) in the same step, so
    // within a log seq order is log order. With `open_end`, the Call entry's end is to be set later (EndLater) and
    // *open_end says where, or is null if the entry was not written. With `late`, the call is kept late.
    void Emit(wire::Message& m) noexcept;
    std::uint64_t EmitCall(wire::Message& m, wire::StructRef call, OpenEnd** open_end = nullptr,
                           const LateKeep* late = nullptr) noexcept;
    // A call that EmitCall opened returned normally at `end_ns` (no lock: one release store).
    static void EndLater(OpenEnd* e, std::uint64_t end_ns) noexcept { e->end_ns.store(end_ns, std::memory_order_release); }
    // The call threw: its end is a Return entry the caller writes, not endNs.
    void CancelEnd(OpenEnd* e) noexcept;
    void EmitBytes(const std::string& bytes) noexcept;  // whole messages serialized elsewhere (snapshot records)
    // Stores `size` bytes as a blob (once per distinct content within this log) and returns its id.
    std::uint64_t Blob(const void* data, std::uint64_t size) noexcept;
    // Blob bytes per message: well under readers' traversal limits.
    static constexpr std::uint64_t kBlobChunk = 4 << 20;
    static constexpr std::uint64_t kStreamBytes = 32 << 20;
    static constexpr std::uint64_t kStreamAbove = 2 << 20;  // a BlobFrom chunk is more than this: kBlobChunk / 2
    // The same for bytes not in memory yet, which go straight into the blob's messages: `fill(dst, offset, n)` puts
    // bytes [offset, offset + n) of the payload at dst (a device read back; no copy on the way). Each n is a multiple
    // of `piece` (at most kBlobChunk) except the one that ends the payload. Returns the blob's id — an earlier
    // blob's if the bytes equal it — or 0 if fill returned false or threw (the caller then stores the bytes another
    // way; chunks already written stay in the log under an id nothing refers to).
    // A payload of several chunks whose start is unlike that of every earlier payload of its size goes to the writer
    // chunk by chunk, as filled, through at most kStreamBytes of reused message memory; one that may equal an
    // earlier payload is kept whole until its key is known, and stored once.
    using Fill = std::function<bool(std::uint8_t* dst, std::uint64_t offset, std::uint64_t n)>;
    std::uint64_t BlobFrom(std::uint64_t size, std::uint64_t piece, const Fill& fill) noexcept;
    const char* release() const noexcept { return env_.release; }  // the tt-metal release the header names
    // This log's number among the logs the process opened (a new log may reuse a closed one's address).
    std::uint64_t serial() const noexcept { return serial_; }
    // A kernel source entry, written once per log before the first call naming it.
    void EnsureSource(std::uint64_t id, const std::string& entry_bytes) noexcept;
    void EmitReadData(std::uint64_t seq, const void* data, std::uint64_t size, std::uint64_t offset = 0) noexcept;
    // What launch `seq` left in the device's buffers (LTCAP_LAUNCH_OUTPUTS): each buffer's id, page size and bytes
    // (a blob, once per distinct content).
    struct LaunchBuffer {
        std::uint64_t id, page_size, blob, size;
    };
    void EmitLaunchOutputs(std::uint64_t seq, const std::vector<LaunchBuffer>& buffers) noexcept;
    // The module map, written before the first backtrace and again whenever modules were loaded or unloaded.
    void EnsureModules() noexcept;

    // Reads whose destination fills later (non-blocking): recorded when final, if this log is still open then.
    void AddPendingRead(std::uint64_t queue_key, std::uint64_t seq, const void* dst, std::uint64_t size,
                        std::uint64_t offset = 0) noexcept;
    void CompleteReads(std::uint64_t queue_key, std::uint64_t before_seq) noexcept;

    // In-flight calls, one hold per thread (nested holds of the same session count). Acquire fails once the session
    // is closing, or while the thread holds another.
    bool Acquire() noexcept;
    void Release() noexcept;
    // No new calls; the end entry is written when the last in-flight call releases (possibly right here).
    void BeginClose() noexcept;
    // Brings the tracker up to date with every call kept late that has ended (before a snapshot or a fork): their
    // ends are settled and the notes of every batch are handled, written or not (a fork waited for up to the
    // whole memory bound to reach the disk: seconds per fork under a busy writer).
    void DrainJournal() noexcept;
    // From a fatal signal: writes what is buffered, and when the process is going down of `signal` (nonzero: its
    // default action runs next), the end entry that says so (End.signal), if everything before it was written.
    void EmergencyFlush(int signal = 0) noexcept;
    // An exception reached std::terminate (process_end.h has its text): the end entry a dying process writes names
    // it. Called from the terminate handler, where allocating is still safe.
    void NoteUncaught() noexcept { PrepareDyingEnd(); }
    // A forked child must not touch the parent's file or writer thread: forget them.
    void Abandon() noexcept { abandoned_.store(true); }

    const std::string& path() const { return info_.path; }
    SpinMutex& mutex() { return writer_->mutex(); }

private:
    static inline std::atomic<std::uint64_t> next_serial_{0};
    const std::uint64_t serial_ = ++next_serial_;
    static std::string PrefixKey(const void* data, std::uint64_t size);
    // The end entry a dying process writes, made when the log opens with placeholder values whose bytes are found
    // again, so a signal handler only patches them in place (it must not allocate); made again, with the text, when
    // an exception reaches std::terminate (NoteUncaught).
    void PrepareDyingEnd() noexcept;
    struct DyingEnd {
        std::string bytes;
        std::size_t seq_at = 0, ns_at = 0, signal_at = 0;  // where its fields' bytes are
    };
    DyingEnd dying_[2];
    std::atomic<int> dying_current_{-1};  // the slot a handler takes; -1: none was made
    bool AppendChunkLocked(std::unique_lock<SpinMutex>& lock, std::string&& chunk);
    std::uint64_t StoreChunks(const std::string& key, std::uint64_t id, std::vector<std::string>& chunks);
    Session(const SessionEnv& env, SessionInfo info, LogWriter* writer)
        : env_(env), info_(std::move(info)), writer_(writer) {}
    std::uint64_t NextSeq() noexcept { return env_.seq.NextLocked(); }  // the writer's lock held
    void EmitHeader() noexcept;
    void Finish() noexcept;
    // What a failed write lost, as one line (the writer's mutex held, or the writer closed).
    std::string LossLocked() const noexcept;
    bool AppendLocked(std::unique_lock<SpinMutex>& lock, wire::Message& m, LogWriter::Spot* spot = nullptr) noexcept;
    OpenEnd* ThreadOpenEnd();  // under the writer's mutex
    // Writes an open end that has been set: into its entry if still in memory, else as a Return entry.
    void SettleLocked(std::unique_lock<SpinMutex>& lock, OpenEnd& e) noexcept;
    void SettleAllLocked(std::unique_lock<SpinMutex>& lock) noexcept;  // every thread's (a drain, the close)
    // The writer thread's half of keeping late: a batch's notes as the thread takes the batch (kNote* in
    // session.cc); or those of batches it has not taken yet, from DrainJournal (LogWriter::HandNotesOn). Never two
    // at once, always in batch order (LogWriter's notes mutex).
    void KeepLate(const std::string& batch, const std::vector<LogWriter::Note>& notes) noexcept;

    const SessionEnv env_;
    const SessionInfo info_;
    LogWriter* writer_;
    void LastOut() noexcept;
    std::atomic<bool> closing_{false};   // no new calls (BeginClose); the calls holding it are in the threads' slots
    std::atomic<bool> finished_{false};  // the end is being written (once)
    bool closed_ = false;                  // the end entry is written (under the writer's mutex)
    std::atomic<bool> abandoned_{false};  // checked before taking the writer's lock (the parent's, after a fork)
    std::uint64_t calls_ = 0, last_seq_ = 0;

    // Under the writer's mutex:
    std::unordered_map<std::string, std::uint64_t> blob_by_hash_;
    // The payloads stored (BlobFrom's, and Blob's over kStreamAbove): size and the key of their start (PrefixKey).
    std::set<std::string> prefixes_;
    std::uint64_t next_blob_ = 0;
    std::set<std::uint64_t> sources_;
    std::uint64_t modules_generation_ = ~0ull;
    struct PendingRead {
        std::uint64_t queue_key, seq;
        const void* dst;
        std::uint64_t size, offset;
    };
    std::vector<PendingRead> pending_reads_;
    std::vector<std::unique_ptr<OpenEnd>> open_ends_;

    // KeepLate's own: late-kept Call entries written before their end was known, by seq. On cache lines
    // of their own (alignas makes the object's size a multiple of 64 too): the writer thread writes them for every
    // note, and sharing a line with what the program's threads touch per call would make those touches miss.
    struct Awaiting {
        KeepAs as;
        std::string records;
    };
    alignas(64) std::unordered_map<std::uint64_t, Awaiting> awaiting_;
    std::string spare_records_;
};

// A call holds the session through its thread's slot (call_slots.h): one store and a compiler barrier each way.
// Inline: every recorded call takes and lets go of its session.
inline bool Session::Acquire() noexcept {
    CallSlots::Slot* slot = CallSlots::Mine();
    if (!slot) return false;
    if (slot->session_depth) {  // the thread holds a session already: only this one, and only while it is open
        if (slot->session.load(std::memory_order_relaxed) != this || closing_.load(std::memory_order_acquire))
            return false;
        slot->session_depth++;
        return true;
    }
    slot->session.store(this, std::memory_order_relaxed);
    CallSlots::ReaderFence();
    if (closing_.load(std::memory_order_relaxed)) [[unlikely]] {
        slot->session.store(nullptr, std::memory_order_release);
        LastOut();
        return false;
    }
    slot->session_depth = 1;
    return true;
}

inline void Session::Release() noexcept {
    CallSlots::Slot* slot = CallSlots::Mine();
    if (!slot || !slot->session_depth || --slot->session_depth) return;
    slot->session.store(nullptr, std::memory_order_release);
    CallSlots::ReaderFence();
    if (closing_.load(std::memory_order_relaxed)) [[unlikely]] LastOut();
}

// Holds a session for the length of one call (null if none was open or it was closing).
class SessionRef {
public:
    explicit SessionRef(Session* s) : s_(s && s->Acquire() ? s : nullptr) {}
    ~SessionRef() {
        if (s_) s_->Release();
    }
    SessionRef(const SessionRef&) = delete;
    SessionRef& operator=(const SessionRef&) = delete;
    Session* get() const { return s_; }

private:
    Session* s_;
};

}  // namespace ltcap
