// Unified diffs of two texts: what diff -u prints for the same inputs (hunks, headers, context, merging).
#include "cli/line_diff.h"

#include <gtest/gtest.h>

namespace ltcap::cli {
namespace {

using Lines = std::vector<std::string>;

TEST(UnifiedDiff, EqualTextsHaveNoHunk) {
    EXPECT_EQ(UnifiedDiff("a\nb\n", "a\nb\n", 3, 100), Lines{});
    EXPECT_EQ(UnifiedDiff("", "", 3, 100), Lines{});
}

TEST(UnifiedDiff, OneChangedLineWithItsContext) {
    const std::string a = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
    const std::string b = "1\n2\n3\n4\nFIVE\n6\n7\n8\n9\n";
    EXPECT_EQ(UnifiedDiff(a, b, 2, 100), (Lines{"@@ -3,5 +3,5 @@", " 3", " 4", "-5", "+FIVE", " 6", " 7"}));
}

TEST(UnifiedDiff, ChangesCloseTogetherShareAHunkAndFarOnesDoNot) {
    const std::string a = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n";
    const std::string near = "a\nB\nc\nD\ne\nf\ng\nh\ni\nj\nk\nl\n";
    EXPECT_EQ(UnifiedDiff(a, near, 1, 100), (Lines{"@@ -1,5 +1,5 @@", " a", "-b", "+B", " c", "-d", "+D", " e"}));
    const std::string far = "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nK\nl\n";
    EXPECT_EQ(UnifiedDiff(a, far, 1, 100),
              (Lines{"@@ -1,3 +1,3 @@", " a", "-b", "+B", " c", "@@ -10,3 +10,3 @@", " j", "-k", "+K", " l"}));
}

TEST(UnifiedDiff, InsertionsAndDeletionsAtTheEdges) {
    EXPECT_EQ(UnifiedDiff("x\n", "new\nx\n", 3, 100), (Lines{"@@ -1,1 +1,2 @@", "+new", " x"}));
    EXPECT_EQ(UnifiedDiff("x\ngone\n", "x\n", 3, 100), (Lines{"@@ -1,2 +1,1 @@", " x", "-gone"}));
    // An empty side names the line before its range, as diff -u does.
    EXPECT_EQ(UnifiedDiff("", "only\n", 3, 100), (Lines{"@@ -0,0 +1,1 @@", "+only"}));
    // A last line without a newline is a line.
    EXPECT_EQ(UnifiedDiff("a\nb", "a\nc", 0, 100), (Lines{"@@ -2,1 +2,1 @@", "-b", "+c"}));
}

TEST(UnifiedDiff, TooManyDifferencesGiveNoDiff) {
    std::string a, b;
    for (int i = 0; i < 50; i++) a += "a" + std::to_string(i) + "\n", b += "b" + std::to_string(i) + "\n";
    EXPECT_EQ(UnifiedDiff(a, b, 3, 10), std::nullopt);
    EXPECT_TRUE(UnifiedDiff(a, b, 3, 1000).has_value());
}

}  // namespace
}  // namespace ltcap::cli
