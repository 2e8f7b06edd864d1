// The capture clock keeps to CLOCK_MONOTONIC, whether it reads the TSC or not, and across its re-anchorings.
#include "interpose/clock.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

namespace ltcap {
namespace {

std::int64_t SteadyNs() { return std::chrono::steady_clock::now().time_since_epoch() / std::chrono::nanoseconds(1); }

// Reads the clock and the system clock side by side for `ms` (spinning, with a few sleeps so re-anchorings happen
// at different moments) and returns the largest disagreement, in ns, between the two clocks' elapsed times.
std::int64_t WorstDisagreement(const CallClock& clock, std::int64_t ms) {
    const std::int64_t sys0 = SteadyNs();
    const std::int64_t clk0 = static_cast<std::int64_t>(clock.Now());
    std::int64_t worst = 0;
    for (int i = 0; SteadyNs() - sys0 < ms * 1'000'000; i++) {
        const std::int64_t before = SteadyNs();
        const std::int64_t c = static_cast<std::int64_t>(clock.Now());
        const std::int64_t after = SteadyNs();
        // The clock's reading must fall between the two system readings, give or take.
        const std::int64_t lo = before - sys0 - (c - clk0), hi = (c - clk0) - (after - sys0);
        worst = std::max({worst, lo, hi});
        if (i % 4096 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(3));
    }
    return worst;
}

TEST(CallClock, StartsAtZero) {
    CallClock clock;
    clock.Start(true);
    EXPECT_LT(clock.Now(), 5'000'000u);
}

TEST(CallClock, KeepsToTheSystemClockWithTheTsc) {
    CallClock clock;
    clock.Start(true);
    const std::int64_t worst = WorstDisagreement(clock, 600);
    std::printf("TSC in use: %s; worst disagreement over 600 ms: %lld ns\n", clock.using_tsc() ? "yes" : "no",
                static_cast<long long>(worst));
    // Generous against a loaded machine's preemption between the side-by-side reads; a wrong scale is far off
    // (a 1% error is 6 ms over this run).
    EXPECT_LT(worst, 200'000);
}

TEST(CallClock, SystemClockOnlyWhenTheTscIsNotAllowed) {
    CallClock clock;
    clock.Start(false);
    const std::int64_t worst = WorstDisagreement(clock, 100);
    EXPECT_FALSE(clock.using_tsc());
    EXPECT_LT(worst, 200'000);
}

TEST(CallClock, NeverRunsBackwardWithinAThread) {
    CallClock clock;
    clock.Start(true);
    std::vector<std::int64_t> worst_back(2, 0);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < worst_back.size(); t++) {
        threads.emplace_back([&, t] {
            const std::int64_t until = SteadyNs() + 300'000'000;
            std::int64_t last = static_cast<std::int64_t>(clock.Now());
            while (SteadyNs() < until) {
                const std::int64_t now = static_cast<std::int64_t>(clock.Now());
                worst_back[t] = std::max(worst_back[t], last - now);
                last = now;
            }
        });
    }
    for (auto& t : threads) t.join();
    // A re-anchoring may step the clock back by its drift since the previous one: well under a microsecond.
    for (std::int64_t w : worst_back) EXPECT_LT(w, 1'000);
}

}  // namespace
}  // namespace ltcap
