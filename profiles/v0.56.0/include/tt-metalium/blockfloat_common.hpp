// Block floating point (Bfp8/Bfp4/Bfp2 and their _b forms): each row of a face (16 values) shares one 8-bit
// exponent, the largest of the row's; each value keeps a sign and a 7-, 3- or 1-bit mantissa aligned to that
// exponent, rounded to nearest even and saturated at the largest mantissa. A tile is its exponents (one byte per
// face row, faces in order, padded to 16 bytes) followed by its mantissas (faces in order, each row-major, packed
// low bits first into 32-bit words). With is_exp_a the exponents are 5-bit (Bfp*, not Bfp*_b).
//   std::vector<uint32_t> tiles = pack_fp32_vec_as_bfp8_tiles(values, /*row_major_input=*/true, false);
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <optional>
#include <random>
#include <vector>

#include <hostdevcommon/ttemu_bfp.hpp>

#include <tt-metalium/assert.hpp>
#include <tt-metalium/constants.hpp>
#include <tt-metalium/math.hpp>
#include <tt-metalium/span.hpp>
#include <tt-metalium/test_tiles.hpp>
#include <tt-metalium/tile.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::bfp_detail {

constexpr std::uint32_t MantissaBits(tt::DataFormat f) {
    return (f == tt::DataFormat::Bfp2 || f == tt::DataFormat::Bfp2_b)   ? 1
           : (f == tt::DataFormat::Bfp4 || f == tt::DataFormat::Bfp4_b) ? 3
                                                                        : 7;
}
constexpr bool IsBlockFloat(tt::DataFormat f) {
    return f == tt::DataFormat::Bfp2 || f == tt::DataFormat::Bfp2_b || f == tt::DataFormat::Bfp4 ||
           f == tt::DataFormat::Bfp4_b || f == tt::DataFormat::Bfp8 || f == tt::DataFormat::Bfp8_b;
}

// The tile's shape, and the tile's layout conversions, are test_tiles.hpp's; a block-float tile adds its exponent
// section: one byte per face row, padded to the L1 alignment (16) when shorter, else to whole words.
inline ttemu::tiles::TileGeometry GeometryOf(const std::optional<tt::tt_metal::Tile>& tile) {
    if (!tile) return ttemu::tiles::Geometry(std::nullopt, std::nullopt);
    return ttemu::tiles::Geometry(tile->get_tile_shape(), tile->get_face_shape());
}
inline std::uint32_t ExponentBytes(const ttemu::tiles::TileGeometry& g) {
    const std::uint32_t rows = g.faces_down() * g.faces_across() * g.face_h;
    return rows < 16 ? 16 : (rows + 3) / 4 * 4;
}

}  // namespace tt::bfp_detail

// The largest exponent among the 16 values of a face row (as stored: rebiased when is_exp_a).
inline uint8_t get_max_exp(const std::vector<uint32_t>& vec, bool is_exp_a) {
    TT_ASSERT(vec.size() == 16);
    std::int32_t max = 0;
    for (uint32_t bits : vec) max = std::max(max, ttemu_bfp::StoredExponent(bits, is_exp_a));
    return static_cast<uint8_t>(max);
}

// Four bytes, the first in the low byte.
inline uint32_t get_exp_dword(const std::vector<uint8_t>& vec) {
    TT_ASSERT(vec.size() == 4);
    return uint32_t(vec[0]) | uint32_t(vec[1]) << 8 | uint32_t(vec[2]) << 16 | uint32_t(vec[3]) << 24;
}

inline std::vector<uint32_t> pack_exponents(const std::vector<uint8_t>& exponents, size_t num_elements_in_dword) {
    TT_FATAL(exponents.size() % num_elements_in_dword == 0,
             "Input vector size {} must be divisible by num_elements_in_dword", exponents.size());
    std::vector<uint32_t> out(exponents.size() / num_elements_in_dword, 0);
    for (size_t i = 0; i < exponents.size(); i++)
        out[i / num_elements_in_dword] |= uint32_t(exponents[i]) << (8 * (i % num_elements_in_dword));
    return out;
}

inline uint32_t get_byte(uint32_t word, uint32_t index) {
    TT_ASSERT(index < 4);
    return (word >> (8 * index)) & 0xff;
}

// One fp32 value (as bits) as a sign and mantissa aligned to `shared_exp`.
template <tt::DataFormat BfpFormat, bool truncate_bfp_mantissa = false>
inline uint8_t convert_u32_to_bfp(uint32_t input, uint32_t shared_exp, bool is_exp_a) {
    static_assert(tt::bfp_detail::IsBlockFloat(BfpFormat));
    return static_cast<uint8_t>(ttemu_bfp::ToStored(input, shared_exp, is_exp_a, tt::bfp_detail::MantissaBits(BfpFormat),
                                                    truncate_bfp_mantissa));
}

// A stored sign and mantissa with its shared exponent, back to fp32 bits (a zero mantissa keeps its sign).
inline uint32_t convert_bfp_to_u32(tt::DataFormat bfp_format, uint8_t data, uint8_t shared_exp, bool is_exp_a) {
    return ttemu_bfp::FromStored(data, shared_exp, is_exp_a, tt::bfp_detail::MantissaBits(bfp_format));
}

// Values sharing one exponent packed low bits first into a word (4, 8 or 16 per word).
template <tt::DataFormat BfpFormat>
inline uint32_t create_packed_bfp_packed_as_u32(const std::vector<uint32_t>& u32_vec, uint32_t shared_exp,
                                                bool is_exp_a) {
    constexpr uint32_t kWidth = tt::bfp_detail::MantissaBits(BfpFormat) + 1, kPerWord = 32 / kWidth;
    uint32_t word = 0;
    for (uint32_t i = 0; i < kPerWord; i++)
        word |= (uint32_t(convert_u32_to_bfp<BfpFormat, false>(u32_vec[i], shared_exp, is_exp_a)) &
                 ((1u << kWidth) - 1)) << (i * kWidth);
    return word;
}

// fp32 values, row-major tiles or already in face order, to block-float tiles.
template <tt::DataFormat BfpFormat>
inline std::vector<uint32_t> pack_fp32_vec_as_bfp_tiles(tt::stl::Span<const float> fp32_vec, bool row_major_input,
                                                        bool is_exp_a,
                                                        const std::optional<tt::tt_metal::Tile>& tile = std::nullopt) {
    static_assert(tt::bfp_detail::IsBlockFloat(BfpFormat));
    constexpr uint32_t kBits = tt::bfp_detail::MantissaBits(BfpFormat), kWidth = kBits + 1;
    const auto g = tt::bfp_detail::GeometryOf(tile);
    TT_ASSERT(fp32_vec.size() % g.tile_size() == 0);
    const size_t tiles = fp32_vec.size() / g.tile_size();
    const uint32_t exp_words = tt::bfp_detail::ExponentBytes(g) / 4, mantissa_words = g.tile_size() * kWidth / 32;
    std::vector<uint32_t> out(tiles * (exp_words + mantissa_words), 0);
    for (size_t t = 0; t < tiles; t++) {
        std::vector<float> values(fp32_vec.begin() + t * g.tile_size(), fp32_vec.begin() + (t + 1) * g.tile_size());
        if (row_major_input) {
            const PhysicalSize tile_shape{g.tile_h, g.tile_w}, face_shape{g.face_h, g.face_w};
            values = convert_to_tile_layout(values, tile_shape, face_shape);  // now in face order
        }
        uint32_t* exps = out.data() + t * (exp_words + mantissa_words);
        uint32_t* mantissas = exps + exp_words;
        for (uint32_t row = 0; row * g.face_w < g.tile_size(); row++) {  // each face row shares an exponent
            const float* v = values.data() + row * g.face_w;
            std::int32_t shared = 0;
            for (uint32_t j = 0; j < g.face_w; j++) {
                uint32_t bits;
                std::memcpy(&bits, &v[j], 4);
                shared = std::max(shared, ttemu_bfp::StoredExponent(bits, is_exp_a));
            }
            exps[row / 4] |= uint32_t(shared) << (8 * (row % 4));
            for (uint32_t j = 0; j < g.face_w; j++) {
                uint32_t bits;
                std::memcpy(&bits, &v[j], 4);
                const uint32_t k = row * g.face_w + j;
                mantissas[k * kWidth / 32] |= ttemu_bfp::ToStored(bits, uint32_t(shared), is_exp_a, kBits, false)
                                              << (k * kWidth % 32);
            }
        }
    }
    return out;
}

// Block-float tiles back to fp32 values, row-major tiles or in face order.
template <tt::DataFormat BfpFormat>
inline std::vector<float> unpack_bfp_tiles_into_float_vec(tt::stl::Span<const uint32_t> bfp_tiles,
                                                          bool row_major_output, bool is_exp_a,
                                                          const std::optional<tt::tt_metal::Tile>& tile = std::nullopt) {
    static_assert(tt::bfp_detail::IsBlockFloat(BfpFormat));
    constexpr uint32_t kBits = tt::bfp_detail::MantissaBits(BfpFormat), kWidth = kBits + 1;
    const auto g = tt::bfp_detail::GeometryOf(tile);
    const uint32_t exp_words = tt::bfp_detail::ExponentBytes(g) / 4, mantissa_words = g.tile_size() * kWidth / 32;
    const size_t tiles = bfp_tiles.size() / (exp_words + mantissa_words);
    std::vector<float> out;
    out.reserve(tiles * g.tile_size());
    std::vector<float> values(g.tile_size());
    for (size_t t = 0; t < tiles; t++) {
        const uint32_t* exps = bfp_tiles.data() + t * (exp_words + mantissa_words);
        const uint32_t* mantissas = exps + exp_words;
        for (uint32_t k = 0; k < g.tile_size(); k++) {  // face order
            const uint32_t row = k / g.face_w;
            const uint32_t shared = (exps[row / 4] >> (8 * (row % 4))) & 0xff;
            const uint32_t stored = (mantissas[k * kWidth / 32] >> (k * kWidth % 32)) & ((1u << kWidth) - 1);
            const uint32_t bits = ttemu_bfp::FromStored(stored, shared, is_exp_a, kBits);
            std::memcpy(&values[k], &bits, 4);
        }
        if (row_major_output) {
            const PhysicalSize tile_shape{g.tile_h, g.tile_w}, face_shape{g.face_h, g.face_w};
            const auto flat = convert_to_flat_layout(values, tile_shape, face_shape);
            out.insert(out.end(), flat.begin(), flat.end());
        } else {
            out.insert(out.end(), values.begin(), values.end());
        }
    }
    return out;
}
