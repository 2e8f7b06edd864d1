// MeshCommandQueue: a command queue over every device of a mesh — workloads, whole-mesh and per-shard writes and
// reads, events, traces, finish. Programs reach it through MeshDevice::mesh_command_queue() and the templates of
// distributed.hpp, which call the exported members below.
//
// Difference from v0.56.0: the queue's dispatch bookkeeping (config buffer managers, launch message state, reader
// thread, completion queues) is tt-metal's internal state, which programs never touch; here it is one pointer to the
// emulator's own state. Only the members the inline accessors read (the device and the id) are kept, so a queue
// made by a real libtt_metal.so must not be passed to code built against these headers that calls device()/id().
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/command_queue.hpp>
#include <tt-metalium/mesh_buffer.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/mesh_trace.hpp>
#include <tt-metalium/mesh_trace_id.hpp>
#include <tt-metalium/mesh_workload.hpp>
#include <tt-metalium/util.hpp>  // detail::TileSize; v0.56.0 programs get it through the dispatch headers

namespace tt::tt_metal {

class ThreadPool;

namespace distributed {

class MeshEvent;

class MeshCommandQueue {
public:
    MeshCommandQueue(MeshDevice* mesh_device, std::uint32_t id, std::shared_ptr<ThreadPool>& dispatch_thread_pool,
                     std::shared_ptr<ThreadPool>& reader_thread_pool);
    MeshCommandQueue(const MeshCommandQueue& other) = delete;
    MeshCommandQueue& operator=(const MeshCommandQueue& other) = delete;
    ~MeshCommandQueue();

    MeshDevice* device() const { return mesh_device_; }
    std::uint32_t id() const { return id_; }

    void enqueue_mesh_workload(MeshWorkload& mesh_workload, bool blocking);

    // One shard's data: the device it is on, host memory, and optionally the part of the shard.
    struct ShardDataTransfer {
        MeshCoordinate shard_coord;
        void* host_data = nullptr;
        std::optional<BufferRegion> region;
    };

    void enqueue_write_shard_to_sub_grid(const MeshBuffer& buffer, const void* host_data,
                                         const MeshCoordinateRange& device_range, bool blocking,
                                         std::optional<BufferRegion> region = std::nullopt);
    void enqueue_write_mesh_buffer(const std::shared_ptr<MeshBuffer>& buffer, const void* host_data, bool blocking);
    void enqueue_write_shards(const std::shared_ptr<MeshBuffer>& mesh_buffer,
                              const std::vector<ShardDataTransfer>& shard_data_transfers, bool blocking);
    void enqueue_read_mesh_buffer(void* host_data, const std::shared_ptr<MeshBuffer>& buffer, bool blocking);
    void enqueue_read_shards(const std::vector<ShardDataTransfer>& shard_data_transfers,
                             const std::shared_ptr<MeshBuffer>& mesh_buffer, bool blocking);
    MeshEvent enqueue_record_event(tt::stl::Span<const SubDeviceId> sub_device_ids = {},
                                   const std::optional<MeshCoordinateRange>& device_range = std::nullopt);
    MeshEvent enqueue_record_event_to_host(tt::stl::Span<const SubDeviceId> sub_device_ids = {},
                                           const std::optional<MeshCoordinateRange>& device_range = std::nullopt);
    void enqueue_wait_for_event(const MeshEvent& sync_event);
    void drain_events_from_completion_queue();
    void verify_reported_events_after_draining(const MeshEvent& event);
    void finish(tt::stl::Span<const SubDeviceId> sub_device_ids = {});
    void record_begin(const MeshTraceId& trace_id, const std::shared_ptr<MeshTraceDescriptor>& ctx);
    void record_end();
    void enqueue_trace(const MeshTraceId& trace_id, bool blocking);

private:
    struct State;  // the emulator's
    std::unique_ptr<State> state_;
    MeshDevice* mesh_device_ = nullptr;
    std::uint32_t id_ = 0;
};

}  // namespace distributed
}  // namespace tt::tt_metal
