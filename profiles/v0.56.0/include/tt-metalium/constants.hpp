// Tile and face dimensions, tile sizes of the block-float formats, DST capacity, default comparison tolerances and
// mantissa precisions (tt::constants), as v0.56.0 defines them.
#pragma once

#include <algorithm>
#include <cstdint>

namespace tt::constants {
using std::uint32_t;

constexpr uint32_t TILE_HEIGHT = 32;
constexpr uint32_t TILE_WIDTH = 32;
constexpr uint32_t TILE_HW = TILE_HEIGHT * TILE_WIDTH;
constexpr uint32_t FACE_HEIGHT = 16;
constexpr uint32_t FACE_WIDTH = 16;
constexpr uint32_t FACE_HW = FACE_HEIGHT * FACE_WIDTH;
// Bytes of a 32x32 block-float tile: one byte (Bfp8) or half a byte (Bfp4) per value, plus 64 exponent bytes.
constexpr uint32_t BFLOAT8_B_TILE_HW = TILE_HW + 64;
constexpr uint32_t BFLOAT4_B_TILE_HW = TILE_HW / 2 + 64;
constexpr uint32_t MAX_DST_SIZE = 16;  // tiles

const double DEFAULT_RTOL = 1e-4;
const double DEFAULT_ATOL = 1e-3;
const double DEFAULT_PCT_MATCHED = 1.0;
const double DEFAULT_PCC_THRESH = 0.999;

// Mantissa bits of the Lf8, Float16 and Float16_b formats.
constexpr uint32_t LF_MAN_PREC = 4;
constexpr uint32_t FP16_MAN_PREC = 10;
constexpr uint32_t FP16B_MAN_PREC = 7;
}  // namespace tt::constants
