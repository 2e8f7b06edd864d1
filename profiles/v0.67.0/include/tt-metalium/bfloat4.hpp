// Bfp4_b tiles on the host (tt-metal v0.67.0), as bfloat8.hpp's with a sign and 3-bit mantissa each.
//   std::vector<uint32_t> tiles = pack_as_bfp4_tiles(tt::stl::Span<const float>(values), true, false);
#pragma once

#include <stdint.h>

#include <optional>
#include <vector>

#include <tt-metalium/tile.hpp>
#include <tt_stl/span.hpp>

template <typename T>
std::vector<uint32_t> pack_as_bfp4_tiles(tt::stl::Span<const T> data, bool row_major_input, bool is_exp_a,
                                         const std::optional<tt::tt_metal::Tile>& tile = std::nullopt);

std::vector<float> unpack_bfp4_tiles_into_float_vec(tt::stl::Span<const uint32_t> bfp_tiles, bool row_major_output,
                                                    bool is_exp_a,
                                                    const std::optional<tt::tt_metal::Tile>& tile = std::nullopt);
