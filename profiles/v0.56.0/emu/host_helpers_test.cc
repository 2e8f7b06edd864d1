// Header-only host helpers programs use (test_tiles.hpp, math.hpp, tt_align.hpp, the tt::stl containers),
// checked against values worked out by hand from their definitions.
#include <gtest/gtest.h>

#include <numeric>
#include <sstream>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/bfloat4.hpp>
#include <tt-metalium/bfloat8.hpp>
#include <tt-metalium/env_lib.hpp>
#include <tt-metalium/helpers.hpp>
#include <tt-metalium/indestructible.hpp>
#include <tt-metalium/multi_producer_single_consumer_queue.hpp>
#include <tt-metalium/slotmap.hpp>
#include <tt-metalium/unique_any.hpp>
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

// One Bfp8_b tile worked out by hand. Row 0 of face 0 shares exponent 128 (from 3.0): 1.0 is mantissa 0x20;
// 1 + 2^-7 rounds down to 0x20; 1 + 2^-6 is a tie and stays even (0x20); 1 + 3·2^-7 rounds up to 0x21, which reads
// back as 1 + 2^-5; -1.5 is sign 1 with 0x30. Face 1's first row holds 2.0 alone: exponent 128, mantissa 0x40.
TEST(BlockFloat, Bfp8TileOfKnownValues) {
    std::vector<float> values(1024, 0.0f);
    const float row[] = {1.0f, 3.0f, 1.0078125f, 1.015625f, 1.0234375f, -1.5f};
    for (int i = 0; i < 6; i++) values[i] = row[i];
    values[16] = 2.0f;  // row 0, column 16: face 1
    const auto tile = pack_fp32_vec_as_bfp8_tiles(values, /*row_major_input=*/true, /*is_exp_a=*/false);
    ASSERT_EQ(tile.size() * 4, 1088u);
    EXPECT_EQ(tile[0], 0x00000080u);   // exponents of face 0 rows 0-3
    EXPECT_EQ(tile[4], 0x00000080u);   // face 1 row 0 (exponent byte 16)
    EXPECT_EQ(tile[16], 0x20206020u);  // mantissas 0-3
    EXPECT_EQ(tile[17], 0x0000B021u);  // mantissas 4-7
    EXPECT_EQ(tile[16 + 64], 0x00000040u);
    const auto back = unpack_bfp8_tiles_into_float_vec(tile, /*row_major_output=*/true, false);
    const float expect[] = {1.0f, 3.0f, 1.0f, 1.0f, 1.03125f, -1.5f, 0.0f};
    for (int i = 0; i < 7; i++) EXPECT_EQ(back[i], expect[i]) << i;
    EXPECT_EQ(back[16], 2.0f);
    EXPECT_EQ(back[32], 0.0f);
}

TEST(BlockFloat, Bfp8SaturatesAndFaceOrderInputMatches) {
    std::vector<float> values(1024, 1.9999999f);  // rounds past the largest mantissa: saturates at 0x7f
    const auto tile = pack_fp32_vec_as_bfp8_tiles(values, true, false);
    EXPECT_EQ(tile[0], 0x7f7f7f7fu);
    EXPECT_EQ(tile[16], 0x7f7f7f7fu);
    EXPECT_EQ(unpack_bfp8_tiles_into_float_vec(tile, true, false)[5], 1.984375f);
    // Row-major input and face-order input agree once the values are put in face order.
    std::vector<float> rm(1024), faces(1024);
    for (int i = 0; i < 1024; i++) rm[i] = float(i % 37) - 18.0f;
    for (int r = 0; r < 32; r++)
        for (int c = 0; c < 32; c++) faces[((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16] = rm[r * 32 + c];
    EXPECT_EQ(pack_fp32_vec_as_bfp8_tiles(rm, true, false), pack_fp32_vec_as_bfp8_tiles(faces, false, false));
    EXPECT_EQ(unpack_bfp8_tiles_into_float_vec(pack_fp32_vec_as_bfp8_tiles(rm, true, false), true, false), rm);
}

// Bfp4_b keeps 3 mantissa bits: with a shared exponent of 128 (from 2.5), 1.0 is 0b010 and 2.5 is 0b101; -0.75
// (1.1b × 2^-1, two places below) is 0b001 with exactly half a unit left over, a tie that rounds to even 0b010,
// which reads back as -1.0.
TEST(BlockFloat, Bfp4NibblesAndTileSize) {
    std::vector<float> values(1024, 0.0f);
    values[0] = 1.0f, values[1] = 2.5f, values[2] = -0.75f;
    const auto tile = pack_fp32_vec_as_bfp4_tiles(values, true, false);
    ASSERT_EQ(tile.size() * 4, tt::tile_size(tt::DataFormat::Bfp4_b));
    EXPECT_EQ(tile[0] & 0xff, 128u);
    EXPECT_EQ(tile[16] & 0xfff, 0xA52u);  // nibbles low first: 0x2, 0x5, 0xA (sign | 0b010)
    const auto back = unpack_bfp4_tiles_into_float_vec(tile, true, false);
    EXPECT_EQ(back[0], 1.0f);
    EXPECT_EQ(back[1], 2.5f);
    EXPECT_EQ(back[2], -1.0f);
    EXPECT_EQ(tt::tt_metal::Tile().get_tile_size(tt::DataFormat::Bfp8_b), 1088u);
    EXPECT_EQ(tt::tt_metal::Tile({16, 32}).get_tile_size(tt::DataFormat::Bfp8_b), 512u + 32u);
}

TEST(HostEnv, ParseEnvAndTriggers) {
    unsetenv("HOST_HELPERS_TEST_VAR");
    EXPECT_EQ(tt::parse_env("HOST_HELPERS_TEST_VAR", 7), 7);
    setenv("HOST_HELPERS_TEST_VAR", "0x10", 1);
    EXPECT_EQ(tt::parse_env("HOST_HELPERS_TEST_VAR", 7), 16);
    EXPECT_EQ(tt::parse_env<std::uint64_t>("HOST_HELPERS_TEST_VAR", 0), 16u);
    EXPECT_TRUE(tt::parse_env("HOST_HELPERS_TEST_VAR", false));
    EXPECT_EQ(tt::parse_env<std::string>("HOST_HELPERS_TEST_VAR", ""), "0x10");
    EXPECT_EQ(tt::parse_trigger("HOST_HELPERS_TEST_VAR", 0), 16);
    EXPECT_EQ(std::getenv("HOST_HELPERS_TEST_VAR"), nullptr);  // a trigger fires once
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

MAKE_SLOTMAP_KEY(TestKey, std::uint32_t, 16);

// A removed element's key goes stale; its slot comes back under a new version; iteration sees live elements only.
TEST(SlotMap, StaleKeysAreRecognisedAndSlotsReused) {
    tt::stl::SlotMap<TestKey, std::string> map;
    const TestKey a = map.insert(std::string("a")), b = map.emplace(3, 'b');
    EXPECT_EQ(*map.get(b), "bbb");
    EXPECT_EQ(map.size(), 2u);
    map.remove(a);
    EXPECT_FALSE(map.contains(a));
    EXPECT_EQ(map.get(a), nullptr);
    const TestKey c = map.insert(std::string("c"));
    EXPECT_EQ(c.index(), a.index());
    EXPECT_NE(c.version(), a.version());
    EXPECT_EQ(map.get(a), nullptr);
    EXPECT_EQ(*map.get(c), "c");
    map.remove(a);  // stale: ignored
    EXPECT_EQ(map.size(), 2u);
    std::string seen;
    for (const std::string& v : map) seen += v;
    EXPECT_EQ(seen, "cbbb");
    map.remove(b);
    seen.clear();
    for (const std::string& v : map) seen += v;
    EXPECT_EQ(seen, "c");
}

TEST(MultiProducerSingleConsumerQueue, PopsInPushOrderAcrossThreads) {
    auto q = std::make_unique<MultiProducerSingleConsumerQueue<int>>();
    EXPECT_TRUE(q->empty());
    EXPECT_EQ(q->pop(), nullptr);
    std::thread producer([&] {
        for (int i = 0; i < 20000; i++) q->push(int(i));  // more than the ring holds: waits for the consumer
    });
    int expected = 0;
    while (expected < 20000)
        if (auto v = q->pop()) ASSERT_EQ(*v, expected++);
    producer.join();
    q->push(7);
    q->push(std::make_shared<int>(8));
    int sum = 0;
    for (int v : *q) sum += v;
    EXPECT_EQ(sum, 15);
    q->clear();
    EXPECT_TRUE(q->empty());
}

TEST(StlHelpers, SizeLiteralsUniqueAnyAndIndestructible) {
    using namespace tt::tt_metal;
    EXPECT_EQ(64_KB, 65536u);
    EXPECT_EQ(1_MB + 512_KB, 1572864u);
    EXPECT_EQ(round_size(100, 32), 128u);
    tt::stl::unique_any<64, 8> any{std::string("x")};
    any.get<std::string>() += "y";
    tt::stl::unique_any<64, 8> moved{std::move(any)};
    EXPECT_EQ(moved.get<std::string>(), "xy");
    static tt::stl::Indestructible<std::vector<int>> forever(3, 5);
    EXPECT_EQ(forever.get(), (std::vector<int>{5, 5, 5}));
}

// bfloat16's helpers, with v0.56.0's conversions, printing and comparisons (bit patterns worked out by hand:
// 1.0f is 0x3F80, 1.5f 0x3FC0, 2.0f 0x4000, 3.0f 0x4040).
TEST(Bfloat16, ConvertsPrintsAndMultipliesAsTtMetal) {
    const bfloat16 one = 1.0f, bits = 0x3FC0;  // implicit, from a float and from bits
    EXPECT_EQ(one.to_uint16(), 0x3F80);
    EXPECT_EQ(bits.to_float(), 1.5f);
    EXPECT_EQ(bfloat16(1.0078125f + 0.001f).to_uint16(), 0x3F81);  // truncates
    EXPECT_EQ((bfloat16(1.5f) * bfloat16(2.0f)).to_uint16(), 0x4040);
    std::ostringstream out;
    out << one;
    EXPECT_EQ(out.str(), "16256");  // the bits, not the value
    EXPECT_TRUE((std::vector<bfloat16>{one, bits}) == (std::vector<bfloat16>{one, bits}));
    EXPECT_FALSE((std::vector<bfloat16>{one}) == (std::vector<bfloat16>{one, bits}));
}

TEST(Bfloat16, VectorMakers) {
    EXPECT_EQ(create_constant_vector_of_bfloat16(8, 1.0f), (std::vector<std::uint32_t>{0x3F803F80, 0x3F803F80}));
    EXPECT_EQ(create_constant_vector_of_bfloat16(2, 1.0f), (std::vector<std::uint32_t>{0x00003F80}));  // one word
    const auto eye = create_identity_matrix(2, 3, 2);
    std::vector<std::uint16_t> eye_bits;
    for (const auto& v : eye) eye_bits.push_back(v.to_uint16());
    EXPECT_EQ(eye_bits, (std::vector<std::uint16_t>{0x3F80, 0, 0, 0, 0x3F80, 0}));
    const auto binary = create_random_binary_vector_of_bfloat16(4096, 7);
    ASSERT_EQ(binary.size(), 1024u);
    std::size_t ones = 0;
    for (std::uint32_t w : binary)
        for (std::uint32_t half : {w & 0xffff, w >> 16}) {
            ASSERT_TRUE(half == 0 || half == 0x3F80) << std::hex << w;
            ones += half != 0;
        }
    EXPECT_GT(ones, 800u);  // about half of 2048
    EXPECT_LT(ones, 1248u);
    for (std::uint32_t w : create_random_vector_of_bfloat16_1_1(256, 3))
        for (float f : {bfloat16(w & 0xffff).to_float(), bfloat16(w >> 16).to_float()}) {
            EXPECT_GE(f, -1.0f);
            EXPECT_LT(f, 1.0f);
        }
    EXPECT_EQ(u32_from_u16_vector(u16_from_u32_vector({0x12345678})), (std::vector<std::uint32_t>{0x12345678}));
    EXPECT_EQ(u16_from_u32_vector({0x12345678}), (std::vector<std::uint16_t>{0x5678, 0x1234}));
}

TEST(Bfloat16, ComparisonsAndPrinters) {
    EXPECT_TRUE(is_close(1.0f, 1.009f));
    EXPECT_FALSE(is_close(1.0f, 1.0105f));  // relative to the larger value, with no absolute slack added
    EXPECT_TRUE(is_close(0.0f, 0.0009f));
    EXPECT_TRUE(equal_within_n_sig_figs(0.012345f, 0.012349f, 3));
    EXPECT_FALSE(equal_within_n_sig_figs(0.012345f, 0.012349f, 5));
    const std::vector<std::uint32_t> a{0x3F803F80, 0x3F804000}, b{0x3F803F80, 0x3F803F80};
    int failed_at = -1;
    testing::internal::CaptureStdout();
    EXPECT_FALSE(packed_uint32_t_vector_comparison(a, b, [](float x, float y) { return x == y; }, &failed_at));
    testing::internal::GetCapturedStdout();
    EXPECT_EQ(failed_at, 1);
    EXPECT_TRUE(packed_uint32_t_vector_comparison(a, a, [](float x, float y) { return x == y; }));
    testing::internal::CaptureStdout();
    print_vec_of_uint32_as_packed_bfloat16(std::vector<std::uint32_t>(512, 0x40003F80), 1, "in", 4);
    const std::string printed = testing::internal::GetCapturedStdout();
    EXPECT_EQ(printed.substr(0, printed.find('\n', printed.find('\n') + 1)), "in tile 4\n1, 2, 1, 2, 1, 2, 1, 2, 1, 2, "
              "1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, ");
}

}  // namespace
