// A buffer config: an InterleavedBufferConfig, or a ShardedBufferConfig with its shard spec (the device by id).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "schema/values/common.h"
#include "schema/values/shard_spec.h"

namespace ltcap::values {

// An N-D distribution spec (v0.67.0's BufferDistributionSpec), in pages. Read back only if every shape is possible:
// 1 to kMaxRank dimensions, as many in the shard as in the tensor, a shard of at least one page in each, volumes
// under 2^32 pages, and 1 to kMaxCores cores, each a single core (ReadRanges bounds their coordinates). A shape no
// device takes is an ImpossibleValue (tt-metal refuses it: a call that threw may hold one); a range of cores where
// the shim writes single ones is a damaged log.
struct DistributionValue {
    static constexpr std::size_t kMaxRank = 8;
    static constexpr std::size_t kMaxCores = kCoreCoordinateLimit * kCoreCoordinateLimit;
    std::vector<std::uint32_t> tensor_pages, shard_pages;
    std::vector<Rect> cores;  // each start == end
    bool operator==(const DistributionValue&) const = default;
};

struct BufferConfigValue {
    std::uint64_t device = 0, size = 0, page_size = 0;
    std::uint8_t buffer_type = 0, layout = 0;
    bool sharded = false;
    ShardValue shard;  // when sharded
    std::uint8_t bottom_up = 0;  // a DeviceLocalBufferConfig's: 0 not set, 1 false, 2 true
    std::optional<DistributionValue> distribution;  // a v0.67.0 DeviceLocalBufferConfig's N-D spec
    bool operator==(const BufferConfigValue&) const = default;
};

namespace buffer_config_detail {
inline std::vector<std::uint32_t> ReadPages(capnp::List<std::uint32_t>::Reader list, const char* what) {
    if (list.size() < 1 || list.size() > DistributionValue::kMaxRank)
        throw ImpossibleValue(std::string("a distribution spec whose ") + what + " has " + std::to_string(list.size()) +
                       " dimensions (1 to " + std::to_string(DistributionValue::kMaxRank) + ")");
    std::vector<std::uint32_t> out;
    for (std::uint32_t d : list) out.push_back(d);
    unsigned __int128 volume = 1;
    for (std::uint32_t d : out) volume *= d;
    if (volume >= (static_cast<unsigned __int128>(1) << 32))
        throw ImpossibleValue(std::string("a distribution spec whose ") + what + " has 2^32 pages or more");
    return out;
}
inline DistributionValue ReadDistribution(schema::Distribution::Reader d) {
    DistributionValue out{ReadPages(d.getTensorPages(), "tensor shape"), ReadPages(d.getShardPages(), "shard shape"),
                          {}};
    if (out.tensor_pages.size() != out.shard_pages.size())
        throw ImpossibleValue("a distribution spec with a tensor of " + std::to_string(out.tensor_pages.size()) +
                       " dimensions and shards of " + std::to_string(out.shard_pages.size()));
    for (std::uint32_t dim : out.shard_pages)
        if (dim == 0) throw ImpossibleValue("a distribution spec whose shards have an empty dimension");
    if (d.getCores().size() < 1 || d.getCores().size() > DistributionValue::kMaxCores)
        throw ImpossibleValue("a distribution spec over " + std::to_string(d.getCores().size()) + " cores (1 to " +
                       std::to_string(DistributionValue::kMaxCores) + ")");
    out.cores = ReadRanges(d.getCores());
    for (const Rect& r : out.cores)
        if (r.start_x != r.end_x || r.start_y != r.end_y)
            throw LogError("a distribution spec names a range of cores where it lists single cores");
    return out;
}
}  // namespace buffer_config_detail

inline void WriteBufferConfig(wire::Message& m, V v, const BufferConfigValue& c) {
    using B = L::BufferConfig;
    auto b = m.InitStruct<L::Value>(v, L::Value::f_bufferConfig, B::kSize);
    m.Set<B>(b, B::f_device, c.device);
    m.Set<B>(b, B::f_size, c.size);
    m.Set<B>(b, B::f_pageSize, c.page_size);
    m.Set<B>(b, B::f_bufferType, c.buffer_type);
    m.Set<B>(b, B::f_layout, c.layout);
    if (c.bottom_up) m.Set<B>(b, B::f_bottomUp, c.bottom_up);
    if (c.distribution) {
        using D = L::Distribution;
        auto d = m.InitStruct<B>(b, B::f_distribution, D::kSize);
        m.SetU32List<D>(d, D::f_tensorPages, c.distribution->tensor_pages.data(), c.distribution->tensor_pages.size());
        m.SetU32List<D>(d, D::f_shardPages, c.distribution->shard_pages.data(), c.distribution->shard_pages.size());
        WriteRanges<D>(m, d, D::f_cores, c.distribution->cores.data(), c.distribution->cores.size());
    }
    if (!c.sharded) return;
    m.Set<B>(b, B::f_sharded, true);
    WriteShardSpec<B>(m, b, B::f_shard, c.shard);
}

inline BufferConfigValue ReadBufferConfig(Value v) {
    if (!v.isBufferConfig()) Unexpected("a buffer config", v);
    auto b = v.getBufferConfig();
    BufferConfigValue c{b.getDevice(), b.getSize(), b.getPageSize(), b.getBufferType(), b.getLayout(), b.getSharded(), {},
                        b.getBottomUp()};
    if (b.hasDistribution()) c.distribution = buffer_config_detail::ReadDistribution(b.getDistribution());
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
    if (b.hasDistribution()) {
        const auto d = b.getDistribution();
        const auto dims = [](capnp::List<std::uint32_t>::Reader l) {
            std::string t;
            for (std::uint32_t x : l) t += (t.empty() ? "" : "x") + std::to_string(x);
            return t;
        };
        s += " nd=" + dims(d.getTensorPages()) + "/" + dims(d.getShardPages()) + " pages on " +
             std::to_string(d.getCores().size()) + " cores";
    }
    if (b.getBottomUp()) s += b.getBottomUp() == 2 ? " bottom_up" : " top_down";
    return s + "}";
}

}  // namespace ltcap::values
