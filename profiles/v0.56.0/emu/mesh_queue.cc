// MeshCommandQueue and what goes through it: mesh workloads (each program enqueued on the command queue of every
// device of its range), whole-mesh and per-shard writes and reads (the shard ↔ device mapping of tt-metal v0.56.0:
// shards in row-major order of the global buffer go to devices in row-major — or, for COL_MAJOR, column-major —
// order of the mesh), mesh events (one event per device of the range), mesh traces (one metal trace per device) and
// the distributed.hpp free functions. Device queues are reached through their virtual members, never through
// exported host API functions, so nothing here looks like a single-device call from outside the library.
#include <atomic>
#include <cstring>
#include <optional>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/event.hpp>

#include "emu_device.h"
#include "emu/core/errors.h"
#include "program_launch.h"
#include "trace_store.h"

namespace tt::tt_metal::distributed {

struct MeshCommandQueue::State {
    std::uint32_t next_event_id = 0;
    std::map<std::uint32_t, std::vector<std::pair<IDevice*, std::shared_ptr<Event>>>> events;  // by mesh event id
    std::shared_ptr<MeshTraceDescriptor> recording;  // the mesh trace being captured, if any
};

namespace {

CommandQueue& QueueOf(IDevice* device, std::uint32_t cq_id) { return device->command_queue(cq_id); }

void WriteToShard(IDevice* device, std::uint32_t cq_id, const std::shared_ptr<Buffer>& shard, const void* src,
                const BufferRegion& region) {
    if (!shard) ttemu::Throw("mesh buffer write: no buffer on device ", device->id());
    QueueOf(device, cq_id).enqueue_write_buffer(shard, static_cast<const void*>(src), region, false);
}

void ReadFromShard(IDevice* device, std::uint32_t cq_id, const std::shared_ptr<Buffer>& shard, void* dst,
               const BufferRegion& region) {
    if (!shard) ttemu::Throw("mesh buffer read: no buffer on device ", device->id());
    QueueOf(device, cq_id).enqueue_read_buffer(shard, dst, region, true);
}

// Walks the shards of a sharded mesh buffer in the order tt-metal writes them: `each(shard_y, shard_x, coord)` once
// per (shard, device) pair — a replicated dimension gives one shard to several devices.
template <typename F>
void ForEachShard(const MeshBuffer& buffer, F&& each) {
    const auto& spec = buffer.global_shard_spec();
    const Shape2D shard = buffer.physical_shard_shape();
    const std::size_t shards_x = spec.global_buffer_shape.width() / shard.width();
    const std::size_t shards_y = spec.global_buffer_shape.height() / shard.height();
    const auto rows = static_cast<std::uint32_t>(buffer.device()->num_rows());
    const auto cols = static_cast<std::uint32_t>(buffer.device()->num_cols());
    const auto [height_replicated, width_replicated] = buffer.replicated_dims();
    const bool row_major = spec.shard_orientation == ShardOrientation::ROW_MAJOR;
    std::uint32_t dx = 0, dy = 0;
    for (std::size_t sy = 0; sy < shards_y; sy++) {
        for (std::size_t sx = 0; sx < shards_x; sx++) {
            if (height_replicated && width_replicated) {
                for (std::uint32_t x = 0; x < cols; x++)
                    for (std::uint32_t y = 0; y < rows; y++) each(sy, sx, MeshCoordinate(y, x));
            } else if (height_replicated || width_replicated) {
                if (row_major) {
                    for (std::uint32_t y = 0; y < rows; y++) each(sy, sx, MeshCoordinate(y, dx));
                    dx++;
                } else {
                    for (std::uint32_t x = 0; x < cols; x++) each(sy, sx, MeshCoordinate(dy, x));
                    dy++;
                }
            } else {
                each(sy, sx, MeshCoordinate(dy, dx));
                if (row_major ? ++dx == cols : ++dy == rows) {
                    (row_major ? dx : dy) = 0;
                    ++(row_major ? dy : dx);
                }
            }
        }
    }
}

// Byte geometry of one shard inside the global row-major buffer.
struct ShardGeometry {
    std::size_t row_bytes, rows, stride, shard_bytes;
    explicit ShardGeometry(const MeshBuffer& buffer) {
        const auto& spec = buffer.global_shard_spec();
        const Shape2D shard = buffer.physical_shard_shape();
        const std::size_t datum = buffer.datum_size_bytes();
        row_bytes = datum * shard.width();
        rows = shard.height();
        stride = datum * spec.global_buffer_shape.width();
        shard_bytes = row_bytes * rows;
    }
    std::size_t Offset(std::size_t sy, std::size_t sx) const { return sx * row_bytes + sy * stride * rows; }
};

}  // namespace

MeshCommandQueue::MeshCommandQueue(MeshDevice* mesh_device, std::uint32_t id, std::shared_ptr<ThreadPool>&,
                                   std::shared_ptr<ThreadPool>&)
    : state_(std::make_unique<State>()), mesh_device_(mesh_device), id_(id) {}
MeshCommandQueue::~MeshCommandQueue() = default;

void MeshCommandQueue::enqueue_mesh_workload(MeshWorkload& mesh_workload, bool blocking) {
    if (mesh_workload.programs_.empty()) ttemu::Throw("EnqueueMeshWorkload: the workload has no programs");
    for (auto& [range, program] : mesh_workload.programs_) {
        for (const MeshCoordinate& coord : range) {
            IDevice* device = mesh_device_->get_device(coord);
            ttemu::CompileProgramFor(ttemu::AsEmu(device), program);
            QueueOf(device, id_).enqueue_program(program, false);
        }
    }
    mesh_workload.last_used_command_queue_ = this;
    if (blocking) finish();
}

void MeshCommandQueue::enqueue_write_shard_to_sub_grid(const MeshBuffer& buffer, const void* host_data,
                                                       const MeshCoordinateRange& device_range, bool blocking,
                                                       std::optional<BufferRegion> region) {
    if (!host_data && buffer.size()) ttemu::Throw("EnqueueWriteMeshBuffer: the source is null");
    if (buffer.global_layout() == MeshBufferLayout::REPLICATED) {
        for (const MeshCoordinate& coord : device_range) {
            auto shard = buffer.get_device_buffer(coord);
            WriteToShard(mesh_device_->get_device(coord), id_, shard, host_data,
                       region.value_or(BufferRegion(0, shard->size())));
        }
    } else {
        const ShardGeometry g(buffer);
        std::vector<std::uint8_t> shard_data(g.shard_bytes);
        const auto* src = static_cast<const std::uint8_t*>(host_data);
        ForEachShard(buffer, [&](std::size_t sy, std::size_t sx, const MeshCoordinate& coord) {
            for (std::size_t r = 0; r < g.rows; r++)
                std::memcpy(shard_data.data() + r * g.row_bytes, src + g.Offset(sy, sx) + r * g.stride, g.row_bytes);
            auto shard = buffer.get_device_buffer(coord);
            WriteToShard(mesh_device_->get_device(coord), id_, shard, shard_data.data(), BufferRegion(0, shard->size()));
        });
    }
    if (blocking) finish();
}

void MeshCommandQueue::enqueue_write_mesh_buffer(const std::shared_ptr<MeshBuffer>& buffer, const void* host_data,
                                                 bool blocking) {
    if (!buffer) ttemu::Throw("EnqueueWriteMeshBuffer: the mesh buffer is null");
    enqueue_write_shard_to_sub_grid(*buffer, host_data, MeshCoordinateRange(buffer->device()->shape()), blocking);
}

void MeshCommandQueue::enqueue_write_shards(const std::shared_ptr<MeshBuffer>& mesh_buffer,
                                            const std::vector<ShardDataTransfer>& transfers, bool blocking) {
    if (!mesh_buffer) ttemu::Throw("WriteShard: the mesh buffer is null");
    for (const ShardDataTransfer& t : transfers) {
        auto shard = mesh_buffer->get_device_buffer(t.shard_coord);
        WriteToShard(mesh_device_->get_device(t.shard_coord), id_, shard, t.host_data,
                   t.region.value_or(BufferRegion(0, shard->size())));
    }
    if (blocking) finish();
}

void MeshCommandQueue::enqueue_read_mesh_buffer(void* host_data, const std::shared_ptr<MeshBuffer>& buffer,
                                                bool blocking) {
    if (!buffer) ttemu::Throw("EnqueueReadMeshBuffer: the mesh buffer is null");
    if (buffer->global_layout() != MeshBufferLayout::SHARDED)
        ttemu::Throw("Can only read a Sharded MeshBuffer from a MeshDevice.");
    if (!blocking)
        ttemu::Throw("Non-Blocking reads are not supported through enqueue_read_mesh_buffer. Use enqueue_read_shards_instead.");
    const auto [height_replicated, width_replicated] = buffer->replicated_dims();
    if (height_replicated || width_replicated)
        ttemu::Throw("Cannot read a MeshBuffer that is replicated along any dimension.");
    const ShardGeometry g(*buffer);
    std::vector<std::uint8_t> shard_data(g.shard_bytes);
    auto* dst = static_cast<std::uint8_t*>(host_data);
    ForEachShard(*buffer, [&](std::size_t sy, std::size_t sx, const MeshCoordinate& coord) {
        auto shard = buffer->get_device_buffer(coord);
        ReadFromShard(mesh_device_->get_device(coord), id_, shard, shard_data.data(), BufferRegion(0, g.shard_bytes));
        for (std::size_t r = 0; r < g.rows; r++)
            std::memcpy(dst + g.Offset(sy, sx) + r * g.stride, shard_data.data() + r * g.row_bytes, g.row_bytes);
    });
}

void MeshCommandQueue::enqueue_read_shards(const std::vector<ShardDataTransfer>& transfers,
                                           const std::shared_ptr<MeshBuffer>& mesh_buffer, bool) {
    if (!mesh_buffer) ttemu::Throw("ReadShard: the mesh buffer is null");
    // Reads complete before returning, blocking or not (the data is the caller's as soon as this returns).
    for (const ShardDataTransfer& t : transfers) {
        auto shard = mesh_buffer->get_device_buffer(t.shard_coord);
        ReadFromShard(mesh_device_->get_device(t.shard_coord), id_, shard, t.host_data,
                  t.region.value_or(BufferRegion(0, shard->size())));
    }
}

MeshEvent MeshCommandQueue::enqueue_record_event(tt::stl::Span<const SubDeviceId>,
                                                 const std::optional<MeshCoordinateRange>& device_range) {
    if (state_->recording) ttemu::Throw("EnqueueRecordEvent: events cannot be recorded while a mesh trace is captured");
    const MeshCoordinateRange range = device_range.value_or(MeshCoordinateRange(mesh_device_->shape()));
    const std::uint32_t event_id = ++state_->next_event_id;
    auto& per_device = state_->events[event_id];
    for (const MeshCoordinate& coord : range) {
        IDevice* device = mesh_device_->get_device(coord);
        auto event = std::make_shared<Event>();
        QueueOf(device, id_).enqueue_record_event(event);
        per_device.emplace_back(device, std::move(event));
    }
    return MeshEvent(event_id, mesh_device_, id_, range);
}

MeshEvent MeshCommandQueue::enqueue_record_event_to_host(tt::stl::Span<const SubDeviceId> sub_device_ids,
                                                         const std::optional<MeshCoordinateRange>& device_range) {
    return enqueue_record_event(sub_device_ids, device_range);
}

void MeshCommandQueue::enqueue_wait_for_event(const MeshEvent& sync_event) {
    if (sync_event.device() != mesh_device_)
        ttemu::Throw("EnqueueWaitForEvent: the event was recorded on another mesh device");
    MeshCommandQueue& recorder = mesh_device_->mesh_command_queue(sync_event.mesh_cq_id());
    auto it = recorder.state_->events.find(sync_event.id());
    if (it == recorder.state_->events.end())
        ttemu::Throw("EnqueueWaitForEvent: mesh event ", sync_event.id(), " was not recorded on mesh command queue ",
                     sync_event.mesh_cq_id());
    // Each device's queue waits for that device's part of the event.
    for (const auto& [device, event] : it->second) QueueOf(device, id_).enqueue_wait_for_event(event);
}

void MeshCommandQueue::drain_events_from_completion_queue() {}
void MeshCommandQueue::verify_reported_events_after_draining(const MeshEvent&) {}

// Every device's queue is drained, whichever fails: the first failure is reported once, the others' go with it
// (a device left undrained would raise its failure later, at an unrelated call).
void MeshCommandQueue::finish(tt::stl::Span<const SubDeviceId> sub_device_ids) {
    std::optional<std::runtime_error> first;
    for (IDevice* device : mesh_device_->get_devices()) {
        try {
            QueueOf(device, id_).finish(sub_device_ids);
        } catch (const std::runtime_error& e) {
            if (!first) first.emplace(e);
        }
    }
    if (first) throw *first;
}

// A mesh trace is one metal trace per device, captured on this queue's id; the descriptor lists them (device
// coordinate, then {cq id, trace id}) so replay and release find them.
void MeshCommandQueue::record_begin(const MeshTraceId&, const std::shared_ptr<MeshTraceDescriptor>& ctx) {
    if (state_->recording) ttemu::Throw("BeginTraceCapture: a mesh trace is already being captured on this queue");
    if (!ctx) ttemu::Throw("BeginTraceCapture: no trace descriptor");
    ctx->ordered_trace_data.clear();
    for (const MeshCoordinate& coord : MeshCoordinateRange(mesh_device_->shape())) {
        const std::uint32_t tid = ttemu::NextTraceId();
        mesh_device_->get_device(coord)->begin_trace(static_cast<std::uint8_t>(id_), tid);
        ctx->ordered_trace_data.push_back(MeshTraceData{MeshCoordinateRange(coord, coord), {id_, tid}});
    }
    state_->recording = ctx;
}

void MeshCommandQueue::record_end() {
    if (!state_->recording) ttemu::Throw("EndTraceCapture: no mesh trace is being captured on this queue");
    for (const MeshTraceData& d : state_->recording->ordered_trace_data)
        mesh_device_->get_device(d.device_range.start_coord())->end_trace(static_cast<std::uint8_t>(id_), d.data.at(1));
    state_->recording.reset();
}

void MeshCommandQueue::enqueue_trace(const MeshTraceId& trace_id, bool blocking) {
    const auto buffer = mesh_device_->get_mesh_trace(trace_id);
    for (const MeshTraceData& d : buffer->desc->ordered_trace_data) {
        if (d.data.at(0) != id_)
            ttemu::Throw("ReplayTrace: mesh trace ", *trace_id, " was captured on mesh command queue ", d.data.at(0),
                         ", not ", id_);
        mesh_device_->get_device(d.device_range.start_coord())
            ->replay_trace(static_cast<std::uint8_t>(id_), d.data.at(1), blocking, blocking);
    }
}

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
MeshWorkload::MeshWorkload() = default;
void MeshWorkload::add_program(const MeshCoordinateRange& device_range, Program&& program) {
    for (const auto& [range, p] : programs_)
        if (range.intersects(device_range))
            ttemu::Throw("Program range ", device_range, " overlaps with the previously added range ", range);
    programs_.emplace(device_range, std::move(program));
}
void MeshWorkload::set_last_used_command_queue_for_testing(MeshCommandQueue* mesh_cq) {
    last_used_command_queue_ = mesh_cq;
}
MeshCommandQueue* MeshWorkload::get_last_used_command_queue() const { return last_used_command_queue_; }

// ---- MeshTrace
MeshTraceId MeshTrace::next_id() {
    static std::atomic<std::uint32_t> next{0};
    return MeshTraceId(next++);
}
std::shared_ptr<MeshTraceBuffer> MeshTrace::create_empty_mesh_trace_buffer() {
    return std::make_shared<MeshTraceBuffer>(MeshTraceBuffer{std::make_shared<MeshTraceDescriptor>(), nullptr});
}

// ---- distributed.hpp
MeshWorkload CreateMeshWorkload() { return MeshWorkload(); }
void AddProgramToMeshWorkload(MeshWorkload& mesh_workload, Program&& program, const MeshCoordinateRange& device_range) {
    mesh_workload.add_program(device_range, std::move(program));
}
void EnqueueMeshWorkload(MeshCommandQueue& mesh_cq, MeshWorkload& mesh_workload, bool blocking) {
    mesh_cq.enqueue_mesh_workload(mesh_workload, blocking);
}
MeshEvent EnqueueRecordEvent(MeshCommandQueue& mesh_cq, tt::stl::Span<const SubDeviceId> sub_device_ids,
                             const std::optional<MeshCoordinateRange>& device_range) {
    return mesh_cq.enqueue_record_event(sub_device_ids, device_range);
}
MeshEvent EnqueueRecordEventToHost(MeshCommandQueue& mesh_cq, tt::stl::Span<const SubDeviceId> sub_device_ids,
                                   const std::optional<MeshCoordinateRange>& device_range) {
    return mesh_cq.enqueue_record_event_to_host(sub_device_ids, device_range);
}
void EnqueueWaitForEvent(MeshCommandQueue& mesh_cq, const MeshEvent& event) { mesh_cq.enqueue_wait_for_event(event); }
void EventSynchronize(const MeshEvent& event) {
    // Everything the recording queue had before the event is done once each device's queue is finished.
    for (const MeshCoordinate& coord : event.device_range())
        event.device()->get_device(coord)->command_queue(event.mesh_cq_id()).finish({});
}
MeshTraceId BeginTraceCapture(MeshDevice* device, std::uint8_t cq_id) {
    if (!device) ttemu::Throw("BeginTraceCapture: the mesh device is null");
    const MeshTraceId trace_id = MeshTrace::next_id();
    device->begin_mesh_trace(cq_id, trace_id);
    return trace_id;
}
void EndTraceCapture(MeshDevice* device, std::uint8_t cq_id, const MeshTraceId& trace_id) {
    device->end_mesh_trace(cq_id, trace_id);
}
void ReplayTrace(MeshDevice* device, std::uint8_t cq_id, const MeshTraceId& trace_id, bool blocking) {
    device->replay_mesh_trace(cq_id, trace_id, blocking);
}
void ReleaseTrace(MeshDevice* device, const MeshTraceId& trace_id) { device->release_mesh_trace(trace_id); }
void Synchronize(MeshDevice* device, std::optional<std::uint8_t> cq_id, tt::stl::Span<const SubDeviceId> sub_device_ids) {
    if (cq_id) {
        device->mesh_command_queue(*cq_id).finish(sub_device_ids);
        return;
    }
    for (std::uint8_t cq = 0; cq < device->num_hw_cqs(); cq++) device->mesh_command_queue(cq).finish(sub_device_ids);
}
void Finish(MeshCommandQueue& mesh_cq, tt::stl::Span<const SubDeviceId> sub_device_ids) { mesh_cq.finish(sub_device_ids); }

}  // namespace tt::tt_metal::distributed
