// CoreRange and CoreRangeSet's API as tt-metal v0.56.0 defines it: set algebra, the decomposition merge and
// subtract produce, iteration order, the core list helpers, hashes, fmt and JSON forms. Expected values are worked out
// by hand from those definitions (the steps are in the comments).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <stdexcept>
#include <unordered_set>

#include <tt-metalium/core_coord.hpp>

namespace {

CoreRange R(std::size_t x0, std::size_t y0, std::size_t x1, std::size_t y1) { return CoreRange({x0, y0}, {x1, y1}); }

TEST(CoreRange, IntersectionAdjacencyAndMerge) {
    EXPECT_EQ(R(0, 0, 3, 3).intersection(R(2, 1, 5, 2)), R(2, 1, 3, 2));
    EXPECT_FALSE(R(0, 0, 1, 1).intersection(R(2, 0, 3, 1)).has_value());
    EXPECT_TRUE(R(0, 0, 1, 1).adjacent(R(2, 1, 3, 4)));   // side by side, sharing row 1
    EXPECT_FALSE(R(0, 0, 1, 1).adjacent(R(2, 2, 3, 3)));  // only a corner touches
    EXPECT_EQ(R(0, 0, 1, 1).merge(R(0, 2, 1, 5)), R(0, 0, 1, 5));  // same columns, one above the other
    EXPECT_EQ(R(0, 3, 1, 4).merge(R(2, 3, 6, 4)), R(0, 3, 6, 4));  // same rows, side by side
    EXPECT_EQ(R(0, 0, 3, 0).merge(R(1, 0, 5, 0)), R(0, 0, 5, 0));  // overlapping
    EXPECT_FALSE(R(0, 0, 1, 1).merge(R(0, 2, 2, 2)).has_value());  // touching, not lined up
    EXPECT_FALSE(R(0, 0, 1, 1).merge(R(0, 3, 1, 4)).has_value());  // lined up, a row apart
    EXPECT_TRUE(R(0, 0, 7, 7).contains(CoreRangeSet(std::vector{R(0, 0, 1, 1), R(5, 5, 7, 7)})));
    EXPECT_FALSE(R(0, 0, 6, 6).contains(CoreRangeSet(std::vector{R(0, 0, 1, 1), R(5, 5, 7, 7)})));
    EXPECT_THROW(R(2, 0, 1, 0), std::runtime_error);
}

TEST(CoreRange, IteratesRowByRow) {
    std::vector<CoreCoord> seen;
    for (const CoreCoord& c : R(1, 1, 2, 2)) seen.push_back(c);
    EXPECT_EQ(seen, (std::vector<CoreCoord>{{1, 1}, {2, 1}, {1, 2}, {2, 2}}));
    EXPECT_EQ(*R(1, 1, 2, 2).end(), CoreCoord(1, 3));
}

TEST(CoreRangeSet, RefusesOverlapsAndComparesInOrder) {
    try {
        CoreRangeSet(std::vector{R(0, 0, 2, 2), R(2, 2, 3, 3)});
        FAIL() << "overlapping ranges were accepted";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("core ranges [(x=0,y=0) - (x=2,y=2)] and [(x=2,y=2) - (x=3,y=3)] overlap"),
                  std::string::npos)
            << e.what();
    }
    const CoreRangeSet a(std::vector{R(0, 0, 1, 0), R(0, 1, 1, 1)}), b(std::vector{R(0, 1, 1, 1), R(0, 0, 1, 0)});
    EXPECT_TRUE(a == CoreRangeSet(std::vector{R(0, 0, 1, 0), R(0, 1, 1, 1)}));
    EXPECT_TRUE(a != b);  // the same cores, another order
    EXPECT_EQ(a.size(), 2u);
    EXPECT_EQ(CoreRangeSet().str(), "{}");
    // A move swaps: the source gets what the destination held.
    CoreRangeSet c(R(5, 5, 5, 5)), d = a;
    c = std::move(d);
    EXPECT_EQ(c, a);
    EXPECT_EQ(d, CoreRangeSet(R(5, 5, 5, 5)));
}

TEST(CoreRangeSet, ContainsIntersectsAndIntersection) {
    const CoreRangeSet two_rows(std::vector{R(0, 0, 1, 0), R(0, 1, 1, 1)});
    EXPECT_TRUE(two_rows.contains(R(0, 0, 1, 1)));  // four cores, two from each range
    EXPECT_FALSE(two_rows.contains(R(0, 0, 2, 1)));
    EXPECT_TRUE(two_rows.contains(CoreRangeSet(std::vector{R(1, 0, 1, 1)})));
    EXPECT_TRUE(two_rows.intersects(CoreRangeSet(std::vector{R(9, 9, 9, 9), R(1, 1, 4, 4)})));
    EXPECT_FALSE(two_rows.intersects(CoreRangeSet(R(2, 0, 4, 4))));
    // Pairwise intersections, in this set's order.
    EXPECT_EQ(two_rows.intersection(CoreRangeSet(R(1, 0, 3, 3))).str(),
              "{[(x=1,y=0) - (x=1,y=0)], [(x=1,y=1) - (x=1,y=1)]}");
}

TEST(CoreRangeSet, MergeGrowsRectanglesRowByRow) {
    // Three single rows of the same columns become one rectangle.
    EXPECT_EQ(CoreRangeSet(R(0, 0, 1, 0)).merge(std::vector{R(0, 1, 1, 1), R(0, 2, 1, 2)}), CoreRangeSet(R(0, 0, 1, 2)));
    // An L: row 0 is (0..1), row 1 is (0..0), not lined up — two rectangles, ordered by start.
    EXPECT_EQ(CoreRangeSet(R(0, 1, 0, 1)).merge(std::set{R(0, 0, 1, 0)}).str(),
              "{[(x=0,y=0) - (x=1,y=0)], [(x=0,y=1) - (x=0,y=1)]}");
    // A ring (3x3 without its centre): row 0 and row 2 whole, row 1 two single cores; nothing lines up.
    const CoreRangeSet ring = CoreRangeSet(R(0, 0, 2, 2)).subtract(CoreRangeSet(R(1, 1, 1, 1)));
    EXPECT_EQ(ring.merge_ranges().str(),
              "{[(x=0,y=0) - (x=2,y=0)], [(x=0,y=1) - (x=0,y=1)], [(x=0,y=2) - (x=2,y=2)], [(x=2,y=1) - (x=2,y=1)]}");
    EXPECT_EQ(ring.merge_ranges().num_cores(), 8u);
}

TEST(CoreRangeSet, SubtractCutsLeftRightBelowAbove) {
    // Cutting the centre out of 3x3: full-height strips left and right, then the cells below and above the cut.
    EXPECT_EQ(CoreRangeSet(R(0, 0, 2, 2)).subtract(CoreRangeSet(R(1, 1, 1, 1))).str(),
              "{[(x=0,y=0) - (x=0,y=2)], [(x=2,y=0) - (x=2,y=2)], [(x=1,y=0) - (x=1,y=0)], [(x=1,y=2) - (x=1,y=2)]}");
    // The top row off an 8x8 grid; a disjoint cut leaves the set (merged) as it was.
    EXPECT_EQ(CoreRangeSet(R(0, 0, 7, 7)).subtract(CoreRangeSet(R(0, 0, 7, 0))), CoreRangeSet(R(0, 1, 7, 7)));
    EXPECT_EQ(CoreRangeSet(R(0, 0, 1, 1)).subtract(CoreRangeSet(R(5, 5, 6, 6))), CoreRangeSet(R(0, 0, 1, 1)));
    EXPECT_TRUE(CoreRangeSet(R(0, 0, 1, 1)).subtract(CoreRangeSet(R(0, 0, 3, 3))).empty());
}

TEST(CoreLists, GridToCoresWithNoop) {
    // A 2x1 box in a 3x2 grid: the box column-wise, then column 2, then row 1 under the box.
    EXPECT_EQ(grid_to_cores_with_noop(1, 0, 3, 2),
              (std::vector<CoreCoord>{{0, 0}, {1, 0}, {2, 0}, {2, 1}, {0, 1}, {1, 1}}));
    // The used cores in order, then the others sorted.
    EXPECT_EQ(grid_to_cores_with_noop(CoreRangeSet(R(1, 0, 1, 1)), CoreRangeSet(R(0, 0, 1, 1)), true),
              (std::vector<CoreCoord>{{1, 0}, {1, 1}, {0, 0}, {0, 1}}));
    EXPECT_EQ(corerange_to_cores(CoreRangeSet(std::vector{R(0, 0, 1, 0), R(0, 1, 1, 1)}), 3, true),
              (std::vector<CoreCoord>{{0, 0}, {1, 0}, {0, 1}}));
}

TEST(CoreCoordForms, HashesFmtAndJson) {
    EXPECT_EQ(std::hash<CoreCoord>{}(CoreCoord(3, 5)), 3u ^ (5u << 1));
    // Range (1,2)-(3,4): corner hashes 1^(2<<1) = 5 and 3^(4<<1) = 11, folded as h + 0x9e3779b9 + (s << 6) + (s >> 2):
    // s1 = 5 + 2654435769 = 2654435774; s2 = 11 + 2654435769 + 169883889536 + 663608943 = 173201934259.
    EXPECT_EQ(std::hash<CoreRange>{}(R(1, 2, 3, 4)), 173201934259u);
    // A set of that one range: 173201934259 + 2654435769 = 175856370028.
    EXPECT_EQ(std::hash<CoreRangeSet>{}(CoreRangeSet(R(1, 2, 3, 4))), 175856370028u);
    std::unordered_set<CoreRange> ranges{R(0, 0, 1, 1), R(0, 0, 1, 1), R(2, 2, 2, 2)};
    EXPECT_EQ(ranges.size(), 2u);

    EXPECT_EQ(fmt::format("{} {} {}", CoreCoord(1, 2), R(0, 0, 1, 1), CoreRangeSet(R(3, 3, 3, 3))),
              "(x=1,y=2) [(x=0,y=0) - (x=1,y=1)] {[(x=3,y=3) - (x=3,y=3)]}");

    const CoreRangeSet set(std::vector{R(0, 1, 2, 3), R(5, 5, 5, 5)});
    const nlohmann::json j = tt::stl::json::to_json(set);
    EXPECT_EQ(j.dump(), R"([{"end":{"x":2,"y":3},"start":{"x":0,"y":1}},{"end":{"x":5,"y":5},"start":{"x":5,"y":5}}])");
    EXPECT_EQ(tt::stl::json::from_json<CoreRangeSet>(j), set);
}

}  // namespace
