// A buffer region: an offset and a size in bytes.
#pragma once

#include "schema/values/common.h"

namespace ltcap::values {

struct RegionValue {
    std::uint64_t offset = 0, size = 0;
    bool operator==(const RegionValue&) const = default;
};

inline void WriteRegion(wire::Message& m, V v, const RegionValue& r) {
    auto s = m.InitStruct<L::Value>(v, L::Value::f_region, L::Region::kSize);
    m.Set<L::Region>(s, L::Region::f_offset, r.offset);
    m.Set<L::Region>(s, L::Region::f_size, r.size);
}

inline RegionValue ReadRegion(Value v) {
    if (!v.isRegion()) Unexpected("a region", v);
    return {v.getRegion().getOffset(), v.getRegion().getSize()};
}

// "[4096, +1024]"
inline std::string PrintRegion(Value v) {
    return "[" + std::to_string(v.getRegion().getOffset()) + ", +" + std::to_string(v.getRegion().getSize()) + "]";
}

}  // namespace ltcap::values
