// The mesh API's values, objects and roles replayed (profiles/v0.56.0/api/mesh_list.h; the capture's half is
// interpose/encode_mesh.cc). A mesh is rebuilt from its config: MeshDevice::create fails with tt-metal's own error
// when the target cannot offer the shape, and a mesh made with another shape than the captured one stops the replay.
#include <algorithm>

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)
#include <limits>

#include "player/replay_roles.h"
#include "schema/values/buffer_config.h"
#include "schema/values/list.h"
#include "schema/values/mesh.h"
#include "schema/values/object.h"

namespace ltcap {
namespace {

dist::MeshCoordinate Coordinate(const values::Coord& c) {
    if (c.empty()) throw LogError("a mesh coordinate with no dimension");
    return dist::MeshCoordinate(tt::stl::Span<const std::uint32_t>(c.data(), c.size()));
}

std::string Dims(tt::stl::Span<const std::uint32_t> s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); i++) out += (i ? "x" : "") + std::to_string(s[i]);
    return out;
}

// "(1, 3)"
std::string CoordText(tt::stl::Span<const std::uint32_t> s) {
    std::string out = "(";
    for (std::size_t i = 0; i < s.size(); i++) out += (i ? ", " : "") + std::to_string(s[i]);
    return out + ")";
}

// The list argument of the call (its shard transfers).
capnp::List<schema::Value>::Reader TransferList(CallReplay& x) {
    for (unsigned i = 0; i < x.ArgCount(); i++)
        if (x.Arg(i).isList()) return x.Arg(i).getList();
    throw LogError("has no list of shard transfers");
}

}  // namespace

// ---- Objects

Held<dist::MeshDevice*> Decode(CallReplay& x, Value v, Tag<dist::MeshDevice*>) {
    const auto o = ObjectOf(v, schema::ObjectKind::MESH_DEVICE, "a mesh device");
    return {o.id ? x.o.mesh_devices.Get(o.id).get() : nullptr};
}

Ref<dist::MeshDevice> Decode(CallReplay& x, Value v, Tag<dist::MeshDevice>) {
    dist::MeshDevice* mesh = Decode(x, v, Tag<dist::MeshDevice*>{}).value;
    if (!mesh) throw LogError("names a null mesh device as the object of a call");
    return {mesh};
}

Held<tm::SubDeviceManagerId> Decode(CallReplay& x, Value v, Tag<tm::SubDeviceManagerId>) {
    return {x.o.sub_device_managers.Get(ObjectOf(v, schema::ObjectKind::SUB_DEVICE_MANAGER, "a sub-device manager").id)};
}

// A queue is its mesh's queue with the captured index.
Ref<dist::MeshCommandQueue> Decode(CallReplay& x, Value v, Tag<dist::MeshCommandQueue>) {
    const auto o = ObjectOf(v, schema::ObjectKind::MESH_COMMAND_QUEUE, "a mesh command queue");
    if (!o.parent) throw UnknownObject("names mesh command queue #" + std::to_string(o.id) + " of a mesh the capture did not see made");
    dist::MeshDevice& mesh = *x.o.mesh_devices.Get(o.parent);
    if (o.raw >= mesh.num_hw_cqs())
        throw LogError("names command queue " + std::to_string(o.raw) + " of a mesh with " + std::to_string(mesh.num_hw_cqs()));
    return {&mesh.mesh_command_queue(o.raw)};
}

Held<std::shared_ptr<dist::MeshBuffer>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<dist::MeshBuffer>>) {
    const std::uint64_t id = ObjectOf(v, schema::ObjectKind::MESH_BUFFER, "a mesh buffer").id;
    return {id ? x.o.mesh_buffers.Get(id) : nullptr};
}
Ref<dist::MeshBuffer> Decode(CallReplay& x, Value v, Tag<dist::MeshBuffer>) {
    const auto buffer = Decode(x, v, Tag<std::shared_ptr<dist::MeshBuffer>>{}).value;  // the table keeps it
    if (!buffer) throw LogError("passes a null mesh buffer by reference");
    return {buffer.get()};
}

Ref<dist::MeshWorkload> Decode(CallReplay& x, Value v, Tag<dist::MeshWorkload>) {
    return {x.o.mesh_workloads.Get(ObjectOf(v, schema::ObjectKind::MESH_WORKLOAD, "a mesh workload").id).get()};
}
Ref<dist::MeshEvent> Decode(CallReplay& x, Value v, Tag<dist::MeshEvent>) {
    return {x.o.mesh_events.Get(ObjectOf(v, schema::ObjectKind::MESH_EVENT, "a mesh event").id).get()};
}
Held<dist::MeshTraceId> Decode(CallReplay& x, Value v, Tag<dist::MeshTraceId>) {
    return {x.o.mesh_traces.Get(ObjectOf(v, schema::ObjectKind::MESH_TRACE, "a mesh trace").id)};
}

// ---- Values

// Each sub-device: a list of core sets, one per programmable core type (fewer are the empty sets).
HeldSpan<const tm::SubDevice> Decode(CallReplay& x, Value v, Tag<api::SubDevices>) {
    if (!v.isList()) values::Unexpected("a list of sub-devices", v);
    HeldSpan<const tm::SubDevice> out;
    for (auto sub : v.getList()) {
        if (!sub.isList()) values::Unexpected("a sub-device (a list of core sets)", sub);
        if (sub.getList().size() > tm::NumHalProgrammableCoreTypes)
            throw LogError("a sub-device with cores of " + std::to_string(sub.getList().size()) + " core types");
        std::array<CoreRangeSet, tm::NumHalProgrammableCoreTypes> cores;
        for (unsigned t = 0; t < sub.getList().size(); t++) cores[t] = Decode(x, sub.getList()[t], Tag<CoreRangeSet>{}).value;
        try {
            out.items.emplace_back(std::move(cores));
        } catch (const std::exception& e) {  // a sub-device tt-metal refuses to make: no program made this call
            throw LogError(std::string("holds a sub-device tt-metal refuses: ") + e.what());
        }
    }
    return out;
}

namespace {
// v0.56.0's MeshDeviceConfig is an aggregate; v0.67.0's is built by its constructor (no shape: the system mesh's).
template <typename Config>
Config MakeMeshDeviceConfig(const values::MeshDeviceConfigValue& c) {
    std::optional<dist::MeshCoordinate> offset;
    if (c.offset) offset = Coordinate(*c.offset);
    std::vector<int> ids;
    for (std::uint32_t id : c.physical_device_ids) ids.push_back(static_cast<int>(id));
    const auto shape = [&] { return dist::MeshShape(tt::stl::Span<const std::uint32_t>(c.shape.data(), c.shape.size())); };
    if constexpr (std::is_aggregate_v<Config>) {
        return Config{.mesh_shape = shape(), .offset = offset, .physical_device_ids = ids};
    } else {
        std::optional<dist::MeshShape> mesh_shape;
        if (!c.shape.empty()) mesh_shape = shape();
        return Config(mesh_shape, offset, ids);
    }
}
// v0.56.0 has the layout and shard parameters as fields; v0.67.0 in its sharding_args (with an N-D spec, or not).
template <typename Config>
Config MakeDeviceLocal(const values::BufferConfigValue& b, std::optional<tm::ShardSpecBuffer> shard) {
    Config out{};
    out.page_size = b.page_size;
    out.buffer_type = static_cast<tm::BufferType>(b.buffer_type);
    const auto layout = static_cast<tm::TensorMemoryLayout>(b.layout);
    if constexpr (requires { out.sharding_args; }) {
#if LTCAP_HAS_DISTRIBUTION_SPEC
        std::optional<tm::BufferDistributionSpec> spec;
        if (b.distribution) {
            const auto shape = [](const std::vector<std::uint32_t>& dims) {
                return tm::Shape(ttsl::Span<const std::uint32_t>(dims.data(), dims.size()));
            };
            std::vector<CoreCoord> cores;
            for (const values::Rect& r : b.distribution->cores) cores.emplace_back(r.start_x, r.start_y);
            spec.emplace(shape(b.distribution->tensor_pages), shape(b.distribution->shard_pages), std::move(cores));
        }
        out.sharding_args = decltype(out.sharding_args)(std::move(spec), std::move(shard), layout);
#endif
    } else {
        if (b.distribution) throw LogError("an N-D distribution spec, which v0.56.0 does not have");
        out.buffer_layout = layout;
        out.shard_parameters = std::move(shard);
    }
    if (b.bottom_up) out.bottom_up = b.bottom_up == 2;
    return out;
}
}  // namespace

Held<dist::MeshDeviceConfig> Decode(CallReplay&, Value v, Tag<dist::MeshDeviceConfig>) {
    return {MakeMeshDeviceConfig<dist::MeshDeviceConfig>(values::ReadMeshDeviceConfig(v))};
}

Held<dist::MeshBufferConfig> Decode(CallReplay&, Value v, Tag<dist::MeshBufferConfig>) {
    const values::MeshBufferConfigValue c = values::ReadMeshBufferConfig(v);
    if (!c.sharded) return {dist::ReplicatedBufferConfig{.size = c.size}};
    return {dist::ShardedBufferConfig{.global_size = c.size,
                                      .global_buffer_shape = tm::Shape2D(c.global_height, c.global_width),
                                      .shard_shape = tm::Shape2D(c.shard_height, c.shard_width),
                                      .shard_orientation = static_cast<tm::ShardOrientation>(c.orientation)}};
}

Held<dist::DeviceLocalBufferConfig> Decode(CallReplay&, Value v, Tag<dist::DeviceLocalBufferConfig>) {
    const values::BufferConfigValue b = values::ReadBufferConfig(v);
    std::optional<tm::ShardSpecBuffer> shard;
    if (b.sharded) shard = DecodeShardSpec(b.shard);
    return {MakeDeviceLocal<dist::DeviceLocalBufferConfig>(b, std::move(shard))};
}

Held<dist::MeshCoordinateRange> Decode(CallReplay&, Value v, Tag<dist::MeshCoordinateRange>) {
    const values::MeshRangeValue r = values::ReadMeshRange(v);
    return {dist::MeshCoordinateRange(Coordinate(r.start), Coordinate(r.end))};
}

// ---- Roles

Held<const void*> DecodeRole(CallReplay& x, Value v, Tag<HostBytes>) { return {DataBytes(x, v)}; }

const void* Prepare(CallReplay& x, const HostBytes& h) {
    if (h.size > x.payload_bytes)
        throw LogErrorInReplay("the call reads " + std::to_string(h.size) + " bytes of its source, the log holds " +
                       std::to_string(x.payload_bytes));
    return h.value;
}

// Each shard's captured bytes, copied (several blobs are in use at once).
HeldShards DecodeRole(CallReplay& x, Value v, Tag<ShardWrites>) {
    HeldShards out;
    const auto list = values::ReadList(v);
    out.bytes.resize(list.size());
    for (unsigned i = 0; i < list.size(); i++) {
        const values::ShardTransferValue t = values::ReadShardTransfer(list[i]);
        auto& bytes = out.bytes[i];
        if (t.data.size) {
            const auto ref = list[i].getShardTransfer().getData();
            const std::uint8_t* data = x.s.payloads.Data(ref, ref.getSize());
            x.s.times.CountWritten(ref.getSize());
            bytes.assign(data, data + ref.getSize());
        }
        std::optional<tm::BufferRegion> region;
        if (t.region) region.emplace(t.region->offset, t.region->size);
        out.value.push_back(MakeTransfer(Coordinate(t.coord), bytes.empty() ? nullptr : bytes.data(), region));
    }
    return out;
}

// tt-metal reads each shard's size (or its region's) from each source: the log must hold them all.
api::ShardTransfers Prepare(CallReplay& x, const ShardWrites& w) {
    const auto list = TransferList(x);
    for (unsigned i = 0; i < w.value.size() && i < list.size(); i++) {
        const auto& t = w.value[i];
        const std::uint64_t need = w.buffer ? ShardBytes(*w.buffer, TransferCoord(t), TransferRegion(t)) : 0;
        const std::uint64_t have = list[i].getShardTransfer().getData().getSize();
        if (TransferHost(t) && need > have)
            throw LogErrorInReplay("shard " + std::to_string(i) + " is written with " + std::to_string(need) +
                           " bytes, the log holds " + std::to_string(have));
    }
    return w.value;
}

Held<api::ShardTransfers> DecodeRole(CallReplay&, Value v, Tag<ShardReads>) {
    Held<api::ShardTransfers> out;
    for (auto e : values::ReadList(v)) {
        const values::ShardTransferValue t = values::ReadShardTransfer(e);
        std::optional<tm::BufferRegion> region;
        if (t.region) region.emplace(t.region->offset, t.region->size);
        static std::uint8_t placeholder;  // Prepare gives it room
        out.value.push_back(MakeTransfer(Coordinate(t.coord), t.host ? &placeholder : nullptr, region));
    }
    return out;
}

// One destination for the call, the shards one after another (as the capture recorded their bytes).
api::ShardTransfers Prepare(CallReplay& x, const ShardReads& r) {
    api::ShardTransfers out = r.value;
    std::vector<std::uint64_t> sizes;
    std::uint64_t total = 0;
    for (const auto& t : out) {
        const std::uint64_t size =
            TransferHost(t) && r.buffer ? ShardBytes(*r.buffer, TransferCoord(t), TransferRegion(t)) : 0;
        if (size > ReadVerifier::kMaxUnrecordedRead - total) throw LogError("the shards read more than ltplay allocates");
        sizes.push_back(size);
        total += size;
    }
    std::uint8_t* base = x.s.reads.Target(x.Seq(), x.What(), total, ReadDrain(x)).data();
    std::uint64_t offset = 0;
    for (std::size_t i = 0; i < out.size(); i++) {
        if (TransferHost(out[i])) {
            SetTransferHost(out[i], base + offset);
            x.s.reads.NamePiece(x.Seq(), offset, "shard " + CoordText(TransferCoord(out[i]).coords()));
        }
        offset += sizes[i];
    }
    return out;
}

#if LTCAP_HAS_DISTRIBUTED_HOST_BUFFER
namespace {
// A host buffer over the mesh of the call's mesh buffer (its second argument, after the queue).
tm::DistributedHostBuffer HostBufferOfCall(CallReplay& x) {
    const auto buffer = Decode(x, x.Arg(1), Tag<std::shared_ptr<dist::MeshBuffer>>{}).value;
    if (!buffer || !buffer->device()) throw LogError("names no mesh buffer on a mesh");
    return tm::DistributedHostBuffer::create(buffer->device()->shape());
}
}  // namespace
#endif

#if LTCAP_HAS_CHOSEN_TRACE_ID
void CheckChosenTrace(Value v) {
    const auto o = ObjectOf(v, schema::ObjectKind::MESH_TRACE, "a mesh trace");
    if (o.raw > std::numeric_limits<std::uint32_t>::max())
        throw LogError("chooses trace id " + std::to_string(o.raw) + ", more than a MeshTraceId holds");
}

Held<dist::MeshTraceId> DecodeRole(CallReplay& x, Value v, Tag<ChosenTrace>) {
    CheckChosenTrace(v);
    const auto o = ObjectOf(v, schema::ObjectKind::MESH_TRACE, "a mesh trace");
    const dist::MeshTraceId trace{static_cast<std::uint32_t>(o.raw)};
    x.o.mesh_traces.Put(o.id, trace);
    return {trace};
}
#endif

#if LTCAP_HAS_DISTRIBUTED_HOST_BUFFER
Held<tm::DistributedHostBuffer> DecodeRole(CallReplay& x, Value v, Tag<HostShardWrites>) {
    Held<tm::DistributedHostBuffer> out{HostBufferOfCall(x)};
    for (auto e : values::ReadList(v)) {
        const values::ShardTransferValue t = values::ReadShardTransfer(e);
        std::vector<std::uint8_t> bytes;
        if (t.data.size) {
            const auto ref = e.getShardTransfer().getData();
            const std::uint8_t* data = x.s.payloads.Data(ref, ref.getSize());
            x.s.times.CountWritten(ref.getSize());
            bytes.assign(data, data + ref.getSize());
        }
        const dist::MeshCoordinate coord = Coordinate(t.coord);
        try {
            out.value.emplace_shard(coord, [&] { return tm::HostBuffer(std::move(bytes)); });
        } catch (const std::exception& ex) {  // a coordinate off the mesh: no program made this call
            throw LogError(std::string("holds a shard the host buffer cannot: ") + ex.what());
        }
    }
    return out;
}

Held<tm::DistributedHostBuffer> DecodeRole(CallReplay& x, Value, Tag<HostShardReads>) { return {HostBufferOfCall(x)}; }

// Each shard read gets the device shard's size in the read's one destination, in the captured order.
tm::DistributedHostBuffer& Prepare(CallReplay& x, const HostShardReads& r) {
    std::vector<std::pair<dist::MeshCoordinate, std::uint64_t>> shards;
    std::uint64_t total = 0;
    for (auto e : values::ReadList(x.Arg(2))) {
        const dist::MeshCoordinate coord = Coordinate(values::ReadShardTransfer(e).coord);
        const std::uint64_t size = r.buffer ? ShardBytes(*r.buffer, coord, std::nullopt) : 0;
        if (size > ReadVerifier::kMaxUnrecordedRead - total) throw LogError("the shards read more than ltplay allocates");
        shards.emplace_back(coord, size);
        total += size;
    }
    std::uint8_t* base = x.s.reads.Target(x.Seq(), x.What(), total, ReadDrain(x)).data();
    std::uint64_t offset = 0;
    for (const auto& shard : shards) {
        const auto& coord = shard.first;
        const std::uint64_t size = shard.second;  // named, not bound: clang 14 lambdas cannot capture bindings
        x.s.reads.NamePiece(x.Seq(), offset, "shard " + CoordText(coord.coords()));
        std::uint8_t* at = base + offset;
        try {
            r.value.emplace_shard(coord, [&] { return tm::HostBuffer(ttsl::Span<std::uint8_t>(at, size), tm::MemoryPin()); });
        } catch (const std::exception& ex) {
            throw LogError(std::string("reads a shard the host buffer cannot hold: ") + ex.what());
        }
        offset += size;
    }
    return r.value;
}
#endif

#if LTCAP_HAS_COORDINATE_SET_READS
Held<std::unordered_set<dist::MeshCoordinate>> Decode(CallReplay&, Value v,
                                                      Tag<std::unordered_set<dist::MeshCoordinate>>) {
    Held<std::unordered_set<dist::MeshCoordinate>> out;
    for (auto e : values::ReadList(v)) out.value.insert(Coordinate(values::ReadMeshRange(e).start));
    return out;
}
#endif

// The first program a workload gets makes it (the capture gave it a new id then). A program already given to a
// workload cannot be given again: the call would move the workload's own copy out from under it.
Ref<dist::MeshWorkload> DecodeRole(CallReplay& x, Value v, Tag<AddsTo>) {
    const std::uint64_t program = x.ArgId(schema::ObjectKind::PROGRAM);
    if (x.o.programs_in_workloads.count(program))
        throw LogError("adds program#" + std::to_string(program) +
                       " to a workload again: an earlier call moved it into one");
    const std::uint64_t id = ObjectOf(v, schema::ObjectKind::MESH_WORKLOAD, "a mesh workload").id;
    if (!x.o.mesh_workloads.Has(id)) x.o.mesh_workloads.Put(id, std::make_unique<dist::MeshWorkload>());
    return {x.o.mesh_workloads.Get(id).get()};
}
Held<std::uint8_t> DecodeRole(CallReplay& x, Value v, Tag<MeshQueueIndex>) {
    const std::uint64_t index = Unsigned(v);
    dist::MeshDevice* mesh = Decode(x, x.Arg(0), Tag<dist::MeshDevice*>{}).value;
    const unsigned queues = mesh ? mesh->num_hw_cqs() : 0;
    if (index >= queues)
        throw WrongUnlessThrew("names command queue " + std::to_string(index) + " of a mesh with " +
                               std::to_string(queues));
    return {static_cast<std::uint8_t>(index)};
}
Ref<dist::MeshCommandQueue> DecodeRole(CallReplay& x, Value v, Tag<FinishesMeshQueue>) {
    return Decode(x, v, Tag<dist::MeshCommandQueue>{});
}
Held<dist::MeshDevice*> DecodeRole(CallReplay& x, Value v, Tag<SynchronizesMesh>) {
    return Decode(x, v, Tag<dist::MeshDevice*>{});
}
Ref<dist::MeshEvent> DecodeRole(CallReplay& x, Value v, Tag<SynchronizesMeshEvent>) {
    return Decode(x, v, Tag<dist::MeshEvent>{});
}

// ---- Results

namespace {
// The devices the capture listed with a mesh it made (ObjectRef.members, format 12) are this mesh's, in the order its
// get_devices() gives them.
void BindMeshDevices(CallReplay& x, schema::ObjectRef::Reader captured, const dist::MeshDevice& mesh) {
    const auto ids = captured.getMembers();
    if (ids.size() == 0) return;
    const std::vector<tm::IDevice*> devices = mesh.get_devices();
    if (devices.size() != ids.size())
        throw ReplayError("mesh device#" + std::to_string(captured.getId()) + " has " + std::to_string(devices.size()) +
                          " devices, the capture's had " + std::to_string(ids.size()));
    for (unsigned i = 0; i < ids.size(); i++)
        if (ids[i]) x.o.mesh_members.Put(ids[i], devices[i]);
}
}  // namespace

// The mesh must have the captured shape: the same calls on another shape place shards on other devices. A call
// naming no config makes a unit mesh (create_unit_mesh: 1×1); a config without a shape (v0.67.0) takes the system
// mesh's, which the capture did not record.
void Record(CallReplay& x, PlainResult, std::shared_ptr<dist::MeshDevice>&& mesh) {
    if (!mesh) return;
    values::MeshDeviceConfigValue captured{{1, 1}, std::nullopt, {}};
    // The config: the first argument of MeshDevice::create, the first after `this` of MetalEnv::create_mesh_device.
    for (unsigned i = 0; i < std::min(x.ArgCount(), 2u); i++)
        if (x.Arg(i).isMeshDeviceConfig()) {
            captured = values::ReadMeshDeviceConfig(x.Arg(i));
            break;
        }
    const auto shape = mesh->shape().view();
    if (!captured.shape.empty() &&
        !std::equal(shape.begin(), shape.end(), captured.shape.begin(), captured.shape.end()))
        throw ReplayError("the mesh was made with shape " + Dims(shape) + ", the capture's has " +
                          Dims({captured.shape.data(), captured.shape.size()}));
    if (x.c.has_return && x.c.ret.result.isObject()) BindMeshDevices(x, x.c.ret.result.getObject(), *mesh);
    x.o.mesh_devices.Put(x.ResultId(), std::move(mesh));
}

#if LTCAP_HAS_UNIT_MESHES
// create_unit_meshes: the result list's meshes in the map's order (by device number, as the capture's), each 1×1.
void Record(CallReplay& x, PlainResult, api::MeshMap&& meshes) {
    if (!x.c.has_return || !x.c.ret.result.isList()) return;
    auto results = x.c.ret.result.getList();
    if (results.size() != meshes.size())
        throw ReplayError("create_unit_meshes made " + std::to_string(meshes.size()) + " meshes, the capture's made " +
                          std::to_string(results.size()));
    unsigned i = 0;
    for (auto& [number, mesh] : meshes) {
        const auto v = results[i++];
        if (!mesh || !v.isObject() || v.getObject().getKind() != schema::ObjectKind::MESH_DEVICE ||
            v.getObject().getId() == 0)
            continue;
        if (mesh->shape().mesh_size() != 1)
            throw ReplayError("create_unit_meshes made a mesh of " + std::to_string(mesh->shape().mesh_size()) +
                              " devices for device " + std::to_string(number));
        BindMeshDevices(x, v.getObject(), *mesh);
        x.o.mesh_devices.Put(v.getObject().getId(), std::move(mesh));
    }
}
#endif

void Record(CallReplay& x, PlainResult, std::shared_ptr<dist::MeshBuffer>&& buffer) {
    if (buffer) x.s.addresses.NoteAddress("mesh buffer#" + std::to_string(x.ResultId()), buffer->address(), x.ResultRaw());
#if LTCAP_HAS_MESH_BACKING_BUFFER
    // Its backing buffer, as the capture knows it: by the mesh buffer's id (not owned here: the mesh buffer is).
    if (buffer && buffer->get_backing_buffer())
        x.o.buffers.Put(x.ResultId(), std::shared_ptr<tm::Buffer>(buffer->get_backing_buffer(), [](tm::Buffer*) {}));
#endif
    // Its buffers on its devices, as the capture listed them (ObjectRef.members, format 13): not owned here either.
    if (buffer && x.c.has_return && x.c.ret.result.isObject()) {
        const auto ids = x.c.ret.result.getObject().getMembers();
        if (ids.size()) {
            const std::vector<tm::Buffer*> parts = DeviceBuffers(*buffer);
            if (parts.size() != ids.size())
                throw ReplayError("mesh buffer#" + std::to_string(x.ResultId()) + " has " +
                                  std::to_string(parts.size()) + " device buffers, the capture's had " +
                                  std::to_string(ids.size()));
            for (unsigned i = 0; i < ids.size(); i++)
                if (ids[i] && ids[i] != x.ResultId() && parts[i])
                    x.o.buffers.Put(ids[i], std::shared_ptr<tm::Buffer>(parts[i], [](tm::Buffer*) {}));
        }
    }
    x.o.mesh_buffers.Put(x.ResultId(), std::move(buffer));
}

void Record(CallReplay& x, PlainResult, dist::MeshEvent&& event) {
    x.o.mesh_events.Put(x.ResultId(), std::make_unique<dist::MeshEvent>(std::move(event)));
}

void Record(CallReplay& x, PlainResult, dist::MeshTraceId&& trace) { x.o.mesh_traces.Put(x.ResultId(), trace); }

void Record(CallReplay& x, PlainResult, tm::SubDeviceManagerId&& id) { x.o.sub_device_managers.Put(x.ResultId(), id); }

}  // namespace ltcap
