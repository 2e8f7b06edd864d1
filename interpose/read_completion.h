// When the data of a non-blocking read is final: tt-metal fills its destination only by the next Finish of its
// queue, blocking call on it, Synchronize or CloseDevice of its device, or EventSynchronize of an event recorded on
// it after the read. Sessions hold the pending reads (session.h); this remembers which queue belongs to which
// device and where each event was recorded, so those calls know which pending reads they make final.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <utility>

namespace ltcap {

class Session;

class ReadCompletion {
public:
    void NoteQueueDevice(std::uint64_t queue_key, std::uint64_t device_key) noexcept;
    // A device finished all its queues: their pending reads in `log` are final.
    void CompleteDeviceReads(Session* log, std::uint64_t device_key) noexcept;
    // An event was recorded on a queue by call `seq`; EventQueue says where, once it is synchronized.
    void NoteEvent(std::uint64_t event_key, std::uint64_t queue_key, std::uint64_t seq) noexcept;
    bool EventQueue(std::uint64_t event_key, std::uint64_t& queue_key, std::uint64_t& seq) noexcept;
    std::mutex& mutex() noexcept { return mutex_; }  // held across fork (process_hooks.cc)

private:
    std::mutex mutex_;
    std::map<std::uint64_t, std::uint64_t> queue_device_;
    std::map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> events_;  // event → (queue, seq)
};

}  // namespace ltcap
