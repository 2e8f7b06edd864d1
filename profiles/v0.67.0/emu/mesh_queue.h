// The mesh command queues of v0.67.0 on the device core, named as tt-metal names them so a shim can interpose their
// members by mangled name against the real library and this one alike: MeshCommandQueueBase (writes and reads),
// FDMeshCommandQueue (fast dispatch: workloads, finish, events, traces) and SDMeshCommandQueue (slow dispatch: the
// same, each call complete before it returns). Mesh queue `cq` drives hardware queue `cq` of every chip of the mesh.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include <tt-metalium/mesh_command_queue.hpp>
#include <tt-metalium/mesh_event.hpp>

#include "emu/core/chip.h"

namespace tt::tt_metal::distributed {

class MeshCommandQueueBase : public MeshCommandQueue {
public:
    MeshCommandQueueBase(MeshDevice* mesh_device, std::uint32_t id);

    void enqueue_write_shard_to_sub_grid(const MeshBuffer& buffer, const void* host_data,
                                         const MeshCoordinateRange& device_range, bool blocking,
                                         std::optional<BufferRegion> region = std::nullopt) override;
    void enqueue_write_mesh_buffer(const std::shared_ptr<MeshBuffer>& buffer, const void* host_data,
                                   bool blocking) override;
    void enqueue_write_shards(const std::shared_ptr<MeshBuffer>& mesh_buffer,
                              const std::vector<distributed::ShardDataTransfer>& shard_data_transfers,
                              bool blocking) override;
    void enqueue_write(const std::shared_ptr<MeshBuffer>& mesh_buffer, const DistributedHostBuffer& host_buffer,
                       bool blocking) override;
    void enqueue_read_mesh_buffer(void* host_data, const std::shared_ptr<MeshBuffer>& buffer, bool blocking) override;
    void enqueue_read_shards(const std::vector<distributed::ShardDataTransfer>& shard_data_transfers,
                             const std::shared_ptr<MeshBuffer>& mesh_buffer, bool blocking) override;
    void enqueue_read(const std::shared_ptr<MeshBuffer>& mesh_buffer, DistributedHostBuffer& host_buffer,
                      const std::optional<std::unordered_set<MeshCoordinate>>& shards, bool blocking) override;
    virtual bool in_use() { return false; }

protected:
    // The chip's hardware queue this mesh queue drives at `coord`.
    ttemu::WorkQueue& QueueAt(const MeshCoordinate& coord) const;
    ttemu::Chip& ChipAt(const MeshCoordinate& coord) const;
    // Every chip of the mesh, row-major.
    std::vector<ttemu::Chip*> Chips() const;
    void DrainAll() const;
    // Writes one shard from host memory: staged (copied) now unless the caller waits for it.
    void WriteShard(const MeshBuffer& buffer, const MeshCoordinate& coord, const void* src,
                    const std::optional<BufferRegion>& region, bool staged);
    void ReadShard(const MeshBuffer& buffer, const MeshCoordinate& coord, void* dst,
                   const std::optional<BufferRegion>& region);
    // Slow dispatch completes every call before it returns.
    virtual bool slow() const = 0;

    // Shared by both dispatch modes.
    void EnqueueWorkload(MeshWorkload& mesh_workload, bool blocking);
    MeshEvent RecordEvent(const std::optional<MeshCoordinateRange>& device_range);
    void WaitForEvent(const MeshEvent& sync_event);
    void Finish();
    void RecordBegin(const MeshTraceId& trace_id);
    void RecordEnd();
    void EnqueueTrace(const MeshTraceId& trace_id, bool blocking);

    // Events of this queue: per mesh event, each chip's event id.
    std::uint32_t next_event_id_ = 0;
    std::map<std::uint32_t, std::vector<std::pair<ttemu::Chip*, std::uint32_t>>> events_;
    std::optional<MeshTraceId> recording_;

    friend struct MeshQueueAccess;
};

class FDMeshCommandQueue final : public MeshCommandQueueBase {
public:
    FDMeshCommandQueue(MeshDevice* mesh_device, std::uint32_t id);
    ~FDMeshCommandQueue() override;

    std::optional<MeshTraceId> trace_id() const override;
    WorkerConfigBufferMgr& get_config_buffer_mgr(std::uint32_t index) override;
    void enqueue_mesh_workload(MeshWorkload& mesh_workload, bool blocking) override;
    MeshEvent enqueue_record_event(ttsl::Span<const SubDeviceId> sub_device_ids = {},
                                   const std::optional<MeshCoordinateRange>& device_range = std::nullopt) override;
    MeshEvent enqueue_record_event_to_host(
        ttsl::Span<const SubDeviceId> sub_device_ids = {},
        const std::optional<MeshCoordinateRange>& device_range = std::nullopt) override;
    void enqueue_wait_for_event(const MeshEvent& sync_event) override;
    void finish(ttsl::Span<const SubDeviceId> sub_device_ids = {}) override;
    void reset_worker_state(bool reset_launch_msg_state, std::uint32_t num_sub_devices,
                            const vector_aligned<std::uint32_t>& go_signal_noc_data,
                            const std::vector<std::pair<CoreRangeSet, std::uint32_t>>& core_go_message_mapping) override;
    void record_begin(const MeshTraceId& trace_id, const std::shared_ptr<MeshTraceDescriptor>& ctx) override;
    void record_end() override;
    void enqueue_trace(const MeshTraceId& trace_id, bool blocking) override;

protected:
    bool slow() const override { return false; }
};

class SDMeshCommandQueue final : public MeshCommandQueueBase {
public:
    SDMeshCommandQueue(MeshDevice* mesh_device, std::uint32_t id);
    ~SDMeshCommandQueue() override = default;

    std::optional<MeshTraceId> trace_id() const override;
    WorkerConfigBufferMgr& get_config_buffer_mgr(std::uint32_t index) override;
    void enqueue_mesh_workload(MeshWorkload& mesh_workload, bool blocking) override;
    MeshEvent enqueue_record_event(ttsl::Span<const SubDeviceId> sub_device_ids = {},
                                   const std::optional<MeshCoordinateRange>& device_range = std::nullopt) override;
    MeshEvent enqueue_record_event_to_host(
        ttsl::Span<const SubDeviceId> sub_device_ids = {},
        const std::optional<MeshCoordinateRange>& device_range = std::nullopt) override;
    void enqueue_wait_for_event(const MeshEvent& sync_event) override;
    void finish(ttsl::Span<const SubDeviceId> sub_device_ids = {}) override;
    void reset_worker_state(bool reset_launch_msg_state, std::uint32_t num_sub_devices,
                            const vector_aligned<std::uint32_t>& go_signal_noc_data,
                            const std::vector<std::pair<CoreRangeSet, std::uint32_t>>& core_go_message_mapping) override;
    void record_begin(const MeshTraceId& trace_id, const std::shared_ptr<MeshTraceDescriptor>& ctx) override;
    void record_end() override;
    void enqueue_trace(const MeshTraceId& trace_id, bool blocking) override;

protected:
    bool slow() const override { return true; }
};

// The queue a mesh opens as its queue `id`: slow dispatch when TT_METAL_SLOW_DISPATCH_MODE is set.
std::unique_ptr<MeshCommandQueueBase> MakeMeshQueue(MeshDevice* mesh_device, std::uint32_t id);

}  // namespace tt::tt_metal::distributed
