// The device-side DataFormat enum (same values as tt::DataFormat on the host) and tile sizes per format.
#pragma once

#include <stdint.h>

enum class DataFormat : uint8_t {
    Float32 = 0, Float16 = 1, Bfp8 = 2, Bfp4 = 3, Tf32 = 4, Float16_b = 5, Bfp8_b = 6, Bfp4_b = 7,
    Int32 = 8, UInt16 = 9, Lf8 = 10, Bfp2 = 11, Int8 = 14, Bfp2_b = 15, UInt32 = 24, Fp8_e4m3 = 26, UInt8 = 30,
    RawUInt8 = 0xf0, RawUInt16 = 0xf1, RawUInt32 = 0xf2, Invalid = 0xff
};

// Bytes of a 32×32 tile in `f` (block-float formats carry 64 exponent bytes).
constexpr uint32_t ttemu_tile_size(DataFormat f) {
    switch (f) {
        case DataFormat::Float32: case DataFormat::Tf32: case DataFormat::Int32: case DataFormat::UInt32:
        case DataFormat::RawUInt32: return 4096;
        case DataFormat::Float16: case DataFormat::Float16_b: case DataFormat::UInt16: case DataFormat::RawUInt16:
            return 2048;
        case DataFormat::Bfp8: case DataFormat::Bfp8_b: return 1088;
        case DataFormat::Bfp4: case DataFormat::Bfp4_b: return 576;
        case DataFormat::Bfp2: case DataFormat::Bfp2_b: return 320;
        default: return 1024;
    }
}

// The format's name, as tt-metal prints it ("Float16_b"); "?" for a value that is not a format.
constexpr const char* ttemu_format_name(DataFormat f) {
    switch (f) {
        case DataFormat::Float32: return "Float32";
        case DataFormat::Float16: return "Float16";
        case DataFormat::Bfp8: return "Bfp8";
        case DataFormat::Bfp4: return "Bfp4";
        case DataFormat::Tf32: return "Tf32";
        case DataFormat::Float16_b: return "Float16_b";
        case DataFormat::Bfp8_b: return "Bfp8_b";
        case DataFormat::Bfp4_b: return "Bfp4_b";
        case DataFormat::Int32: return "Int32";
        case DataFormat::UInt16: return "UInt16";
        case DataFormat::Lf8: return "Lf8";
        case DataFormat::Bfp2: return "Bfp2";
        case DataFormat::Int8: return "Int8";
        case DataFormat::Bfp2_b: return "Bfp2_b";
        case DataFormat::UInt32: return "UInt32";
        case DataFormat::Fp8_e4m3: return "Fp8_e4m3";
        case DataFormat::UInt8: return "UInt8";
        case DataFormat::RawUInt8: return "RawUInt8";
        case DataFormat::RawUInt16: return "RawUInt16";
        case DataFormat::RawUInt32: return "RawUInt32";
        case DataFormat::Invalid: return "Invalid";
    }
    return "?";
}
