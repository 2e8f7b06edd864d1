// What a read's bytes are compared as: the element types a log's data can say it holds (schema ElementType), plus
// the tile formats tt-metal stores that no host vector type names — IEEE half floats and the block floats Bfp8_b and
// Bfp4_b (32×32 tiles: 64 shared exponents, then the datums' signs and mantissas). A read of untyped bytes gets one
// of them from what the log says about its buffer (player/read_types.h), or from --dtype.
//   std::optional<Dtype> t = ParseDtype("bfloat16");   DtypeName(Dtype::bfp8_b) == "bfp8_b"
#pragma once

#include <cstdint>
#include <iterator>
#include <optional>
#include <string>

#include "schema/trace.capnp.h"

namespace ltcap {

enum class Dtype : std::uint8_t { bytes, uint8, uint16, int32, uint32, float32, bfloat16, float16, bfp8_b, bfp4_b };

inline constexpr Dtype kDtypes[] = {Dtype::bytes,   Dtype::uint8,    Dtype::uint16,  Dtype::int32,  Dtype::uint32,
                                    Dtype::float32, Dtype::bfloat16, Dtype::float16, Dtype::bfp8_b, Dtype::bfp4_b};

// Each type's name, by its value.
inline constexpr const char* kDtypeNames[] = {"bytes",   "uint8",    "uint16",  "int32",  "uint32",
                                              "float32", "bfloat16", "float16", "bfp8_b", "bfp4_b"};
static_assert(std::size(kDtypeNames) == std::size(kDtypes) && [] {
    for (std::size_t i = 0; i < std::size(kDtypes); i++)
        if (static_cast<std::size_t>(kDtypes[i]) != i) return false;
    return true;
}(), "kDtypes and kDtypeNames list the types in the enum's order");

inline const char* DtypeName(Dtype t) {
    const auto i = static_cast<std::size_t>(t);
    return i < std::size(kDtypeNames) ? kDtypeNames[i] : "bytes";
}

inline std::optional<Dtype> ParseDtype(const std::string& name) {
    for (Dtype t : kDtypes)
        if (name == DtypeName(t)) return t;
    return std::nullopt;
}

// "uint8, uint16, …, bfp4_b": the names --dtype takes.
inline std::string DtypeNames() {
    std::string s;
    for (Dtype t : kDtypes) s += (s.empty() ? "" : ", ") + std::string(DtypeName(t));
    return s;
}

// What the log's data says it is; a raw pointer's bytes and untyped bytes are bytes.
inline Dtype DtypeOf(schema::ElementType t) {
    switch (t) {
        case schema::ElementType::UINT8:
            return Dtype::uint8;
        case schema::ElementType::UINT16:
            return Dtype::uint16;
        case schema::ElementType::INT32:
            return Dtype::int32;
        case schema::ElementType::UINT32:
            return Dtype::uint32;
        case schema::ElementType::FLOAT32:
            return Dtype::float32;
        case schema::ElementType::BFLOAT16:
            return Dtype::bfloat16;
        default:
            return Dtype::bytes;
    }
}

// A tt::DataFormat (its number, as a circular buffer config records it) as the host reads a buffer of it; none for
// formats the comparison does not unpack (Bfp2, Lf8, Fp8, Int8, the shared-exponent Bfp8/Bfp4 without _b, …).
inline std::optional<Dtype> DtypeOfDataFormat(std::uint8_t format) {
    switch (format) {
        case 0:
            return Dtype::float32;  // Float32
        case 1:
            return Dtype::float16;  // Float16
        case 4:
            return Dtype::float32;  // Tf32: stored in 32 bits
        case 5:
            return Dtype::bfloat16;  // Float16_b
        case 6:
            return Dtype::bfp8_b;  // Bfp8_b
        case 7:
            return Dtype::bfp4_b;  // Bfp4_b
        case 8:
            return Dtype::int32;  // Int32
        case 9:
            return Dtype::uint16;  // UInt16
        case 24:
            return Dtype::uint32;  // UInt32
        case 30:
            return Dtype::uint8;  // UInt8
        default:
            return std::nullopt;
    }
}

inline bool IsFloat(Dtype t) {
    return t == Dtype::float32 || t == Dtype::bfloat16 || t == Dtype::float16 || t == Dtype::bfp8_b ||
           t == Dtype::bfp4_b;
}
inline bool IsBlockFloat(Dtype t) { return t == Dtype::bfp8_b || t == Dtype::bfp4_b; }

}  // namespace ltcap
