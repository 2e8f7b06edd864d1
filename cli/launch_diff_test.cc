#include "cli/launch_diff.h"

#include <gtest/gtest.h>

namespace ltcap::cli {
namespace {

LaunchRecord Launch(std::uint64_t seq, std::vector<std::pair<std::uint64_t, std::vector<std::uint64_t>>> buffers) {
    LaunchRecord r;
    r.seq = seq;
    r.function = "enqueueProgram";
    for (auto& [id, pages] : buffers) {
        LaunchRecord::Buffer b;
        b.id = id, b.bytes = pages.size() * 2048, b.page_size = 2048, b.pages = pages;
        r.buffers.push_back(b);
    }
    return r;
}

TEST(FirstDivergence, IsTheFirstLaunchWithABufferWhosePagesDiffer) {
    const std::vector<LaunchRecord> a = {Launch(5, {{1, {10, 11}}, {2, {20, 21}}}), Launch(9, {{2, {20, 21, 22, 23}}}),
                                         Launch(12, {{3, {1}}})};
    std::vector<LaunchRecord> b = a;
    EXPECT_FALSE(FirstDivergence(a, b).found);
    b[1].buffers[0].pages[2] = 99;
    b[1].buffers[0].pages[3] = 98;
    b[2].buffers[0].pages[0] = 7;  // later: not the first
    const LaunchDivergence d = FirstDivergence(a, b);
    ASSERT_TRUE(d.found);
    EXPECT_EQ(d.launch, 1u);
    EXPECT_EQ(d.buffer, 2u);
    EXPECT_EQ(d.first_page, 2u);
    EXPECT_EQ(d.pages_differ, 2u);
    EXPECT_EQ(d.pages, 4u);
    EXPECT_EQ(d.agreed_buffers, 2u);
    EXPECT_EQ(d.why, "");
}

TEST(FirstDivergence, SaysWhenTheSidesLaunchDifferently) {
    const std::vector<LaunchRecord> a = {Launch(5, {}), Launch(9, {})};
    std::vector<LaunchRecord> b = {Launch(5, {})};
    LaunchDivergence d = FirstDivergence(a, b);
    ASSERT_TRUE(d.found);
    EXPECT_EQ(d.launch, 1u);
    EXPECT_EQ(d.why, "B made 1 launches, A more");
    b.push_back(Launch(10, {}));
    d = FirstDivergence(a, b);
    EXPECT_EQ(d.why, "launch 2 is call #9 enqueueProgram in A and call #10 enqueueProgram in B");
    b[1] = Launch(9, {{4, {1}}});  // a buffer read back on one side only is not compared
    EXPECT_FALSE(FirstDivergence(a, b).found);
    std::vector<LaunchRecord> c = {Launch(5, {{4, {1}}})}, e = {Launch(5, {{4, {1, 2}}})};
    EXPECT_EQ(FirstDivergence(c, e).why, "buffer#4 holds 2048 bytes in A, 4096 in B");
}

}  // namespace
}  // namespace ltcap::cli
