// Tile: the shape of a tile and of its faces (32×32 in 16×16 faces by default), with whether it is transposed.
// Field layout as tt-metal v0.67.0's (programs call its inline getters); the rest is exported.
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <tuple>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/constants.hpp>
#include <tt-metalium/math.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::tt_metal {

struct Tile {
    Tile(std::array<std::uint32_t, 2> tile_shape = {constants::TILE_HEIGHT, constants::TILE_WIDTH},
         bool transpose_tile = false);

    std::uint32_t get_height() const { return tile_shape[0]; }
    std::uint32_t get_width() const { return tile_shape[1]; }
    std::uint32_t get_num_faces() const { return num_faces; }
    std::uint32_t get_tile_hw() const { return tile_hw; }
    std::uint32_t get_face_hw() const { return face_hw; }
    std::uint32_t get_partial_face() const { return partial_face; }
    std::uint32_t get_narrow_tile() const { return narrow_tile; }
    std::array<std::uint32_t, 2> get_tile_shape() const { return tile_shape; }
    std::array<std::uint32_t, 2> get_face_shape() const { return face_shape; }
    bool get_transpose_within_face() const { return transpose_within_face; }
    bool get_transpose_of_faces() const { return transpose_of_faces; }
    std::uint32_t get_tile_size(const DataFormat& format) const;
    bool operator==(const Tile& other) const;

    static constexpr auto attribute_names = std::forward_as_tuple("tile_shape", "face_shape", "num_faces");
    auto attribute_values() const { return std::forward_as_tuple(tile_shape, face_shape, num_faces); }

private:
    std::array<std::uint32_t, 2> tile_shape = {constants::TILE_HEIGHT, constants::TILE_WIDTH};
    std::array<std::uint32_t, 2> face_shape = {constants::FACE_HEIGHT, constants::FACE_WIDTH};
    std::uint32_t tile_hw = constants::TILE_HW;
    std::uint32_t face_hw = constants::FACE_HW;
    std::uint32_t num_faces = constants::TILE_HW / constants::FACE_HW;
    std::uint32_t partial_face = 0;
    std::uint32_t narrow_tile = 0;
    bool transpose_within_face = false;
    bool transpose_of_faces = false;
};

std::ostream& operator<<(std::ostream& os, const Tile& tile);

}  // namespace tt::tt_metal
