// Chip: configuration checks, allocation by memory kind with owners, the L1 floor, queues, traces against the
// trace region, and closing (owners handed back, allocation refused).
#include "emu/core/chip.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <stdexcept>

#include "emu/core/device_model.h"

namespace ttemu {
namespace {

TEST(Chip, RefusesConfigurationsTheDeviceCannotHave) {
    EXPECT_NO_THROW(CheckChipConfig(0, ChipConfig{1, 0, 0}));
    EXPECT_THROW(CheckChipConfig(-1, ChipConfig{}), std::runtime_error);
    EXPECT_THROW(CheckChipConfig(0, ChipConfig{3, 0, 0}), std::runtime_error);
    EXPECT_NO_THROW(CheckChipConfig(0, ChipConfig{1, 8, 40}));  // rounded up by the chip, as tt-metal does
    EXPECT_THROW(CheckChipConfig(0, ChipConfig{1, kL1Size, 0}), std::runtime_error);
    EXPECT_THROW(CheckChipConfig(0, ChipConfig{1, 0, kDramBankSize}), std::runtime_error);
    const Chip chip(0, ChipConfig{1, 8, 40});
    EXPECT_EQ(chip.config().l1_small_size, kDramAlignment);
    EXPECT_EQ(chip.config().trace_region_size, 2 * kDramAlignment);
}

TEST(Chip, AllocatesPerKindAndFreesOnlyForTheOwner) {
    Chip chip(0, ChipConfig{1, 64 * 1024, 1 << 20});
    int a = 0, b = 0;
    const auto dram = chip.Allocate(MemKind::kDram, 4096, std::nullopt, true, 4096 * 12, &a);
    EXPECT_EQ(dram, kDramUnreservedBase);
    const auto l1 = chip.Allocate(MemKind::kL1, 2048, std::nullopt, false, 2048, &b);
    EXPECT_EQ(l1 + 2048, kL1Size - 64 * 1024);  // top-down, below L1_SMALL
    EXPECT_EQ(chip.L1BufferFloor(), l1);
    const auto small = chip.Allocate(MemKind::kL1Small, 16, std::nullopt, true, 16, &b);
    EXPECT_EQ(small, kL1Size - 64 * 1024);
    auto owners = chip.Owners();
    EXPECT_EQ(std::set<const void*>(owners.begin(), owners.end()), (std::set<const void*>{&a, &b}));
    chip.Free(MemKind::kL1, l1, &b);
    chip.Free(MemKind::kL1, l1, &b);  // a second free does nothing
    EXPECT_EQ(chip.L1BufferFloor(), kL1Size - 64 * 1024);
    EXPECT_THROW(chip.Allocate(MemKind::kDram, kDramBankSize, std::nullopt, true, 1, &a), std::runtime_error);
    EXPECT_THROW(chip.Allocate(MemKind::kDram, 64, dram, true, 64, &b), std::runtime_error);  // taken
}

TEST(Chip, L1BanksCoverTheComputeGridOnce) {
    Chip chip(0, ChipConfig{});
    std::set<CoreXY> cores;
    for (std::uint32_t bank = 0; bank < kNumL1Banks; bank++) cores.insert(chip.L1BankCore(bank));
    EXPECT_EQ(cores.size(), std::size_t{kNumL1Banks});
    EXPECT_LT(cores.rbegin()->x, kComputeGridX);
    EXPECT_EQ(Chip::DramBankNoc(0, 0).x, kDramBankNoc0[0].x);
    EXPECT_EQ(Chip::DramBankNoc(0, 1).x, kPhysicalGridX - 1 - kDramBankNoc0[0].x);
    EXPECT_EQ(Chip::WorkerFromNoc(kTranslatedWorkerBase + 2, kTranslatedWorkerBase + 3), (CoreXY{2, 3}));
    EXPECT_FALSE(Chip::WorkerFromNoc(0, 11).has_value());
}

TEST(Chip, TracesRecordReplayAndFitTheRegion) {
    Chip chip(1, ChipConfig{1, 0, 2 * Chip::kTraceBytesPerCommand});
    int ran = 0;
    chip.BeginTrace(0, 7, "test");
    chip.queue(0).Push([&ran] { ran++; });
    chip.EndTrace(0, 7, "test");
    chip.queue(0).Drain();
    EXPECT_EQ(ran, 0);
    chip.ReplayTrace(0, 7, true, "test");
    chip.ReplayTrace(0, 7, true, "test");
    EXPECT_EQ(ran, 2);
    chip.CopyTrace(7, 0, 8, "test");
    EXPECT_TRUE(chip.HasTrace(8));
    // Three more commands do not fit the two-command region: the trace is refused and forgotten.
    chip.BeginTrace(0, 9, "test");
    for (int i = 0; i < 3; i++) chip.queue(0).Push([] {});
    EXPECT_THROW(chip.EndTrace(0, 9, "test"), std::runtime_error);
    EXPECT_FALSE(chip.HasTrace(9));
    chip.ReleaseTrace(7, "test");
    EXPECT_THROW(chip.ReplayTrace(0, 7, true, "test"), std::runtime_error);
    Chip no_region(2, ChipConfig{});
    EXPECT_THROW(no_region.BeginTrace(0, 1, "test"), std::runtime_error);
}

TEST(Chip, CloseHandsBackOwnersAndRefusesAllocation) {
    Chip chip(0, ChipConfig{2, 0, 0});
    int a = 0;
    chip.Allocate(MemKind::kDram, 64, std::nullopt, true, 64, &a);
    int ran = 0;
    chip.queue(1).Push([&ran] { ran++; });
    const auto owners = chip.Close();
    EXPECT_EQ(ran, 1);  // queued work ran before the queues went
    ASSERT_EQ(owners.size(), 1u);
    EXPECT_EQ(owners[0], &a);
    EXPECT_TRUE(chip.closed());
    EXPECT_THROW(chip.Allocate(MemKind::kDram, 64, std::nullopt, true, 64, &a), std::runtime_error);
    EXPECT_THROW(chip.queue(0), std::runtime_error);
}

}  // namespace
}  // namespace ttemu

namespace ttemu {
namespace {

TEST(Chip, BanksAtCoresAndUsage) {
    Chip chip(0, ChipConfig{});
    EXPECT_EQ(chip.BankIdsAt(MemKind::kDram, {3, 0}), (std::vector<std::uint32_t>{3}));
    EXPECT_THROW(chip.BankIdsAt(MemKind::kDram, {3, 1}), std::runtime_error);
    EXPECT_EQ(chip.BankIdsAt(MemKind::kL1, chip.L1BankCore(9)), (std::vector<std::uint32_t>{9}));
    EXPECT_THROW(chip.BankIdsAt(MemKind::kL1, {0, kComputeGridY}), std::runtime_error);  // the dispatch row
    const auto before = chip.UsageOf(MemKind::kDram);
    EXPECT_EQ(before.free, before.allocatable);
    int owner = 0;
    chip.Allocate(MemKind::kDram, 4096, std::nullopt, true, 4096, &owner);
    const auto after = chip.UsageOf(MemKind::kDram);
    EXPECT_EQ(after.free, before.free - 4096);
    EXPECT_EQ(after.largest_free_address, std::optional<std::uint64_t>(kDramUnreservedBase + 4096));
}

}  // namespace
}  // namespace ttemu
