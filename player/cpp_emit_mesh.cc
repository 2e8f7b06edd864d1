// The mesh API's values, objects and roles as C++ (the exporter's counterpart of replay_mesh.cc).
#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include <algorithm>

#include "player/cpp_emit.h"
#include "player/format.h"
#include "schema/values/buffer_config.h"
#include "schema/values/data.h"
#include "schema/values/list.h"
#include "schema/values/mesh.h"
#include "schema/values/object.h"

namespace ltcap {
namespace {

std::string List(const values::Coord& c) {
    std::string out;
    for (std::size_t i = 0; i < c.size(); i++) out += (i ? ", " : "") + std::to_string(c[i]) + "u";
    return out;
}

std::string MeshShapeText(const values::Coord& c) {
    if (c.size() >= 1 && c.size() <= 3) return TypeName<dist::MeshShape>() + "(" + List(c) + ")";
    return TypeName<dist::MeshShape>() + "(" + TypeName<tt::stl::Span<const std::uint32_t>>() +
           "(std::vector<std::uint32_t>{" + List(c) + "}))";
}

// The list argument of the call (its shard transfers).
capnp::List<schema::Value>::Reader TransferList(CppCall& x) {
    for (unsigned i = 0; i < x.ArgCount(); i++)
        if (x.Arg(i).isList()) return x.Arg(i).getList();
    throw LogError("has no list of shard transfers");
}

std::string Region(const std::optional<values::RegionValue>& r) {
    if (!r) return "std::optional<" + TypeName<tm::BufferRegion>() + ">()";
    return "std::optional<" + TypeName<tm::BufferRegion>() + ">(" + TypeName<tm::BufferRegion>() + "(" +
           std::to_string(r->offset) + "ull, " + std::to_string(r->size) + "ull))";
}

// One shard transfer as each release makes one: v0.56.0's is an aggregate, v0.67.0's a class with setters.
std::string Transfer(const std::string& coord, const std::string& host, const std::string& region) {
    using T = api::ShardTransfers::value_type;
    if constexpr (std::is_aggregate_v<T>) {
        return TypeName<T>() + "{.shard_coord = " + coord + ", .host_data = " + host + ", .region = " + region + "}";
    } else {
        return "[&] { " + TypeName<T>() + " t(" + coord + "); t.host_data(" + host + "); t.region(" + region +
               "); return t; }()";
    }
}

// The offsets of the call's recorded read pieces, in order: one per shard read.
std::vector<std::uint64_t> PieceOffsets(CppCall& x, std::uint64_t& extent) {
    std::vector<std::uint64_t> offsets;
    extent = 0;
    auto it = x.p.reads.find(x.Seq());
    if (it == x.p.reads.end() || it->second.empty())
        throw LogError("reads shards the log did not record: their destinations cannot be sized");
    for (const auto& [offset, size, blob] : it->second) {
        offsets.push_back(offset);
        extent = std::max(extent, offset + size);
        if (size) {
            x.p.blobs_used.insert(blob);
            x.after.push_back("run.Expect(" + std::to_string(x.Seq()) + ", " + std::to_string(offset) + ", " +
                              std::to_string(blob) + ");");
        }
    }
    std::sort(offsets.begin(), offsets.end());
    return offsets;
}

}  // namespace

std::string EmitCoordinate(const values::Coord& c) {
    if (c.empty()) throw LogError("a mesh coordinate with no dimension");
    if (c.size() <= 3) return TypeName<dist::MeshCoordinate>() + "(" + List(c) + ")";
    return TypeName<dist::MeshCoordinate>() + "(" + TypeName<tt::stl::Span<const std::uint32_t>>() +
           "(std::vector<std::uint32_t>{" + List(c) + "}))";
}

// ---- Objects

std::string Emit(CppCall& x, Value v, Tag<dist::MeshDevice*>) {
    const auto o = ObjectOf(v, K::MESH_DEVICE, "a mesh device");
    return o.id ? x.p.Name(K::MESH_DEVICE, o.id) + ".get()" : "static_cast<" + TypeName<dist::MeshDevice*>() + ">(nullptr)";
}

std::string Emit(CppCall& x, Value v, Tag<dist::MeshDevice>) {
    const auto o = ObjectOf(v, K::MESH_DEVICE, "a mesh device");
    if (!o.id) throw LogError("names a null mesh device as the object of a call");
    return "(*" + x.p.Name(K::MESH_DEVICE, o.id) + ")";
}

std::string Emit(CppCall& x, Value v, Tag<tm::SubDeviceManagerId>) {
    return x.p.Name(K::SUB_DEVICE_MANAGER, ObjectOf(v, K::SUB_DEVICE_MANAGER, "a sub-device manager").id);
}

std::string Emit(CppCall& x, Value v, Tag<dist::MeshCommandQueue>) {
    const auto o = ObjectOf(v, K::MESH_COMMAND_QUEUE, "a mesh command queue");
    return x.p.Name(K::MESH_DEVICE, o.parent) + "->mesh_command_queue(" + std::to_string(o.raw) + ")";
}

std::string Emit(CppCall& x, Value v, Tag<std::shared_ptr<dist::MeshBuffer>>) {
    const std::uint64_t id = ObjectOf(v, K::MESH_BUFFER, "a mesh buffer").id;
    return id ? x.p.Name(K::MESH_BUFFER, id) : "std::shared_ptr<" + TypeName<dist::MeshBuffer>() + ">()";
}

std::string Emit(CppCall& x, Value v, Tag<dist::MeshBuffer>) {
    const std::uint64_t id = ObjectOf(v, K::MESH_BUFFER, "a mesh buffer").id;
    if (!id) throw LogError("passes a null mesh buffer by reference");
    return "(*" + x.p.Name(K::MESH_BUFFER, id) + ")";
}

std::string Emit(CppCall& x, Value v, Tag<dist::MeshWorkload>) {
    return x.p.Name(K::MESH_WORKLOAD, ObjectOf(v, K::MESH_WORKLOAD, "a mesh workload").id);
}
std::string Emit(CppCall& x, Value v, Tag<dist::MeshEvent>) {
    return x.p.Name(K::MESH_EVENT, ObjectOf(v, K::MESH_EVENT, "a mesh event").id);
}
std::string Emit(CppCall& x, Value v, Tag<dist::MeshTraceId>) {
    return x.p.Name(K::MESH_TRACE, ObjectOf(v, K::MESH_TRACE, "a mesh trace").id);
}

// ---- Values

std::string Emit(CppCall& x, Value v, Tag<api::SubDevices>) {
    if (!v.isList()) values::Unexpected("a list of sub-devices", v);
    std::string out = "run.Keep(std::vector<" + TypeName<tm::SubDevice>() + ">{";
    bool first = true;
    for (auto sub : v.getList()) {
        if (!sub.isList()) values::Unexpected("a sub-device (a list of core sets)", sub);
        if (sub.getList().size() > tm::NumHalProgrammableCoreTypes)
            throw LogError("a sub-device with cores of " + std::to_string(sub.getList().size()) + " core types");
        std::string cores = "std::array<" + TypeName<CoreRangeSet>() + ", " +
                            std::to_string(tm::NumHalProgrammableCoreTypes) + ">{";
        for (unsigned t = 0; t < sub.getList().size(); t++)
            cores += (t ? ", " : "") + Emit(x, sub.getList()[t], Tag<CoreRangeSet>{});
        out += (first ? "" : ", ") + TypeName<tm::SubDevice>() + "(" + cores + "})";
        first = false;
    }
    return out + "})";
}

std::string Emit(CppCall&, Value v, Tag<dist::MeshDeviceConfig>) {
    const values::MeshDeviceConfigValue c = values::ReadMeshDeviceConfig(v);
    const std::string offset = c.offset ? "std::optional<" + TypeName<dist::MeshCoordinate>() + ">(" +
                                              EmitCoordinate(*c.offset) + ")"
                                        : "std::optional<" + TypeName<dist::MeshCoordinate>() + ">()";
    std::string ids = "std::vector<int>{";
    for (std::size_t i = 0; i < c.physical_device_ids.size(); i++)
        ids += (i ? ", " : "") + std::to_string(static_cast<int>(c.physical_device_ids[i]));
    ids += "}";
    using Config = dist::MeshDeviceConfig;
    if constexpr (std::is_aggregate_v<Config>) {
        return TypeName<Config>() + "{.mesh_shape = " + MeshShapeText(c.shape) + ", .offset = " + offset +
               ", .physical_device_ids = " + ids + "}";
    } else {
        const std::string shape = c.shape.empty() ? "std::optional<" + TypeName<dist::MeshShape>() + ">()"
                                                  : "std::optional<" + TypeName<dist::MeshShape>() + ">(" + MeshShapeText(c.shape) + ")";
        return TypeName<Config>() + "(" + shape + ", " + offset + ", " + ids + ")";
    }
}

std::string Emit(CppCall&, Value v, Tag<dist::MeshBufferConfig>) {
    const values::MeshBufferConfigValue c = values::ReadMeshBufferConfig(v);
    if (!c.sharded) return TypeName<dist::ReplicatedBufferConfig>() + "{.size = " + std::to_string(c.size) + "ull}";
    return TypeName<dist::ShardedBufferConfig>() + "{.global_size = " + std::to_string(c.size) +
           "ull, .global_buffer_shape = " + TypeName<tm::Shape2D>() + "(" + std::to_string(c.global_height) + ", " +
           std::to_string(c.global_width) + "), .shard_shape = " + TypeName<tm::Shape2D>() + "(" +
           std::to_string(c.shard_height) + ", " + std::to_string(c.shard_width) + "), .shard_orientation = static_cast<" +
           TypeName<tm::ShardOrientation>() + ">(" + std::to_string(c.orientation) + ")}";
}

// v0.56.0 has the layout and shard parameters as fields; v0.67.0 in its sharding_args (with an N-D spec, or not).
namespace {
template <typename Config>
std::string DeviceLocal(Value v) {
    const values::BufferConfigValue b = values::ReadBufferConfig(v);
    std::string body = " c.page_size = " + std::to_string(b.page_size) + "ull; c.buffer_type = static_cast<" +
                       TypeName<tm::BufferType>() + ">(" + std::to_string(b.buffer_type) + ");";
    const std::string layout = "static_cast<" + TypeName<tm::TensorMemoryLayout>() + ">(" + std::to_string(b.layout) + ")";
    const std::string shard = b.sharded ? "std::optional<" + TypeName<tm::ShardSpecBuffer>() + ">(" + EmitShardSpec(b.shard) + ")"
                                        : "std::optional<" + TypeName<tm::ShardSpecBuffer>() + ">()";
    if constexpr (requires(Config c) { c.sharding_args; }) {
#if LTCAP_HAS_DISTRIBUTION_SPEC
        std::string spec = "std::optional<" + TypeName<tm::BufferDistributionSpec>() + ">()";
        if (b.distribution) {
            const auto shape = [](const std::vector<std::uint32_t>& dims) {
                std::string d;
                for (std::size_t i = 0; i < dims.size(); i++) d += (i ? ", " : "") + std::to_string(dims[i]) + "u";
                return TypeName<tm::Shape>() + "(" + TypeName<tt::stl::Span<const std::uint32_t>>() +
                       "(std::vector<std::uint32_t>{" + d + "}))";
            };
            std::string cores = "std::vector<" + TypeName<CoreCoord>() + ">{";
            for (std::size_t i = 0; i < b.distribution->cores.size(); i++)
                cores += (i ? ", " : "") + TypeName<CoreCoord>() + "{" + std::to_string(b.distribution->cores[i].start_x) +
                         ", " + std::to_string(b.distribution->cores[i].start_y) + "}";
            cores += "}";
            spec = "std::optional<" + TypeName<tm::BufferDistributionSpec>() + ">(" + TypeName<tm::BufferDistributionSpec>() +
                   "(" + shape(b.distribution->tensor_pages) + ", " + shape(b.distribution->shard_pages) + ", " + cores + "))";
        }
        body += " c.sharding_args = decltype(c.sharding_args)(" + spec + ", " + shard + ", " + layout + ");";
#endif
    } else {
        if (b.distribution) throw LogError("an N-D distribution spec, which v0.56.0 does not have");
        body += " c.buffer_layout = " + layout + "; c.shard_parameters = " + shard + ";";
    }
    if (b.bottom_up) body += std::string(" c.bottom_up = ") + (b.bottom_up == 2 ? "true" : "false") + ";";
    return "[&] { " + TypeName<Config>() + " c{};" + body + " return c; }()";
}
}  // namespace

std::string Emit(CppCall&, Value v, Tag<dist::DeviceLocalBufferConfig>) { return DeviceLocal<dist::DeviceLocalBufferConfig>(v); }

std::string Emit(CppCall&, Value v, Tag<dist::MeshCoordinateRange>) {
    const values::MeshRangeValue r = values::ReadMeshRange(v);
    return TypeName<dist::MeshCoordinateRange>() + "(" + EmitCoordinate(r.start) + ", " + EmitCoordinate(r.end) + ")";
}

#if LTCAP_HAS_COORDINATE_SET_READS
std::string Emit(CppCall&, Value v, Tag<std::unordered_set<dist::MeshCoordinate>>) {
    std::string out = "std::unordered_set<" + TypeName<dist::MeshCoordinate>() + ">{";
    bool first = true;
    for (auto e : values::ReadList(v)) out += (first ? "" : ", ") + EmitCoordinate(values::ReadMeshRange(e).start), first = false;
    return out + "}";
}
#endif

// ---- Roles

std::string EmitRole(CppCall& x, Value v, Tag<HostBytes>) {
    if (!v.isData()) values::Unexpected("data", v);
    if (!v.getData().getSize()) return "static_cast<const void*>(nullptr)";
    x.p.blobs_used.insert(v.getData().getBlob());
    return "run.Pointer(" + std::to_string(v.getData().getBlob()) + ")";
}

std::string EmitRole(CppCall& x, Value v, Tag<ShardWrites>) {
    std::string out = TypeName<api::ShardTransfers>() + "{";
    bool first = true;
    for (auto e : values::ReadList(v)) {
        const values::ShardTransferValue t = values::ReadShardTransfer(e);
        std::string host = "static_cast<void*>(nullptr)";
        if (t.data.size) {
            x.p.blobs_used.insert(e.getShardTransfer().getData().getBlob());
            host = "run.Mutable(" + std::to_string(e.getShardTransfer().getData().getBlob()) + ")";
        }
        out += (first ? "" : ", ") + Transfer(EmitCoordinate(t.coord), host, Region(t.region));
        first = false;
    }
    return out + "}";
}

// One destination for the call, the shards one after another, each where the capture recorded its bytes.
std::string EmitRole(CppCall& x, Value v, Tag<ShardReads>) {
    std::uint64_t extent = 0;
    const std::vector<std::uint64_t> offsets = x.Threw() ? std::vector<std::uint64_t>{} : PieceOffsets(x, extent);
    const std::string room = "run.Room(" + std::to_string(x.Seq()) + ", " + std::to_string(extent) + "ull).data()";
    std::string out = TypeName<api::ShardTransfers>() + "{";
    bool first = true;
    std::size_t piece = 0;
    for (auto e : values::ReadList(v)) {
        const values::ShardTransferValue t = values::ReadShardTransfer(e);
        std::string host = "static_cast<void*>(nullptr)";
        if (t.host) {
            if (piece >= offsets.size() && !x.Threw())
                throw LogError("reads more shards than the log recorded pieces for: their places are not known");
            host = x.Threw() ? room : room + " + " + std::to_string(offsets[piece++]);
        }
        out += (first ? "" : ", ") + Transfer(EmitCoordinate(t.coord), host, Region(t.region));
        first = false;
    }
    return out + "}";
}

#if LTCAP_HAS_DISTRIBUTED_HOST_BUFFER
namespace {
// The call's mesh buffer (its second argument, after the queue).
std::string MeshBufferOfCall(CppCall& x) { return Emit(x, x.Arg(1), Tag<std::shared_ptr<dist::MeshBuffer>>{}); }
}  // namespace

std::string EmitRole(CppCall& x, Value v, Tag<HostShardWrites>) {
    std::string out = "[&] { auto h = " + TypeName<tm::DistributedHostBuffer>() + "::create(" + MeshBufferOfCall(x) +
                      "->device()->shape());";
    for (auto e : values::ReadList(v)) {
        const values::ShardTransferValue t = values::ReadShardTransfer(e);
        std::string bytes = "std::vector<std::uint8_t>()";
        if (t.data.size) {
            x.p.blobs_used.insert(e.getShardTransfer().getData().getBlob());
            bytes = "run.Vector<std::uint8_t>(" + std::to_string(e.getShardTransfer().getData().getBlob()) + ")";
        }
        out += " h.emplace_shard(" + EmitCoordinate(t.coord) + ", [&] { return " + TypeName<tm::HostBuffer>() + "(" +
               bytes + "); });";
    }
    return out + " return h; }()";
}

// Each shard read gets its place in the read's one destination, where the capture recorded its bytes.
std::string EmitRole(CppCall& x, Value, Tag<HostShardReads>) {
    std::uint64_t extent = 0;
    const std::vector<std::uint64_t> offsets = PieceOffsets(x, extent);
    const auto shards = values::ReadList(x.Arg(2));
    if (shards.size() != offsets.size())
        throw LogError("reads " + std::to_string(shards.size()) + " shards, the log recorded " +
                       std::to_string(offsets.size()) + " pieces");
    const std::string room = "run.Room(" + std::to_string(x.Seq()) + ", " + std::to_string(extent) + "ull).data()";
    std::string out = "run.Keep([&] { auto h = " + TypeName<tm::DistributedHostBuffer>() + "::create(" +
                      MeshBufferOfCall(x) + "->device()->shape());";
    for (unsigned i = 0; i < shards.size(); i++) {
        const std::uint64_t end = i + 1 < offsets.size() ? offsets[i + 1] : extent;
        out += " h.emplace_shard(" + EmitCoordinate(values::ReadShardTransfer(shards[i]).coord) + ", [&] { return " +
               TypeName<tm::HostBuffer>() + "(" + TypeName<tt::stl::Span<std::uint8_t>>() + "(" + room + " + " +
               std::to_string(offsets[i]) + ", " + std::to_string(end - offsets[i]) + "), " + TypeName<tm::MemoryPin>() +
               "()); });";
    }
    return out + " return h; }())";
}
#endif

#if LTCAP_HAS_CHOSEN_TRACE_ID
// The trace id the captured program chose, which names a new trace from this call on.
std::string EmitRole(CppCall& x, Value v, Tag<ChosenTrace>) {
    const auto o = ObjectOf(v, K::MESH_TRACE, "a mesh trace");
    const std::string name = x.p.Variable("mesh_trace", o.id);
    x.before.push_back(TypeName<dist::MeshTraceId>() + " " + name + "{" + std::to_string(o.raw) + "u};");
    x.p.Bind(K::MESH_TRACE, o.id, name);
    return name;
}
#endif

// The first program a workload gets makes it (the capture gave it a new id then); the program lives in the workload
// from then on, which the log goes on naming it by.
std::string EmitRole(CppCall& x, Value v, Tag<AddsTo>) {
    const std::uint64_t id = ObjectOf(v, K::MESH_WORKLOAD, "a mesh workload").id;
    if (!x.p.Has(K::MESH_WORKLOAD, id)) {
        const std::string name = x.p.Variable("workload", id);
        x.before.push_back(TypeName<dist::MeshWorkload>() + " " + name + ";");
        x.p.Bind(K::MESH_WORKLOAD, id, name);
    }
    const std::string workload = x.p.Name(K::MESH_WORKLOAD, id);
    std::string range;
    for (unsigned i = 0; i < x.ArgCount(); i++)
        if (x.Arg(i).isMeshRange()) range = Emit(x, x.Arg(i), Tag<dist::MeshCoordinateRange>{});
    const std::uint64_t program = x.ArgId(K::PROGRAM);
    if (program && !range.empty()) x.rebinds.push_back({K::PROGRAM, program, workload + ".get_programs().at(" + range + ")"});
    return workload;
}

std::string EmitRole(CppCall& x, Value v, Tag<FinishesMeshQueue>) { return Emit(x, v, Tag<dist::MeshCommandQueue>{}); }
std::string EmitRole(CppCall& x, Value v, Tag<SynchronizesMesh>) { return Emit(x, v, Tag<dist::MeshDevice*>{}); }
std::string EmitRole(CppCall& x, Value v, Tag<SynchronizesMeshEvent>) { return Emit(x, v, Tag<dist::MeshEvent>{}); }

}  // namespace ltcap
