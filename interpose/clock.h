// The capture's timestamps: nanoseconds since the capture started, on the CLOCK_MONOTONIC time base.
//
// Every recorded call reads the clock twice, and in a VM clock_gettime costs ~25 ns (the vDSO's paravirtual
// clock). Where the CPU has an invariant time-stamp counter and the kernel's own clock is built on it, the
// clock reads the TSC instead and scales it: the scale comes from pairs of (TSC, clock_gettime) readings taken
// further and further apart (the first ~8 ms after the start, then doubling up to ~2 s), and each pair also
// re-anchors the clock, so it never strays from CLOCK_MONOTONIC by more than the drift of one interval (tens of
// ns in practice). A re-anchoring that finds the two clocks more than 1 ms apart (a TSC that is not what it
// claims, a suspended VM) switches to clock_gettime for good. Readers take no lock: the anchor is published
// under a sequence counter and a reader that races a re-anchoring falls back to clock_gettime for that read.
#pragma once

#include <atomic>
#include <cstdint>

namespace ltcap {

class CallClock {
public:
    // `allow_tsc` false: always clock_gettime. Time 0 is now.
    void Start(bool allow_tsc) noexcept;
    [[gnu::always_inline]] std::uint64_t Now() const noexcept {
        if (tsc_.load(std::memory_order_relaxed)) {
            const std::uint64_t t = ReadTsc();
            if (t < next_check_.load(std::memory_order_relaxed)) {
                const std::uint32_t v = version_.load(std::memory_order_acquire);
                const std::uint64_t base_tsc = anchor_tsc_.load(std::memory_order_relaxed);
                const std::uint64_t base_ns = anchor_ns_.load(std::memory_order_relaxed);
                const std::uint64_t mult = mult_.load(std::memory_order_relaxed);
                std::atomic_thread_fence(std::memory_order_acquire);
                if (version_.load(std::memory_order_relaxed) == v && !(v & 1) && t >= base_tsc)
                    return base_ns + static_cast<std::uint64_t>((static_cast<unsigned __int128>(t - base_tsc) * mult) >> 32);
            }
            return Slow(t);
        }
        if (calibrating_.load(std::memory_order_relaxed)) return Slow(ReadTsc());
        return SystemNow();
    }
    // Whether reads come from the TSC now (for tests and the benchmark's report).
    bool using_tsc() const noexcept { return tsc_.load(std::memory_order_relaxed); }
    // In a forked child: a re-anchoring another thread of the parent was in the middle of is not finished.
    void AfterFork() noexcept { busy_.store(false); }

    // The TSC, or 0 where there is none.
    static std::uint64_t ReadTsc() noexcept {
#if defined(__x86_64__)
        return __builtin_ia32_rdtsc();
#else
        return 0;
#endif
    }

private:
    std::uint64_t SystemNow() const noexcept;
    std::uint64_t Slow(std::uint64_t tsc) const noexcept;  // a re-anchoring is due (or a read raced one)

    std::int64_t start_ns_ = 0;  // CLOCK_MONOTONIC at time 0
    // The first (TSC, ns) pair: every scale is measured from it, so the baseline only grows.
    std::uint64_t first_tsc_ = 0, first_ns_ = 0;
    mutable std::atomic<bool> tsc_{false};          // reads use the anchor below
    mutable std::atomic<bool> calibrating_{false};  // the TSC is trusted but not yet scaled
    mutable std::atomic<bool> busy_{false};         // one thread re-anchors at a time
    mutable std::atomic<std::uint32_t> version_{0};  // odd while the anchor is being replaced
    mutable std::atomic<std::uint64_t> anchor_tsc_{0}, anchor_ns_{0}, mult_{0};  // ns = anchor_ns + Δtsc·mult/2³²
    mutable std::atomic<std::uint64_t> next_check_{0};  // TSC value at which to re-anchor
    mutable std::uint64_t interval_ = 0;                // ticks to the next re-anchoring (under busy_)
};

}  // namespace ltcap
