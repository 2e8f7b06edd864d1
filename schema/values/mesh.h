// Mesh values (format 6): a MeshCoordinateRange, a MeshDeviceConfig, a MeshBufferConfig and one shard transfer of
// MeshCommandQueue's enqueue_write_shards / enqueue_read_shards. A coordinate or a shape is plain `words`.
#pragma once

#include <optional>
#include <vector>

#include "schema/values/common.h"
#include "schema/values/data.h"
#include "schema/values/region.h"
#include "schema/values/words.h"

namespace ltcap::values {

using Coord = std::vector<std::uint32_t>;  // one value per dimension

namespace mesh_detail {
inline Coord Read(capnp::List<std::uint32_t>::Reader l) {
    Coord out;
    out.reserve(l.size());
    for (std::uint32_t x : l) out.push_back(x);
    return out;
}
// Coordinates have a handful of dimensions: more in a log is damage, not a mesh.
constexpr unsigned kMaxDims = 8;
inline Coord ReadDims(capnp::List<std::uint32_t>::Reader l, const char* what) {
    if (l.size() > kMaxDims) throw LogError(std::string(what) + " has " + std::to_string(l.size()) + " dimensions");
    return Read(l);
}
// "(1, 3)"
inline std::string Print(capnp::List<std::uint32_t>::Reader l) {
    std::string s = "(";
    for (unsigned i = 0; i < l.size(); i++) s += (i ? ", " : "") + std::to_string(l[i]);
    return s + ")";
}
}  // namespace mesh_detail

// ---- A MeshCoordinate or MeshShape: words
inline void WriteCoord(wire::Message& m, V v, const Coord& c) { WriteWords(m, v, c.data(), c.size()); }
inline Coord ReadCoord(Value v) {
    if (!v.isWords()) Unexpected("a mesh coordinate", v);
    return mesh_detail::ReadDims(v.getWords(), "a mesh coordinate");
}

// ---- MeshCoordinateRange
struct MeshRangeValue {
    Coord start, end;
    bool operator==(const MeshRangeValue&) const = default;
};

inline void WriteMeshRange(wire::Message& m, V v, const MeshRangeValue& r) {
    auto s = m.InitStruct<L::Value>(v, L::Value::f_meshRange, L::MeshRange::kSize);
    m.SetU32List<L::MeshRange>(s, L::MeshRange::f_start, r.start.data(), r.start.size());
    m.SetU32List<L::MeshRange>(s, L::MeshRange::f_end, r.end.data(), r.end.size());
}

inline MeshRangeValue ReadMeshRange(Value v) {
    if (!v.isMeshRange()) Unexpected("a mesh coordinate range", v);
    MeshRangeValue r{mesh_detail::ReadDims(v.getMeshRange().getStart(), "a mesh range"),
                     mesh_detail::ReadDims(v.getMeshRange().getEnd(), "a mesh range")};
    if (r.start.size() != r.end.size()) throw LogError("a mesh range whose ends have different dimensions");
    if (r.start.empty()) throw LogError("a mesh range with no dimension");
    return r;
}

// "(0, 0)..(1, 3)"
inline std::string PrintMeshRange(Value v) {
    return mesh_detail::Print(v.getMeshRange().getStart()) + ".." + mesh_detail::Print(v.getMeshRange().getEnd());
}

// ---- MeshDeviceConfig
struct MeshDeviceConfigValue {
    Coord shape;
    std::optional<Coord> offset;
    std::vector<std::uint32_t> physical_device_ids;
    bool operator==(const MeshDeviceConfigValue&) const = default;
};

inline void WriteMeshDeviceConfig(wire::Message& m, V v, const MeshDeviceConfigValue& c) {
    using M = L::MeshDeviceConfig;
    auto s = m.InitStruct<L::Value>(v, L::Value::f_meshDeviceConfig, M::kSize);
    m.SetU32List<M>(s, M::f_shape, c.shape.data(), c.shape.size());
    if (c.offset) {
        m.Set<M>(s, M::f_hasOffset, true);
        m.SetU32List<M>(s, M::f_offset, c.offset->data(), c.offset->size());
    }
    if (!c.physical_device_ids.empty())
        m.SetU32List<M>(s, M::f_physicalDeviceIds, c.physical_device_ids.data(), c.physical_device_ids.size());
}

inline MeshDeviceConfigValue ReadMeshDeviceConfig(Value v) {
    if (!v.isMeshDeviceConfig()) Unexpected("a mesh device config", v);
    auto s = v.getMeshDeviceConfig();
    MeshDeviceConfigValue c{mesh_detail::ReadDims(s.getShape(), "a mesh shape"), std::nullopt,
                            mesh_detail::Read(s.getPhysicalDeviceIds())};
    if (s.getHasOffset()) c.offset = mesh_detail::ReadDims(s.getOffset(), "a mesh offset");
    return c;
}

// "{shape=(2, 4) offset=(0, 1) devices=[0, 1]}"
inline std::string PrintMeshDeviceConfig(Value v) {
    auto s = v.getMeshDeviceConfig();
    std::string out = "{shape=" + mesh_detail::Print(s.getShape());
    if (s.getHasOffset()) out += " offset=" + mesh_detail::Print(s.getOffset());
    if (s.getPhysicalDeviceIds().size()) out += " devices=" + PrintWords(s.getPhysicalDeviceIds());
    return out + "}";
}

// ---- MeshBufferConfig (std::variant<ReplicatedBufferConfig, ShardedBufferConfig>)
struct MeshBufferConfigValue {
    bool sharded = false;
    std::uint64_t size = 0;  // replicated: size; sharded: global_size
    std::uint64_t global_height = 0, global_width = 0, shard_height = 0, shard_width = 0;
    std::uint8_t orientation = 0;
    bool operator==(const MeshBufferConfigValue&) const = default;
};

inline void WriteMeshBufferConfig(wire::Message& m, V v, const MeshBufferConfigValue& c) {
    using M = L::MeshBufferConfig;
    auto s = m.InitStruct<L::Value>(v, L::Value::f_meshBufferConfig, M::kSize);
    m.Set<M>(s, M::f_size, c.size);
    if (!c.sharded) return;
    m.Set<M>(s, M::f_sharded, true);
    m.Set<M>(s, M::f_globalHeight, c.global_height);
    m.Set<M>(s, M::f_globalWidth, c.global_width);
    m.Set<M>(s, M::f_shardHeight, c.shard_height);
    m.Set<M>(s, M::f_shardWidth, c.shard_width);
    m.Set<M>(s, M::f_orientation, c.orientation);
}

inline MeshBufferConfigValue ReadMeshBufferConfig(Value v) {
    if (!v.isMeshBufferConfig()) Unexpected("a mesh buffer config", v);
    auto s = v.getMeshBufferConfig();
    return {s.getSharded(), s.getSize(), s.getGlobalHeight(), s.getGlobalWidth(), s.getShardHeight(),
            s.getShardWidth(), s.getOrientation()};
}

// "{replicated size=4096}", "{sharded size=8192 global=64x128 shard=32x32 ROW_MAJOR}"
inline std::string PrintMeshBufferConfig(Value v) {
    auto s = v.getMeshBufferConfig();
    if (!s.getSharded()) return "{replicated size=" + std::to_string(s.getSize()) + "}";
    return "{sharded size=" + std::to_string(s.getSize()) + " global=" + std::to_string(s.getGlobalHeight()) + "x" +
           std::to_string(s.getGlobalWidth()) + " shard=" + std::to_string(s.getShardHeight()) + "x" +
           std::to_string(s.getShardWidth()) + " " + TtEnumName("ShardOrientation", s.getOrientation()) + "}";
}

// ---- One shard transfer: a device's coordinate, a write's bytes or a read's destination, maybe a region
struct ShardTransferValue {
    Coord coord;
    DataValue data;             // writes
    std::uint64_t host = 0;     // reads
    std::optional<RegionValue> region;
    bool operator==(const ShardTransferValue&) const = default;
};

inline void WriteShardTransfer(wire::Message& m, V v, const ShardTransferValue& t, bool write) {
    using S = L::ShardTransfer;
    auto s = m.InitStruct<L::Value>(v, L::Value::f_shardTransfer, S::kSize);
    m.SetU32List<S>(s, S::f_coord, t.coord.data(), t.coord.size());
    if (write) {
        auto d = m.InitStruct<S>(s, S::f_data, L::DataRef::kSize);
        m.Set<L::DataRef>(d, L::DataRef::f_blob, t.data.blob);
        m.Set<L::DataRef>(d, L::DataRef::f_size, t.data.size);
        m.Set<L::DataRef>(d, L::DataRef::f_elementType, static_cast<std::uint16_t>(t.data.element));
    } else {
        m.Set<S>(s, S::f_hostPointer, t.host);
    }
    if (t.region) {
        m.Set<S>(s, S::f_hasRegion, true);
        auto r = m.InitStruct<S>(s, S::f_region, L::Region::kSize);
        m.Set<L::Region>(r, L::Region::f_offset, t.region->offset);
        m.Set<L::Region>(r, L::Region::f_size, t.region->size);
    }
}

inline ShardTransferValue ReadShardTransfer(Value v) {
    if (!v.isShardTransfer()) Unexpected("a shard transfer", v);
    auto s = v.getShardTransfer();
    ShardTransferValue t;
    t.coord = mesh_detail::ReadDims(s.getCoord(), "a shard's coordinate");
    if (t.coord.empty()) throw LogError("a shard's coordinate with no dimension");
    if (s.hasData())
        t.data = {s.getData().getBlob(), s.getData().getSize(), static_cast<L::ElementType>(s.getData().getElementType())};
    t.host = s.getHostPointer();
    if (s.getHasRegion()) t.region = RegionValue{s.getRegion().getOffset(), s.getRegion().getSize()};
    return t;
}

// "{(0, 1) blob#3(1024 B bytes) [0, +512]}", a read: "{(0, 1) ptr}"
inline std::string PrintShardTransfer(Value v) {
    auto s = v.getShardTransfer();
    std::string out = "{" + mesh_detail::Print(s.getCoord());
    if (s.hasData()) {
        out += " blob#" + std::to_string(s.getData().getBlob()) + "(" + std::to_string(s.getData().getSize()) + " B)";
    } else {
        out += " ptr";
    }
    if (s.getHasRegion())
        out += " [" + std::to_string(s.getRegion().getOffset()) + ", +" + std::to_string(s.getRegion().getSize()) + "]";
    return out + "}";
}

}  // namespace ltcap::values
