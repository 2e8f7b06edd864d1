// Alignment: the fewest edits, every position of both sides once and in order, and the limit.
#include "cli/align.h"

#include <gtest/gtest.h>

#include <random>

#include "cli/align_testing.h"

namespace ltcap::cli {
namespace {

using S = AlignStep;

using testing::Check;
using testing::LcsTable;
using testing::Walk;

TEST(Align, SameIsAllPairs) {
    const std::vector<std::uint32_t> a = {1, 2, 3};
    const auto steps = Align(a, a, 10);
    ASSERT_TRUE(steps);
    EXPECT_EQ(*steps, (std::vector<S>{{S::kBoth, 0, 0}, {S::kBoth, 1, 1}, {S::kBoth, 2, 2}}));
}

TEST(Align, OneInsertedOneRemoved) {
    const std::vector<std::uint32_t> a = {1, 2, 3, 4, 5}, b = {1, 2, 9, 3, 5};
    const auto steps = Align(a, b, 10);
    ASSERT_TRUE(steps);
    EXPECT_EQ(Check(a, b, *steps), 2u);
    EXPECT_EQ((*steps)[2], (S{S::kOnlyB, 2, 2}));
    EXPECT_EQ((*steps)[4], (S{S::kOnlyA, 3, 4}));
}

TEST(Align, EmptySides) {
    const std::vector<std::uint32_t> none, some = {4, 4};
    EXPECT_EQ(Check(none, some, *Align(none, some, 10)), 2u);
    EXPECT_EQ(Check(some, none, *Align(some, none, 10)), 2u);
    EXPECT_TRUE(Align(none, none, 0)->empty());
}

TEST(Align, GivesUpPastTheLimit) {
    const std::vector<std::uint32_t> a = {1, 2, 3, 4}, b = {5, 6, 7, 8};
    EXPECT_FALSE(Align(a, b, 7));
    EXPECT_EQ(Check(a, b, *Align(a, b, 8)), 8u);
}

// Against the length of a longest common subsequence (dynamic programming): edits = n + m - 2·LCS.
TEST(Align, MinimalOnRandomSequences) {
    std::mt19937 random(7);
    for (int round = 0; round < 200; round++) {
        std::vector<std::uint32_t> a(random() % 30), b(random() % 30);
        for (auto& x : a) x = random() % 4;
        for (auto& x : b) x = random() % 4;
        const auto lcs = LcsTable(a, b);
        const auto steps = Align(a, b, 100);
        ASSERT_TRUE(steps);
        EXPECT_EQ(Check(a, b, *steps), a.size() + b.size() - 2 * lcs[a.size()][b.size()]) << "round " << round;
    }
}

// An open side: the alignment covers a prefix of each side and ends at the end of an open side (or of both), with the
// fewest edits over every such end (edits to reach (i, j) = i + j - 2·LCS of the prefixes).
TEST(Align, OpenEndsFewestEditsToAnEnd) {
    std::mt19937 random(13);
    for (int round = 0; round < 300; round++) {
        std::vector<std::uint32_t> a(random() % 25), b(random() % 25);
        for (auto& x : a) x = random() % 3;
        for (auto& x : b) x = random() % 3;
        const bool a_open = random() % 2, b_open = !a_open || random() % 2;
        const auto lcs = LcsTable(a, b);
        std::size_t fewest = a.size() + b.size();
        for (std::size_t i = 0; i <= a.size(); i++)
            for (std::size_t j = 0; j <= b.size(); j++)
                if ((a_open && i == a.size()) || (b_open && j == b.size()) || (i == a.size() && j == b.size()))
                    fewest = std::min(fewest, i + j - 2 * lcs[i][j]);
        const auto steps = Align(a, b, 100, a_open, b_open);
        ASSERT_TRUE(steps);
        const auto w = Walk(a, b, *steps);
        EXPECT_TRUE((a_open && w.a == a.size()) || (b_open && w.b == b.size()) || (w.a == a.size() && w.b == b.size()))
            << "round " << round << ": ends at " << w.a << ", " << w.b;
        EXPECT_EQ(w.edits, fewest) << "round " << round;
    }
}

TEST(Align, OpenSideEndsWhereItsWindowDoes) {
    // B goes on past its window: A's last key is not a removal, it is simply not reached yet.
    const std::vector<std::uint32_t> a = {1, 2, 3, 4}, b = {1, 2, 3};
    const auto steps = Align(a, b, 10, false, true);
    ASSERT_TRUE(steps);
    EXPECT_EQ(*steps, (std::vector<S>{{S::kBoth, 0, 0}, {S::kBoth, 1, 1}, {S::kBoth, 2, 2}}));
    EXPECT_EQ(Align(a, b, 10)->size(), 4u);  // closed: 4 is removed
}

}  // namespace
}  // namespace ltcap::cli
