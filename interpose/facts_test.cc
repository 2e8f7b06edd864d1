// What a call's encoders return (Named) and how a call collects it (Facts); the per-thread id cache in front of
// the global id map (ObjectIds).
#include "interpose/facts.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace ltcap {
namespace {

TEST(Named, KeepsKindIdAndKeyApart) {
    const Named n(Kind::kernel, 0xABCDEF012345ull, 0xFFFF'FFFF'FFFF'FFFFull);
    EXPECT_EQ(n.kind(), Kind::kernel);
    EXPECT_EQ(n.id(), 0xABCDEF012345ull);
    EXPECT_EQ(n.key(), 0xFFFF'FFFF'FFFF'FFFFull);
    EXPECT_EQ(n.cores(), 0u);
    static_assert(sizeof(Named) == 16, "returned in two registers");
}

TEST(Named, CoreSpecIsNotAnObject) {
    const Named n = Named::Cores(0x1234);
    EXPECT_EQ(n.kind(), Kind::none);
    EXPECT_EQ(n.id(), 0u);
    EXPECT_EQ(n.key(), 0u);
    EXPECT_EQ(n.cores(), 0x1234u);
    EXPECT_EQ(Named().kind(), Kind::none);
    EXPECT_EQ(Named().cores(), 0u);
}

TEST(Facts, FirstOfEachKindInArgumentOrder) {
    Facts f;
    f.Add(Named());
    f.Add(Named(Kind::program, 3, 30));
    f.Add(Named(Kind::kernel, 4, 40));
    f.Add(Named(Kind::program, 5, 50));
    EXPECT_EQ(f.Id(Kind::program), 3u);
    EXPECT_EQ(f.Key(Kind::program), 30u);
    EXPECT_EQ(f.Id(Kind::kernel), 4u);
    EXPECT_EQ(f.Id(Kind::device), 0u);
    EXPECT_EQ(f.Key(Kind::device), 0u);
    std::vector<std::uint64_t> programs;
    f.Each(Kind::program, [&](const Named& n) { programs.push_back(n.id()); });
    EXPECT_EQ(programs, (std::vector<std::uint64_t>{3, 5}));
}

TEST(Facts, MoreObjectsThanInlineSlots) {  // CloseDevices of a 64-chip mesh
    Facts f;
    for (std::uint64_t i = 1; i <= 64; i++) f.Add(Named(Kind::device, i, i * 10));
    std::vector<std::uint64_t> ids;
    f.Each(Kind::device, [&](const Named& n) { ids.push_back(n.id()); });
    ASSERT_EQ(ids.size(), 64u);
    for (std::uint64_t i = 0; i < 64; i++) EXPECT_EQ(ids[i], i + 1);
    EXPECT_EQ(f.Key(Kind::device), 10u);
}

TEST(Facts, CoreSpecsHashInOrder) {
    Facts a, b, c;
    a.Add(Named::Cores(1));
    a.Add(Named::Cores(2));
    b.Add(Named::Cores(2));
    b.Add(Named::Cores(1));
    c.Add(Named::Cores(1));
    c.Add(Named::Cores(2));
    EXPECT_NE(a.cores, 0u);
    EXPECT_NE(a.cores, b.cores);
    EXPECT_EQ(a.cores, c.cores);
    Facts none;
    none.Add(Named::Cores(0));  // no cores named: no hash
    EXPECT_EQ(none.cores, 0u);
}

TEST(ObjectIds, SameKeySameIdAcrossKindsDistinct) {
    ObjectIds ids;
    const std::uint64_t program = ids.Id(Kind::program, 0);
    const std::uint64_t kernel = ids.Id(Kind::kernel, 0);
    EXPECT_NE(program, 0u);
    EXPECT_NE(program, kernel);
    for (int i = 0; i < 3; i++) {  // from the cache now
        EXPECT_EQ(ids.Id(Kind::program, 0), program);
        EXPECT_EQ(ids.Id(Kind::kernel, 0), kernel);
    }
}

TEST(ObjectIds, NewIdAtARecycledKeyReachesEveryThreadsCache) {
    ObjectIds ids;
    const std::uint64_t first = ids.Id(Kind::buffer, 0x1000);
    std::uint64_t seen_by_other = 0;
    std::thread([&] { seen_by_other = ids.Id(Kind::buffer, 0x1000); }).join();
    EXPECT_EQ(seen_by_other, first);
    const std::uint64_t second = ids.NewId(Kind::buffer, 0x1000);  // freed, and a new buffer at the same address
    EXPECT_NE(second, first);
    EXPECT_EQ(ids.Id(Kind::buffer, 0x1000), second);
    std::thread([&] { seen_by_other = ids.Id(Kind::buffer, 0x1000); }).join();
    EXPECT_EQ(seen_by_other, second);
    ids.Alias(Kind::kernel, 0x2000, second);
    EXPECT_EQ(ids.Id(Kind::kernel, 0x2000), second);
}

}  // namespace
}  // namespace ltcap
