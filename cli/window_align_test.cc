// Window-by-window alignment: every key of both streams once and in order, equal keys paired, the fewest edits
// where the differences are sparse, Align's own result where a window holds everything, at most a window of keys
// read ahead, and the fallback to positions counted.
#include "cli/window_align.h"

#include <gtest/gtest.h>

#include <random>

#include "cli/align_testing.h"

namespace ltcap::cli {
namespace {

using S = AlignStep;

struct Result {
    std::vector<S> steps;
    std::uint64_t by_position = 0;
    std::size_t most_ahead = 0;  // the most keys of one side read and not yet stepped past
};

Result AlignAll(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b, std::size_t window,
           std::size_t max_edits) {
    Result r;
    std::size_t read_a = 0, read_b = 0, done_a = 0, done_b = 0;
    bool over_a = false, over_b = false;
    const auto next = [](const std::vector<std::uint32_t>& v, std::size_t& read, bool& over) {
        return [&v, &read, &over](std::uint32_t& key) {
            EXPECT_FALSE(over) << "asked again after its end";
            if (read == v.size()) return over = true, false;
            key = v[read++];
            return true;
        };
    };
    r.by_position = AlignWindows(next(a, read_a, over_a), next(b, read_b, over_b), window, max_edits,
                                 [&](const S& s) {
                                     r.most_ahead = std::max({r.most_ahead, read_a - done_a, read_b - done_b});
                                     r.steps.push_back(s);
                                     done_a += s.kind != S::kOnlyB;
                                     done_b += s.kind != S::kOnlyA;
                                 });
    return r;
}

using testing::Check;

// `a` with a key added, removed or changed every `every` keys or so (never at the same place twice).
std::vector<std::uint32_t> Edited(const std::vector<std::uint32_t>& a, std::size_t every, std::mt19937& random) {
    std::vector<std::uint32_t> b;
    for (std::size_t i = 0; i < a.size(); i++) {
        if (random() % every) {
            b.push_back(a[i]);
            continue;
        }
        switch (random() % 3) {
            case 0: b.push_back(1000 + random() % 7), b.push_back(a[i]); break;  // added
            case 1: break;                                                     // removed
            default: b.push_back(2000 + random() % 7);                         // changed
        }
    }
    return b;
}

std::vector<std::uint32_t> Random(std::size_t n, std::uint32_t keys, std::mt19937& random) {
    std::vector<std::uint32_t> v(n);
    for (auto& x : v) x = random() % keys;
    return v;
}

TEST(AlignWindows, AWindowHoldingEverythingIsAlign) {
    std::mt19937 random(3);
    for (int round = 0; round < 100; round++) {
        const auto a = Random(random() % 40, 4, random), b = Random(random() % 40, 4, random);
        const Result r = AlignAll(a, b, 128, 100);
        const auto whole = Align(a, b, 100);
        ASSERT_TRUE(whole);
        EXPECT_EQ(Check(a, b, r.steps), Check(a, b, *whole)) << "round " << round;
        EXPECT_EQ(r.by_position, 0u);
    }
}

// Sparse differences in long streams through small windows: the fewest edits all the same (the whole alignment,
// made at once, says how many), and never more than a window read ahead.
TEST(AlignWindows, SparseDifferencesFewestEdits) {
    std::mt19937 random(11);
    for (int round = 0; round < 20; round++) {
        const auto a = Random(20000, 50, random);
        const auto b = Edited(a, 200, random);
        const Result r = AlignAll(a, b, 256, 64);
        const auto whole = Align(a, b, 1000);
        ASSERT_TRUE(whole);
        EXPECT_EQ(Check(a, b, r.steps), Check(a, b, *whole)) << "round " << round;
        EXPECT_EQ(r.by_position, 0u);
        EXPECT_LE(r.most_ahead, 256u);
    }
}

// A block of added keys longer than half a window but within the edit limit is still found whole.
TEST(AlignWindows, BlockAddedAcrossWindows) {
    std::mt19937 random(5);
    const auto a = Random(5000, 50, random);
    std::vector<std::uint32_t> b(a.begin(), a.begin() + 2000);
    for (int i = 0; i < 150; i++) b.push_back(100 + i % 3);
    b.insert(b.end(), a.begin() + 2000, a.end());
    const Result r = AlignAll(a, b, 256, 200);
    EXPECT_EQ(Check(a, b, r.steps), 150u);
    EXPECT_EQ(r.by_position, 0u);
    for (const S& s : r.steps)
        if (s.kind != S::kBoth) {
            EXPECT_EQ(s.kind, S::kOnlyB);
        }
}

// Unrelated stretches fall back to positions, half a window at a time, and the alignment resumes after them.
TEST(AlignWindows, UnrelatedStretchPairedByPositionThenResumes) {
    std::mt19937 random(9);
    const auto common = Random(3000, 50, random);
    std::vector<std::uint32_t> a = common, b = common;
    for (int i = 0; i < 500; i++) a.push_back(200 + i % 5), b.push_back(300 + i % 5);
    const auto tail = Random(3000, 50, random);
    a.insert(a.end(), tail.begin(), tail.end());
    b.push_back(999);  // one added key after the unrelated stretch
    b.insert(b.end(), tail.begin(), tail.end());
    const Result r = AlignAll(a, b, 128, 16);
    Check(a, b, r.steps);
    EXPECT_GT(r.by_position, 0u);
    // Past the stretch the tail is paired again: its last 2,000 keys of each side all together.
    std::size_t paired_tail = 0;
    for (const S& s : r.steps) paired_tail += s.kind == S::kBoth && s.a >= a.size() - 2000;
    EXPECT_EQ(paired_tail, 2000u);
    EXPECT_LE(r.most_ahead, 128u);
}

TEST(AlignWindows, EmptyAndOneSided) {
    const std::vector<std::uint32_t> none, some = {1, 2, 3};
    EXPECT_TRUE(AlignAll(none, none, 8, 4).steps.empty());
    EXPECT_EQ(Check(some, none, AlignAll(some, none, 2, 0).steps), 3u);
    EXPECT_EQ(Check(none, some, AlignAll(none, some, 2, 0).steps), 3u);
}

}  // namespace
}  // namespace ltcap::cli
