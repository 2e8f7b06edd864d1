#include "interpose/clock.h"

#include <time.h>

#include <fstream>
#include <string>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace ltcap {
namespace {

constexpr std::uint64_t kFirstInterval = 1ull << 24;  // ~8 ms at 2 GHz
constexpr std::uint64_t kLastInterval = 1ull << 32;   // ~2 s
constexpr std::uint64_t kMaxError = 1'000'000;        // ns apart at a re-anchoring: stop trusting the TSC

std::int64_t MonotonicNs() noexcept {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// An invariant TSC (constant rate, runs in every power state) under a kernel clock that is itself derived from the
// TSC, so the kernel vouches for it being in step across CPUs.
bool TrustedTsc() {
#if defined(__x86_64__)
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(0x80000000, &a, &b, &c, &d) || a < 0x80000007) return false;
    if (!__get_cpuid(0x80000007, &a, &b, &c, &d) || !(d & (1u << 8))) return false;
    std::ifstream in("/sys/devices/system/clocksource/clocksource0/current_clocksource");
    std::string source;
    in >> source;
    return source == "tsc" || source == "kvm-clock" || source == "hyperv_clocksource_tsc_page";
#else
    return false;
#endif
}

// A (TSC, CLOCK_MONOTONIC) pair read as close together as this CPU allows: the tightest of a few tries.
void PairedRead(std::uint64_t& tsc, std::int64_t& ns) noexcept {
    std::uint64_t best = ~0ull;
    for (int i = 0; i < 4; i++) {
        const std::uint64_t before = CallClock::ReadTsc();
        const std::int64_t at = MonotonicNs();
        const std::uint64_t after = CallClock::ReadTsc();
        if (after - before < best) {
            best = after - before;
            tsc = before + (after - before) / 2;
            ns = at;
        }
    }
}

}  // namespace

void CallClock::Start(bool allow_tsc) noexcept {
    std::int64_t ns = 0;
    if (allow_tsc && TrustedTsc()) {
        PairedRead(first_tsc_, ns);
        interval_ = kFirstInterval;
        next_check_.store(first_tsc_ + interval_);
        calibrating_.store(true);
    } else {
        ns = MonotonicNs();
    }
    start_ns_ = ns;
}

std::uint64_t CallClock::SystemNow() const noexcept { return static_cast<std::uint64_t>(MonotonicNs() - start_ns_); }

std::uint64_t CallClock::Slow(std::uint64_t t) const noexcept {
    if (t < next_check_.load(std::memory_order_relaxed) || busy_.exchange(true, std::memory_order_acquire))
        return SystemNow();
    std::uint64_t tsc = 0;
    std::int64_t at = 0;
    PairedRead(tsc, at);
    const std::uint64_t ns = static_cast<std::uint64_t>(at - start_ns_);
    const std::uint64_t ticks = tsc - first_tsc_;
    bool trusted = tsc > first_tsc_ && ns > first_ns_;
    std::uint64_t mult = 0;
    if (trusted) {
        mult = static_cast<std::uint64_t>((static_cast<unsigned __int128>(ns - first_ns_) << 32) / ticks);
        trusted = mult > (1ull << 32) / 16 && mult < (1ull << 32) * 16;  // a 0.0625–16 GHz counter
    }
    if (trusted && tsc_.load(std::memory_order_relaxed)) {  // does the clock still agree with the system's?
        const std::uint64_t predicted =
            anchor_ns_.load(std::memory_order_relaxed) +
            static_cast<std::uint64_t>((static_cast<unsigned __int128>(tsc - anchor_tsc_.load(std::memory_order_relaxed)) *
                                        mult_.load(std::memory_order_relaxed)) >> 32);
        trusted = (predicted > ns ? predicted - ns : ns - predicted) <= kMaxError;
    }
    if (!trusted) {
        tsc_.store(false);
        calibrating_.store(false);
        busy_.store(false, std::memory_order_release);
        return ns;
    }
    const std::uint32_t v = version_.load(std::memory_order_relaxed);
    version_.store(v + 1, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_release);
    anchor_tsc_.store(tsc, std::memory_order_relaxed);
    anchor_ns_.store(ns, std::memory_order_relaxed);
    mult_.store(mult, std::memory_order_relaxed);
    version_.store(v + 2, std::memory_order_release);
    if (interval_ < kLastInterval) interval_ *= 2;
    next_check_.store(tsc + interval_, std::memory_order_relaxed);
    tsc_.store(true, std::memory_order_release);
    calibrating_.store(false, std::memory_order_relaxed);
    busy_.store(false, std::memory_order_release);
    return ns;
}

}  // namespace ltcap
