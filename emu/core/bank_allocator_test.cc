#include "emu/core/bank_allocator.h"

#include <gtest/gtest.h>

namespace ttemu {
namespace {

TEST(BankAllocator, BottomUpAllocatesAlignedAscendingAddresses) {
    BankAllocator a("DRAM", 32, 1 << 20, 32);
    EXPECT_EQ(a.Allocate(100, true), 32u);
    EXPECT_EQ(a.Allocate(10, true), 32u + 128);
    EXPECT_EQ(a.Allocate(1, true), 32u + 128 + 32);
}

TEST(BankAllocator, TopDownAllocatesFromTheEnd) {
    BankAllocator a("L1", 1000, 2000, 16);
    EXPECT_EQ(a.Allocate(100, false), 2000u - 112);
    EXPECT_EQ(a.Allocate(16, false), 2000u - 112 - 16);
    EXPECT_EQ(a.LowestAllocated(), 2000u - 128);
}

TEST(BankAllocator, FreedSpaceIsReusedAndCoalesced) {
    BankAllocator a("DRAM", 0, 1024, 32);
    auto x = a.Allocate(256, true), y = a.Allocate(256, true), z = a.Allocate(256, true);
    a.Free(*y);
    EXPECT_EQ(a.Allocate(256, true), y);
    a.Free(*x);
    a.Free(*y);
    EXPECT_EQ(a.LargestFreeBlock(), 512u);
    EXPECT_EQ(a.Allocate(512, true), 0u);
    a.Free(*z);
}

TEST(BankAllocator, SameCallSequenceGivesSameAddresses) {
    auto run = [] {
        BankAllocator a("DRAM", 32, 1 << 20, 32);
        std::vector<std::uint64_t> out;
        auto p = a.Allocate(4096, true), q = a.Allocate(1000, true);
        a.Free(*p);
        out = {*q, *a.Allocate(64, true), *a.Allocate(8000, true)};
        return out;
    };
    EXPECT_EQ(run(), run());
}

TEST(BankAllocator, ReportsExhaustionAndRejectsTakenRanges) {
    BankAllocator a("L1", 0, 1024, 16);
    EXPECT_FALSE(a.Allocate(2048, true));
    EXPECT_TRUE(a.AllocateAt(512, 128));
    EXPECT_FALSE(a.AllocateAt(600, 16));
    EXPECT_FALSE(a.AllocateAt(1020, 16));
    EXPECT_TRUE(a.AllocateAt(0, 512));
}

}  // namespace
}  // namespace ttemu
