// Data: bytes the log holds in a blob (a write's payload, golden bytes), by reference — how many the call used, and
// which element type the program passed them as (HostDataType's alternative).
#pragma once

#include <algorithm>
#include <cstring>

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

// The bytes of one element of `type` (1 for raw pointers and untyped bytes).
inline unsigned ElementBytes(schema::ElementType type) {
    switch (type) {
        case schema::ElementType::UINT16:
        case schema::ElementType::BFLOAT16: return 2;
        case schema::ElementType::INT32:
        case schema::ElementType::UINT32:
        case schema::ElementType::FLOAT32: return 4;
        default: return 1;
    }
}

// Element `at` of `bytes` (at least (at + 1) * ElementBytes(type) of them, little-endian as the host wrote them)
// as a number: a bfloat16 as the float it stands for.
inline double ElementValue(const std::uint8_t* bytes, std::size_t at, schema::ElementType type) {
    const std::uint8_t* p = bytes + at * ElementBytes(type);
    std::uint16_t u16;
    std::uint32_t u32;
    float f;
    switch (type) {
        case schema::ElementType::UINT16: std::memcpy(&u16, p, 2); return u16;
        case schema::ElementType::BFLOAT16:
            std::memcpy(&u16, p, 2);
            u32 = static_cast<std::uint32_t>(u16) << 16;
            std::memcpy(&f, &u32, 4);
            return f;
        case schema::ElementType::INT32: std::memcpy(&u32, p, 4); return static_cast<std::int32_t>(u32);
        case schema::ElementType::UINT32: std::memcpy(&u32, p, 4); return u32;
        case schema::ElementType::FLOAT32: std::memcpy(&f, p, 4); return f;
        default: return *p;
    }
}

// Element `at` as text: floats with up to 7 significant digits, integers exactly, bytes as two hex digits.
inline std::string PrintElement(const std::uint8_t* bytes, std::size_t at, schema::ElementType type) {
    char text[40];
    const double x = ElementValue(bytes, at, type);
    if (type == schema::ElementType::FLOAT32 || type == schema::ElementType::BFLOAT16) std::snprintf(text, sizeof text, "%.7g", x);
    else if (ElementBytes(type) == 1) std::snprintf(text, sizeof text, "%02x", static_cast<unsigned>(x));
    else std::snprintf(text, sizeof text, "%.0f", x);
    return text;
}

// The first elements of a blob of `total` bytes of which `have` (a prefix) are at hand:
// "bfloat16[1024] 1 2.5 -3 … " or, for untyped bytes, "bytes[2048] 0a 1b 2c …".
inline std::string PrintElements(const std::uint8_t* bytes, std::size_t have, std::uint64_t total,
                                 schema::ElementType type, unsigned shown = 16) {
    const unsigned size = ElementBytes(type);
    std::string s = EnumName(type) + "[" + std::to_string(total / size) + "]";
    const std::size_t n = have / size;
    for (std::size_t i = 0; i < n && i < shown; i++) s += " " + PrintElement(bytes, i, type);
    if (total / size > std::min<std::uint64_t>(n, shown)) s += " …";
    return s;
}

}  // namespace ltcap::values
