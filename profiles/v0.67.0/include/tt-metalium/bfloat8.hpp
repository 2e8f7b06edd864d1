// Bfp8_b tiles on the host (tt-metal v0.67.0): values of any of the types the library instantiates (bfloat16, float,
// int32_t, uint32_t, uint8_t, uint16_t) packed into tiles of block floats — one shared exponent per face row of 16
// values, a sign and 7-bit mantissa each — and tiles unpacked back to floats. `row_major_input`/`row_major_output`:
// the values are each tile's rows in order (else already in face order); `is_exp_a`: Bfp8's 5-bit exponents.
//   std::vector<uint32_t> tiles = pack_as_bfp8_tiles(tt::stl::Span<const float>(values), true, false);
#pragma once

#include <stdint.h>

#include <optional>
#include <vector>

#include <tt-metalium/tile.hpp>
#include <tt_stl/span.hpp>

template <typename T>
std::vector<uint32_t> pack_as_bfp8_tiles(tt::stl::Span<const T> data, bool row_major_input, bool is_exp_a,
                                         const std::optional<tt::tt_metal::Tile>& tile = std::nullopt);

std::vector<float> unpack_bfp8_tiles_into_float_vec(tt::stl::Span<const uint32_t> bfp8_tiles, bool row_major_output,
                                                    bool is_exp_a,
                                                    const std::optional<tt::tt_metal::Tile>& tile = std::nullopt);
