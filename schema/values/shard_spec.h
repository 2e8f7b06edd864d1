// A shard spec (tt-metal's ShardSpecBuffer): the cores the shards are on, a shard's and a page's shape in elements,
// and the tensor's shape in pages. A value of its own (Buffer::create's shard_parameter) and a part of a sharded
// buffer config (buffer_config.h); both write and read it here.
#pragma once

#include <vector>

#include "schema/values/common.h"
#include "schema/values/cores.h"

namespace ltcap::values {

struct ShardValue {
    std::vector<Rect> grid;
    std::uint32_t shape_height = 0, shape_width = 0;  // the shard, in elements
    std::uint8_t orientation = 0, mode = 0;
    std::uint32_t page_height = 0, page_width = 0;                  // a page, in elements
    std::uint32_t tensor_pages_height = 0, tensor_pages_width = 0;  // tensor2d_shape_in_pages
    bool operator==(const ShardValue&) const = default;
};

// The ShardSpec struct in `field` of `parent` (a Value, or a BufferConfig).
template <typename Parent>
void WriteShardSpec(wire::Message& m, wire::StructRef parent, const wire::Field& field, const ShardValue& shard) {
    using S = L::ShardSpec;
    auto s = m.InitStruct<Parent>(parent, field, S::kSize);
    m.Set<S>(s, S::f_shapeHeight, shard.shape_height);
    m.Set<S>(s, S::f_shapeWidth, shard.shape_width);
    m.Set<S>(s, S::f_orientation, shard.orientation);
    m.Set<S>(s, S::f_mode, shard.mode);
    m.Set<S>(s, S::f_pageHeight, shard.page_height);
    m.Set<S>(s, S::f_pageWidth, shard.page_width);
    m.Set<S>(s, S::f_tensorPagesHeight, shard.tensor_pages_height);
    m.Set<S>(s, S::f_tensorPagesWidth, shard.tensor_pages_width);
    WriteRanges<S>(m, s, S::f_grid, shard.grid.data(), shard.grid.size());
}

inline ShardValue ReadShardSpec(schema::ShardSpec::Reader s) {
    return {ReadRanges(s.getGrid()), s.getShapeHeight(), s.getShapeWidth(), s.getOrientation(), s.getMode(),
            s.getPageHeight(), s.getPageWidth(), s.getTensorPagesHeight(), s.getTensorPagesWidth()};
}

// "32x64 on {(0,0)-(3,3)}"
inline std::string PrintShardSpec(schema::ShardSpec::Reader s) {
    return std::to_string(s.getShapeHeight()) + "x" + std::to_string(s.getShapeWidth()) + " on {" +
           PrintRanges(s.getGrid()) + "}";
}

// As a value of its own.
inline void WriteShard(wire::Message& m, V v, const ShardValue& shard) {
    WriteShardSpec<L::Value>(m, v, L::Value::f_shardSpec, shard);
}

inline ShardValue ReadShard(Value v) {
    if (!v.isShardSpec()) Unexpected("a shard spec", v);
    return ReadShardSpec(v.getShardSpec());
}

// "shard{32x64 on {(0,0)-(3,3)} pages 1x2 of 32x32}"
inline std::string PrintShard(Value v) {
    const auto s = v.getShardSpec();
    return "shard{" + PrintShardSpec(s) + " pages " + std::to_string(s.getTensorPagesHeight()) + "x" +
           std::to_string(s.getTensorPagesWidth()) + " of " + std::to_string(s.getPageHeight()) + "x" +
           std::to_string(s.getPageWidth()) + "}";
}

}  // namespace ltcap::values
