// bfloat8.hpp's and bfloat4.hpp's packing and unpacking. A tile is its exponent section — one byte per face row, in
// face order, padded to the L1 alignment (16 bytes) when there are fewer face rows than that, else packed four to a
// word — then its mantissas, packed low bits first into words (4 Bfp8 or 8 Bfp4 values a word), in face order. Each
// value is rounded to its row's shared exponent as the emulated device's packer rounds it (hostdevcommon/ttemu_bfp.hpp,
// one copy for host and kernels).
#include <cstring>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/bfloat4.hpp>
#include <tt-metalium/bfloat8.hpp>

#include "emu/core/errors.h"
#include <hostdevcommon/ttemu_bfp.hpp>

namespace {

struct Geometry {
    uint32_t tile_h = 32, tile_w = 32, face_h = 16, face_w = 16;
    explicit Geometry(const std::optional<tt::tt_metal::Tile>& tile) {
        if (!tile) return;
        tile_h = tile->get_tile_shape()[0], tile_w = tile->get_tile_shape()[1];
        face_h = tile->get_face_shape()[0], face_w = tile->get_face_shape()[1];
        if (!tile_h || !tile_w || !face_h || !face_w || tile_h % face_h || tile_w % face_w)
            ttemu::Throw("a tile of ", tile_h, "x", tile_w, " cannot be made of ", face_h, "x", face_w, " faces");
    }
    uint32_t size() const { return tile_h * tile_w; }
    uint32_t face_rows() const { return (tile_h / face_h) * (tile_w / face_w) * face_h; }
    uint32_t exponent_words() const { return face_rows() < 16 ? 4 : (face_rows() + 3) / 4; }
    // Value k of a tile in face order, as an index into the tile's row-major values.
    uint32_t RowMajorIndex(uint32_t k) const {
        const uint32_t face = k / (face_h * face_w), in_face = k % (face_h * face_w);
        const uint32_t faces_across = tile_w / face_w;
        const uint32_t row = (face / faces_across) * face_h + in_face / face_w;
        const uint32_t col = (face % faces_across) * face_w + in_face % face_w;
        return row * tile_w + col;
    }
};

template <uint32_t kBits, typename T>
std::vector<uint32_t> Pack(tt::stl::Span<const T> data, bool row_major_input, bool is_exp_a,
                           const std::optional<tt::tt_metal::Tile>& tile) {
    constexpr uint32_t kWidth = kBits + 1;
    const Geometry g(tile);
    if (data.size() % g.size() != 0)
        ttemu::Throw("pack_as_bfp", kBits + 1, "_tiles: ", data.size(), " values are not whole tiles of ", g.size());
    const size_t tiles = data.size() / g.size();
    const uint32_t exp_words = g.exponent_words(), mantissa_words = g.size() * kWidth / 32;
    std::vector<uint32_t> out(tiles * (exp_words + mantissa_words), 0);
    std::vector<uint32_t> bits(g.face_w);
    for (size_t t = 0; t < tiles; t++) {
        uint32_t* exps = out.data() + t * (exp_words + mantissa_words);
        uint32_t* mantissas = exps + exp_words;
        for (uint32_t row = 0; row < g.face_rows(); row++) {
            int32_t shared = 0;
            for (uint32_t j = 0; j < g.face_w; j++) {
                const uint32_t k = row * g.face_w + j;
                const float value = static_cast<float>(data[t * g.size() + (row_major_input ? g.RowMajorIndex(k) : k)]);
                std::memcpy(&bits[j], &value, 4);
                shared = std::max(shared, ttemu_bfp::StoredExponent(bits[j], is_exp_a));
            }
            exps[row / 4] |= uint32_t(shared) << (8 * (row % 4));
            for (uint32_t j = 0; j < g.face_w; j++) {
                const uint32_t k = row * g.face_w + j;
                mantissas[k * kWidth / 32] |= ttemu_bfp::ToStored(bits[j], uint32_t(shared), is_exp_a, kBits, false)
                                              << (k * kWidth % 32);
            }
        }
    }
    return out;
}

template <uint32_t kBits>
std::vector<float> Unpack(tt::stl::Span<const uint32_t> tiles_in, bool row_major_output, bool is_exp_a,
                          const std::optional<tt::tt_metal::Tile>& tile) {
    constexpr uint32_t kWidth = kBits + 1;
    const Geometry g(tile);
    const uint32_t exp_words = g.exponent_words(), tile_words = exp_words + g.size() * kWidth / 32;
    if (tiles_in.size() % tile_words != 0)
        ttemu::Throw("unpack_bfp", kBits + 1, "_tiles_into_float_vec: ", tiles_in.size(),
                     " words are not whole tiles of ", tile_words);
    const size_t tiles = tiles_in.size() / tile_words;
    std::vector<float> out(tiles * g.size());
    for (size_t t = 0; t < tiles; t++) {
        const uint32_t* exps = tiles_in.data() + t * tile_words;
        const uint32_t* mantissas = exps + exp_words;
        for (uint32_t k = 0; k < g.size(); k++) {
            const uint32_t row = k / g.face_w;
            const uint32_t shared = (exps[row / 4] >> (8 * (row % 4))) & 0xff;
            const uint32_t stored = (mantissas[k * kWidth / 32] >> (k * kWidth % 32)) & ((1u << kWidth) - 1);
            const uint32_t bits = ttemu_bfp::FromStored(stored, shared, is_exp_a, kBits);
            std::memcpy(&out[t * g.size() + (row_major_output ? g.RowMajorIndex(k) : k)], &bits, 4);
        }
    }
    return out;
}

}  // namespace

template <typename T>
std::vector<uint32_t> pack_as_bfp8_tiles(tt::stl::Span<const T> data, bool row_major_input, bool is_exp_a,
                                         const std::optional<tt::tt_metal::Tile>& tile) {
    return Pack<7>(data, row_major_input, is_exp_a, tile);
}
template <typename T>
std::vector<uint32_t> pack_as_bfp4_tiles(tt::stl::Span<const T> data, bool row_major_input, bool is_exp_a,
                                         const std::optional<tt::tt_metal::Tile>& tile) {
    return Pack<3>(data, row_major_input, is_exp_a, tile);
}

// The element types tt-metal v0.67.0 instantiates (impl/data_format/bfloat8.cpp, bfloat4.cpp).
#define LTCAP_PACK_AS(T)                                                                                              \
    template std::vector<uint32_t> pack_as_bfp8_tiles<T>(tt::stl::Span<const T>, bool, bool,                        \
                                                         const std::optional<tt::tt_metal::Tile>&);                   \
    template std::vector<uint32_t> pack_as_bfp4_tiles<T>(tt::stl::Span<const T>, bool, bool,                        \
                                                         const std::optional<tt::tt_metal::Tile>&);
LTCAP_PACK_AS(bfloat16)
LTCAP_PACK_AS(float)
LTCAP_PACK_AS(int32_t)
LTCAP_PACK_AS(uint32_t)
LTCAP_PACK_AS(uint8_t)
LTCAP_PACK_AS(uint16_t)
#undef LTCAP_PACK_AS

std::vector<float> unpack_bfp8_tiles_into_float_vec(tt::stl::Span<const uint32_t> bfp8_tiles, bool row_major_output,
                                                    bool is_exp_a, const std::optional<tt::tt_metal::Tile>& tile) {
    return Unpack<7>(bfp8_tiles, row_major_output, is_exp_a, tile);
}
std::vector<float> unpack_bfp4_tiles_into_float_vec(tt::stl::Span<const uint32_t> bfp_tiles, bool row_major_output,
                                                    bool is_exp_a, const std::optional<tt::tt_metal::Tile>& tile) {
    return Unpack<3>(bfp_tiles, row_major_output, is_exp_a, tile);
}
