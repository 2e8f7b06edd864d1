#include <magic_enum/magic_enum.hpp>

#include <gtest/gtest.h>

#include <sstream>

namespace {
enum class Op { Add, Sub = 3, Mul };
enum Plain : unsigned char { A = 1, B = 100, Beyond = 200 };
namespace inner {
enum class Signed : int { Neg = -5, Zero = 0, Last = 127, Outside = 128 };
}

TEST(MagicEnum, NamesAndCountsAtCompileTime) {
    static_assert(magic_enum::enum_count<Op>() == 3);
    static_assert(magic_enum::enum_name(Op::Sub) == "Sub");
    static_assert(magic_enum::enum_name<Op::Mul>() == "Mul");
    static_assert(magic_enum::enum_type_name<inner::Signed>() == "Signed");
}

TEST(MagicEnum, ValuesAscendWithinTheDefaultRange) {
    auto values = magic_enum::enum_values<inner::Signed>();
    ASSERT_EQ(values.size(), 3u);  // 128 lies outside [-128, 127], as with magic_enum
    EXPECT_EQ(values[0], inner::Signed::Neg);
    EXPECT_EQ(values[2], inner::Signed::Last);
    EXPECT_EQ(magic_enum::enum_count<Plain>(), 2u);
    EXPECT_EQ(magic_enum::enum_name(Beyond), "");
}

TEST(MagicEnum, CastsFromNamesAndIntegers) {
    EXPECT_EQ(magic_enum::enum_cast<Op>("Mul"), Op::Mul);
    EXPECT_FALSE(magic_enum::enum_cast<Op>("mul").has_value());
    EXPECT_EQ(magic_enum::enum_cast<Op>("mul", [](char a, char b) { return (a | 32) == (b | 32); }), Op::Mul);
    EXPECT_EQ(magic_enum::enum_cast<Op>(3), Op::Sub);
    EXPECT_FALSE(magic_enum::enum_cast<Op>(2).has_value());
    EXPECT_TRUE(magic_enum::enum_contains(Op::Add));
    EXPECT_FALSE(magic_enum::enum_contains(static_cast<Op>(7)));
    EXPECT_EQ(magic_enum::enum_index(Op::Mul), 2u);
    EXPECT_EQ(magic_enum::enum_integer(Op::Mul), 4);
}

TEST(MagicEnum, EntriesPairValuesWithNames) {
    const auto& entries = magic_enum::enum_entries<Op>();
    ASSERT_EQ(entries.size(), 3u);
    EXPECT_EQ(entries[1].first, Op::Sub);
    EXPECT_EQ(entries[1].second, "Sub");
    EXPECT_EQ(magic_enum::enum_names<Op>()[2], "Mul");
}

TEST(MagicEnum, StreamsNamesOrNumbers) {
    using namespace magic_enum::ostream_operators;
    std::ostringstream out;
    out << Op::Mul << " " << static_cast<Op>(9);
    EXPECT_EQ(out.str(), "Mul 9");
}
}  // namespace
