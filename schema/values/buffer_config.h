// A buffer config: an InterleavedBufferConfig, or a ShardedBufferConfig with its shard spec (the device by id).
#pragma once

#include <vector>

#include "schema/values/common.h"
#include "schema/values/cores.h"

namespace ltcap::values {

struct ShardValue {
    std::vector<Rect> grid;
    std::uint32_t shape_height = 0, shape_width = 0;  // the shard, in elements
    std::uint8_t orientation = 0, mode = 0;
    std::uint32_t page_height = 0, page_width = 0;                    // a page, in elements
    std::uint32_t tensor_pages_height = 0, tensor_pages_width = 0;    // tensor2d_shape_in_pages
    bool operator==(const ShardValue&) const = default;
};
struct BufferConfigValue {
    std::uint64_t device = 0, size = 0, page_size = 0;
    std::uint8_t buffer_type = 0, layout = 0;
    bool sharded = false;
    ShardValue shard;  // when sharded
    bool operator==(const BufferConfigValue&) const = default;
};

inline void WriteBufferConfig(wire::Message& m, V v, const BufferConfigValue& c) {
    using B = L::BufferConfig;
    using S = L::ShardSpec;
    auto b = m.InitStruct<L::Value>(v, L::Value::f_bufferConfig, B::kSize);
    m.Set<B>(b, B::f_device, c.device);
    m.Set<B>(b, B::f_size, c.size);
    m.Set<B>(b, B::f_pageSize, c.page_size);
    m.Set<B>(b, B::f_bufferType, c.buffer_type);
    m.Set<B>(b, B::f_layout, c.layout);
    if (!c.sharded) return;
    m.Set<B>(b, B::f_sharded, true);
    auto s = m.InitStruct<B>(b, B::f_shard, S::kSize);
    m.Set<S>(s, S::f_shapeHeight, c.shard.shape_height);
    m.Set<S>(s, S::f_shapeWidth, c.shard.shape_width);
    m.Set<S>(s, S::f_orientation, c.shard.orientation);
    m.Set<S>(s, S::f_mode, c.shard.mode);
    m.Set<S>(s, S::f_pageHeight, c.shard.page_height);
    m.Set<S>(s, S::f_pageWidth, c.shard.page_width);
    m.Set<S>(s, S::f_tensorPagesHeight, c.shard.tensor_pages_height);
    m.Set<S>(s, S::f_tensorPagesWidth, c.shard.tensor_pages_width);
    WriteRanges<S>(m, s, S::f_grid, c.shard.grid.data(), c.shard.grid.size());
}

inline BufferConfigValue ReadBufferConfig(Value v) {
    if (!v.isBufferConfig()) Unexpected("a buffer config", v);
    auto b = v.getBufferConfig();
    BufferConfigValue c{b.getDevice(), b.getSize(), b.getPageSize(), b.getBufferType(), b.getLayout(), b.getSharded(), {}};
    if (!c.sharded) return c;
    auto s = b.getShard();
    c.shard = {ReadRanges(s.getGrid()), s.getShapeHeight(), s.getShapeWidth(), s.getOrientation(), s.getMode(),
               s.getPageHeight(), s.getPageWidth(), s.getTensorPagesHeight(), s.getTensorPagesWidth()};
    return c;
}

// "{device#3 size=102400 page=2048 DRAM INTERLEAVED}", sharded: "… HEIGHT_SHARDED shard=32x64 on {(0,0)-(3,3)}}"
inline std::string PrintBufferConfig(Value v) {
    static const char* kTypes[] = {"DRAM", "L1", "SYSTEM_MEMORY", "L1_SMALL", "TRACE"};
    static const char* kLayouts[] = {"INTERLEAVED", "SINGLE_BANK", "HEIGHT_SHARDED", "WIDTH_SHARDED", "BLOCK_SHARDED"};
    auto b = v.getBufferConfig();
    std::string s = "{device#" + std::to_string(b.getDevice()) + " size=" + std::to_string(b.getSize()) +
                    " page=" + std::to_string(b.getPageSize()) + " " +
                    (b.getBufferType() < 5 ? kTypes[b.getBufferType()] : "type" + std::to_string(b.getBufferType())) + " " +
                    (b.getLayout() < 5 ? kLayouts[b.getLayout()] : "layout" + std::to_string(b.getLayout()));
    if (b.getSharded()) {
        auto sh = b.getShard();
        s += " shard=" + std::to_string(sh.getShapeHeight()) + "x" + std::to_string(sh.getShapeWidth()) + " on {" +
             PrintRanges(sh.getGrid()) + "}";
    }
    return s + "}";
}

}  // namespace ltcap::values
