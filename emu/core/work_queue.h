// A hardware command queue of an emulated chip: commands run in order on a worker thread of their own, so
// non-blocking calls really overlap with the host, and two queues of a chip run concurrently. Every release's
// queue classes (v0.56.0's CommandQueue, v0.67.0's mesh command queues) push their work here.
//
// Commands that fail on the "device" (a kernel fault, a deadlock) do not throw on the worker thread: the first
// error is kept and thrown to the host by the next Drain.
//   WorkQueue q;  q.Push([] { ... });  q.Drain();   // rethrows a command's failure as std::runtime_error
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace ttemu {

using Command = std::function<void()>;

class WorkQueue {
public:
    WorkQueue();
    ~WorkQueue();  // runs what is queued, then stops the worker
    WorkQueue(const WorkQueue&) = delete;
    WorkQueue& operator=(const WorkQueue&) = delete;

    // Appends a command; while a trace is being captured on this queue it is recorded instead.
    void Push(Command cmd);
    // Runs a command and waits for it and everything before it.
    void PushAndWait(Command cmd);
    // Waits for every command pushed so far; throws the first device error since the last wait.
    void Drain();
    // Waits for every command pushed so far and leaves a device error for the next Drain: what a read that goes
    // around the queue (tt-metal's detail:: reads) sees of the work before it.
    void Settle();

    // Events: ids are per queue, increasing from 1; an event is done once the queue has run past its record.
    std::uint32_t RecordEvent();
    bool EventDone(std::uint32_t event_id);
    void WaitEvent(std::uint32_t event_id);

    // Trace capture: while set, Push appends to `sink` instead of running.
    void SetRecording(std::vector<Command>* sink) { recording_ = sink; }
    bool recording() const { return recording_ != nullptr; }

private:
    void Run();

    std::vector<Command>* recording_ = nullptr;
    std::mutex mutex_;
    std::condition_variable cv_;
    std::deque<Command> pending_;
    std::uint64_t issued_ = 0, completed_ = 0;
    std::uint32_t next_event_id_ = 0, completed_event_id_ = 0;
    std::optional<std::string> error_;
    bool stopping_ = false;
    std::thread worker_;
};

}  // namespace ttemu
