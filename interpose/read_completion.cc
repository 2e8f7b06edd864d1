#include "interpose/read_completion.h"

#include <vector>

#include "interpose/session.h"

namespace ltcap {

void ReadCompletion::NoteQueueDevice(std::uint64_t queue_key, std::uint64_t device_key) noexcept {
    std::unique_lock lock(mutex_);
    queue_device_[queue_key] = device_key;
}

void ReadCompletion::CompleteDeviceReads(Session* log, std::uint64_t device_key) noexcept {
    if (!log) return;
    std::vector<std::uint64_t> queues;
    {
        std::unique_lock lock(mutex_);
        for (const auto& [q, d] : queue_device_)
            if (d == device_key) queues.push_back(q);
    }
    for (std::uint64_t q : queues) log->CompleteReads(q, ~0ull);
}

void ReadCompletion::NoteEvent(std::uint64_t event_key, std::uint64_t queue_key, std::uint64_t seq) noexcept {
    std::unique_lock lock(mutex_);
    events_[event_key] = {queue_key, seq};
}

bool ReadCompletion::EventQueue(std::uint64_t event_key, std::uint64_t& queue_key, std::uint64_t& seq) noexcept {
    std::unique_lock lock(mutex_);
    auto it = events_.find(event_key);
    if (it == events_.end()) return false;
    queue_key = it->second.first;
    seq = it->second.second;
    return true;
}

}  // namespace ltcap
