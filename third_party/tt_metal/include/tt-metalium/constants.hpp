// Tile and face dimensions (tt::constants).
#pragma once

#include <algorithm>
#include <cstdint>

namespace tt::constants {
constexpr std::uint32_t TILE_HEIGHT = 32;
constexpr std::uint32_t TILE_WIDTH = 32;
constexpr std::uint32_t TILE_HW = TILE_HEIGHT * TILE_WIDTH;
constexpr std::uint32_t FACE_HEIGHT = 16;
constexpr std::uint32_t FACE_WIDTH = 16;
constexpr std::uint32_t FACE_HW = FACE_HEIGHT * FACE_WIDTH;
}  // namespace tt::constants
