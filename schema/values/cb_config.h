// A circular buffer's config: its total size, each configured index with its data format and page size, and the
// buffer a dynamic circular buffer lives in (by id).
#pragma once

#include <vector>

#include "schema/values/common.h"

namespace ltcap::values {

struct CbIndexValue {
    std::uint8_t index = 0, data_format = 0;
    std::uint32_t page_size = 0;  // 0 when not set
    bool remote = false;          // a remote index
    bool operator==(const CbIndexValue&) const = default;
};
struct CbConfigValue {
    std::uint32_t total_size = 0;
    std::vector<CbIndexValue> indices;  // ascending
    std::uint64_t global_buffer = 0;    // 0 for a static circular buffer
    bool operator==(const CbConfigValue&) const = default;
};

inline void WriteCbConfig(wire::Message& m, V v, const CbConfigValue& c) {
    using C = L::CbConfig;
    auto cb = m.InitStruct<L::Value>(v, L::Value::f_cbConfig, C::kSize);
    m.Set<C>(cb, C::f_totalSize, c.total_size);
    auto list = m.InitStructList<C>(cb, C::f_indices, c.indices.size(), L::CbIndex::kSize);
    for (std::size_t n = 0; n < c.indices.size(); n++) {
        auto e = m.Element(list, n);
        m.Set<L::CbIndex>(e, L::CbIndex::f_index, c.indices[n].index);
        m.Set<L::CbIndex>(e, L::CbIndex::f_dataFormat, c.indices[n].data_format);
        m.Set<L::CbIndex>(e, L::CbIndex::f_pageSize, c.indices[n].page_size);
        if (c.indices[n].remote) m.Set<L::CbIndex>(e, L::CbIndex::f_remote, true);
    }
    if (c.global_buffer) m.Set<C>(cb, C::f_globalBuffer, c.global_buffer);
}

inline CbConfigValue ReadCbConfig(Value v) {
    if (!v.isCbConfig()) Unexpected("a circular buffer config", v);
    auto c = v.getCbConfig();
    CbConfigValue out{c.getTotalSize(), {}, c.getGlobalBuffer()};
    for (auto i : c.getIndices()) out.indices.push_back({i.getIndex(), i.getDataFormat(), i.getPageSize(), i.getRemote()});
    return out;
}

// "{total=4096 c0:Float16_b/2048 buffer#7}", a remote index as "remote c31:…"
inline std::string PrintCbConfig(Value v) {
    auto c = v.getCbConfig();
    std::string s = "{total=" + std::to_string(c.getTotalSize());
    const auto indices = c.getIndices();
    constexpr unsigned kShown = 16;
    for (unsigned n = 0; n < indices.size() && n < kShown; n++) {
        const auto i = indices[n];
        s += std::string(i.getRemote() ? " remote c" : " c") + std::to_string(i.getIndex()) + ":" + DataFormatName(i.getDataFormat()) + "/" + std::to_string(i.getPageSize());
    }
    if (indices.size() > kShown) s += " … " + std::to_string(indices.size() - kShown) + " more";
    if (c.getGlobalBuffer()) s += " buffer#" + std::to_string(c.getGlobalBuffer());
    return s + "}";
}

}  // namespace ltcap::values
