// A lock for the short critical sections on the call path (the log writer's batch). Taking it is one exchange and
// releasing it one release store, where a pthread mutex's unlock is a second atomic read-modify-write. A waiter
// spins a little, then yields its core; long waits (the memory bound, flushes) go through a condition variable.
#pragma once

#include <sched.h>

#include <atomic>

namespace ltcap {

class SpinMutex {
public:
    void lock() noexcept {
        if (!locked_.exchange(true, std::memory_order_acquire)) return;
        LockContended();
    }
    bool try_lock() noexcept {
        return !locked_.load(std::memory_order_relaxed) && !locked_.exchange(true, std::memory_order_acquire);
    }
    void unlock() noexcept { locked_.store(false, std::memory_order_release); }

private:
    void LockContended() noexcept {
        for (unsigned spins = 0;;) {
            while (locked_.load(std::memory_order_relaxed)) {
                if (++spins < 64) {
#if defined(__x86_64__)
                    __builtin_ia32_pause();
#endif
                } else {
                    sched_yield();  // the holder may be waiting for this core
                }
            }
            if (!locked_.exchange(true, std::memory_order_acquire)) return;
        }
    }

    std::atomic<bool> locked_{false};
};

}  // namespace ltcap
