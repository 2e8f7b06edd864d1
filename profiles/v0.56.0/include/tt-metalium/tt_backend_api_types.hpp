// Data formats and architectures (namespace tt), with the tile-size table of a 32×32 tile per format.
#pragma once

#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>

#include <umd/device/types/arch.h>

namespace tt {

enum class DataFormat : std::uint8_t {
    Float32 = 0, Float16 = 1, Bfp8 = 2, Bfp4 = 3, Tf32 = 4, Float16_b = 5, Bfp8_b = 6, Bfp4_b = 7,
    Int32 = 8, UInt16 = 9, Lf8 = 10, Bfp2 = 11, Int8 = 14, Bfp2_b = 15, UInt32 = 24, Fp8_e4m3 = 26, UInt8 = 30,
    RawUInt8 = 0xf0, RawUInt16 = 0xf1, RawUInt32 = 0xf2, Invalid = 0xff
};

// Bytes of one datum; block-float formats report their mantissa byte.
inline std::uint32_t datum_size(DataFormat f) {
    switch (f) {
        case DataFormat::Float32: case DataFormat::Tf32: case DataFormat::Int32: case DataFormat::UInt32:
        case DataFormat::RawUInt32: return 4;
        case DataFormat::Float16: case DataFormat::Float16_b: case DataFormat::UInt16: case DataFormat::RawUInt16:
            return 2;
        case DataFormat::Bfp8: case DataFormat::Bfp8_b: case DataFormat::Lf8: case DataFormat::Int8:
        case DataFormat::UInt8: case DataFormat::Fp8_e4m3: case DataFormat::RawUInt8: return 1;
        default: throw std::invalid_argument("datum_size: data format has no fixed datum size");
    }
}

// Bytes of a 32×32 tile in the given format (block-float formats include one exponent per 16 datums).
inline std::uint32_t tile_size(DataFormat f) {
    switch (f) {
        case DataFormat::Bfp8: case DataFormat::Bfp8_b: return 1024 + 64;
        case DataFormat::Bfp4: case DataFormat::Bfp4_b: return 512 + 64;
        case DataFormat::Bfp2: case DataFormat::Bfp2_b: return 256 + 64;
        default: return 1024 * datum_size(f);
    }
}

// The format's name, as tt-metal prints it; formats without one (Fp8_e4m3) throw std::invalid_argument, as there.
inline std::ostream& operator<<(std::ostream& os, const DataFormat& format) {
    switch (format) {
        case DataFormat::Bfp2: return os << "Bfp2";
        case DataFormat::Bfp2_b: return os << "Bfp2_b";
        case DataFormat::Bfp4: return os << "Bfp4";
        case DataFormat::Bfp4_b: return os << "Bfp4_b";
        case DataFormat::Bfp8: return os << "Bfp8";
        case DataFormat::Bfp8_b: return os << "Bfp8_b";
        case DataFormat::Float16: return os << "Float16";
        case DataFormat::Float16_b: return os << "Float16_b";
        case DataFormat::Float32: return os << "Float32";
        case DataFormat::Tf32: return os << "Tf32";
        case DataFormat::Int8: return os << "Int8";
        case DataFormat::UInt8: return os << "UInt8";
        case DataFormat::Lf8: return os << "Lf8";
        case DataFormat::UInt16: return os << "UInt16";
        case DataFormat::UInt32: return os << "UInt32";
        case DataFormat::Int32: return os << "Int32";
        case DataFormat::RawUInt8: return os << "RawUInt8";
        case DataFormat::RawUInt16: return os << "RawUInt16";
        case DataFormat::RawUInt32: return os << "RawUInt32";
        case DataFormat::Invalid: return os << "Invalid";
        default: throw std::invalid_argument("Unknown format");
    }
}

// Architecture names: "WORMHOLE_B0", "wormhole_b0", the alias "wormhole"; and back (throws for an unknown name).
std::string get_string(ARCH arch);
std::string get_string_lowercase(ARCH arch);
std::string get_alias(ARCH arch);
ARCH get_arch_from_string(const std::string& arch_str);

// The processors of a core, as tt-metal's tools name them.
enum RISCV : std::uint8_t { BRISC = 0, NCRISC = 1, TRISC0 = 2, TRISC1 = 3, TRISC2 = 4, ERISC = 5, COMPUTE = 6, MAX = 7 };

inline std::ostream& operator<<(std::ostream& os, const RISCV& riscv) {
    static constexpr const char* kNames[] = {"BRISC", "NCRISC", "TRISC0", "TRISC1", "TRISC2", "ERISC", "COMPUTE"};
    if (riscv < MAX) return os << kNames[riscv];
    throw std::invalid_argument("Unknown RISCV");
}

}  // namespace tt
