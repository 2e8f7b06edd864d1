// The mesh API's arguments and results as the log records them (schema/trace.capnp, formats 6 and 7;
// docs/mesh.md). Mesh objects are known by their address, except a mesh command queue, whose mesh and index the
// shim learns when the mesh is made (mesh_registry.h), a workload (by its programs' ids) and a sub-device manager
// (by its id). Out-of-line members are reached through tt_mesh_symbols.cc's forwarders.
#include <algorithm>

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)
#include <cstring>

#include "interpose/encode.h"
#include "interpose/tt_calls.h"
#include "schema/values/data.h"
#include "schema/values/list.h"
#include "schema/values/mesh.h"
#include "schema/values/object.h"

namespace ltcap {
namespace {

// A coordinate's or a shape's values, one per dimension.
values::Coord Dims(tt::stl::Span<const std::uint32_t> span) { return values::Coord(span.begin(), span.end()); }

// The key of a number that belongs to a mesh (an event id, a trace id).
std::uint64_t MeshKey(std::uint64_t mesh_key, std::uint64_t number) { return (mesh_key * 0x9E3779B97F4A7C15ull) ^ number; }

// A mesh event (its mesh, queue and id), or a trace id of the mesh argument before it; `made`: the call made it.
Named EventObject(CallContext& c, V v, const dist::MeshEvent& event, bool made) {
    dist::MeshDevice* mesh = event.device();
    const std::uint64_t key = MeshKey(Key(mesh), (std::uint64_t{event.mesh_cq_id()} << 32) | event.id());
    return Object(c, v, Kind::meshEvent, made ? c.cap.ids().NewId(Kind::meshEvent, key) : c.cap.ids().Id(Kind::meshEvent, key),
                  key, event.id(), c.cap.ids().Id(Kind::meshDevice, Key(mesh)));
}
Named TraceObject(CallContext& c, V v, const dist::MeshTraceId& trace, bool made) {
    const std::uint64_t key = MeshKey(c.facts.Key(Kind::meshDevice), *trace);
    return Object(c, v, Kind::meshTrace, made ? c.cap.ids().NewId(Kind::meshTrace, key) : c.cap.ids().Id(Kind::meshTrace, key),
                  key, *trace, c.facts.Id(Kind::meshDevice));
}

}  // namespace

// v0.56.0's MeshDeviceConfig has fields (its shape always set); v0.67.0's has accessors (its shape optional: unset,
// the system mesh's, recorded as no dimensions).
template <typename Config>
values::MeshDeviceConfigValue ConfigValue(const Config& config) {
    values::MeshDeviceConfigValue m{{}, std::nullopt, {}};
    if constexpr (requires { config.mesh_shape(); }) {
        if (config.mesh_shape()) m.shape = Dims(config.mesh_shape()->view());
        if (config.offset()) m.offset = Dims(config.offset()->coords());
        for (int id : config.physical_device_ids()) m.physical_device_ids.push_back(static_cast<std::uint32_t>(id));
    } else {
        m.shape = Dims(config.mesh_shape.view());
        if (config.offset) m.offset = Dims(config.offset->coords());
        for (int id : config.physical_device_ids) m.physical_device_ids.push_back(static_cast<std::uint32_t>(id));
    }
    return m;
}
Named Encode(CallContext& c, V v, const dist::MeshDeviceConfig& config) {
    values::WriteMeshDeviceConfig(c.msg, v, ConfigValue(config));
    return {};
}

Named Encode(CallContext& c, V v, dist::MeshDevice* mesh) {
    const std::uint64_t key = Key(mesh);
    return Object(c, v, Kind::meshDevice, mesh ? c.cap.ids().Id(Kind::meshDevice, key) : 0, key,
                  mesh ? static_cast<std::uint64_t>(mesh->id()) : 0, 0);
}

Named Encode(CallContext& c, V v, dist::MeshDevice& mesh) { return Encode(c, v, &mesh); }

// A sub-device's cores of each programmable core type (Tensix, active Ethernet, idle Ethernet): v0.56.0 gives them
// all, v0.67.0 one type at a time.
template <typename S>
std::vector<const CoreRangeSet*> SubDeviceCores(const S& sub_device) {
    if constexpr (requires { sub_device.cores(); }) {
        std::vector<const CoreRangeSet*> out;
        for (const CoreRangeSet& set : sub_device.cores()) out.push_back(&set);
        return out;
    } else {
        return {&sub_device.cores(tm::HalProgrammableCoreType::TENSIX),
                &sub_device.cores(tm::HalProgrammableCoreType::ACTIVE_ETH),
                &sub_device.cores(tm::HalProgrammableCoreType::IDLE_ETH)};
    }
}

// One list per sub-device: its cores of each programmable core type.
Named Encode(CallContext& c, V v, const api::SubDevices& sub_devices) {
    auto list = values::WriteList(c.msg, v, sub_devices.size());
    for (std::size_t i = 0; i < sub_devices.size(); i++) {
        const auto cores = SubDeviceCores(sub_devices[i]);
        auto per_type = values::WriteList(c.msg, c.msg.Element(list, i), cores.size());
        for (std::size_t t = 0; t < cores.size(); t++) Encode(c, c.msg.Element(per_type, t), *cores[t]);
    }
    return {};
}

// Manager ids come from one process-wide counter (tt-metal's and the emulator's): the id is the key.
Named Encode(CallContext& c, V v, tm::SubDeviceManagerId id) {
    return Object(c, v, Kind::subDeviceManager, c.cap.ids().Id(Kind::subDeviceManager, *id), *id, *id,
                  c.facts.Id(Kind::meshDevice));
}

// The queue's mesh is named too (reads pending on the queue end when the mesh synchronizes).
Named Encode(CallContext& c, V v, dist::MeshCommandQueue& cq) {
    const std::uint64_t key = Key(&cq);
    MeshRegistry::Queue q;
    if (c.cap.meshes().FindQueue(key, q)) {
        c.facts.Add(Named(Kind::meshDevice, q.mesh_id, q.mesh_key));
        c.cap.reads().NoteQueueDevice(key, q.mesh_key);
    }
    return Object(c, v, Kind::meshCommandQueue, c.cap.ids().Id(Kind::meshCommandQueue, key), key, q.index, q.mesh_id);
}

Named Encode(CallContext& c, V v, const dist::MeshBufferConfig& config) {
    values::MeshBufferConfigValue m;
    if (const auto* replicated = std::get_if<dist::ReplicatedBufferConfig>(&config)) {
        m.size = replicated->size;
    } else {
        const auto& sharded = std::get<dist::ShardedBufferConfig>(config);
        m.sharded = true;
        m.size = sharded.global_size;
        m.global_height = sharded.global_buffer_shape.height();
        m.global_width = sharded.global_buffer_shape.width();
        m.shard_height = sharded.shard_shape.height();
        m.shard_width = sharded.shard_shape.width();
        m.orientation = static_cast<std::uint8_t>(sharded.shard_orientation);
    }
    values::WriteMeshBufferConfig(c.msg, v, m);
    return {};
}

// address() is inline in v0.56.0's own header: a field every program built against it reads the same way.
Named Encode(CallContext& c, V v, const dist::MeshBuffer& buffer) {
    const std::uint64_t key = Key(&buffer);
    return Object(c, v, Kind::meshBuffer, c.cap.ids().Id(Kind::meshBuffer, key), key, buffer.address(), 0);
}
Named Encode(CallContext& c, V v, const std::shared_ptr<dist::MeshBuffer>& buffer) {
    if (!buffer) return Object(c, v, Kind::meshBuffer, 0, 0, 0, 0);
    return Encode(c, v, *buffer);
}

// A workload moves with its programs (a framework keeps workloads in containers), and a program keeps its id
// through moves: a workload is known by the smallest id of its programs (get_programs() is inline in v0.56.0's
// header). One with no program yet is known by its address.
namespace {
constexpr std::uint64_t kByProgram = std::uint64_t{1} << 63;  // keys from program ids, apart from addresses
std::uint64_t ProgramKey(const tm::Program& program) {
    return lib::ProgramId(program, Key(&program)) | kByProgram;
}
std::uint64_t WorkloadKey(dist::MeshWorkload& workload) {
    std::uint64_t key = 0;
    for (const auto& [range, program] : workload.get_programs()) {
        const std::uint64_t k = ProgramKey(program);
        if (!key || k < key) key = k;
    }
    return key ? key : Key(&workload);
}
}  // namespace

Named Encode(CallContext& c, V v, dist::MeshWorkload& workload) {
    const std::uint64_t key = WorkloadKey(workload);
    return Object(c, v, Kind::meshWorkload, c.cap.ids().Id(Kind::meshWorkload, key), key, 0, 0);
}
// A workload that has no program yet is a new one, wherever an earlier one lived; a program with a smaller id
// than the workload's others becomes its key too.
Named Encode(CallContext& c, V v, const AddsTo& r) {
    const std::uint64_t adding = ProgramKey(r.program);
    if (r.value.get_programs().empty())
        return Object(c, v, Kind::meshWorkload, c.cap.ids().NewId(Kind::meshWorkload, adding), adding, 0, 0);
    const std::uint64_t key = WorkloadKey(r.value);
    const std::uint64_t id = c.cap.ids().Id(Kind::meshWorkload, key);
    if (adding < key) c.cap.ids().Alias(Kind::meshWorkload, adding, id);
    return Object(c, v, Kind::meshWorkload, id, key, 0, 0);
}

Named Encode(CallContext& c, V v, const dist::MeshCoordinateRange& range) {
    values::WriteMeshRange(c.msg, v, {Dims(range.start_coord().coords()), Dims(range.end_coord().coords())});
    return {};
}

Named Encode(CallContext& c, V v, const dist::MeshEvent& event) { return EventObject(c, v, event, false); }
Named Encode(CallContext& c, V v, const dist::MeshTraceId& trace) { return TraceObject(c, v, trace, false); }
#if LTCAP_HAS_CHOSEN_TRACE_ID
Named Encode(CallContext& c, V v, const ChosenTrace& r) { return TraceObject(c, v, r.value, true); }
#endif

Named Encode(CallContext& c, V v, const HostBytes& r) {
    return StagedData(c, v, r.value, r.size, L::ElementType::bytes, r.staged);
}

// Each shard's bytes, copied first (one staging area, shard after shard) and recorded and forwarded from the copy,
// so tt-metal gets exactly the recorded bytes whenever it reads them.
Named Encode(CallContext& c, V v, const ShardWrites& r) {
    std::vector<std::uint64_t> sizes;
    std::uint64_t total = 0;
    for (const auto& t : r.value) {
        sizes.push_back(TransferHost(t) && r.buffer ? ShardBytes(*r.buffer, TransferCoord(t), TransferRegion(t)) : 0);
        total += sizes.back();
    }
    if (c.log && !r.staged && total && !c.synthesized)
        if (std::uint8_t* area = StagingArea(total)) {
            r.staged.emplace(r.value.begin(), r.value.end());
            for (std::size_t i = 0; i < sizes.size(); i++) {
                if (!sizes[i]) continue;  // a null source (or a shard tt-metal will refuse) is forwarded as it is
                std::memcpy(area, TransferHost((*r.staged)[i]), sizes[i]);
                SetTransferHost((*r.staged)[i], area);
                area += sizes[i];
            }
        }
    const api::ShardTransfers& transfers = r.Forwarded();
    auto list = values::WriteList(c.msg, v, transfers.size());
    for (std::size_t i = 0; i < transfers.size(); i++) {
        const auto& t = transfers[i];
        values::ShardTransferValue s{Dims(TransferCoord(t).coords()), {}, 0, std::nullopt};
        if (const auto region = TransferRegion(t)) s.region = values::RegionValue{region->offset, region->size};
        s.data = {sizes[i] ? c.Blob(TransferHost(t), sizes[i]) : 0, sizes[i], L::ElementType::bytes};
        values::WriteShardTransfer(c.msg, c.msg.Element(list, i), s, true);
    }
    return {};
}

// Each shard's destination; their bytes, once final, are the call's read data, shard after shard (one readData
// each, at its offset). Pending like any non-blocking read until the queue is finished (encode_roles.cc).
Named Encode(CallContext& c, V v, const ShardReads& r) {
    auto list = values::WriteList(c.msg, v, r.value.size());
    for (std::size_t i = 0; i < r.value.size(); i++) {
        const auto& t = r.value[i];
        values::ShardTransferValue s{Dims(TransferCoord(t).coords()), {}, Key(TransferHost(t)), std::nullopt};
        if (const auto region = TransferRegion(t)) s.region = values::RegionValue{region->offset, region->size};
        values::WriteShardTransfer(c.msg, c.msg.Element(list, i), s, false);
    }
    if (!c.cap.capture_reads() || !c.log || !r.buffer) return {};
    // After the call, while the arguments still live.
    c.Then(
        [](CallContext& c, std::uint64_t transfers, std::uint64_t buffer) {
            const auto& list = *reinterpret_cast<const api::ShardTransfers*>(transfers);
            const auto& mesh_buffer = *reinterpret_cast<const dist::MeshBuffer*>(buffer);
            std::uint64_t offset = 0;
            for (const auto& t : list) {
                const std::uint64_t size = ShardBytes(mesh_buffer, TransferCoord(t), TransferRegion(t));
                if (TransferHost(t) && size)
                    c.log->AddPendingRead(QueueKey(c.facts), c.seq, TransferHost(t), size, offset);
                offset += size;
            }
        },
        Key(&r.value), Key(r.buffer.get()));
    return {};
}

#if LTCAP_HAS_DISTRIBUTED_HOST_BUFFER
namespace {
// The shards of a host buffer a transfer moves, in the host buffer's order (a std::set of coordinates): each with
// its memory (pinned by the host buffer, so the address outlives the copy get_shard returns) and how many bytes the
// transfer moves there — the whole host shard for a write; for a read the device shard's size, or less if the host
// shard is smaller.
struct HostShard {
    dist::MeshCoordinate coord;
    const std::byte* data;
    std::uint64_t size;
};
std::vector<HostShard> HostShards(const tm::DistributedHostBuffer& host, const dist::MeshBuffer* device,
                                  const api::ShardSet* only) {
    std::vector<HostShard> out;
    for (const dist::MeshCoordinate& coord : host.shard_coords()) {
        if (only && *only && !(*only)->count(coord)) continue;
        const std::optional<tm::HostBuffer> shard = host.get_shard(coord);
        if (!shard) continue;
        const auto bytes = shard->view_bytes();
        std::uint64_t size = bytes.size();
        if (device) size = std::min<std::uint64_t>(size, ShardBytes(*device, coord, std::nullopt));
        out.push_back({coord, bytes.data(), size});
    }
    return out;
}
}  // namespace

// Each shard's bytes as the program's host buffer holds them.
Named Encode(CallContext& c, V v, const HostShardWrites& r) {
    const std::vector<HostShard> shards = HostShards(r.value, nullptr, nullptr);
    auto list = values::WriteList(c.msg, v, shards.size());
    for (std::size_t i = 0; i < shards.size(); i++) {
        values::ShardTransferValue s{Dims(shards[i].coord.coords()), {}, 0, std::nullopt};
        s.data = {shards[i].size ? c.Blob(shards[i].data, shards[i].size) : 0, shards[i].size, L::ElementType::bytes};
        values::WriteShardTransfer(c.msg, c.msg.Element(list, i), s, true);
    }
    return {};
}

// The shards read; their bytes, once final, are the call's read data, shard after shard (as enqueue_read_shards').
Named Encode(CallContext& c, V v, const HostShardReads& r) {
    const std::vector<HostShard> shards = HostShards(r.value, r.buffer.get(), &r.shards);
    auto list = values::WriteList(c.msg, v, shards.size());
    for (std::size_t i = 0; i < shards.size(); i++) {
        values::ShardTransferValue s{Dims(shards[i].coord.coords()), {}, Key(shards[i].data), std::nullopt};
        values::WriteShardTransfer(c.msg, c.msg.Element(list, i), s, false);
    }
    if (!c.cap.capture_reads() || !c.log || !r.buffer) return {};
    // After the call, while the role (and the host buffer it names) still lives.
    c.Then(
        [](CallContext& c, std::uint64_t role, std::uint64_t) {
            const auto& r = *reinterpret_cast<const HostShardReads*>(role);
            std::uint64_t offset = 0;
            for (const HostShard& s : HostShards(r.value, r.buffer.get(), &r.shards)) {
                if (s.size) c.log->AddPendingRead(QueueKey(c.facts), c.seq, s.data, s.size, offset);
                offset += s.size;
            }
        },
        Key(&r));
    return {};
}

#endif
#if LTCAP_HAS_COORDINATE_SET_READS
// The coordinates asked for, in order, each a range of one.
Named Encode(CallContext& c, V v, const std::unordered_set<dist::MeshCoordinate>& coords) {
    std::vector<values::Coord> sorted;
    for (const dist::MeshCoordinate& coord : coords) sorted.push_back(Dims(coord.coords()));
    std::sort(sorted.begin(), sorted.end());
    auto list = values::WriteList(c.msg, v, sorted.size());
    for (std::size_t i = 0; i < sorted.size(); i++) values::WriteMeshRange(c.msg, c.msg.Element(list, i), {sorted[i], sorted[i]});
    return {};
}
#endif

Named Encode(CallContext& c, V v, const FinishesMeshQueue& r) {
    const Named queue = Encode(c, v, r.value);
    ThenQueueFinished(c, queue.key());
    return queue;
}
Named Encode(CallContext& c, V v, const SynchronizesMesh& r) {
    ThenDeviceFinished(c, Key(r.value));
    return Encode(c, v, r.value);
}
Named Encode(CallContext& c, V v, const SynchronizesMeshEvent& r) {
    const Named event = Encode(c, v, r.value);
    ThenEventReached(c, event.key());
    return event;
}

Named Encode(CallContext& c, V v, const ReleasedMeshBuffer& r) {
    return Object(c, v, Kind::meshBuffer, c.cap.ids().Id(Kind::meshBuffer, Key(r.value)), Key(r.value), 0, 0);
}
// Its queues go with it (a device made later at the same address is no mesh).
Named Encode(CallContext& c, V v, const ReleasedMesh& r) {
    c.cap.meshes().Forget(Key(r.value));
    return Object(c, v, Kind::meshDevice, c.cap.ids().Id(Kind::meshDevice, Key(r.value)), Key(r.value), 0, 0);
}

// ---- Results

// The mesh and its queues: each queue's mesh and index are known from here on.
Named EncodeResult(CallContext& c, V v, PlainResult, const std::shared_ptr<dist::MeshDevice>& mesh) {
    if (!mesh) return Object(c, v, Kind::meshDevice, 0, 0, 0, 0);
    const std::uint64_t key = Key(mesh.get());
    const std::uint64_t id = c.cap.ids().NewId(Kind::meshDevice, key);
    // A mesh is an IDevice: a value naming it as a device (a buffer config's `device = mesh.get()`, as tt-metal's
    // mesh tests make buffers) names it by its id.
    c.cap.ids().Alias(Kind::device, key, id);
    c.cap.meshes().AddMesh(key);
    try {
        const std::uint8_t queues = mesh->num_hw_cqs();
        for (std::uint32_t i = 0; i < queues; i++) {
            const std::uint64_t queue = Key(&mesh->mesh_command_queue(i));
            c.cap.meshes().AddQueue(queue, {key, id, i});
            c.cap.ids().NewId(Kind::meshCommandQueue, queue);
        }
    } catch (...) {
        // a queue the library will not show: calls on it name no mesh
    }
    // Its devices are made with it (format 12): a single-device call on get_devices()[i] or get_device(coord) names
    // one of these ids, which the replay gives its own mesh's devices in the same order.
    std::vector<std::uint64_t> devices;
    try {
        for (tm::IDevice* device : mesh->get_devices()) devices.push_back(c.cap.ids().NewId(Kind::device, Key(device)));
    } catch (...) {
        devices.clear();  // devices the library will not show: calls on them name ids no call made, as before
    }
    const values::ObjectValue made{Kind::meshDevice, id, static_cast<std::uint64_t>(mesh->id()), 0};
    values::WriteMeshObject(c.msg, v, made, devices);
    return Named(Kind::meshDevice, id, key);
}

Named EncodeResult(CallContext& c, V v, PlainResult, const std::shared_ptr<dist::MeshBuffer>& buffer) {
    if (!buffer) return Object(c, v, Kind::meshBuffer, 0, 0, 0, 0);
    c.facts.created_buffer = buffer;
    const std::uint64_t key = Key(buffer.get());
    const std::uint64_t id = c.cap.ids().NewId(Kind::meshBuffer, key);
    const tm::Buffer* backing = nullptr;
#if LTCAP_HAS_MESH_BACKING_BUFFER
    // Its backing buffer (a circular buffer placed in the mesh buffer names it: set_globally_allocated_address(
    // *mesh_buffer->get_backing_buffer())) is known by the mesh buffer's id; a player gives the same one back.
    backing = buffer->get_backing_buffer();
    if (backing) c.cap.ids().Alias(Kind::buffer, Key(backing), id);
#endif
    // Its buffers on its devices are made with it (format 13): a single-device call on get_device_buffer(coord)
    // names one of these ids, which the replay gives its own mesh buffer's in the same order.
    std::vector<std::uint64_t> parts;
    for (const tm::Buffer* part : DeviceBuffers(*buffer))
        parts.push_back(!part ? 0 : part == backing ? id : c.cap.ids().NewId(Kind::buffer, Key(part)));
    const values::ObjectValue made{Kind::meshBuffer, id, buffer->address(), c.facts.Id(Kind::meshDevice)};
    values::WriteMeshObject(c.msg, v, made, parts);
    return Named(Kind::meshBuffer, id, key);
}

// CreateMeshWorkload's result is a value the program moves where it likes: a workload becomes an object when it
// gets its first program (AddsTo), so the result is recorded as none.
Named EncodeResult(CallContext&, V, PlainResult, const dist::MeshWorkload&) { return {}; }

// A recorded event: EventSynchronize on it makes the queue's earlier reads final.
Named EncodeResult(CallContext& c, V v, PlainResult, const dist::MeshEvent& event) {
    const Named made = EventObject(c, v, event, true);
    c.Then([](CallContext& c, std::uint64_t key, std::uint64_t) { c.cap.reads().NoteEvent(key, QueueKey(c.facts), c.seq); },
           made.key());
    return made;
}

Named EncodeResult(CallContext& c, V v, PlainResult, const dist::MeshTraceId& trace) {
    return TraceObject(c, v, trace, true);
}

Named EncodeResult(CallContext& c, V v, PlainResult, tm::SubDeviceManagerId id) {
    return Object(c, v, Kind::subDeviceManager, c.cap.ids().NewId(Kind::subDeviceManager, *id), *id, *id,
                  c.facts.Id(Kind::meshDevice));
}

}  // namespace ltcap
