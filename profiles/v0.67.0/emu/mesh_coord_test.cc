// v0.67.0's mesh coordinate rules, as a program sees them: a range set merges ranges that line up or contain each
// other, takes apart those it only overlaps, keeps itself sorted and collapses into one range when its ranges tile a
// box; subtract leaves slabs or single coordinates; ranges that wrap around a shape intersect; a shape needs a
// dimension; a copied MeshContainer iterator names its own coordinate.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <tt-metalium/mesh_coord.hpp>

namespace {

using namespace tt::tt_metal::distributed;

MeshCoordinateRange Range(std::uint32_t a0, std::uint32_t a1, std::uint32_t b0, std::uint32_t b1) {
    return MeshCoordinateRange(MeshCoordinate(a0, a1), MeshCoordinate(b0, b1));
}

std::string Text(const MeshCoordinateRangeSet& set) {
    std::ostringstream s;
    for (const auto& r : set.ranges()) s << "(" << r.start_coord()[0] << r.start_coord()[1] << "-" << r.end_coord()[0]
                                         << r.end_coord()[1] << ")";
    return s.str();
}

std::multiset<std::string> Cells(const MeshCoordinateRangeSet& set) {
    std::multiset<std::string> cells;
    for (const auto& r : set.ranges())
        for (const auto& c : r) cells.insert(std::to_string(c[0]) + "," + std::to_string(c[1]));
    return cells;
}

TEST(MeshCoordV067, TouchingRangesMergeIntoOne) {
    MeshCoordinateRangeSet set;
    set.merge(MeshCoordinateRange(MeshCoordinate(0), MeshCoordinate(3)));
    set.merge(MeshCoordinateRange(MeshCoordinate(4), MeshCoordinate(6)));
    ASSERT_EQ(set.size(), 1u);
    EXPECT_EQ(set.ranges()[0], MeshCoordinateRange(MeshCoordinate(0), MeshCoordinate(6)));
    set.merge(MeshCoordinateRange(MeshCoordinate(8), MeshCoordinate(9)));  // a gap: kept apart
    EXPECT_EQ(set.size(), 2u);
}

TEST(MeshCoordV067, OrderOfMergesDoesNotMatter) {
    MeshCoordinateRangeSet a, b;
    a.merge(Range(0, 0, 1, 1));
    a.merge(Range(3, 3, 4, 4));
    b.merge(Range(3, 3, 4, 4));
    b.merge(Range(0, 0, 1, 1));
    EXPECT_EQ(a, b);
    EXPECT_EQ(Text(a), "(00-11)(33-44)");
}

TEST(MeshCoordV067, AContainedRangeIsAbsorbed) {
    MeshCoordinateRangeSet set(Range(0, 0, 3, 3));
    set.merge(Range(1, 1, 2, 2));
    EXPECT_EQ(Text(set), "(00-33)");
    set.merge(Range(0, 0, 4, 4));
    EXPECT_EQ(Text(set), "(00-44)");
}

TEST(MeshCoordV067, OverlapsAreTakenApartAndEachCellKeptOnce) {
    MeshCoordinateRangeSet set(Range(0, 0, 1, 1));
    set.merge(Range(1, 1, 2, 2));  // overlaps at (1, 1) only; no box holds both exactly
    const auto cells = Cells(set);
    EXPECT_EQ(cells, (std::multiset<std::string>{"0,0", "0,1", "1,0", "1,1", "1,2", "2,1", "2,2"}));
    EXPECT_TRUE(std::is_sorted(set.ranges().begin(), set.ranges().end()));
}

TEST(MeshCoordV067, RangesThatTileTheirBoxCollapse) {
    MeshCoordinateRangeSet set;
    set.merge(Range(0, 0, 0, 0));
    set.merge(Range(1, 1, 1, 1));
    set.merge(Range(0, 1, 0, 1));
    set.merge(Range(1, 0, 1, 0));
    EXPECT_EQ(Text(set), "(00-11)");
}

TEST(MeshCoordV067, SubtractLeavesSlabsAlongOneDimension) {
    EXPECT_EQ(Text(subtract(Range(0, 0, 3, 3), Range(1, 0, 2, 3))), "(00-03)(30-33)");
    EXPECT_TRUE(subtract(Range(0, 0, 3, 3), Range(0, 0, 3, 3)).empty());
    EXPECT_EQ(Text(subtract(Range(0, 0, 1, 1), Range(2, 2, 3, 3))), "(00-11)");
    // A hole in the middle: the coordinates around it, each once.
    const auto rest = subtract(Range(0, 0, 2, 2), Range(1, 1, 1, 1));
    EXPECT_EQ(Cells(rest), (std::multiset<std::string>{"0,0", "0,1", "0,2", "1,0", "1,2", "2,0", "2,1", "2,2"}));
}

TEST(MeshCoordV067, WrappedRangesIntersect) {
    const MeshShape ring(4, 4);
    const MeshCoordinateRange wrapped(MeshCoordinate(3, 0), MeshCoordinate(0, 0), ring);  // rows 3 and 0
    const MeshCoordinateRange plain = Range(0, 0, 1, 1);
    ASSERT_TRUE(wrapped.intersects(plain));
    const auto cut = wrapped.intersection(plain);
    ASSERT_TRUE(cut.has_value());
    EXPECT_EQ(cut->start_coord(), MeshCoordinate(0, 0));
    EXPECT_EQ(cut->end_coord(), MeshCoordinate(0, 0));
    EXPECT_FALSE(wrapped.intersects(Range(1, 1, 2, 2)));
}

TEST(MeshCoordV067, AShapeNeedsADimension) {
    EXPECT_THROW(MeshShape(std::initializer_list<std::uint32_t>{}), std::exception);
    EXPECT_EQ(MeshShape(2, 3).mesh_size(), 6u);
}

TEST(MeshCoordV067, ACopiedContainerIteratorNamesItsOwnCoordinate) {
    MeshContainer<int> container(MeshShape(2, 3), std::vector<int>{0, 1, 2, 3, 4, 5});
    auto it = std::find_if(container.begin(), container.end(), [](const auto& p) { return p.value() == 3; });
    ASSERT_NE(it, container.end());
    EXPECT_EQ(it->value(), 3);
    EXPECT_EQ(it->coord(), MeshCoordinate(1, 0));
    auto copy = it;
    ++it;
    EXPECT_EQ(copy->coord(), MeshCoordinate(1, 0));
    EXPECT_EQ(it->coord(), MeshCoordinate(1, 1));
}

}  // namespace
