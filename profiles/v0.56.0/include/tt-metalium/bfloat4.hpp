// Bfp4_b tiles (blockfloat_common.hpp): packing fp32 values, unpacking, random and constant tiles.
//   std::vector<uint32_t> a = create_random_vector_of_bfp4(bytes, false, 1, seed);
#pragma once

#include <tt-metalium/blockfloat_common.hpp>

inline std::vector<uint32_t> pack_fp32_vec_as_bfp4_tiles(tt::stl::Span<const float> fp32_vec, bool row_major_input,
                                                         bool is_exp_a,
                                                         const std::optional<tt::tt_metal::Tile>& tile = std::nullopt) {
    return pack_fp32_vec_as_bfp_tiles<tt::DataFormat::Bfp4_b>(fp32_vec, row_major_input, is_exp_a, tile);
}

inline std::vector<float> unpack_bfp4_tiles_into_float_vec(const std::vector<uint32_t>& bfp4_tiles,
                                                           bool row_major_output, bool is_exp_a,
                                                           const std::optional<tt::tt_metal::Tile>& tile = std::nullopt) {
    return unpack_bfp_tiles_into_float_vec<tt::DataFormat::Bfp4_b>(bfp4_tiles, row_major_output, is_exp_a, tile);
}

// num_bytes of Bfp4_b tiles holding values uniform in [offset, rand_max_float + offset).
inline std::vector<uint32_t> create_random_vector_of_bfp4(uint32_t num_bytes, bool is_exp_a, int rand_max_float,
                                                          int seed, float offset = 0.0f) {
    const uint32_t tiles = num_bytes / tt::tile_size(tt::DataFormat::Bfp4_b);
    TT_ASSERT(num_bytes % tt::tile_size(tt::DataFormat::Bfp4_b) == 0);
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(0, rand_max_float);
    std::vector<float> values(tiles * 1024);
    for (auto& v : values) v = dist(gen) + offset;
    return pack_fp32_vec_as_bfp4_tiles(values, /*row_major_input=*/true, is_exp_a);
}

inline std::vector<uint32_t> create_constant_vector_of_bfp4(uint32_t num_bytes, float value, bool is_exp_a) {
    const uint32_t tiles = num_bytes / tt::tile_size(tt::DataFormat::Bfp4_b);
    TT_ASSERT(num_bytes % tt::tile_size(tt::DataFormat::Bfp4_b) == 0);
    const std::vector<float> values(tiles * 1024, value);
    return pack_fp32_vec_as_bfp4_tiles(values, /*row_major_input=*/true, is_exp_a);
}
