// Mesh command queues (v0.67.0), mesh events, mesh workloads and the distributed.hpp free functions. A mesh queue
// pushes its work onto the same-numbered hardware queue of each chip (core/work_queue.h); the internal calls between
// members follow tt-metal's (enqueue_write_mesh_buffer → enqueue_write_shard_to_sub_grid, a replicated
// enqueue_read_mesh_buffer → enqueue_read_shards), so whatever observes the virtual members sees what it would
// see with the real library.
#include "mesh_queue.h"

#include <cstring>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>

#include "buffer.h"
#include "mesh_device_impl.h"
#include "program_impl.h"
#include "emu/core/device_model.h"
#include "emu/core/errors.h"
#include "emu/core/launch.h"
#include "emu/core/mesh_layout.h"
#include "emu/core/settings.h"

namespace tt::tt_metal::distributed {

using ttemu::Throw;

namespace {

ttemu::MeshSharding ShardingOf(const MeshBuffer& buffer) { return ttemu::v067::ShardingOf(buffer.global_shard_spec()); }

const MeshBuffer& Checked(const std::shared_ptr<MeshBuffer>& buffer, const char* what) {
    if (!buffer) Throw(what, ": the mesh buffer is null");
    if (!buffer->is_allocated()) Throw(what, ": the mesh buffer is not allocated");
    return *buffer;
}

}  // namespace

// ---- MeshCommandQueueBase

MeshCommandQueueBase::MeshCommandQueueBase(MeshDevice* mesh_device, std::uint32_t id)
    : MeshCommandQueue(mesh_device, id) {}

ttemu::Chip& MeshCommandQueueBase::ChipAt(const MeshCoordinate& coord) const {
    return DeviceAt(*mesh_device_, coord).chip();
}
ttemu::WorkQueue& MeshCommandQueueBase::QueueAt(const MeshCoordinate& coord) const { return ChipAt(coord).queue(id_); }
std::vector<ttemu::Chip*> MeshCommandQueueBase::Chips() const { return MeshChips(*mesh_device_); }
void MeshCommandQueueBase::DrainAll() const {
    for (ttemu::Chip* chip : Chips()) chip->queue(id_).Drain();
}

void MeshCommandQueueBase::WriteShard(const MeshBuffer& buffer, const MeshCoordinate& coord, const void* src,
                                      const std::optional<BufferRegion>& region, bool staged) {
    Buffer* shard = buffer.get_device_buffer(coord);
    const BufferRegion r = region.value_or(BufferRegion(0, shard->size()));
    ttemu::v067::CheckRegion(*shard, r.offset, r.size, "mesh buffer write");
    if (!src && r.size) Throw("mesh buffer write: the source is null");
    ttemu::WorkQueue& queue = QueueAt(coord);
    ttemu::Chip& chip = ChipAt(coord);
    const ttemu::PageLayout layout = ttemu::v067::LayoutOf(*shard);
    if (!staged) {
        queue.PushAndWait([&chip, layout, r, src] { ttemu::WriteRegion(chip, layout, r.offset, src, r.size); });
        return;
    }
    // The source is the caller's again once this returns: stage a copy, as tt-metal does.
    auto copy = std::make_shared<std::vector<std::uint8_t>>(r.size);
    if (r.size) std::memcpy(copy->data(), src, r.size);
    queue.Push([&chip, layout, r, copy] { ttemu::WriteRegion(chip, layout, r.offset, copy->data(), r.size); });
}

void MeshCommandQueueBase::ReadShard(const MeshBuffer& buffer, const MeshCoordinate& coord, void* dst,
                                     const std::optional<BufferRegion>& region) {
    Buffer* shard = buffer.get_device_buffer(coord);
    const BufferRegion r = region.value_or(BufferRegion(0, shard->size()));
    ttemu::v067::CheckRegion(*shard, r.offset, r.size, "mesh buffer read");
    if (!dst && r.size) Throw("mesh buffer read: the destination is null");
    ttemu::Chip& chip = ChipAt(coord);
    const ttemu::PageLayout layout = ttemu::v067::LayoutOf(*shard);
    QueueAt(coord).Push([&chip, layout, r, dst] { ttemu::ReadRegion(chip, layout, r.offset, dst, r.size); });
}

void MeshCommandQueueBase::enqueue_write_shard_to_sub_grid(const MeshBuffer& buffer, const void* host_data,
                                                           const MeshCoordinateRange& device_range, bool blocking,
                                                           std::optional<BufferRegion> region) {
    if (recording_) Throw("mesh buffer writes cannot be part of a mesh trace (one is being captured)");
    if (!buffer.is_allocated()) Throw("EnqueueWriteMeshBuffer: the mesh buffer is not allocated");
    const bool wait = blocking || slow();
    if (buffer.global_layout() == MeshBufferLayout::REPLICATED) {
        for (const MeshCoordinate& coord : device_range) WriteShard(buffer, coord, host_data, region, !wait);
    } else {
        const ttemu::MeshSharding s = ShardingOf(buffer);
        const ttemu::ShardGeometry g(s);
        if (!host_data && s.global_size) Throw("EnqueueWriteMeshBuffer: the source is null");
        std::vector<std::uint8_t> shard(g.shard_bytes);
        ttemu::ForEachMeshShard(s, mesh_device_->num_rows(), mesh_device_->num_cols(),
                                [&](std::size_t sy, std::size_t sx, std::size_t row, std::size_t col) {
                                    g.Gather(host_data, sy, sx, shard.data());
                                    WriteShard(buffer,
                                               MeshCoordinate(static_cast<std::uint32_t>(row),
                                                              static_cast<std::uint32_t>(col)),
                                               shard.data(), BufferRegion(0, g.shard_bytes), true);
                                });
    }
    if (wait) DrainAll();
}

void MeshCommandQueueBase::enqueue_write_mesh_buffer(const std::shared_ptr<MeshBuffer>& buffer, const void* host_data,
                                                     bool blocking) {
    const MeshBuffer& b = Checked(buffer, "EnqueueWriteMeshBuffer");
    enqueue_write_shard_to_sub_grid(b, host_data, MeshCoordinateRange(b.device()->shape()), blocking);
}

void MeshCommandQueueBase::enqueue_write_shards(const std::shared_ptr<MeshBuffer>& mesh_buffer,
                                                const std::vector<distributed::ShardDataTransfer>& transfers,
                                                bool blocking) {
    const MeshBuffer& b = Checked(mesh_buffer, "WriteShard");
    if (recording_) Throw("mesh buffer writes cannot be part of a mesh trace (one is being captured)");
    const bool wait = blocking || slow();
    for (const auto& t : transfers) WriteShard(b, t.shard_coord(), t.host_data(), t.region(), !wait);
    if (wait) DrainAll();
}

void MeshCommandQueueBase::enqueue_write(const std::shared_ptr<MeshBuffer>& mesh_buffer,
                                         const DistributedHostBuffer& host_buffer, bool blocking) {
    const MeshBuffer& b = Checked(mesh_buffer, "enqueue_write");
    if (recording_) Throw("mesh buffer writes cannot be part of a mesh trace (one is being captured)");
    const bool wait = blocking || slow();
    for (const MeshCoordinate& coord : host_buffer.shard_coords()) {
        auto shard = host_buffer.get_shard(coord);
        if (!shard) continue;
        const auto bytes = shard->view_bytes();
        WriteShard(b, coord, bytes.data(), BufferRegion(0, bytes.size()), !wait);
    }
    if (wait) DrainAll();
}

void MeshCommandQueueBase::enqueue_read_mesh_buffer(void* host_data, const std::shared_ptr<MeshBuffer>& buffer,
                                                    bool blocking) {
    const MeshBuffer& b = Checked(buffer, "EnqueueReadMeshBuffer");
    if (b.global_layout() != MeshBufferLayout::SHARDED && b.device()->num_devices() != 1)
        Throw("Can only read a Sharded MeshBuffer from a MeshDevice or a Replicated MeshBuffer from a Unit-Mesh.");
    if (!blocking)
        Throw("Non-Blocking reads are not supported through enqueue_read_mesh_buffer. Use enqueue_read_shards_instead.");
    if (b.global_layout() == MeshBufferLayout::REPLICATED) {
        enqueue_read_shards({distributed::ShardDataTransfer{MeshCoordinate(0, 0)}.host_data(host_data)}, buffer,
                            blocking);
        return;
    }
    const ttemu::MeshSharding s = ShardingOf(b);
    const ttemu::ShardGeometry g(s);
    if (!host_data && s.global_size) Throw("EnqueueReadMeshBuffer: the destination is null");
    std::vector<std::uint8_t> shard(g.shard_bytes);
    ttemu::ForEachMeshShard(s, mesh_device_->num_rows(), mesh_device_->num_cols(),
                            [&](std::size_t sy, std::size_t sx, std::size_t row, std::size_t col) {
                                const MeshCoordinate coord(static_cast<std::uint32_t>(row),
                                                           static_cast<std::uint32_t>(col));
                                ReadShard(b, coord, shard.data(), BufferRegion(0, g.shard_bytes));
                                QueueAt(coord).Drain();
                                g.Scatter(shard.data(), sy, sx, host_data);
                            });
}

void MeshCommandQueueBase::enqueue_read_shards(const std::vector<distributed::ShardDataTransfer>& transfers,
                                               const std::shared_ptr<MeshBuffer>& mesh_buffer, bool blocking) {
    const MeshBuffer& b = Checked(mesh_buffer, "ReadShard");
    if (recording_) Throw("mesh buffer reads cannot be part of a mesh trace (one is being captured)");
    for (const auto& t : transfers) ReadShard(b, t.shard_coord(), t.host_data(), t.region());
    if (blocking || slow()) DrainAll();
}

void MeshCommandQueueBase::enqueue_read(const std::shared_ptr<MeshBuffer>& mesh_buffer,
                                        DistributedHostBuffer& host_buffer,
                                        const std::optional<std::unordered_set<MeshCoordinate>>& shards,
                                        bool blocking) {
    const MeshBuffer& b = Checked(mesh_buffer, "enqueue_read");
    if (recording_) Throw("mesh buffer reads cannot be part of a mesh trace (one is being captured)");
    for (const MeshCoordinate& coord : MeshCoordinateRange(b.device()->shape())) {
        if (shards && !shards->contains(coord)) continue;
        auto shard = host_buffer.get_shard(coord);
        if (!shard) continue;
        auto bytes = shard->view_bytes();
        ReadShard(b, coord, bytes.data(), BufferRegion(0, bytes.size()));
    }
    if (blocking || slow()) DrainAll();
}

void MeshCommandQueueBase::EnqueueWorkload(MeshWorkload& mesh_workload, bool blocking) {
    auto& programs = mesh_workload.get_programs();
    if (programs.empty()) Throw("EnqueueMeshWorkload: the workload has no programs");
    for (auto& [range, program] : programs) {
        for (const MeshCoordinate& coord : range) {
            ttemu::Chip& chip = ChipAt(coord);
            auto plan = ttemu::v067::PrepareLaunch(chip, program);
            chip.queue(id_).Push([plan] { ttemu::RunLaunch(*plan); });
        }
    }
    mesh_workload.set_last_used_command_queue_for_testing(this);
    if (blocking || slow()) DrainAll();
}

MeshEvent MeshCommandQueueBase::RecordEvent(const std::optional<MeshCoordinateRange>& device_range) {
    if (recording_) Throw("EnqueueRecordEvent: events cannot be recorded while a mesh trace is captured");
    const MeshCoordinateRange range = device_range.value_or(MeshCoordinateRange(mesh_device_->shape()));
    const std::uint32_t event_id = ++next_event_id_;
    auto& per_chip = events_[event_id];
    for (const MeshCoordinate& coord : range) {
        ttemu::Chip& chip = ChipAt(coord);
        per_chip.emplace_back(&chip, chip.queue(id_).RecordEvent());
    }
    if (slow()) DrainAll();
    return MeshEvent(event_id, mesh_device_, id_, range);
}

void MeshCommandQueueBase::WaitForEvent(const MeshEvent& sync_event) {
    if (sync_event.device() != mesh_device_) Throw("EnqueueWaitForEvent: the event was recorded on another mesh device");
    auto& recorder = static_cast<MeshCommandQueueBase&>(mesh_device_->mesh_command_queue(sync_event.mesh_cq_id()));
    auto it = recorder.events_.find(sync_event.id());
    if (it == recorder.events_.end())
        Throw("EnqueueWaitForEvent: mesh event ", sync_event.id(), " was not recorded on mesh command queue ",
              sync_event.mesh_cq_id());
    if (&recorder == this) return;  // a queue runs in order: its own earlier events are done by then
    // Each chip's queue here waits for that chip's part of the event on the recording queue.
    for (const auto& [chip, event_id] : it->second) {
        ttemu::WorkQueue& other = chip->queue(sync_event.mesh_cq_id());
        chip->queue(id_).Push([&other, event_id = event_id] { other.WaitEvent(event_id); });
    }
}

void MeshCommandQueueBase::Finish() { DrainAll(); }

// A mesh trace is a chip trace under the same id on every chip of the mesh, captured on this queue's id.
void MeshCommandQueueBase::RecordBegin(const MeshTraceId& trace_id) {
    if (recording_) Throw("begin_mesh_trace: a mesh trace is already being captured on this queue");
    if (slow()) Throw("Mesh traces are not supported in slow dispatch mode (TT_METAL_SLOW_DISPATCH_MODE is set)");
    std::vector<ttemu::Chip*> begun;
    try {
        for (ttemu::Chip* chip : Chips()) {
            chip->BeginTrace(static_cast<std::uint8_t>(id_), *trace_id, "begin_mesh_trace");
            begun.push_back(chip);
        }
    } catch (...) {
        for (ttemu::Chip* chip : begun) {
            chip->EndTrace(static_cast<std::uint8_t>(id_), *trace_id, "begin_mesh_trace");
            chip->ReleaseTrace(*trace_id, "begin_mesh_trace");
        }
        throw;
    }
    recording_ = trace_id;
}

void MeshCommandQueueBase::RecordEnd() {
    if (!recording_) Throw("end_mesh_trace: no mesh trace is being captured on this queue");
    const MeshTraceId id = *recording_;
    recording_.reset();
    std::optional<std::string> error;
    for (ttemu::Chip* chip : Chips()) {
        try {
            chip->EndTrace(static_cast<std::uint8_t>(id_), *id, "end_mesh_trace");
        } catch (const std::exception& e) {
            if (!error) error = e.what();
        }
    }
    if (error) {
        for (ttemu::Chip* chip : Chips())
            if (chip->HasTrace(*id)) chip->ReleaseTrace(*id, "end_mesh_trace");
        throw std::runtime_error(*error);
    }
}

void MeshCommandQueueBase::EnqueueTrace(const MeshTraceId& trace_id, bool blocking) {
    for (ttemu::Chip* chip : Chips()) chip->ReplayTrace(static_cast<std::uint8_t>(id_), *trace_id, false, "replay_mesh_trace");
    if (blocking) DrainAll();
}

// ---- fast and slow dispatch

FDMeshCommandQueue::FDMeshCommandQueue(MeshDevice* mesh_device, std::uint32_t id)
    : MeshCommandQueueBase(mesh_device, id) {}
FDMeshCommandQueue::~FDMeshCommandQueue() = default;
std::optional<MeshTraceId> FDMeshCommandQueue::trace_id() const { return recording_; }
WorkerConfigBufferMgr& FDMeshCommandQueue::get_config_buffer_mgr(std::uint32_t) {
    Throw("get_config_buffer_mgr: not available on the emulated device");
}
void FDMeshCommandQueue::enqueue_mesh_workload(MeshWorkload& mesh_workload, bool blocking) {
    EnqueueWorkload(mesh_workload, blocking);
}
MeshEvent FDMeshCommandQueue::enqueue_record_event(ttsl::Span<const SubDeviceId>,
                                                   const std::optional<MeshCoordinateRange>& device_range) {
    return RecordEvent(device_range);
}
MeshEvent FDMeshCommandQueue::enqueue_record_event_to_host(ttsl::Span<const SubDeviceId>,
                                                           const std::optional<MeshCoordinateRange>& device_range) {
    return RecordEvent(device_range);
}
void FDMeshCommandQueue::enqueue_wait_for_event(const MeshEvent& sync_event) { WaitForEvent(sync_event); }
void FDMeshCommandQueue::finish(ttsl::Span<const SubDeviceId>) { Finish(); }
void FDMeshCommandQueue::reset_worker_state(bool, std::uint32_t, const vector_aligned<std::uint32_t>&,
                                            const std::vector<std::pair<CoreRangeSet, std::uint32_t>>&) {}
void FDMeshCommandQueue::record_begin(const MeshTraceId& trace_id, const std::shared_ptr<MeshTraceDescriptor>&) {
    RecordBegin(trace_id);
}
void FDMeshCommandQueue::record_end() { RecordEnd(); }
void FDMeshCommandQueue::enqueue_trace(const MeshTraceId& trace_id, bool blocking) { EnqueueTrace(trace_id, blocking); }

SDMeshCommandQueue::SDMeshCommandQueue(MeshDevice* mesh_device, std::uint32_t id)
    : MeshCommandQueueBase(mesh_device, id) {}
std::optional<MeshTraceId> SDMeshCommandQueue::trace_id() const { return std::nullopt; }
WorkerConfigBufferMgr& SDMeshCommandQueue::get_config_buffer_mgr(std::uint32_t) {
    Throw("get_config_buffer_mgr: not available in slow dispatch");
}
void SDMeshCommandQueue::enqueue_mesh_workload(MeshWorkload& mesh_workload, bool blocking) {
    EnqueueWorkload(mesh_workload, blocking);
}
MeshEvent SDMeshCommandQueue::enqueue_record_event(ttsl::Span<const SubDeviceId>,
                                                   const std::optional<MeshCoordinateRange>& device_range) {
    return RecordEvent(device_range);
}
MeshEvent SDMeshCommandQueue::enqueue_record_event_to_host(ttsl::Span<const SubDeviceId>,
                                                           const std::optional<MeshCoordinateRange>& device_range) {
    return RecordEvent(device_range);
}
void SDMeshCommandQueue::enqueue_wait_for_event(const MeshEvent& sync_event) { WaitForEvent(sync_event); }
void SDMeshCommandQueue::finish(ttsl::Span<const SubDeviceId>) { Finish(); }
void SDMeshCommandQueue::reset_worker_state(bool, std::uint32_t, const vector_aligned<std::uint32_t>&,
                                            const std::vector<std::pair<CoreRangeSet, std::uint32_t>>&) {}
void SDMeshCommandQueue::record_begin(const MeshTraceId& trace_id, const std::shared_ptr<MeshTraceDescriptor>&) {
    RecordBegin(trace_id);
}
void SDMeshCommandQueue::record_end() { RecordEnd(); }
void SDMeshCommandQueue::enqueue_trace(const MeshTraceId& trace_id, bool blocking) { EnqueueTrace(trace_id, blocking); }

std::unique_ptr<MeshCommandQueueBase> MakeMeshQueue(MeshDevice* mesh_device, std::uint32_t id) {
    if (ttemu::GetSettings().slow_dispatch) return std::make_unique<SDMeshCommandQueue>(mesh_device, id);
    return std::make_unique<FDMeshCommandQueue>(mesh_device, id);
}

// ---- MeshCommandQueue's own (non-virtual) members: the deprecated shard transfers

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
void MeshCommandQueue::enqueue_write_shards(const std::shared_ptr<MeshBuffer>& mesh_buffer,
                                            const std::vector<ShardDataTransfer>& legacy, bool blocking) {
    std::vector<distributed::ShardDataTransfer> transfers;
    for (const auto& t : legacy) transfers.emplace_back(t);
    enqueue_write_shards(mesh_buffer, transfers, blocking);
}
void MeshCommandQueue::enqueue_read_shards(const std::vector<ShardDataTransfer>& legacy,
                                           const std::shared_ptr<MeshBuffer>& mesh_buffer, bool blocking) {
    std::vector<distributed::ShardDataTransfer> transfers;
    for (const auto& t : legacy) transfers.emplace_back(t);
    enqueue_read_shards(transfers, mesh_buffer, blocking);
}
#pragma GCC diagnostic pop

// ---- MeshEvent

MeshEvent::MeshEvent(std::uint32_t id, MeshDevice* device, std::uint32_t mesh_cq_id,
                     const MeshCoordinateRange& device_range)
    : id_(id), device_(device), mesh_cq_id_(mesh_cq_id), device_range_(device_range) {}
std::uint32_t MeshEvent::id() const { return id_; }
MeshDevice* MeshEvent::device() const { return device_; }
std::uint32_t MeshEvent::mesh_cq_id() const { return mesh_cq_id_; }
const MeshCoordinateRange& MeshEvent::device_range() const { return device_range_; }
std::ostream& operator<<(std::ostream& os, const MeshEvent& event) {
    return os << "MeshEvent(id=" << event.id_ << ", mesh_cq_id=" << event.mesh_cq_id_
              << ", device_range=" << event.device_range_ << ")";
}

// ---- MeshWorkload

class MeshWorkloadImpl {
public:
    std::unordered_map<MeshCoordinateRange, Program> programs;
    MeshCommandQueue* last_used = nullptr;
};

MeshWorkload::MeshWorkload() : pimpl_(std::make_unique<MeshWorkloadImpl>()) {}
MeshWorkload::~MeshWorkload() = default;
MeshWorkload::MeshWorkload(MeshWorkload&& other) noexcept = default;
MeshWorkload& MeshWorkload::operator=(MeshWorkload&& other) noexcept = default;

void MeshWorkload::add_program(const MeshCoordinateRange& device_range, Program&& program) {
    for (const auto& [range, p] : pimpl_->programs)
        if (range.intersects(device_range))
            Throw("Program range ", device_range, " overlaps with the previously added range ", range);
    pimpl_->programs.emplace(device_range, std::move(program));
}
std::unordered_map<MeshCoordinateRange, Program>& MeshWorkload::get_programs() { return pimpl_->programs; }
const std::unordered_map<MeshCoordinateRange, Program>& MeshWorkload::get_programs() const { return pimpl_->programs; }
void MeshWorkload::set_last_used_command_queue_for_testing(MeshCommandQueue* mesh_cq) { pimpl_->last_used = mesh_cq; }
MeshCommandQueue* MeshWorkload::get_last_used_command_queue() const { return pimpl_->last_used; }
// The emulator's per-core configuration region (core/device_model.h): semaphores at kSemaphoreBase, then a circular
// buffer configuration slot of four words per buffer index.
std::uint32_t MeshWorkload::get_sem_base_addr(std::shared_ptr<MeshDevice>&, CoreCoord, CoreType) {
    return ttemu::kSemaphoreBase;
}
std::uint32_t MeshWorkload::get_sem_size(std::shared_ptr<MeshDevice>&, CoreCoord, CoreType) {
    return ttemu::kNumSemaphores * ttemu::kSemaphoreStride;
}
std::uint32_t MeshWorkload::get_cb_base_addr(std::shared_ptr<MeshDevice>&, CoreCoord, CoreType) {
    return ttemu::kCbConfigBase;
}
std::uint32_t MeshWorkload::get_cb_size(std::shared_ptr<MeshDevice>&, CoreCoord, CoreType) {
    return ttemu::kNumCircularBuffers * ttemu::kCbConfigSlotSize;
}

// Event waits and queries from the host: each chip's part of the event.
struct MeshQueueAccess {
    static const std::vector<std::pair<ttemu::Chip*, std::uint32_t>>& Parts(MeshCommandQueueBase& q,
                                                                           const MeshEvent& event) {
        auto it = q.events_.find(event.id());
        if (it == q.events_.end())
            Throw("mesh event ", event.id(), " was not recorded on mesh command queue ", event.mesh_cq_id());
        return it->second;
    }
    static void Wait(MeshCommandQueueBase& q, const MeshEvent& event) {
        for (const auto& [chip, id] : Parts(q, event)) chip->queue(event.mesh_cq_id()).WaitEvent(id);
    }
    static bool Done(MeshCommandQueueBase& q, const MeshEvent& event) {
        for (const auto& [chip, id] : Parts(q, event))
            if (!chip->queue(event.mesh_cq_id()).EventDone(id)) return false;
        return true;
    }
};

// ---- distributed.hpp

void EnqueueMeshWorkload(MeshCommandQueue& mesh_cq, MeshWorkload& mesh_workload, bool blocking) {
    mesh_cq.enqueue_mesh_workload(mesh_workload, blocking);
}

void EventSynchronize(const MeshEvent& event) {
    auto& recorder = static_cast<MeshCommandQueueBase&>(event.device()->mesh_command_queue(event.mesh_cq_id()));
    MeshQueueAccess::Wait(recorder, event);
}

bool EventQuery(const MeshEvent& event) {
    auto& recorder = static_cast<MeshCommandQueueBase&>(event.device()->mesh_command_queue(event.mesh_cq_id()));
    return MeshQueueAccess::Done(recorder, event);
}

MeshTraceId BeginTraceCapture(MeshDevice* device, std::uint8_t cq_id) {
    if (!device) Throw("BeginTraceCapture: the mesh device is null");
    return device->begin_mesh_trace(cq_id);
}

void Synchronize(MeshDevice* device, std::optional<std::uint8_t> cq_id, ttsl::Span<const SubDeviceId> sub_device_ids) {
    if (!device) Throw("Synchronize: the mesh device is null");
    if (cq_id) {
        device->mesh_command_queue(*cq_id).finish(sub_device_ids);
        return;
    }
    for (std::uint8_t cq = 0; cq < device->num_hw_cqs(); cq++) device->mesh_command_queue(cq).finish(sub_device_ids);
}

void Finish(MeshCommandQueue& mesh_cq, ttsl::Span<const SubDeviceId> sub_device_ids) { mesh_cq.finish(sub_device_ids); }

bool UsingDistributedEnvironment() { return false; }


}  // namespace tt::tt_metal::distributed
