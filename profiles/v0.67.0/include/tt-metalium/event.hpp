// v0.67.0's single-device Event, kept for old code and deprecated there in favour of distributed::MeshEvent: which
// device and queue recorded it, its number in that queue, and whether it has been enqueued.
#pragma once

#include <atomic>
#include <cstdint>

#include <ttemu/api_release.hpp>  // what of the API this release has (TTEMU_API_*)
#if !TTEMU_API_SINGLE_DEVICE_EVENT
#error "this tt-metal release has no single-device Event (tt-metalium/event.hpp): use distributed::MeshEvent"
#endif

namespace tt::tt_metal {

class IDevice;

struct [[deprecated("Event is deprecated. Use distributed::MeshEvent instead.")]] Event {
    IDevice* device = nullptr;
    uint32_t cq_id = -1;
    uint32_t event_id = -1;
    std::atomic<bool> ready = false;
    // Returns once `ready` holds (another thread sets it when it enqueues the event).
    void wait_until_ready();
};

}  // namespace tt::tt_metal
