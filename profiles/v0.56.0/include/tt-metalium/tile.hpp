// Tile shape description (tt::tt_metal::Tile, 40 B, entirely inline in tt-metal).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include <tt-metalium/constants.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::tt_metal {

struct Tile {
    std::array<std::uint32_t, 2> tile_shape = {32, 32};
    std::array<std::uint32_t, 2> face_shape = {16, 16};
    std::uint32_t tile_hw = 1024;
    std::uint32_t face_hw = 256;
    std::uint32_t num_faces = 4;
    std::uint32_t partial_face = 0;
    std::uint32_t narrow_tile = 0;
    bool transpose_within_face = false;
    bool transpose_of_faces = false;

    Tile(std::array<std::uint32_t, 2> shape = {32, 32}, bool transpose = false)
        : tile_shape(shape), transpose_within_face(transpose), transpose_of_faces(transpose) {
        face_shape = {std::min<std::uint32_t>(shape[0], 16), 16};
        tile_hw = shape[0] * shape[1];
        face_hw = face_shape[0] * face_shape[1];
        num_faces = tile_hw / face_hw;
        partial_face = shape[0] < 16 ? 1 : 0;
        narrow_tile = shape[1] < 32 ? 1 : 0;
    }

    std::array<std::uint32_t, 2> get_tile_shape() const { return tile_shape; }
    std::array<std::uint32_t, 2> get_face_shape() const { return face_shape; }
    std::uint32_t get_tile_hw() const { return tile_hw; }
    std::uint32_t get_num_faces() const { return num_faces; }
    // Block-float tiles are their mantissas plus one exponent byte per face row, padded to 16 bytes.
    std::uint32_t get_tile_size(DataFormat f) const {
        const std::uint32_t exponents = std::max<std::uint32_t>(16, (num_faces * face_shape[0] + 3) / 4 * 4);
        switch (f) {
            case DataFormat::Bfp8: case DataFormat::Bfp8_b: return tile_hw + exponents;
            case DataFormat::Bfp4: case DataFormat::Bfp4_b: return tile_hw / 2 + exponents;
            case DataFormat::Bfp2: case DataFormat::Bfp2_b: return tile_hw / 4 + exponents;
            default: return tile_hw * tt::datum_size(f);
        }
    }
    bool operator==(const Tile& o) const { return tile_shape == o.tile_shape && transpose_of_faces == o.transpose_of_faces; }
};

static_assert(sizeof(Tile) == 40);

}  // namespace tt::tt_metal
