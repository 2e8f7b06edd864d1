#include "work_queue.h"

#include <algorithm>
#include <stdexcept>

namespace ttemu {

WorkQueue::WorkQueue() { worker_ = std::thread([this] { Run(); }); }

WorkQueue::~WorkQueue() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    cv_.notify_all();
    worker_.join();
}

void WorkQueue::Run() {
    for (;;) {
        Command cmd;
        {
            std::unique_lock lock(mutex_);
            cv_.wait(lock, [&] { return stopping_ || !pending_.empty(); });
            if (pending_.empty()) return;  // stopping, and everything has run
            cmd = std::move(pending_.front());
            pending_.pop_front();
        }
        std::optional<std::string> failure;
        try {
            cmd();
        } catch (const std::exception& e) {
            failure = e.what();
        }
        // Release what the command holds (buffer references) before reporting it done: a host that waited for
        // the queue then knows its own drop of a buffer is the last one, so frees happen at deterministic points.
        cmd = nullptr;
        {
            std::lock_guard lock(mutex_);
            if (failure && !error_) error_ = std::move(failure);
            completed_++;
        }
        cv_.notify_all();
    }
}

void WorkQueue::Push(Command cmd) {
    if (recording_) {
        recording_->push_back(std::move(cmd));
        return;
    }
    {
        std::lock_guard lock(mutex_);
        pending_.push_back(std::move(cmd));
        issued_++;
    }
    cv_.notify_all();
}

void WorkQueue::Drain() {
    std::unique_lock lock(mutex_);
    const std::uint64_t target = issued_;
    cv_.wait(lock, [&] { return completed_ >= target; });
    if (error_) {
        std::string msg = std::move(*error_);
        error_.reset();
        throw std::runtime_error(msg);
    }
}

void WorkQueue::Settle() {
    std::unique_lock lock(mutex_);
    const std::uint64_t target = issued_;
    cv_.wait(lock, [&] { return completed_ >= target; });
}

void WorkQueue::PushAndWait(Command cmd) {
    Push(std::move(cmd));
    Drain();
}

std::uint32_t WorkQueue::RecordEvent() {
    std::uint32_t event_id;
    {
        std::lock_guard lock(mutex_);
        event_id = ++next_event_id_;
    }
    Push([this, event_id] {
        {
            std::lock_guard lock(mutex_);
            completed_event_id_ = std::max(completed_event_id_, event_id);
        }
        cv_.notify_all();
    });
    return event_id;
}

bool WorkQueue::EventDone(std::uint32_t event_id) {
    std::lock_guard lock(mutex_);
    return completed_event_id_ >= event_id;
}

void WorkQueue::WaitEvent(std::uint32_t event_id) {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [&] { return completed_event_id_ >= event_id; });
}

}  // namespace ttemu
