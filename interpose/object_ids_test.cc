#include "interpose/object_ids.h"

#include <gtest/gtest.h>

#include <set>
#include <thread>

namespace ltcap {
namespace {

TEST(ObjectIds, OneIdPerObjectUniqueAcrossKinds) {
    ObjectIds ids;
    const auto a = ids.Id(Kind::buffer, 0x1000);
    const auto b = ids.Id(Kind::program, 0x1000);  // the same key of another kind is another object
    EXPECT_NE(a, 0u);
    EXPECT_NE(a, b);
    EXPECT_EQ(ids.Id(Kind::buffer, 0x1000), a);  // from the thread's cache
    EXPECT_EQ(ids.Id(Kind::program, 0x1000), b);
}

TEST(ObjectIds, AnObjectMadeAtARecycledKeyGetsAFreshId) {
    ObjectIds ids;
    const auto old_id = ids.Id(Kind::buffer, 0x2000);
    const auto fresh = ids.NewId(Kind::buffer, 0x2000);
    EXPECT_NE(fresh, old_id);
    EXPECT_EQ(ids.Id(Kind::buffer, 0x2000), fresh);  // the cache saw the new generation
}

TEST(ObjectIds, AnAliasNamesTheSameObject) {
    ObjectIds ids;
    const auto kernel = ids.NewId(Kind::kernel, 7);
    ids.Alias(Kind::kernel, 0xabc0, kernel);
    EXPECT_EQ(ids.Id(Kind::kernel, 0xabc0), kernel);
}

TEST(ObjectIds, FindGivesNoIdToAnObjectNeverSeen) {
    ObjectIds ids;
    EXPECT_EQ(ids.Find(Kind::buffer, 0x3000), 0u);
    EXPECT_EQ(ids.Find(Kind::buffer, 0x3000), 0u);  // still none: Find made none
    const auto made = ids.NewId(Kind::buffer, 0x3000);
    EXPECT_EQ(ids.Find(Kind::buffer, 0x3000), made);
    EXPECT_EQ(ids.Find(Kind::meshBuffer, 0x3000), 0u);
}

TEST(ObjectIds, ThreadsAgreeOnIds) {
    ObjectIds ids;
    std::set<std::uint64_t> seen[2];
    std::thread t0([&] { for (std::uint64_t k = 0; k < 200; k++) seen[0].insert(ids.Id(Kind::buffer, k)); });
    std::thread t1([&] { for (std::uint64_t k = 0; k < 200; k++) seen[1].insert(ids.Id(Kind::buffer, k)); });
    t0.join();
    t1.join();
    EXPECT_EQ(seen[0], seen[1]);
    EXPECT_EQ(seen[0].size(), 200u);
}

TEST(ObjectIds, ANewTableEmptiesEveryCache) {
    std::uint64_t first;
    {
        ObjectIds ids;
        first = ids.Id(Kind::device, 1);
    }
    ObjectIds again;
    EXPECT_EQ(again.Id(Kind::device, 1), 1u);  // counted afresh, not the old table's cached id
    (void)first;
}

}  // namespace
}  // namespace ltcap
