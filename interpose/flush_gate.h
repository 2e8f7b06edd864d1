// Who writes the log from a fatal signal. Several threads can fault at once (the handler runs with SA_NODEFER, so a
// second fault on the same thread enters it again): the first thread in flushes, every other one waits until that
// flush has ended and then goes on to the program's own handling without writing, and a thread that faults inside
// its own flush writes nothing more. Everything here is async-signal-safe (atomics, gettid, nanosleep).
//   static FlushGate gate;
//   gate.Run([] { capture.EmergencyFlush(); });   // in the fatal signal handler
#pragma once

#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <atomic>

namespace ltcap {

class FlushGate {
public:
    // What Run did on this thread.
    enum class Outcome { kFlushed, kWaited, kInsideOwnFlush, kGaveUpWaiting };

    // `wait_ms`: how long another thread's flush is waited for before going on without it (a flush stuck on a full
    // disk must not keep a dying process alive for ever).
    explicit FlushGate(unsigned wait_ms = 10000) : wait_ms_(wait_ms) {}

    template <typename Flush>
    Outcome Run(Flush&& flush) noexcept {
        const long me = syscall(SYS_gettid);
        long none = 0;
        if (flusher_.compare_exchange_strong(none, me, std::memory_order_acq_rel)) {
            flush();
            flushes_.fetch_add(1, std::memory_order_relaxed);
            flusher_.store(0, std::memory_order_release);  // a process that survives may flush again later
            return Outcome::kFlushed;
        }
        if (none == me) return Outcome::kInsideOwnFlush;
        for (unsigned waited = 0; flusher_.load(std::memory_order_acquire) != 0; waited++) {
            if (waited >= wait_ms_) return Outcome::kGaveUpWaiting;
            const timespec ms{0, 1000000};
            nanosleep(&ms, nullptr);
        }
        return Outcome::kWaited;
    }

    // How many flushes ran to their end (for tests).
    unsigned flushes() const noexcept { return flushes_.load(std::memory_order_relaxed); }

private:
    const unsigned wait_ms_;
    std::atomic<long> flusher_{0};  // the thread id of the thread flushing now, 0 when none is
    std::atomic<unsigned> flushes_{0};
};

}  // namespace ltcap
