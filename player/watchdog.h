// ltplay's watchdog: a log is a program (its kernels run), so a replay may hang — a kernel that loops forever, a
// wait that never ends. A thread watches the call being replayed; one that runs longer than the limit ends ltplay
// with one line naming the call and, on the emulated device, the cores still running (exit 4).
//   CallWatchdog dog(300.0);
//   dog.Enter(seq, "enqueueProgram"); ...; dog.Leave();
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace ltcap {

class CallWatchdog {
public:
    // `limit_s` > 0: the longest one call may run.
    explicit CallWatchdog(double limit_s);
    ~CallWatchdog();
    CallWatchdog(const CallWatchdog&) = delete;
    CallWatchdog& operator=(const CallWatchdog&) = delete;

    void Enter(std::uint64_t seq, const std::string& name);
    void Leave();

private:
    void Watch();
    const std::chrono::duration<double> limit_;
    std::mutex mutex_;
    std::condition_variable cv_;
    bool stop_ = false, in_call_ = false;
    std::uint64_t seq_ = 0, generation_ = 0;
    std::string name_;
    std::chrono::steady_clock::time_point since_;
    std::thread thread_;
};

}  // namespace ltcap
