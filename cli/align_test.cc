// Alignment: the fewest edits, every position of both sides once and in order, and the limit.
#include "cli/align.h"

#include <gtest/gtest.h>

#include <random>

namespace ltcap::cli {
namespace {

using S = AlignStep;

// Every element of a and b appears once, in order; paired elements are equal. Returns the number of edits.
std::size_t Check(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                  const std::vector<S>& steps) {
    std::size_t ia = 0, ib = 0, edits = 0;
    for (const S& s : steps) {
        if (s.kind != S::kOnlyB) {
            EXPECT_EQ(s.a, ia++);
        }
        if (s.kind != S::kOnlyA) {
            EXPECT_EQ(s.b, ib++);
        }
        if (s.kind == S::kBoth)
            EXPECT_EQ(a[s.a], b[s.b]);
        else
            edits++;
    }
    EXPECT_EQ(ia, a.size());
    EXPECT_EQ(ib, b.size());
    return edits;
}

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
        std::vector<std::vector<std::size_t>> lcs(a.size() + 1, std::vector<std::size_t>(b.size() + 1, 0));
        for (std::size_t i = 1; i <= a.size(); i++)
            for (std::size_t j = 1; j <= b.size(); j++)
                lcs[i][j] = a[i - 1] == b[j - 1] ? lcs[i - 1][j - 1] + 1 : std::max(lcs[i - 1][j], lcs[i][j - 1]);
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
        std::vector<std::vector<std::size_t>> lcs(a.size() + 1, std::vector<std::size_t>(b.size() + 1, 0));
        for (std::size_t i = 1; i <= a.size(); i++)
            for (std::size_t j = 1; j <= b.size(); j++)
                lcs[i][j] = a[i - 1] == b[j - 1] ? lcs[i - 1][j - 1] + 1 : std::max(lcs[i - 1][j], lcs[i][j - 1]);
        std::size_t fewest = a.size() + b.size();
        for (std::size_t i = 0; i <= a.size(); i++)
            for (std::size_t j = 0; j <= b.size(); j++)
                if ((a_open && i == a.size()) || (b_open && j == b.size()) || (i == a.size() && j == b.size()))
                    fewest = std::min(fewest, i + j - 2 * lcs[i][j]);
        const auto steps = Align(a, b, 100, a_open, b_open);
        ASSERT_TRUE(steps);
        std::size_t ia = 0, ib = 0, edits = 0;
        for (const S& s : *steps) {
            EXPECT_EQ(s.a, ia) << "round " << round;
            EXPECT_EQ(s.b, ib) << "round " << round;
            ia += s.kind != S::kOnlyB, ib += s.kind != S::kOnlyA, edits += s.kind != S::kBoth;
            if (s.kind == S::kBoth) EXPECT_EQ(a[s.a], b[s.b]);
        }
        EXPECT_TRUE((a_open && ia == a.size()) || (b_open && ib == b.size()) || (ia == a.size() && ib == b.size()))
            << "round " << round << ": ends at " << ia << ", " << ib;
        EXPECT_EQ(edits, fewest) << "round " << round;
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
