// Element-wise comparison of a replayed read with the captured one: types, tolerances, sizes, descriptions.
#include "player/compare.h"

#include <gtest/gtest.h>

#include <cstring>

namespace ltcap {
namespace {

using T = Dtype;

template <typename E>
std::vector<std::uint8_t> Bytes(std::vector<E> v) {
    std::vector<std::uint8_t> b(v.size() * sizeof(E));
    std::memcpy(b.data(), v.data(), b.size());
    return b;
}

std::vector<std::uint8_t> Bf16(std::vector<float> v) {
    std::vector<std::uint16_t> h;
    for (float f : v) {
        std::uint32_t u;
        std::memcpy(&u, &f, 4);
        h.push_back(static_cast<std::uint16_t>(u >> 16));
    }
    return Bytes(h);
}

TEST(Compare, EqualReadsAreEqual) {
    const auto a = Bytes<std::uint32_t>({1, 2, 3});
    const Comparison c = CompareRead(a, a.data(), a.size(), T::uint32, {});
    EXPECT_TRUE(c.Equal());
    EXPECT_EQ(c.elements, 3u);
}

TEST(Compare, IntegersByElement) {
    const auto replay = Bytes<std::int32_t>({1, -7, 3, 4}), capture = Bytes<std::int32_t>({1, 2, 3, 5});
    const Comparison c = CompareRead(replay, capture.data(), capture.size(), T::int32, {});
    EXPECT_FALSE(c.Equal());
    EXPECT_EQ(c.differ, 2u);
    ASSERT_EQ(c.first.size(), 2u);
    EXPECT_EQ(c.first[0].index, 1u);
    EXPECT_EQ(c.first[0].replay, "-7");
    EXPECT_EQ(c.first[0].capture, "2");
    const auto lines = DescribeMismatch(c);
    EXPECT_EQ(lines[0], "2 of 4 int32 elements differ");
    EXPECT_EQ(lines[1], "[1]: replay -7, capture 2");
    EXPECT_EQ(lines[2], "[3]: replay 4, capture 5");
}

TEST(Compare, Bfloat16WithTolerance) {
    const auto capture = Bf16({1.0f, 2.0f, 3.0f, 4.0f}), replay = Bf16({1.0f, 2.015625f, 3.5f, 4.0f});
    Comparison c = CompareRead(replay, capture.data(), capture.size(), T::bfloat16, {});
    EXPECT_EQ(c.differ, 2u);
    EXPECT_DOUBLE_EQ(c.largest, 0.5);
    EXPECT_EQ(c.largest_at, 2u);
    EXPECT_EQ(DescribeMismatch(c)[0], "2 of 4 bfloat16 elements differ; largest difference 0.5 at [2], mean 0.129");
    EXPECT_EQ(DescribeMismatch(c)[1], "[1]: replay 2.015625, capture 2");
    CompareOptions o;
    o.atol = 0.02;  // covers element 1, not element 2
    c = CompareRead(replay, capture.data(), capture.size(), T::bfloat16, o);
    EXPECT_EQ(c.differ, 1u);
    EXPECT_EQ(c.tolerated, 1u);
    EXPECT_EQ(DescribeMismatch(c)[0],
              "1 of 4 bfloat16 elements differ beyond the tolerance (1 more within it); largest difference 0.5 at [2], "
              "mean 0.129");
    o = {};
    o.rtol = 0.2;  // 3.5 is within 20 % of 3
    c = CompareRead(replay, capture.data(), capture.size(), T::bfloat16, o);
    EXPECT_TRUE(c.Equal());
    EXPECT_EQ(c.tolerated, 2u);
}

TEST(Compare, NanIsNeverWithinTolerance) {
    const auto capture = Bytes<float>({1.0f}), replay = Bytes<float>({__builtin_nanf("")});
    CompareOptions o;
    o.atol = 1e30;
    const Comparison c = CompareRead(replay, capture.data(), capture.size(), T::float32, o);
    EXPECT_EQ(c.differ, 1u);
    EXPECT_EQ(c.first[0].replay, "nan");
}

TEST(Compare, DtypeOverridesBytes) {
    const auto capture = Bytes<std::uint32_t>({0x01020304}), replay = Bytes<std::uint32_t>({0x01020305});
    Comparison c = CompareRead(replay, capture.data(), capture.size(), T::bytes, {});
    EXPECT_EQ(c.type, T::bytes);
    EXPECT_EQ(c.elements, 4u);
    EXPECT_EQ(DescribeMismatch(c)[1], "[0]: replay 05, capture 04");
    CompareOptions o;
    o.dtype = T::uint32;
    c = CompareRead(replay, capture.data(), capture.size(), T::bytes, o);
    EXPECT_EQ(DescribeMismatch(c)[1], "[0]: replay 16909061, capture 16909060");
}

TEST(Compare, TilePositionsForTiledData) {
    // Two 32x32 uint16 tiles; element 1024 + 256 + 17 is tile 1, face 1 (top right), row 1, col 16 + 1.
    std::vector<std::uint16_t> v(2048, 7);
    const auto capture = Bytes(v);
    v[1024 + 256 + 17] = 8;
    const auto replay = Bytes(v);
    const Comparison c = CompareRead(replay, capture.data(), capture.size(), T::uint16, {});
    EXPECT_EQ(DescribeMismatch(c)[1], "[1297] (tile 1, row 1, col 17): replay 8, capture 7");
}

TEST(Compare, SizesDiffer) {
    const auto capture = Bytes<std::uint32_t>({1, 2, 3}), replay = Bytes<std::uint32_t>({1, 2});
    const Comparison c = CompareRead(replay, capture.data(), capture.size(), T::uint32, {});
    EXPECT_FALSE(c.Equal());
    EXPECT_EQ(c.differ, 0u);
    EXPECT_EQ(DescribeMismatch(c)[0],
              "the sizes differ: replay 8 bytes, capture 12; 0 of the 2 uint32 elements both have differ");
}

TEST(Compare, ListsAtMostShown) {
    std::vector<std::uint8_t> capture(100, 0), replay(100, 1);
    const Comparison c = CompareRead(replay, capture.data(), capture.size(), T::uint8, {});
    EXPECT_EQ(c.differ, 100u);
    const auto lines = DescribeMismatch(c);
    EXPECT_EQ(lines.size(), 1u + 8u + 1u);
    EXPECT_EQ(lines.back(), "… 92 more");
}

TEST(Compare, ToleranceAppliesToFloatsOnly) {
    CompareOptions o;
    EXPECT_FALSE(ToleranceApplies(T::float32, o));  // no tolerance set
    o.atol = 0.1;
    EXPECT_TRUE(ToleranceApplies(T::float32, o));
    EXPECT_TRUE(ToleranceApplies(T::bfloat16, o));
    EXPECT_FALSE(ToleranceApplies(T::uint32, o));
    EXPECT_FALSE(ToleranceApplies(T::bytes, o));
    o.dtype = T::bfloat16;  // --dtype makes any read floats
    EXPECT_TRUE(ToleranceApplies(T::bytes, o));
    o = {};
    o.rtol = 0.01;
    o.dtype = T::uint16;
    EXPECT_FALSE(ToleranceApplies(T::float32, o));
}

// Block floats: 64 exponents, then the datums; a datum is its mantissa with the binary point after its first bit.
std::vector<std::uint8_t> Bfp8Tile(std::uint8_t exponent, std::uint8_t datum) {
    std::vector<std::uint8_t> tile(64, exponent);
    tile.resize(64 + 1024, datum);
    return tile;
}

TEST(Compare, Bfp8TilesComparePerDatum) {
    auto capture = Bfp8Tile(127, 0x40), replay = capture;  // every datum 1.0 (0x40 = 1.000000 in 7 bits)
    EXPECT_EQ(UnpackBlockFloat(capture.data(), 1, T::bfp8_b)[5], 1.0f);
    replay[64 + 256 + 16 + 3] = 0xc0;  // -1.0 at face 1, row 1, col 3
    Comparison c = CompareRead(replay, capture.data(), capture.size(), T::bfp8_b, {});
    EXPECT_EQ(c.elements, 1024u);
    EXPECT_EQ(c.differ, 1u);
    const auto lines = DescribeMismatch(c);
    EXPECT_EQ(lines[0], "1 of 1024 bfp8_b elements differ; largest difference 2 at [275], mean 0.00195");
    EXPECT_EQ(lines[1], "[275] (tile 0, row 1, col 19): replay -1, capture 1");
    CompareOptions o;
    o.atol = 2;
    EXPECT_TRUE(CompareRead(replay, capture.data(), capture.size(), T::bfp8_b, o).Equal());
}

TEST(Compare, Bfp4TilesUnpackTwoDatumsAByte) {
    std::vector<std::uint8_t> tile(64, 128);  // 2^1
    tile.resize(64 + 512, 0x4c);              // low nibble 0xc: sign, mantissa 4 → -4·2^(1-2); high nibble 0x4: 2
    const auto datums = UnpackBlockFloat(tile.data(), 1, T::bfp4_b);
    EXPECT_EQ(datums[0], -2.0f);
    EXPECT_EQ(datums[1], 2.0f);
}

TEST(Compare, BlockFloatsThatAreNotWholeTilesAreBytes) {
    const auto capture = Bfp8Tile(127, 0x40);
    std::vector<std::uint8_t> part(capture.begin(), capture.begin() + 100), other = part;
    other[70] = 0;
    const Comparison c = CompareRead(other, part.data(), part.size(), T::bfp8_b, {});
    EXPECT_EQ(c.type, T::bytes);
    EXPECT_EQ(c.differ, 1u);
}

TEST(Compare, BlockFloatBytesThatDifferWithEqualValuesStillDiffer) {
    auto capture = Bfp8Tile(127, 0x00), replay = capture;  // zeros, whatever the exponent
    replay[0] = 100;
    const Comparison c = CompareRead(replay, capture.data(), capture.size(), T::bfp8_b, {});
    EXPECT_FALSE(c.Equal());
    EXPECT_EQ(c.type, T::bytes);  // no datum differs: the bytes that do are reported
    EXPECT_EQ(DescribeMismatch(c)[1], "[0]: replay 64, capture 7f");
}

TEST(Compare, Float16) {
    const auto capture = Bytes<std::uint16_t>({0x3c00, 0xc000}), replay = Bytes<std::uint16_t>({0x3c00, 0x4000});
    const Comparison c = CompareRead(replay, capture.data(), capture.size(), T::float16, {});
    EXPECT_EQ(DescribeMismatch(c)[1], "[1]: replay 2, capture -2");
}

TEST(Compare, SidesNameTheReads) {
    const auto capture = Bytes<std::uint32_t>({1, 2}), replay = Bytes<std::uint32_t>({1, 3});
    const auto lines = DescribeMismatch(CompareRead(replay, capture.data(), capture.size(), T::uint32, {}), {"B", "A"});
    EXPECT_EQ(lines[1], "[1]: B 3, A 2");
}

TEST(Compare, DtypeNames) {
    for (Dtype t : kDtypes) EXPECT_EQ(ParseDtype(DtypeName(t)), t);
    EXPECT_FALSE(ParseDtype("float64"));
    EXPECT_EQ(DtypeOfDataFormat(5), Dtype::bfloat16);
    EXPECT_EQ(DtypeOfDataFormat(6), Dtype::bfp8_b);
    EXPECT_FALSE(DtypeOfDataFormat(2));  // Bfp8 (shared exponent, not _b) is not unpacked
}

}  // namespace
}  // namespace ltcap
