#include "interpose/log_writer.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>

#include "common/write_fully.h"

namespace ltcap {
namespace {
constexpr std::size_t kBatchBytes = 1 << 20;  // hand a batch to the writer thread once it holds 1 MiB
// Room for a batch's notes (one per call kept late; such a call's entry takes about 100 bytes).
constexpr std::size_t kNotesPerBatch = kBatchBytes / 64;
constexpr std::size_t kSpareBatches = 32;  // written batches kept for reuse
constexpr std::size_t kSpareNotes = 8;     // and their notes

// A millisecond's wait that is safe in a signal handler.
void SleepMs() {
    const timespec ms{0, 1000000};
    nanosleep(&ms, nullptr);
}
}

LogWriter* LogWriter::Open(const std::string& path, std::uint64_t max_buffered, std::uint32_t flush_ms, bool compress,
                           SpinMutex& lock, std::string& error) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        error = "cannot create " + path + ": " + std::strerror(errno);
        return nullptr;
    }
    return new LogWriter(fd, path, max_buffered, flush_ms, compress, lock);
}

LogWriter::LogWriter(int fd, std::string path, std::uint64_t max_buffered, std::uint32_t flush_ms, bool compress,
                     SpinMutex& lock)
    : fd_(fd), path_(std::move(path)), max_buffered_(max_buffered), flush_ms_(flush_ms), compress_(compress),
      mutex_(lock) {
    batch_.reserve(kBatchBytes);
    // The writer thread starts with every signal blocked, so a signal sent to the process (SIGTERM, SIGINT, a
    // trigger) is handled on one of the program's threads, never in the middle of a batch being written; faults
    // of its own still reach it (they cannot be blocked).
    sigset_t all, before;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &before);
    try {
        thread_ = std::thread([this] { Run(); });
    } catch (...) {
        pthread_sigmask(SIG_SETMASK, &before, nullptr);
        throw;
    }
    pthread_sigmask(SIG_SETMASK, &before, nullptr);
}

LogWriter::~LogWriter() { Close(); }

bool LogWriter::AppendOwnedLocked(std::unique_lock<SpinMutex>& lock, std::string&& bytes) {
    if (bytes.size() < kBatchBytes) return AppendLocked(lock, bytes.data(), bytes.size());
    if (!WaitForRoom(lock, bytes.size())) return false;
    if (!batch_.empty()) MakeRoom(batch_.capacity());  // keep order: what is in the batch goes first
    buffered_ += bytes.size();
    appended_ += bytes.size();
    queue_.push_back({std::move(bytes), true, {}, mark_});
    cv_.notify_all();
    return true;
}

// Waits until `size` more bytes fit the memory bound; a message always fits when nothing else is buffered.
bool LogWriter::WaitForRoom(std::unique_lock<SpinMutex>& lock, std::size_t size) {
    if (!failure_.empty() || stopping_) return false;
    if (buffered_ != 0 && buffered_ + size > max_buffered_)
        cv_.wait(lock, [&] { return buffered_ == 0 || buffered_ + size <= max_buffered_ || !failure_.empty(); });
    return failure_.empty();
}

// Makes room in the batch for `size` more bytes without it growing: a full batch goes to the writer thread and a
// written one is reused (growing a string copies it; fresh memory costs a page fault per page).
void LogWriter::MakeRoom(std::size_t size) {
    if (batch_.empty() || batch_.size() + size <= batch_.capacity()) return;
    HandOff();
    for (auto it = spare_.begin(); it != spare_.end(); ++it) {
        if (it->capacity() >= kBatchBytes) {
            batch_ = std::move(*it);
            batch_.clear();
            spare_.erase(it);
            break;
        }
    }
    if (batch_.capacity() < kBatchBytes) batch_.reserve(kBatchBytes);
    cv_.notify_all();
}

// Asks for write ownership of the batch's cache lines some way ahead of where appends are (PREFETCHW; a no-op on
// x86-64 CPUs without it). A reused batch was last read by the writer thread on another core: storing into it
// cold made every append's lock release wait for those lines (a third of the shim's time per call).
void LogWriter::ClaimAhead(std::size_t size) {
#if defined(__x86_64__)
    constexpr std::size_t kAhead = 4096;
    const std::size_t from = (batch_.size() + kAhead) & ~std::size_t{63};
    for (std::size_t at = from; at < from + size + 64 && at + 64 <= batch_.capacity(); at += 64)
        asm volatile("prefetchw %0" : : "m"(batch_.data()[at]));
#else
    (void)size;
#endif
}

// The batch leaves for the writer thread; messages in it can no longer be patched.
void LogWriter::HandOff() {
    if (before_hand_off_) before_hand_off_();
    queue_.push_back({std::move(batch_), false, std::move(notes_), mark_});
    batch_ = std::string();
    notes_ = std::vector<Note>();
    if (!spare_notes_.empty()) {
        notes_ = std::move(spare_notes_.back());
        spare_notes_.pop_back();
    } else {
        notes_.reserve(kNotesPerBatch);  // grown by doubling, it would copy itself a dozen times per batch
    }
    batch_number_++;
}

bool LogWriter::AppendMessageLocked(std::unique_lock<SpinMutex>& lock, wire::Message& m, Spot* spot) {
    const std::size_t size = m.SerializedSize();
    if (!WaitForRoom(lock, size)) return false;
    MakeRoom(size);
    if (spot) *spot = {batch_number_, batch_.size()};
    ClaimAhead(size);
    m.AppendTo(batch_);
    buffered_ += size;
    appended_ += size;
    return true;
}

bool LogWriter::PatchLocked(const Spot& spot, std::size_t at, std::uint64_t value) {
    if (spot.batch != batch_number_ || spot.offset + at + 8 > batch_.size()) return false;
    std::memcpy(batch_.data() + spot.offset + at, &value, 8);
    return true;
}

bool LogWriter::AppendLocked(std::unique_lock<SpinMutex>& lock, const char* data, std::size_t size) {
    if (!WaitForRoom(lock, size)) return false;
    MakeRoom(size);
    ClaimAhead(size);
    batch_.append(data, size);
    buffered_ += size;
    appended_ += size;
    return true;
}

void LogWriter::Submit() {
    std::unique_lock lock(mutex_);
    if (batch_.empty() || stopping_) return;
    HandOff();
    cv_.notify_all();
}

void LogWriter::Flush() {
    std::unique_lock lock(mutex_);
    if (!batch_.empty()) HandOff();
    const std::uint64_t target = appended_;
    cv_.notify_all();
    cv_.wait(lock, [&] { return flushed_ >= target || !failure_.empty(); });
}

void LogWriter::HandNotesOn() {
    std::unique_lock lock(mutex_);
    if (!notes_.empty()) {
        HandOff();
        cv_.notify_all();
    }
    if (!on_notes_ || !failure_.empty()) return;
    std::lock_guard handing(notes_mutex_);  // a batch the writer thread took: its notes go first
    for (Pending& p : queue_) {
        if (p.notes.empty()) continue;
        on_notes_(p.bytes, p.notes);
        p.notes.clear();  // the writer thread finds none left to hand on
    }
}

void LogWriter::Close() {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
    }
    Flush();
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable()) thread_.join();
    ::close(fd_);
}

// Writes one batch in the log's container; `file_bytes`: what it took in the file.
bool LogWriter::WriteBatch(const Pending& p, FrameEncoder* encoder, std::string& scratch, std::uint64_t& file_bytes) {
    const std::string& b = p.bytes;
    if (!compress_) {
        file_bytes = b.size();
        return WriteFully(fd_, b.data(), b.size());
    }
    if (!p.raw && encoder && encoder->Compress(b.data(), b.size(), scratch)) {
        file_bytes = scratch.size();
        return WriteFully(fd_, scratch.data(), scratch.size());
    }
    file_bytes = FrameEncoder::RawFrameSize(b.size());
    return FrameEncoder::WriteRaw(fd_, b.data(), b.size());
}

void LogWriter::Run() {
    pthread_setname_np(pthread_self(), "ltcap-writer");  // told apart from the program's threads in top, gdb, perf
    FrameEncoder encoder;
    std::string scratch;
    std::string why;
    const bool compressing = compress_ && encoder.Load(why);
    std::unique_lock lock(mutex_);
    if (compress_ && !compressing) compression_problem_ = why;
    using Clock = std::chrono::steady_clock;
    const auto interval = std::chrono::milliseconds(flush_ms_);
    auto flushed_at = Clock::now();
    for (;;) {
        const auto wake = [&] { return stopping_ || !queue_.empty(); };
        if (flush_ms_ > 0) {
            // Whatever the program appended is on its way to the file within one interval (LTCAP_FLUSH_MS), however
            // often full batches or payloads wake this thread in between.
            cv_.wait_until(lock, flushed_at + interval, wake);
            if (Clock::now() >= flushed_at + interval) {
                if (!batch_.empty() && failure_.empty()) HandOff();
                flushed_at = Clock::now();
            }
        } else {
            cv_.wait(lock, wake);
        }
        while (!queue_.empty()) {
            Pending pending = std::move(queue_.front());
            queue_.pop_front();
            if (emergency_written_) {  // written by EmergencyFlush, and counted: freed here
                emergency_written_--;
                continue;
            }
            writing_ = true;
            // After a failed write nothing more goes to the file: what follows a hole could not be read anyway.
            const bool failed_before = !failure_.empty();
            std::unique_lock<std::mutex> handing;  // taken before letting go of mutex_: HandNotesOn waits for it
            if (!failed_before && !pending.notes.empty() && on_notes_) handing = std::unique_lock(notes_mutex_);
            lock.unlock();
            if (handing) {
                on_notes_(pending.bytes, pending.notes);
                handing.unlock();
            }
            std::uint64_t file_bytes = 0;
            const bool ok = !failed_before && WriteBatch(pending, compressing ? &encoder : nullptr, scratch, file_bytes);
            const int error = errno;
            writing_ = false;  // before taking the lock: an emergency flush holding it waits for this (EmergencyFlush)
            lock.lock();
            if (pending.notes.capacity() && spare_notes_.size() < kSpareNotes) {
                pending.notes.clear();
                spare_notes_.push_back(std::move(pending.notes));
            }
            std::string& next = pending.bytes;
            const std::size_t size = next.size();
            buffered_ -= size;
            flushed_ += size;
            bool report = false;
            if (ok) {
                bytes_written_ += file_bytes;
                written_mark_ = pending.mark;
            } else if (!failed_before) {
                failure_ = "writing " + path_ + " failed: " + (error ? std::strerror(error) : "nothing was written");
                report = true;
            }
            if (spare_.size() < kSpareBatches && next.capacity() >= kBatchBytes) {  // keep the memory for TakeBuffer
                spare_.push_back(std::move(next));  // its size too (TakeSized); cleared when taken
            }
            cv_.notify_all();
            if (report && on_failure_) {
                lock.unlock();
                on_failure_();
                lock.lock();
            }
        }
        if (stopping_) return;
    }
}

// A written batch whose memory holds `bytes` (its capacity, or with `filled` its old size), or an empty string.
std::string LogWriter::TakeSpareLocked(std::size_t bytes, bool filled) {
    for (std::size_t i = 0; i < spare_.size(); i++) {
        if ((filled ? spare_[i].size() : spare_[i].capacity()) >= bytes) {
            std::string out = std::move(spare_[i]);
            spare_.erase(spare_.begin() + static_cast<std::ptrdiff_t>(i));
            return out;
        }
    }
    return {};
}

std::string LogWriter::TakeBuffer(std::size_t capacity) {
    std::string out;
    {
        std::lock_guard lock(mutex_);
        out = TakeSpareLocked(capacity, false);
    }
    out.clear();
    out.reserve(capacity);
    return out;
}

std::string LogWriter::TakeSized(std::size_t size, std::uint64_t reuse_above) {
    std::string out;
    {
        std::unique_lock lock(mutex_);
        for (;;) {
            out = TakeSpareLocked(size, true);
            if (out.size() >= size || buffered_ <= reuse_above || !failure_.empty() || stopping_) break;
            cv_.wait(lock);  // the writer thread notifies after each batch it wrote
        }
    }
    out.resize(size);  // shrinking writes nothing; a new string is zero-filled once
    return out;
}

void LogWriter::EmergencyFlush(const std::function<const std::string*()>& last) {
    // The process is dying; one thread at a time gets here (process_hooks.cc's FlushGate). The writer thread itself
    // faulting mid-write leaves its batch half written: writing more after it would only hide where the log ends.
    if (std::this_thread::get_id() == thread_.get_id()) return;
    // With mutex_ held the writer thread cannot take another batch, so nothing below is written twice. A program
    // thread holds it only for a moment; if it stays taken, the thread that faulted holds it itself (it faulted
    // inside the capture's critical section), and then no other thread can touch the queue either.
    bool locked = false;
    for (int ms = 0; ms < 250 && !(locked = mutex_.try_lock()); ms++) SleepMs();
    // A batch the writer thread took earlier lands first, so batches stay in order (it clears writing_ as soon as
    // its write returns, before it takes the lock again). One still being written after that: writing behind it
    // could interleave with it, so the log ends where the writer thread gets to.
    for (int ms = 0; ms < 2000 && writing_.load(); ms++) SleepMs();
    if (writing_.load()) {
        if (locked) mutex_.unlock();
        return;
    }
    if (locked && before_hand_off_) before_hand_off_();
    // No compression here (it allocates): raw frames in a compressed log.
    const auto write = [&](const std::string& b) {
        return compress_ ? FrameEncoder::WriteRaw(fd_, b.data(), b.size()) : WriteFully(fd_, b.data(), b.size());
    };
    const auto size = [&](const std::string& b) { return compress_ ? FrameEncoder::RawFrameSize(b.size()) : b.size(); };
    std::uint64_t written = 0;
    bool whole = locked;  // everything appended reached the file, in order
    // The queue's first emergency_written_ batches an earlier flush wrote (a process that survived one signal).
    const auto unwritten = queue_.begin() + static_cast<std::ptrdiff_t>(std::min(emergency_written_, queue_.size()));
    for (auto p = unwritten; p != queue_.end(); ++p) written += write(p->bytes) ? size(p->bytes) : (whole = false, 0);
    if (!batch_.empty()) written += write(batch_) ? size(batch_) : (whole = false, 0);
    if (whole && last)
        if (const std::string* end = last()) written += write(*end) ? size(*end) : 0;
    // Keep the counters consistent: the process may survive (a handler further down the chain recovers).
    for (auto p = unwritten; p != queue_.end(); ++p) buffered_ -= p->bytes.size(), flushed_ += p->bytes.size();
    buffered_ -= batch_.size();
    flushed_ += batch_.size();
    bytes_written_ += written;
    // Nothing is freed here (a signal handler: the interrupted thread may hold the allocator's lock): the queued
    // batches stay for the writer thread to drop, clear() keeps batch_'s and notes_' memory.
    emergency_written_ = queue_.size();
    batch_.clear();
    notes_.clear();
    batch_number_++;  // what was appended is on its way to the file: no patching it any more
    if (locked) mutex_.unlock();
}

}  // namespace ltcap
