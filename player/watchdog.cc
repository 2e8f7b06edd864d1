#include "player/watchdog.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>

#include "player/replay.h"

namespace ltcap {

CallWatchdog::CallWatchdog(double limit_s) : limit_(limit_s), thread_([this] { Watch(); }) {}

CallWatchdog::~CallWatchdog() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
}

void CallWatchdog::Enter(std::uint64_t seq, const std::string& name) {
    std::lock_guard lock(mutex_);
    in_call_ = true;
    seq_ = seq;
    name_ = name;
    since_ = std::chrono::steady_clock::now();
    generation_++;
}

void CallWatchdog::Leave() {
    std::lock_guard lock(mutex_);
    in_call_ = false;
}

void CallWatchdog::Watch() {
    std::unique_lock lock(mutex_);
    while (!stop_) {
        const std::uint64_t generation = generation_;
        const auto deadline = since_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(limit_);
        if (!in_call_) {
            cv_.wait_for(lock, std::chrono::seconds(1));
            continue;
        }
        if (cv_.wait_until(lock, deadline, [&] { return stop_ || generation_ != generation || !in_call_; })) continue;
        // The same call, past the limit. The emulated device says what its cores are doing (a real tt-metal has no
        // such hook: then only the call is named).
        std::string line = "ltplay: timeout: call #" + std::to_string(seq_) + " " + name_ + " has run for more than " +
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
