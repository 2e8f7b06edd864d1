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

#include <tt-metalium/assert.hpp>
#include <tt-metalium/constants.hpp>
#include <tt-metalium/math.hpp>
#include <tt-metalium/span.hpp>
#include <tt-metalium/tile.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::bfp_detail {

constexpr std::uint32_t kL1Alignment = 16;  // exponent sections are padded to it

constexpr std::uint32_t MantissaBits(tt::DataFormat f) {
    return (f == tt::DataFormat::Bfp2 || f == tt::DataFormat::Bfp2_b)   ? 1
           : (f == tt::DataFormat::Bfp4 || f == tt::DataFormat::Bfp4_b) ? 3
                                                                        : 7;
}
constexpr bool IsBlockFloat(tt::DataFormat f) {
    return f == tt::DataFormat::Bfp2 || f == tt::DataFormat::Bfp2_b || f == tt::DataFormat::Bfp4 ||
           f == tt::DataFormat::Bfp4_b || f == tt::DataFormat::Bfp8 || f == tt::DataFormat::Bfp8_b;
}

// An fp32 exponent field as the format stores it: unchanged, or rebiased to 5 bits and clamped (is_exp_a).
inline std::int32_t StoredExponent(std::uint32_t bits, bool is_exp_a) {
    const std::int32_t e = static_cast<std::int32_t>((bits >> 23) & 0xff);
    return is_exp_a ? std::clamp(e - 127 + 15, 0, 31) : e;
}

struct Geometry {
    std::uint32_t tile_h, tile_w, face_h, face_w;
    std::uint32_t faces_down() const { return tile_h / face_h; }
    std::uint32_t faces_across() const { return tile_w / face_w; }
    std::uint32_t elements() const { return tile_h * tile_w; }
    std::uint32_t exponent_bytes() const {
        const std::uint32_t rows = faces_down() * faces_across() * face_h;
        return rows < kL1Alignment ? kL1Alignment : (rows + 3) / 4 * 4;
    }
};
inline Geometry GeometryOf(const std::optional<tt::tt_metal::Tile>& tile) {
    if (!tile) return {tt::constants::TILE_HEIGHT, tt::constants::TILE_WIDTH, tt::constants::FACE_HEIGHT,
                       tt::constants::FACE_WIDTH};
    return {tile->get_tile_shape()[0], tile->get_tile_shape()[1], tile->get_face_shape()[0], tile->get_face_shape()[1]};
}
// Where the k-th value in face order (face, row in face, column in face) sits in a row-major tile.
inline std::uint32_t RowMajorIndex(const Geometry& g, std::uint32_t k) {
    const std::uint32_t face_size = g.face_h * g.face_w;
    const std::uint32_t face = k / face_size, in_face = k % face_size;
    const std::uint32_t r = (face / g.faces_across()) * g.face_h + in_face / g.face_w;
    const std::uint32_t c = (face % g.faces_across()) * g.face_w + in_face % g.face_w;
    return r * g.tile_w + c;
}

}  // namespace tt::bfp_detail

// The largest exponent among the 16 values of a face row (as stored: rebiased when is_exp_a).
inline uint8_t get_max_exp(const std::vector<uint32_t>& vec, bool is_exp_a) {
    TT_ASSERT(vec.size() == 16);
    std::int32_t max = 0;
    for (uint32_t bits : vec) max = std::max(max, tt::bfp_detail::StoredExponent(bits, is_exp_a));
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
    constexpr uint32_t kBits = tt::bfp_detail::MantissaBits(BfpFormat);
    constexpr uint32_t kDropped = 24 - kBits;  // of the 24-bit significand
    constexpr uint32_t kMax = (1u << kBits) - 1;
    if ((input & 0x7fffffffu) == 0) return 0;
    uint32_t sign = input >> 31;
    uint32_t fraction = input & 0x007fffffu;
    std::int32_t exp = static_cast<std::int32_t>((input >> 23) & 0xff);
    if (is_exp_a) {
        exp = exp - 127 + 15;
        if (exp > 31) exp = 31, fraction = 0x007fffffu;
        if (exp < 0) exp = 0, fraction = 0;
    }
    uint32_t significand = (1u << 23) | fraction;  // the leading one is assumed even for denormals, as tt-metal does
    const uint32_t diff = shared_exp > uint32_t(exp) ? shared_exp - uint32_t(exp) : 0;
    significand = diff >= 32 ? 0 : significand >> diff;
    uint32_t mantissa = significand >> kDropped;
    if (!truncate_bfp_mantissa) {
        const uint32_t rest = significand & ((1u << kDropped) - 1), half = 1u << (kDropped - 1);
        if (rest > half || (rest == half && (mantissa & 1))) mantissa++;
        mantissa = std::min(mantissa, kMax);
    }
    if (mantissa == 0) sign = 0;
    return static_cast<uint8_t>((sign << kBits) | mantissa);
}

// A stored sign and mantissa with its shared exponent, back to fp32 bits (a zero mantissa keeps its sign).
inline uint32_t convert_bfp_to_u32(tt::DataFormat bfp_format, uint8_t data, uint8_t shared_exp, bool is_exp_a) {
    const uint32_t bits = tt::bfp_detail::MantissaBits(bfp_format);
    const uint32_t sign = (data >> bits) & 1;
    uint32_t mantissa = data & ((1u << bits) - 1);
    uint32_t exp = 0;
    if (mantissa != 0) {
        // Normalise: shift until the top mantissa bit is set, then drop it (it is the implicit one).
        uint32_t shifts = 0;
        while ((mantissa & (1u << (bits - 1))) == 0) mantissa <<= 1, shifts++;
        mantissa = (mantissa << 1) & ((1u << bits) - 1);
        exp = uint32_t(shared_exp) - shifts;
        if (is_exp_a) exp = exp - 15 + 127;
    }
    return (sign << 31) | ((exp & 0xff) << 23) | (mantissa << (23 - bits));
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
    constexpr uint32_t kWidth = tt::bfp_detail::MantissaBits(BfpFormat) + 1;
    const auto g = tt::bfp_detail::GeometryOf(tile);
    TT_ASSERT(fp32_vec.size() % g.elements() == 0);
    const size_t tiles = fp32_vec.size() / g.elements();
    const uint32_t exp_words = g.exponent_bytes() / 4, mantissa_words = g.elements() * kWidth / 32;
    std::vector<uint32_t> out(tiles * (exp_words + mantissa_words), 0);
    std::vector<uint32_t> row(g.face_w);
    for (size_t t = 0; t < tiles; t++) {
        uint32_t* exps = out.data() + t * (exp_words + mantissa_words);
        uint32_t* mantissas = exps + exp_words;
        for (uint32_t row_index = 0; row_index * g.face_w < g.elements(); row_index++) {
            for (uint32_t j = 0; j < g.face_w; j++) {
                const uint32_t k = row_index * g.face_w + j;  // position in face order
                const float v = fp32_vec[t * g.elements() + (row_major_input ? tt::bfp_detail::RowMajorIndex(g, k) : k)];
                std::memcpy(&row[j], &v, 4);
            }
            std::int32_t shared = 0;
            for (uint32_t bits : row) shared = std::max(shared, tt::bfp_detail::StoredExponent(bits, is_exp_a));
            exps[row_index / 4] |= uint32_t(shared) << (8 * (row_index % 4));
            for (uint32_t j = 0; j < g.face_w; j++) {
                const uint32_t k = row_index * g.face_w + j;
                const uint32_t stored = convert_u32_to_bfp<BfpFormat, false>(row[j], uint32_t(shared), is_exp_a);
                mantissas[k * kWidth / 32] |= (stored & ((1u << kWidth) - 1)) << (k * kWidth % 32);
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
    constexpr uint32_t kWidth = tt::bfp_detail::MantissaBits(BfpFormat) + 1;
    const auto g = tt::bfp_detail::GeometryOf(tile);
    const uint32_t exp_words = g.exponent_bytes() / 4, mantissa_words = g.elements() * kWidth / 32;
    const size_t tiles = bfp_tiles.size() / (exp_words + mantissa_words);
    std::vector<float> out(tiles * g.elements());
    for (size_t t = 0; t < tiles; t++) {
        const uint32_t* exps = bfp_tiles.data() + t * (exp_words + mantissa_words);
        const uint32_t* mantissas = exps + exp_words;
        for (uint32_t k = 0; k < g.elements(); k++) {
            const uint32_t row_index = k / g.face_w;
            const uint8_t shared = uint8_t(exps[row_index / 4] >> (8 * (row_index % 4)));
            const uint8_t stored = uint8_t((mantissas[k * kWidth / 32] >> (k * kWidth % 32)) & ((1u << kWidth) - 1));
            const uint32_t bits = convert_bfp_to_u32(BfpFormat, stored, shared, is_exp_a);
            float v;
            std::memcpy(&v, &bits, 4);
            out[t * g.elements() + (row_major_output ? tt::bfp_detail::RowMajorIndex(g, k) : k)] = v;
        }
    }
    return out;
}
