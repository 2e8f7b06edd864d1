// Command-queue events (tt::tt_metal::v0::Event, 24 B). Applications create them with make_shared and hand
// them to EnqueueRecordEvent / EnqueueWaitForEvent / EventSynchronize / EventQuery.
#pragma once

#include <atomic>
#include <cstdint>

namespace tt::tt_metal {
inline namespace v0 {
class IDevice;

struct Event {
    IDevice* device = nullptr;
    std::uint32_t cq_id = -1;
    std::uint32_t event_id = -1;
    std::atomic<bool> ready = false;  // set once EnqueueRecordEvent has assigned device, cq_id and event_id

    void wait_until_ready();
};
static_assert(sizeof(Event) == 24);

}  // namespace v0
}  // namespace tt::tt_metal
