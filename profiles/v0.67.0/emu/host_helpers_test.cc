// The v0.67.0 library's host helpers, as a program sees them: tt::tt_metal::hal's Wormhole answers and the
// block-float tiles of bfloat8.hpp and bfloat4.hpp.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/bfloat4.hpp>
#include <tt-metalium/bfloat8.hpp>
#include <tt-metalium/hal.hpp>

namespace {

using tt::stl::Span;

TEST(HalTest, AnswersForAWormholeB0) {
    EXPECT_EQ(tt::tt_metal::hal::get_arch(), tt::ARCH::WORMHOLE_B0);
    EXPECT_EQ(tt::tt_metal::hal::get_arch_name(), "wormhole_b0");
    EXPECT_EQ(tt::tt_metal::hal::get_l1_size(), 1499136u);
    EXPECT_EQ(tt::tt_metal::hal::get_l1_alignment(), 16u);
    EXPECT_EQ(tt::tt_metal::hal::get_dram_alignment(), 32u);
    EXPECT_EQ(tt::tt_metal::hal::get_pcie_alignment(), 32u);
    EXPECT_EQ(tt::tt_metal::hal::get_arch_num_circular_buffers(), 32u);
    EXPECT_LT(tt::tt_metal::hal::get_max_worker_l1_unreserved_size(), tt::tt_metal::hal::get_l1_size());
    EXPECT_GT(tt::tt_metal::hal::get_erisc_l1_unreserved_size(), 0u);
    EXPECT_FLOAT_EQ(tt::tt_metal::hal::get_eps(), 1.19209e-7f);
}

std::vector<float> Ramp(size_t n, float step) {
    std::vector<float> v(n);
    for (size_t i = 0; i < n; i++) v[i] = (static_cast<float>(i % 37) - 18.0f) * step;
    return v;
}

// A 32x32 tile: 64 face rows → 16 words of exponents, then 1024 values of a byte each (Bfp8) or a nibble (Bfp4).
TEST(BlockFloatTest, TileSizes) {
    const auto values = Ramp(2048, 0.5f);
    EXPECT_EQ(pack_as_bfp8_tiles(Span<const float>(values), true, false).size(), 2u * (16 + 256));
    EXPECT_EQ(pack_as_bfp4_tiles(Span<const float>(values), true, false).size(), 2u * (16 + 128));
}

// Values a row's shared exponent holds exactly come back as they were, in either layout.
TEST(BlockFloatTest, ExactValuesRoundTrip) {
    std::vector<float> values(1024);
    for (size_t i = 0; i < values.size(); i++) values[i] = static_cast<float>(static_cast<int>(i % 64) - 32);
    for (bool row_major : {true, false}) {
        const auto tiles = pack_as_bfp8_tiles(Span<const float>(values), row_major, false);
        EXPECT_EQ(unpack_bfp8_tiles_into_float_vec(Span<const uint32_t>(tiles), row_major, false), values);
    }
    std::vector<float> small(1024);
    for (size_t i = 0; i < small.size(); i++) small[i] = static_cast<float>(static_cast<int>(i % 8) - 4);
    const auto tiles = pack_as_bfp4_tiles(Span<const float>(small), true, false);
    EXPECT_EQ(unpack_bfp4_tiles_into_float_vec(Span<const uint32_t>(tiles), true, false), small);
}

// A value far below its row's largest loses its low bits to the shared exponent (7 mantissa bits: 1/128 of it).
TEST(BlockFloatTest, SmallValuesRoundToTheSharedExponent) {
    std::vector<float> values(1024, 0.0f);
    values[0] = 64.0f;       // row 0 of face 0: exponent of 64
    values[1] = 1.3f;        // 1.3 in steps of 64/64 = 1 → 1
    values[2] = 0.3f;        // → 0
    const auto back = unpack_bfp8_tiles_into_float_vec(
        Span<const uint32_t>(pack_as_bfp8_tiles(Span<const float>(values), true, false)), true, false);
    EXPECT_EQ(back[0], 64.0f);
    EXPECT_EQ(back[1], 1.0f);
    EXPECT_EQ(back[2], 0.0f);
}

// Row-major input and face-order input name the same tile; bfloat16 and integer inputs convert to float first.
TEST(BlockFloatTest, LayoutsAndElementTypesAgree) {
    const auto values = Ramp(1024, 0.25f);
    std::vector<float> faces(1024);
    for (uint32_t face = 0; face < 4; face++)
        for (uint32_t r = 0; r < 16; r++)
            for (uint32_t c = 0; c < 16; c++)
                faces[face * 256 + r * 16 + c] = values[((face / 2) * 16 + r) * 32 + (face % 2) * 16 + c];
    EXPECT_EQ(pack_as_bfp8_tiles(Span<const float>(values), true, false),
              pack_as_bfp8_tiles(Span<const float>(faces), false, false));
    std::vector<bfloat16> halves(values.begin(), values.end());
    EXPECT_EQ(pack_as_bfp8_tiles(Span<const bfloat16>(halves), true, false),
              pack_as_bfp8_tiles(Span<const float>(values), true, false));
    std::vector<uint32_t> ints(1024);
    std::vector<float> as_float(1024);
    for (size_t i = 0; i < ints.size(); i++) ints[i] = static_cast<uint32_t>(i % 100), as_float[i] = static_cast<float>(i % 100);
    EXPECT_EQ(pack_as_bfp8_tiles(Span<const uint32_t>(ints), true, false),
              pack_as_bfp8_tiles(Span<const float>(as_float), true, false));
}

// A 16x32 tile of 16x16 faces has 32 face rows: its exponents take 8 words; one of 8 face rows is padded to 16 bytes.
TEST(BlockFloatTest, SmallTilesPadTheirExponents) {
    const auto values = Ramp(512, 1.0f);
    const tt::tt_metal::Tile half({16, 32});
    EXPECT_EQ(pack_as_bfp8_tiles(Span<const float>(values), true, false, half).size(), 8u + 128u);
    const auto back = unpack_bfp8_tiles_into_float_vec(
        Span<const uint32_t>(pack_as_bfp8_tiles(Span<const float>(values), true, false, half)), true, false, half);
    EXPECT_EQ(back, values);
}

TEST(BlockFloatTest, PartialTilesAreRefused) {
    const std::vector<float> values(1000, 1.0f);
    EXPECT_THROW(pack_as_bfp8_tiles(Span<const float>(values), true, false), std::exception);
    const std::vector<uint32_t> words(100, 0);
    EXPECT_THROW(unpack_bfp8_tiles_into_float_vec(Span<const uint32_t>(words), true, false), std::exception);
}

}  // namespace
