// tt::DataFormat (values as the hardware numbers them) with the datum and 32×32 tile sizes per format.
#pragma once

#include <fmt/core.h>

#include <cstdint>
#include <functional>
#include <ostream>
#include <stdexcept>

namespace tt {

enum class DataFormat : std::uint8_t {
    Float32 = 0, Float16 = 1, Bfp8 = 2, Bfp4 = 3, Bfp2 = 11, Float16_b = 5, Bfp8_b = 6, Bfp4_b = 7, Bfp2_b = 15,
    Lf8 = 10, Fp8_e4m3 = 0x1A, Int8 = 14, Tf32 = 4, UInt8 = 30, UInt16 = 9, Int32 = 8, UInt32 = 24,
    RawUInt8 = 0xf0, RawUInt16 = 0xf1, RawUInt32 = 0xf2, Invalid = 0xff
};

bool is_integer_format(DataFormat format);
std::ostream& operator<<(std::ostream& os, const DataFormat& format);

// Bytes per element; block-float formats have none (they share exponents), Tf32 is not supported.
constexpr static std::uint32_t datum_size(const DataFormat& format) {
    switch (format) {
        case DataFormat::Float16: case DataFormat::Float16_b: case DataFormat::UInt16: case DataFormat::RawUInt16:
            return 2;
        case DataFormat::Float32: case DataFormat::UInt32: case DataFormat::Int32: case DataFormat::RawUInt32:
            return 4;
        case DataFormat::Int8: case DataFormat::Lf8: case DataFormat::UInt8: case DataFormat::RawUInt8: return 1;
        case DataFormat::Bfp2: case DataFormat::Bfp2_b: case DataFormat::Bfp4: case DataFormat::Bfp4_b:
        case DataFormat::Bfp8: case DataFormat::Bfp8_b: throw std::invalid_argument("datum for bfp2, bfp4, bfp8 is invalid");
        case DataFormat::Tf32: throw std::invalid_argument("TF32 unsupported atm");
        case DataFormat::Invalid: throw std::invalid_argument("Invalid data format");
        default: throw std::invalid_argument("Unknown format");
    }
}

// Bytes of a 32×32 tile (block-float formats add 64 exponent bytes).
constexpr static std::uint32_t tile_size(const DataFormat& format) {
    switch (format) {
        case DataFormat::Bfp2: case DataFormat::Bfp2_b: return 256 + 64;
        case DataFormat::Bfp4: case DataFormat::Bfp4_b: return 512 + 64;
        case DataFormat::Bfp8: case DataFormat::Bfp8_b: return 1024 + 64;
        case DataFormat::Tf32: throw std::invalid_argument("TF32 unsupported atm");
        case DataFormat::Invalid: throw std::invalid_argument("Invalid data format");
        default: return 1024 * datum_size(format);
    }
}

}  // namespace tt

template <>
struct std::hash<tt::DataFormat> {
    std::size_t operator()(const tt::DataFormat& f) const noexcept { return static_cast<std::size_t>(f); }
};

template <>
struct fmt::formatter<tt::DataFormat> : formatter<string_view> {
    auto format(tt::DataFormat df, format_context& ctx) const -> format_context::iterator;
};
