// Metal trace descriptors (tt::tt_metal::TraceDescriptor, 104 B) and the buffer holding a captured trace.
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include <tt-metalium/sub_device_types.hpp>

namespace tt::tt_metal {
inline namespace v0 {
class Buffer;
}

struct TraceWorkerDescriptor {
    std::uint32_t num_completion_worker_cores = 0;
    std::uint32_t num_traced_programs_needing_go_signal_multicast = 0;
    std::uint32_t num_traced_programs_needing_go_signal_unicast = 0;
};

struct TraceDescriptor {
    std::unordered_map<SubDeviceId, TraceWorkerDescriptor> descriptors;
    std::vector<SubDeviceId> sub_device_ids;
    std::vector<std::uint32_t> data;
};
static_assert(sizeof(TraceDescriptor) == 104);

struct TraceBuffer {
    std::shared_ptr<TraceDescriptor> desc;
    std::shared_ptr<Buffer> buffer;
};

}  // namespace tt::tt_metal
