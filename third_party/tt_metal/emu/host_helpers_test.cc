// Header-only host helpers programs use (test_tiles.hpp, math.hpp, tt_align.hpp), checked against values worked
// out by hand from the layouts' definitions.
#include <gtest/gtest.h>

#include <numeric>

#include <tt-metalium/math.hpp>
#include <tt-metalium/test_tiles.hpp>
#include <tt-metalium/tt_align.hpp>

namespace {

using tests::utils::TensorLayoutType;

// A rows x cols matrix whose element (r, c) holds r * cols + c.
std::vector<std::uint32_t> Numbered(std::uint32_t rows, std::uint32_t cols) {
    std::vector<std::uint32_t> v(std::size_t(rows) * cols);
    std::iota(v.begin(), v.end(), 0u);
    return v;
}

TEST(TestTiles, TilizeOrdersTilesThenRowsWithinEachTile) {
    const auto tiled = tilize_nchw(Numbered(32, 64), {32, 64});
    EXPECT_EQ(tiled[1], 1u);            // tile 0, (0, 1)
    EXPECT_EQ(tiled[32], 64u);          // tile 0, (1, 0)
    EXPECT_EQ(tiled[1024], 32u);        // tile 1, (0, 0) = matrix (0, 32)
    EXPECT_EQ(tiled[1024 + 33], 97u);   // tile 1, (1, 1) = matrix (1, 33)
    EXPECT_EQ(untilize_nchw(tiled, {32, 64}), Numbered(32, 64));
}

TEST(TestTiles, NFacesPutsEachSixteenBySixteenFaceInTurn) {
    const auto faces = convert_layout(Numbered(32, 32), PhysicalSize{32, 32}, TensorLayoutType::LIN_ROW_MAJOR,
                                      TensorLayoutType::TILED_NFACES);
    EXPECT_EQ(faces[1], 1u);      // face 0 row 0
    EXPECT_EQ(faces[16], 32u);    // face 0 row 1 starts at (1, 0)
    EXPECT_EQ(faces[256], 16u);   // face 1 starts at (0, 16)
    EXPECT_EQ(faces[512], 512u);  // face 2 starts at (16, 0)
    EXPECT_EQ(faces[768], 528u);  // face 3 starts at (16, 16)
    const auto back = convert_layout(faces, PhysicalSize{32, 32}, TensorLayoutType::TILED_NFACES,
                                     TensorLayoutType::LIN_ROW_MAJOR);
    EXPECT_EQ(back, Numbered(32, 32));
}

TEST(TestTiles, TransposedFacesAndFaceOrder) {
    const auto swizzled = Numbered(32, 32);  // one tile: swizzled equals row-major
    // Within each face column by column: position 1 of face 0 is (1, 0).
    const auto by_column = convert_to_tile_layout(swizzled, std::nullopt, std::nullopt, true, false);
    EXPECT_EQ(by_column[1], 32u);
    EXPECT_EQ(by_column[16], 1u);
    // Faces top to bottom first: the second face is the bottom-left one.
    const auto face_order = convert_to_tile_layout(swizzled, std::nullopt, std::nullopt, false, true);
    EXPECT_EQ(face_order[256], 512u);
    // Reading n-faces back with transposition stores the whole tile column by column.
    const auto faces = convert_to_tile_layout(swizzled);
    const auto transposed = convert_to_flat_layout(faces, std::nullopt, std::nullopt, true);
    for (std::uint32_t i : {0u, 1u, 31u, 32u, 500u, 1023u}) EXPECT_EQ(transposed[i], (i % 32) * 32 + i / 32) << i;
}

TEST(TestTiles, ShapesOfHigherRankFoldIntoTheHeight) {
    const std::vector<std::uint32_t> shape = {2, 32, 32};
    const auto values = Numbered(64, 32);
    const auto tiled = convert_layout(values, tt::stl::Span<const std::uint32_t>(shape),
                                      TensorLayoutType::LIN_ROW_MAJOR, TensorLayoutType::TILED_SWIZZLED);
    EXPECT_EQ(tiled, values);  // 32-wide rows: tile t is rows 32t..32t+31, already contiguous
    EXPECT_TRUE(convert_layout(values, PhysicalSize{64, 32}, TensorLayoutType::LIN_ROW_MAJOR,
                               TensorLayoutType::LIN_ROW_MAJOR)
                    .empty());
}

TEST(HostMath, RoundingAndAlignment) {
    EXPECT_EQ(tt::div_up(65, 32), 3u);
    EXPECT_EQ(tt::round_up(65, 32), 96u);
    EXPECT_EQ(tt::round_down(65, 32), 64u);
    EXPECT_EQ(tt::positive_pow_of_2(10), 1024u);
    EXPECT_THROW(tt::div_up(1, 0), std::runtime_error);
    EXPECT_EQ(tt::align(4, 32), 32u);
    EXPECT_EQ(tt::align(64, 32), 64u);
    EXPECT_EQ(tt::align(0, 32), 0u);
    EXPECT_EQ(round_up_to_mul32(33), 64u);
    EXPECT_EQ(round_up_to_mul16(32), 32u);
}

}  // namespace
