// The distributed (mesh) host API of tt-metal v0.67.0. EnqueueMeshWorkload, Finish, Synchronize, the event queries and
// BeginTraceCapture are exported; the buffer transfers are header templates that call the mesh command queue's
// virtual members (enqueue_write_mesh_buffer, enqueue_read_mesh_buffer, enqueue_write_shards, enqueue_read_shards).
//   EnqueueWriteMeshBuffer(cq, buffer, host_vector, /*blocking=*/false);
//   EnqueueMeshWorkload(cq, workload, false);  Finish(cq);
//   EnqueueReadMeshBuffer(cq, result, buffer, /*blocking=*/true);
#pragma once

#include <stdint.h>

#include <memory>
#include <optional>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/mesh_command_queue.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_event.hpp>
#include <tt-metalium/mesh_trace_id.hpp>
#include <tt-metalium/mesh_workload.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {
class Program;
class IDevice;
}  // namespace tt::tt_metal

namespace tt::tt_metal::distributed {

class MeshDevice;

void EnqueueMeshWorkload(MeshCommandQueue& mesh_cq, MeshWorkload& mesh_workload, bool blocking);

// Writes one shard (the device at `coord`) of a mesh buffer from `src`.
template <typename DType>
void WriteShard(MeshCommandQueue& mesh_cq, const std::shared_ptr<MeshBuffer>& mesh_buffer, std::vector<DType>& src,
                const MeshCoordinate& coord, bool blocking = false) {
    std::vector<ShardDataTransfer> transfers = {ShardDataTransfer{coord}.host_data(src.data())};
    mesh_cq.enqueue_write_shards(mesh_buffer, transfers, blocking);
}

// Reads one shard (the device at `coord`) of a mesh buffer into `dst`, resized to the shard.
template <typename DType>
void ReadShard(MeshCommandQueue& mesh_cq, std::vector<DType>& dst, const std::shared_ptr<MeshBuffer>& mesh_buffer,
               const MeshCoordinate& coord, bool blocking = true) {
    auto* mesh_device = mesh_cq.device();
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    if (!mesh_device->is_local(coord)) return;
#pragma GCC diagnostic pop
    auto* shard = mesh_buffer->get_device_buffer(coord);
    dst.resize(shard->page_size() * shard->num_pages() / sizeof(DType));
    std::vector<ShardDataTransfer> transfers = {ShardDataTransfer{coord}.host_data(dst.data())};
    mesh_cq.enqueue_read_shards(transfers, mesh_buffer, blocking);
}

// Writes the whole mesh buffer: every device for a replicated one, each device its shard for a sharded one.
template <typename DType>
void EnqueueWriteMeshBuffer(MeshCommandQueue& mesh_cq, std::shared_ptr<MeshBuffer>& mesh_buffer,
                            const std::vector<DType>& src, bool blocking = false) {
    mesh_cq.enqueue_write_mesh_buffer(mesh_buffer, src.data(), blocking);
}

// Reads the whole mesh buffer into `dst` (resized): a replicated buffer's contents, or the sharded global buffer.
template <typename DType>
void EnqueueReadMeshBuffer(MeshCommandQueue& mesh_cq, std::vector<DType>& dst,
                           std::shared_ptr<MeshBuffer>& mesh_buffer, bool blocking = true) {
    if (mesh_buffer->global_layout() == MeshBufferLayout::SHARDED)
        dst.resize(mesh_buffer->global_shard_spec().global_size / sizeof(DType));
    else
        dst.resize(mesh_buffer->size() / sizeof(DType));
    mesh_cq.enqueue_read_mesh_buffer(dst.data(), mesh_buffer, blocking);
}

void EventSynchronize(const MeshEvent& event);
bool EventQuery(const MeshEvent& event);
MeshTraceId BeginTraceCapture(MeshDevice* device, uint8_t cq_id);
void Synchronize(MeshDevice* device, std::optional<uint8_t> cq_id, ttsl::Span<const SubDeviceId> sub_device_ids = {});
void Finish(MeshCommandQueue& mesh_cq, ttsl::Span<const SubDeviceId> sub_device_ids = {});
bool UsingDistributedEnvironment();

}  // namespace tt::tt_metal::distributed
