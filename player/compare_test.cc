// Element-wise comparison of a replayed read with the captured one: types, tolerances, sizes, descriptions.
#include "player/compare.h"

#include <gtest/gtest.h>

#include <cstring>

namespace ltcap {
namespace {

using T = schema::ElementType;

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
    const Comparison c = CompareRead(a, a.data(), a.size(), T::UINT32, {});
    EXPECT_TRUE(c.Equal());
    EXPECT_EQ(c.elements, 3u);
}

TEST(Compare, IntegersByElement) {
    const auto replay = Bytes<std::int32_t>({1, -7, 3, 4}), capture = Bytes<std::int32_t>({1, 2, 3, 5});
    const Comparison c = CompareRead(replay, capture.data(), capture.size(), T::INT32, {});
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
    Comparison c = CompareRead(replay, capture.data(), capture.size(), T::BFLOAT16, {});
    EXPECT_EQ(c.differ, 2u);
    EXPECT_DOUBLE_EQ(c.largest, 0.5);
    EXPECT_EQ(c.largest_at, 2u);
    EXPECT_EQ(DescribeMismatch(c)[0], "2 of 4 bfloat16 elements differ; largest difference 0.5 at [2]");
    EXPECT_EQ(DescribeMismatch(c)[1], "[1]: replay 2.015625, capture 2");
    CompareOptions o;
    o.atol = 0.02;  // covers element 1, not element 2
    c = CompareRead(replay, capture.data(), capture.size(), T::BFLOAT16, o);
    EXPECT_EQ(c.differ, 1u);
    EXPECT_EQ(c.tolerated, 1u);
    EXPECT_EQ(DescribeMismatch(c)[0],
              "1 of 4 bfloat16 elements differ beyond the tolerance (1 more within it); largest difference 0.5 at [2]");
    o = {};
    o.rtol = 0.2;  // 3.5 is within 20 % of 3
    c = CompareRead(replay, capture.data(), capture.size(), T::BFLOAT16, o);
    EXPECT_TRUE(c.Equal());
    EXPECT_EQ(c.tolerated, 2u);
}

TEST(Compare, NanIsNeverWithinTolerance) {
    const auto capture = Bytes<float>({1.0f}), replay = Bytes<float>({__builtin_nanf("")});
    CompareOptions o;
    o.atol = 1e30;
    const Comparison c = CompareRead(replay, capture.data(), capture.size(), T::FLOAT32, o);
    EXPECT_EQ(c.differ, 1u);
    EXPECT_EQ(c.first[0].replay, "nan");
}

TEST(Compare, DtypeOverridesAndRawPointersAreBytes) {
    const auto capture = Bytes<std::uint32_t>({0x01020304}), replay = Bytes<std::uint32_t>({0x01020305});
    Comparison c = CompareRead(replay, capture.data(), capture.size(), T::RAW_POINTER, {});
    EXPECT_EQ(c.type, T::BYTES);
    EXPECT_EQ(c.elements, 4u);
    EXPECT_EQ(DescribeMismatch(c)[1], "[0]: replay 05, capture 04");
    CompareOptions o;
    o.dtype = T::UINT32;
    c = CompareRead(replay, capture.data(), capture.size(), T::RAW_POINTER, o);
    EXPECT_EQ(DescribeMismatch(c)[1], "[0]: replay 16909061, capture 16909060");
}

TEST(Compare, TilePositionsForTiledData) {
    // Two 32x32 uint16 tiles; element 1024 + 256 + 17 is tile 1, face 1 (top right), row 1, col 16 + 1.
    std::vector<std::uint16_t> v(2048, 7);
    const auto capture = Bytes(v);
    v[1024 + 256 + 17] = 8;
    const auto replay = Bytes(v);
    const Comparison c = CompareRead(replay, capture.data(), capture.size(), T::UINT16, {});
    EXPECT_EQ(DescribeMismatch(c)[1], "[1297] (tile 1, row 1, col 17): replay 8, capture 7");
}

TEST(Compare, SizesDiffer) {
    const auto capture = Bytes<std::uint32_t>({1, 2, 3}), replay = Bytes<std::uint32_t>({1, 2});
    const Comparison c = CompareRead(replay, capture.data(), capture.size(), T::UINT32, {});
    EXPECT_FALSE(c.Equal());
    EXPECT_EQ(c.differ, 0u);
    EXPECT_EQ(DescribeMismatch(c)[0],
              "the replay read 8 bytes, the capture recorded 12; 0 of the 2 uint32 elements both have differ");
}

TEST(Compare, ListsAtMostShown) {
    std::vector<std::uint8_t> capture(100, 0), replay(100, 1);
    const Comparison c = CompareRead(replay, capture.data(), capture.size(), T::UINT8, {});
    EXPECT_EQ(c.differ, 100u);
    const auto lines = DescribeMismatch(c);
    EXPECT_EQ(lines.size(), 1u + 8u + 1u);
    EXPECT_EQ(lines.back(), "… 92 more");
}

TEST(Compare, ToleranceAppliesToFloatsOnly) {
    CompareOptions o;
    EXPECT_FALSE(ToleranceApplies(T::FLOAT32, o));  // no tolerance set
    o.atol = 0.1;
    EXPECT_TRUE(ToleranceApplies(T::FLOAT32, o));
    EXPECT_TRUE(ToleranceApplies(T::BFLOAT16, o));
    EXPECT_FALSE(ToleranceApplies(T::UINT32, o));
    EXPECT_FALSE(ToleranceApplies(T::RAW_POINTER, o));
    o.dtype = T::BFLOAT16;  // --dtype makes any read floats
    EXPECT_TRUE(ToleranceApplies(T::RAW_POINTER, o));
    o = {};
    o.rtol = 0.01;
    o.dtype = T::UINT16;
    EXPECT_FALSE(ToleranceApplies(T::FLOAT32, o));
}

}  // namespace
}  // namespace ltcap
