// A buffer config: an InterleavedBufferConfig, or a ShardedBufferConfig with its shard spec (the device by id).
#pragma once

#include <vector>

#include "schema/values/common.h"
#include "schema/values/shard_spec.h"

namespace ltcap::values {

struct BufferConfigValue {
    std::uint64_t device = 0, size = 0, page_size = 0;
    std::uint8_t buffer_type = 0, layout = 0;
    bool sharded = false;
    ShardValue shard;  // when sharded
    std::uint8_t bottom_up = 0;  // a DeviceLocalBufferConfig's: 0 not set, 1 false, 2 true
    bool operator==(const BufferConfigValue&) const = default;
};

inline void WriteBufferConfig(wire::Message& m, V v, const BufferConfigValue& c) {
    using B = L::BufferConfig;
    auto b = m.InitStruct<L::Value>(v, L::Value::f_bufferConfig, B::kSize);
    m.Set<B>(b, B::f_device, c.device);
    m.Set<B>(b, B::f_size, c.size);
    m.Set<B>(b, B::f_pageSize, c.page_size);
    m.Set<B>(b, B::f_bufferType, c.buffer_type);
    m.Set<B>(b, B::f_layout, c.layout);
    if (c.bottom_up) m.Set<B>(b, B::f_bottomUp, c.bottom_up);
    if (!c.sharded) return;
    m.Set<B>(b, B::f_sharded, true);
    WriteShardSpec<B>(m, b, B::f_shard, c.shard);
}

inline BufferConfigValue ReadBufferConfig(Value v) {
    if (!v.isBufferConfig()) Unexpected("a buffer config", v);
    auto b = v.getBufferConfig();
    BufferConfigValue c{b.getDevice(), b.getSize(), b.getPageSize(), b.getBufferType(), b.getLayout(), b.getSharded(), {},
                        b.getBottomUp()};
    if (!c.sharded) return c;
    c.shard = ReadShardSpec(b.getShard());
    return c;
}

// "{device#3 size=102400 page=2048 DRAM INTERLEAVED}", sharded: "… HEIGHT_SHARDED shard=32x64 on {(0,0)-(3,3)}}"
inline std::string PrintBufferConfig(Value v) {
    auto b = v.getBufferConfig();
    std::string s = "{device#" + std::to_string(b.getDevice()) + " size=" + std::to_string(b.getSize()) +
                    " page=" + std::to_string(b.getPageSize()) + " " + TtEnumName("BufferType", b.getBufferType()) +
                    " " + TtEnumName("TensorMemoryLayout", b.getLayout());
    if (b.getSharded()) s += " shard=" + PrintShardSpec(b.getShard());
    if (b.getBottomUp()) s += b.getBottomUp() == 2 ? " bottom_up" : " top_down";
    return s + "}";
}

}  // namespace ltcap::values
