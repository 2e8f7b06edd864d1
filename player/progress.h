// ltplay's progress line: on a terminal, once a replay has run for two seconds, "call N of M (P%)" on one line of
// stderr, redrawn at most four times a second and erased at the end. Silent otherwise (a pipe, a quick replay).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>

namespace ltcap {

class Progress {
public:
    Progress(bool on, std::uint64_t total) : on_(on), total_(total), start_(Clock::now()), next_(start_ + kQuiet) {}
    ~Progress() { Done(); }
    void Call(std::uint64_t seq) {
        if (!on_ || ++calls_ % 64) return;  // the clock is read every 64 calls
        const auto now = Clock::now();
        if (now < next_) return;
        next_ = now + kEvery;
        shown_ = true;
        std::fprintf(stderr, "\rltplay: call #%llu, %llu of %llu (%.0f%%) ", static_cast<unsigned long long>(seq),
                     static_cast<unsigned long long>(calls_), static_cast<unsigned long long>(total_),
                     total_ ? 100.0 * calls_ / total_ : 0.0);
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
    const std::uint64_t total_;
    std::uint64_t calls_ = 0;
    const Clock::time_point start_;
    Clock::time_point next_;
    bool shown_ = false;
};

}  // namespace ltcap
