// Buffer layout: interleaved pages round-robin over banks, sharded pages where their list puts them, region copies
// that cross pages, and every access checked against the device's memory.
#include "emu/core/buffer_layout.h"

#include <gtest/gtest.h>

#include <cstring>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "emu/core/device_model.h"

namespace ttemu {
namespace {

TEST(BufferLayout, InterleavedPagesGoRoundRobin) {
    Chip chip(0, ChipConfig{});
    const auto layout = Interleaved(MemKind::kDram, 1024, 100, 128, kNumDramBanks);
    std::vector<std::uint8_t> data(100 * 13);
    std::iota(data.begin(), data.end(), std::uint8_t{0});
    WriteRegion(chip, layout, 0, data.data(), data.size());
    EXPECT_EQ(*chip.memory().Dram(1, 1024, 1), data[100]);
    EXPECT_EQ(*chip.memory().Dram(0, 1024 + 128, 1), data[1200]);  // page 12 wraps to bank 0, next slot
    std::vector<std::uint8_t> back(150);
    ReadRegion(chip, layout, 50, back.data(), back.size());  // crosses page 0 into page 1
    EXPECT_EQ(0, std::memcmp(back.data(), data.data() + 50, back.size()));
}

TEST(BufferLayout, L1InterleavedUsesBankCores) {
    Chip chip(0, ChipConfig{});
    const auto layout = Interleaved(MemKind::kL1, 200000, 64, 64, kNumL1Banks);
    std::uint8_t v = 0x5a;
    WriteRegion(chip, layout, 64 * 3, &v, 1);
    const CoreXY core = chip.L1BankCore(3);
    EXPECT_EQ(*chip.memory().L1(core.x, core.y, 200000, 1), 0x5a);
}

TEST(BufferLayout, ShardedPagesGoWhereListed) {
    Chip chip(0, ChipConfig{});
    PageLayout layout;
    layout.kind = MemKind::kL1;
    layout.address = 300000;
    layout.page_size = 32;
    layout.aligned_page_size = 32;
    layout.sharded = std::make_shared<std::vector<ShardedPage>>(
        std::vector<ShardedPage>{{{1, 2}, 0}, {{4, 4}, 32}});
    const std::uint32_t words[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    WriteRegion(chip, layout, 0, words, sizeof words);
    std::uint32_t got = 0;
    std::memcpy(&got, chip.memory().L1(4, 4, 300032, 4), 4);
    EXPECT_EQ(got, 9u);
    EXPECT_THROW(PagePointer(chip, layout, 2, 0), std::runtime_error);  // no third page
}

TEST(BufferLayout, RefusesMemoryOutsideTheDevice) {
    Chip chip(0, ChipConfig{});
    std::uint8_t byte = 0;
    const auto high = Interleaved(MemKind::kDram, kDramBankSize - 16, 32, 32, kNumDramBanks);
    EXPECT_THROW(WriteRegion(chip, high, 0, &byte, 1), std::runtime_error);  // the page runs past the bank
    PageLayout bad_core;
    bad_core.kind = MemKind::kL1;
    bad_core.page_size = bad_core.aligned_page_size = 16;
    bad_core.sharded = std::make_shared<std::vector<ShardedPage>>(std::vector<ShardedPage>{{{99, 0}, 0}});
    EXPECT_THROW(ReadRegion(chip, bad_core, 0, &byte, 1), std::runtime_error);
    const auto empty = Interleaved(MemKind::kDram, 64, 0, 0, kNumDramBanks);
    EXPECT_THROW(WriteRegion(chip, empty, 0, &byte, 1), std::runtime_error);
    EXPECT_THROW(DramBytes(chip, kNumDramBanks, 0, 1, "test"), std::runtime_error);
    EXPECT_THROW(DramBytes(chip, 0, ~0ull - 2, 8, "test"), std::runtime_error);  // wraps around
    EXPECT_THROW(L1Bytes(chip, {0, kLogicalGridY}, 0, 1, "test"), std::runtime_error);
    EXPECT_THROW(L1Bytes(chip, {0, 0}, kL1Size - 4, 8, "test"), std::runtime_error);
    EXPECT_NE(L1Bytes(chip, {0, 0}, kL1Size - 8, 8, "test"), nullptr);
}

}  // namespace
}  // namespace ttemu
