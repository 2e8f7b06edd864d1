// ltplay's progress line: on a terminal, once a replay has run for two seconds, "call #N, M replayed, P% of the log"
// on one line of stderr, redrawn at most four times a second and erased at the end. Silent otherwise (a pipe, a
// quick replay). How much of the log is read stands for how far the replay is: the log is read as the replay goes,
// so the number of calls it holds is not known before the end.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>

namespace ltcap {

class Progress {
public:
    explicit Progress(bool on) : on_(on), start_(Clock::now()), next_(start_ + kQuiet) {}
    ~Progress() { Done(); }
    // Call `seq` was replayed; `fraction` (0 to 1) of the log has been read.
    void Call(std::uint64_t seq, double fraction) {
        if (!on_ || ++calls_ % 64) return;  // the clock is read every 64 calls
        const auto now = Clock::now();
        if (now < next_) return;
        next_ = now + kEvery;
        shown_ = true;
        std::fprintf(stderr, "\rltplay: call #%llu, %llu replayed, %.0f%% of the log ", static_cast<unsigned long long>(seq),
                     static_cast<unsigned long long>(calls_), 100.0 * fraction);
        std::fflush(stderr);
    }
    void Done() {
        if (shown_) std::fprintf(stderr, "\r\033[K");
        shown_ = false;
    }

private:
    using Clock = std::chrono::steady_clock;
    static constexpr auto kQuiet = std::chrono::seconds(2);
    static constexpr auto kEvery = std::chrono::milliseconds(250);
    const bool on_;
    std::uint64_t calls_ = 0;
    const Clock::time_point start_;
    Clock::time_point next_;
    bool shown_ = false;
};

}  // namespace ltcap
