// One device's memory: DRAM banks and every core's L1 are separate, and the L1 window shows the mapped core's L1
// at its L1 addresses.
#include "emu/core/device_memory.h"

#include <gtest/gtest.h>

#include <cstring>

namespace ttemu {
namespace {

TEST(DeviceMemory, BanksAndCoresDoNotOverlap) {
    DeviceMemory m;
    std::memset(m.Dram(0, 64, 8), 0x11, 8);
    std::memset(m.Dram(1, 64, 8), 0x22, 8);
    std::memset(m.L1(0, 0, 0x20000, 8), 0x33, 8);
    std::memset(m.L1(1, 0, 0x20000, 8), 0x44, 8);
    std::memset(m.L1(0, 1, 0x20000, 8), 0x55, 8);
    EXPECT_EQ(*m.Dram(0, 64, 8), 0x11);
    EXPECT_EQ(*m.Dram(1, 64, 8), 0x22);
    EXPECT_EQ(*m.L1(0, 0, 0x20000, 4), 0x33);
    EXPECT_EQ(*m.L1(1, 0, 0x20000, 4), 0x44);
    EXPECT_EQ(*m.L1(0, 1, 0x20000, 4), 0x55);
    // The last byte of the last core's L1 is inside the device.
    *m.L1(kLogicalGridX - 1, kLogicalGridY - 1, kL1Size - 1, 1) = 0x66;
    EXPECT_EQ(*m.L1(kLogicalGridX - 1, kLogicalGridY - 1, kL1Size - 1, 1), 0x66);
    EXPECT_EQ(*m.L1(kLogicalGridX - 2, kLogicalGridY - 1, kL1Size - 1, 1), 0);
}

TEST(DeviceMemory, StartsZeroed) {
    DeviceMemory m;
    for (std::uint64_t a : {std::uint64_t{0}, std::uint64_t{4096}, kDramBankSize - 1}) EXPECT_EQ(*m.Dram(kNumDramBanks - 1, a, 1), 0) << a;
}

TEST(DeviceMemory, WindowShowsTheMappedCore) {
    DeviceMemory m;
    *reinterpret_cast<std::uint32_t*>(m.L1(2, 3, 0x30000, 4)) = 0xC0FFEE;
    *reinterpret_cast<std::uint32_t*>(m.L1(4, 5, 0x30000, 4)) = 0xBEEF;
    m.MapWindow(2, 3);
    volatile auto* at = reinterpret_cast<volatile std::uint32_t*>(std::uintptr_t{0x30000});
    EXPECT_EQ(*at, 0xC0FFEEu);
    *at = 7;  // a kernel's store through the window lands in that core's L1
    EXPECT_EQ(*reinterpret_cast<std::uint32_t*>(m.L1(2, 3, 0x30000, 4)), 7u);
    m.MapWindow(4, 5);
    EXPECT_EQ(*at, 0xBEEFu);
}

// Whatever the range asked for, the accessors refuse what is not inside the memory they name (overflow-safe).
TEST(DeviceMemory, RangesOutsideTheDeviceAreRefused) {
    DeviceMemory m;
    EXPECT_NO_THROW(m.Dram(kNumDramBanks - 1, kDramBankSize - 8, 8));
    EXPECT_NO_THROW(m.L1(kLogicalGridX - 1, kLogicalGridY - 1, 0, kL1Size));
    EXPECT_THROW(m.Dram(kNumDramBanks, 0, 1), std::runtime_error);
    EXPECT_THROW(m.Dram(0, kDramBankSize - 8, 9), std::runtime_error);
    EXPECT_THROW(m.Dram(0, 13ull << 30, 4), std::runtime_error);
    EXPECT_THROW(m.Dram(0, 1ull << 44, 4), std::runtime_error);
    EXPECT_THROW(m.Dram(0, ~std::uint64_t{0} - 15, 32), std::runtime_error);  // wraps around
    EXPECT_THROW(m.Dram(0, 16, ~std::uint64_t{0}), std::runtime_error);
    EXPECT_THROW(m.L1(kLogicalGridX, 0, 0, 4), std::runtime_error);
    EXPECT_THROW(m.L1(0, kLogicalGridY, 0, 4), std::runtime_error);
    EXPECT_THROW(m.L1(0, 0, kL1Size - 3, 4), std::runtime_error);
    EXPECT_THROW(m.L1(~std::uint64_t{0}, 0, 0, 4), std::runtime_error);
    EXPECT_THROW(m.EthL1(kNumEthCores, 0, 4), std::runtime_error);
    EXPECT_THROW(m.EthL1(0, kEthL1Size, 1), std::runtime_error);
    try {
        m.Dram(3, 1ull << 44, 64);
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("TT_THROW: DRAM bank 3 range [17592186044416, +64) is outside the device"),
                  std::string::npos)
            << e.what();
    }
}

TEST(DeviceMemory, WindowBounds) {
    EXPECT_TRUE(InL1Window(kL1WindowBase, 4));
    EXPECT_TRUE(InL1Window(kL1Size - 4, 4));
    EXPECT_FALSE(InL1Window(kL1Size - 3, 4));
    EXPECT_FALSE(InL1Window(kL1WindowBase - 1, 4));
    EXPECT_FALSE(InL1Window(kL1WindowBase, ~std::size_t{0}));  // wraps around
}

}  // namespace
}  // namespace ttemu
