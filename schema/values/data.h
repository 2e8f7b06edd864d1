// Data: bytes the log holds in a blob (a write's payload, golden bytes), by reference — how many the call used, and
// which element type the program passed them as (HostDataType's alternative).
#pragma once

#include "schema/values/common.h"

namespace ltcap::values {

struct DataValue {
    std::uint64_t blob = 0, size = 0;
    L::ElementType element = L::ElementType::bytes;
    bool operator==(const DataValue&) const = default;
};

inline void WriteData(wire::Message& m, V v, const DataValue& d) {
    auto r = m.InitStruct<L::Value>(v, L::Value::f_data, L::DataRef::kSize);
    m.Set<L::DataRef>(r, L::DataRef::f_blob, d.blob);
    m.Set<L::DataRef>(r, L::DataRef::f_size, d.size);
    m.Set<L::DataRef>(r, L::DataRef::f_elementType, static_cast<std::uint16_t>(d.element));
}

inline DataValue ReadData(Value v) {
    if (!v.isData()) Unexpected("data", v);
    auto d = v.getData();
    return {d.getBlob(), d.getSize(), static_cast<L::ElementType>(d.getElementType())};
}

// "blob#3(4096 B float32)"
inline std::string PrintData(Value v) {
    auto d = v.getData();
    return "blob#" + std::to_string(d.getBlob()) + "(" + std::to_string(d.getSize()) + " B " + EnumName(d.getElementType()) + ")";
}

}  // namespace ltcap::values
