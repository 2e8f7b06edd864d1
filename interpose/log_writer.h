// The capture log's file: records are appended to an in-memory batch and written by a background thread,
// so the traced program rarely waits on the disk. Memory is bounded: when the bound is reached, Append waits
// for the disk rather than dropping data. Messages are appended whole, so a log cut off by a crash is valid
// up to the last complete message; a compressed log (log_frames.h) up to the last complete batch.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "interpose/log_frames.h"
#include "interpose/spin_mutex.h"
#include "schema/wire.h"

namespace ltcap {

class LogWriter {
public:
    // Opens (truncates) `path`; `compress`: write Zstandard frames (log_frames.h), else the plain message stream.
    // `lock` guards the writer's batch; the owner may share it between writers and guard its own state with it too
    // (the capture draws its call numbers under it, session.h: CallNumbers). Returns null and sets `error` if the
    // file cannot be created.
    static LogWriter* Open(const std::string& path, std::uint64_t max_buffered, std::uint32_t flush_ms, bool compress,
                           SpinMutex& lock, std::string& error);
    ~LogWriter();

    // Appends whole messages; the caller holds mutex() (the capture keeps its own state under the same lock, so a
    // call costs one lock, not two). Never throws; returns false once the log has failed (disk error).
    bool AppendLocked(std::unique_lock<SpinMutex>& lock, const char* data, std::size_t size);
    SpinMutex& mutex() { return mutex_; }
    // Where a message was appended: it can be patched while its batch is still in memory.
    struct Spot {
        std::uint64_t batch = ~0ull;
        std::size_t offset = 0;
    };
    // Serializes `m` straight into the batch (no intermediate copy) and says where in `spot`; the caller holds
    // mutex().
    bool AppendMessageLocked(std::unique_lock<SpinMutex>& lock, wire::Message& m, Spot* spot = nullptr);
    // Overwrites the 8 bytes at byte `at` of the message appended at `spot`, if its batch has not been handed to
    // the writer thread yet (nothing of it can be on disk); false if it has. The caller holds mutex().
    bool PatchLocked(const Spot& spot, std::size_t at, std::uint64_t value);
    // Something the log's owner wants to hear about again once a message's batch has left (Session's late
    // journal, session.h): the writer keeps it with the batch and hands both to the SetOnNotes hook. `offset`
    // and `size` place the message in the batch; the rest is the owner's.
    struct Note {
        std::size_t offset = 0, size = 0;
        std::uint64_t seq = 0, owner = 0, replaces = 0, names = 0;  // a call kept late: state.h's KeepAs
        std::uint32_t end_at = 0, flag_at = 0;  // byte offsets in the message
        std::uint8_t flag_mask = 0, kind = 0;
    };
    // Adds a note to the batch being filled (for the message just appended at `spot`, if any); the caller holds
    // mutex(). Inline, so the note is stored field by field where it goes: built in the caller and copied here, its
    // 16-byte loads waited for the caller's 8-byte stores (a failed store forward, most of this function's time).
    void NoteLocked(const Note& note) {
        static_assert(sizeof(Note) == 64, "NoteLocked copies Note field by field: a new field goes there too");
        Note& n = notes_.emplace_back();
        n.offset = note.offset;
        n.size = note.size;
        n.seq = note.seq;
        n.owner = note.owner;
        n.replaces = note.replaces;
        n.names = note.names;
        n.end_at = note.end_at;
        n.flag_at = note.flag_at;
        n.flag_mask = note.flag_mask;
        n.kind = note.kind;
#if defined(__x86_64__)
        // A reused notes vector was last read by the writer thread: claim its lines ahead, as ClaimAhead does.
        const char* ahead = reinterpret_cast<const char*>(notes_.data() + notes_.size()) + 1024;
        if (ahead < reinterpret_cast<const char*>(notes_.data() + notes_.capacity()))
            asm volatile("prefetchw %0" : : "m"(*ahead));
#endif
    }
    // Called once per batch that has notes, in batch order, once the batch has left (its bytes are final): on the
    // writer thread without mutex() (only the notes lock), just before it writes the batch; or from HandNotesOn, on
    // its caller's thread with mutex() held. Not for batches that follow a failed write.
    void SetOnNotes(std::function<void(const std::string& batch, const std::vector<Note>& notes)> fn) {
        on_notes_ = std::move(fn);
    }
    // Called with mutex() held just before the batch being filled leaves (for the writer thread, or straight to
    // the file from a fatal signal): the last chance to patch it. It may only patch, not append.
    void SetBeforeHandOff(std::function<void()> fn) { before_hand_off_ = std::move(fn); }
    // A count of the owner's (calls recorded so far) that travels with each batch, so that after a failed write
    // the owner can say how much of its log reached the file (written_mark). The caller holds mutex().
    void SetMarkLocked(std::uint64_t mark) { mark_ = mark; }
    std::uint64_t written_mark() const { return written_mark_; }  // the mark of the last batch written whole
    // Called once, on the writer thread with no lock held, when a write first fails (failure() says why); nothing
    // more is written after it.
    void SetOnFailure(std::function<void()> fn) { on_failure_ = std::move(fn); }
    // Hands the batch being filled to the writer thread now, without waiting for it to be written (a log's header
    // goes out in a frame of its own, so any later cut keeps it).
    void Submit();
    // An empty string with at least `capacity` reserved, reusing the memory of batches already written when it
    // can (fresh memory costs a page fault per page).
    std::string TakeBuffer(std::size_t capacity);
    // A string of `size` bytes whose contents are unspecified, to be overwritten whole: a written batch's memory
    // with its old bytes when one is large enough (neither fresh pages nor zero-filling), else new. While more than
    // `reuse_above` bytes are buffered, it waits for one of them to be written rather than take new memory.
    std::string TakeSized(std::size_t size, std::uint64_t reuse_above = ~0ull);
    // The same for a large message the caller gives away (no copy into the batch); the caller holds mutex().
    bool AppendOwnedLocked(std::unique_lock<SpinMutex>& lock, std::string&& bytes);
    // Waits until everything appended so far is written.
    void Flush();
    // Hands the notes of everything appended so far to the SetOnNotes hook now, without waiting for the file: for
    // an owner that needs what they say (a fork's snapshot), not the disk. Waits at most for the writer thread to
    // finish handing on one batch's. The batch being filled leaves first if it has notes (SetBeforeHandOff patches
    // it).
    void HandNotesOn();
    // Flushes, stops the thread and closes the file.
    void Close();
    // Best effort from a fatal signal handler, one thread at a time (FlushGate): writes what is buffered straight
    // to the file, after a batch the writer thread is writing, and keeps the writer thread from taking one meanwhile,
    // so no batch is written twice. Writes nothing on the writer thread itself. `last`, when given, is asked (once,
    // only when everything appended was written) for one more message to end the file with (the log's end entry);
    // it must not allocate.
    void EmergencyFlush(const std::function<const std::string*()>& last = {});

    std::uint64_t bytes_written() const { return bytes_written_; }  // file bytes (after compression)
    std::uint64_t bytes_appended() const { return appended_; }       // message bytes (before)
    // Why a log meant to be compressed is not (libzstd missing), or empty; valid after Close.
    const std::string& compression_problem() const { return compression_problem_; }
    const std::string& path() const { return path_; }
    const std::string& failure() const { return failure_; }

private:
    LogWriter(int fd, std::string path, std::uint64_t max_buffered, std::uint32_t flush_ms, bool compress,
              SpinMutex& lock);
    struct Pending {
        std::string bytes;
        bool raw;  // a large payload message: stored, not compressed
        std::vector<Note> notes;
        std::uint64_t mark = 0;
    };
    void Run();
    bool WriteBatch(const Pending& p, FrameEncoder* encoder, std::string& scratch, std::uint64_t& file_bytes);
    bool WaitForRoom(std::unique_lock<SpinMutex>& lock, std::size_t size);
    void MakeRoom(std::size_t size);
    void HandOff();
    void ClaimAhead(std::size_t size);
    std::string TakeSpareLocked(std::size_t bytes, bool filled);

    const int fd_;
    const std::string path_;
    const std::uint64_t max_buffered_;
    const std::uint32_t flush_ms_;
    const bool compress_;

    SpinMutex& mutex_;  // the owner's (Open)
    std::condition_variable_any cv_;
    std::string batch_;               // being filled by the program's threads
    std::vector<Note> notes_;         // about messages in batch_
    std::vector<std::vector<Note>> spare_notes_;  // handed back by the writer thread, for reuse
    std::uint64_t batch_number_ = 0;  // counts batches handed off (Spot validity)
    std::deque<Pending> queue_;       // full batches waiting for the writer thread
    std::vector<std::string> spare_;  // written batches kept for reuse (TakeBuffer), old bytes and size kept
    std::uint64_t buffered_ = 0;      // bytes in batch_ and queue_
    std::uint64_t appended_ = 0, flushed_ = 0;  // byte counters for Flush
    bool stopping_ = false;
    std::atomic<bool> writing_ = false;  // the thread is inside write(2) with a batch it took
    // How many batches at the queue's head an emergency flush wrote (and counted): the writer thread drops them
    // unwritten. The flush cannot remove them itself: freeing memory in a signal handler can deadlock on the
    // allocator's lock the interrupted thread holds.
    std::size_t emergency_written_ = 0;
    std::string failure_;
    std::string compression_problem_;  // written by the writer thread before it takes its first batch
    std::uint64_t bytes_written_ = 0;
    std::uint64_t mark_ = 0, written_mark_ = 0;
    std::function<void()> before_hand_off_;
    std::function<void()> on_failure_;
    std::function<void(const std::string&, const std::vector<Note>&)> on_notes_;
    std::mutex notes_mutex_;  // one batch's notes handed on at a time, in order; taken with mutex_ held
    std::thread thread_;
};

}  // namespace ltcap
