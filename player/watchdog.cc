#include "player/watchdog.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "player/replay.h"

namespace ltcap {

CallWatchdog::CallWatchdog(double limit_s)
    : limit_(limit_s), period_(std::max(std::min(limit_s / 8, 0.25), 0.001)), thread_([this] { Watch(); }) {}

CallWatchdog::~CallWatchdog() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
}

void CallWatchdog::Enter(std::uint64_t seq, std::string_view name) noexcept {
    seq_.store(seq, std::memory_order_relaxed);
    name_.store(name.data(), std::memory_order_relaxed);
    name_size_.store(name.size(), std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);
    in_call_.store(true, std::memory_order_release);
}

void CallWatchdog::Leave() noexcept { in_call_.store(false, std::memory_order_release); }

void CallWatchdog::Watch() {
    using Clock = std::chrono::steady_clock;
    std::unique_lock lock(mutex_);
    std::uint64_t watched = ~0ull;  // the generation seen in a call at the last look
    Clock::time_point since;        // when it was first seen
    while (!stop_) {
        cv_.wait_for(lock, period_, [&] { return stop_; });
        if (stop_) break;
        const std::uint64_t generation = generation_.load(std::memory_order_acquire);
        if (!in_call_.load(std::memory_order_acquire)) {
            watched = ~0ull;
            continue;
        }
        const auto now = Clock::now();
        if (generation != watched) {
            watched = generation;
            since = now;
            continue;
        }
        if (now - since < limit_) continue;
        const std::uint64_t seq = seq_.load(std::memory_order_relaxed);
        const std::string name(name_.load(std::memory_order_relaxed), name_size_.load(std::memory_order_relaxed));
        // The same call, past the limit. The emulated device says what its cores are doing (a real tt-metal has no
        // such hook: then only the call is named).
        std::string line = "ltplay: timeout: call #" + std::to_string(seq) + " " + name + " has run for more than " +
                           std::to_string(static_cast<long long>(limit_.count())) + " s (--timeout)";
        using Describe = std::size_t (*)(char*, std::size_t);
        if (auto describe = reinterpret_cast<Describe>(dlsym(RTLD_DEFAULT, "ttemu_describe_running"))) {
            char cores[2048];
            if (describe(cores, sizeof cores) > 0) line += "; on the device: " + std::string(cores);
            else line += "; no kernel is running on the device";
        }
        line += "\n";
        (void)!::write(2, line.data(), line.size());
        _exit(kExitTimeout);  // the replay cannot be unwound from here: the stuck call holds the device
    }
}

}  // namespace ltcap
