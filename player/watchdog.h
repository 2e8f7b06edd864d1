// ltplay's watchdog: a log is a program (its kernels run), so a replay may hang — a kernel that loops forever, a
// wait that never ends. A thread watches the call being replayed; one that runs longer than the limit ends ltplay
// with one line naming the call and, on the emulated device, the cores still running (exit 4).
//   CallWatchdog dog(300.0);
//   dog.Enter(seq, "enqueueProgram"); ...; dog.Leave();
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace ltcap {

class CallWatchdog {
public:
    // `limit_s` > 0: the longest one call may run.
    explicit CallWatchdog(double limit_s);
    ~CallWatchdog();
    CallWatchdog(const CallWatchdog&) = delete;
    CallWatchdog& operator=(const CallWatchdog&) = delete;

    // A call begins and ends: a few plain stores, no lock and no clock (a call-bound replay makes millions). `name`
    // must outlive the replay (a call model's name, a literal).
    void Enter(std::uint64_t seq, std::string_view name) noexcept;
    void Leave() noexcept;

private:
    // The watcher looks every `period_` (an eighth of the limit, at most a quarter second): a call still in progress
    // under the same generation for the limit ends the replay, at most one period late.
    void Watch();
    const std::chrono::duration<double> limit_, period_;
    std::mutex mutex_;  // the watcher's sleep and stop_ only
    std::condition_variable cv_;
    bool stop_ = false;
    std::atomic<bool> in_call_{false};
    std::atomic<std::uint64_t> generation_{0}, seq_{0};
    std::atomic<const char*> name_{nullptr};
    std::atomic<std::size_t> name_size_{0};
    std::thread thread_;
};

}  // namespace ltcap
