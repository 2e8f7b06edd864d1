// Mesh traces: what a trace captured on a mesh command queue holds, per device range, and the MeshTrace helpers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/mesh_trace_id.hpp>
#include <tt-metalium/trace_buffer.hpp>

namespace tt::tt_metal::distributed {

class MeshCommandQueue;

struct MeshTraceStagingMetadata {
    MeshCoordinateRange device_range = MeshCoordinateRange(MeshShape(0, 0));
    MeshCoordinate sysmem_manager_coord = MeshCoordinate(0, 0);
    std::size_t offset = 0;
    std::size_t size = 0;
};

struct MeshTraceData {
    MeshCoordinateRange device_range = MeshCoordinateRange(MeshShape(0, 0));
    std::vector<std::uint32_t> data;
};

class MeshTraceDescriptor {
public:
    std::unordered_map<SubDeviceId, TraceWorkerDescriptor> descriptors;
    std::vector<SubDeviceId> sub_device_ids;
    std::vector<MeshTraceData> ordered_trace_data;
    std::uint32_t total_trace_size = 0;
    void assemble_dispatch_commands(MeshDevice* device, const std::vector<MeshTraceStagingMetadata>& mesh_trace_md);
};

struct MeshTraceBuffer {
    std::shared_ptr<MeshTraceDescriptor> desc;
    std::shared_ptr<MeshBuffer> mesh_buffer;
};

class MeshTrace {
public:
    static MeshTraceId next_id();
    static std::shared_ptr<MeshTraceBuffer> create_empty_mesh_trace_buffer();
    static void populate_mesh_buffer(MeshCommandQueue& mesh_cq, std::shared_ptr<MeshTraceBuffer>& trace_buffer);
};

}  // namespace tt::tt_metal::distributed
