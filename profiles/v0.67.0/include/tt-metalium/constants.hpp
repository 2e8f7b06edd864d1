// Tile and face dimensions (tt::constants), shared by host and kernel code.
#pragma once

#include <cstdint>

namespace tt::constants {
using std::uint32_t;
constexpr uint32_t TILE_HEIGHT = 32;
constexpr uint32_t TILE_WIDTH = 32;
constexpr uint32_t TILE_HW = TILE_WIDTH * TILE_HEIGHT;
constexpr uint32_t FACE_HEIGHT = 16;
constexpr uint32_t FACE_WIDTH = 16;
constexpr uint32_t FACE_HW = FACE_WIDTH * FACE_HEIGHT;
constexpr uint32_t BFLOAT8_B_TILE_HW = TILE_HW + 64;        // bytes: one per datum and 64 exponent bytes
constexpr uint32_t BFLOAT4_B_TILE_HW = (TILE_HW / 2) + 64;  // bytes: half a byte per datum and 64 exponent bytes
}  // namespace tt::constants
