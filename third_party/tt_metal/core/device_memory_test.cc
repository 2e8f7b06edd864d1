// One device's memory: DRAM banks and every core's L1 are separate, and the L1 window shows the mapped core's L1
// at its L1 addresses.
#include "third_party/tt_metal/core/device_memory.h"

#include <gtest/gtest.h>

#include <cstring>

namespace ttemu {
namespace {

TEST(DeviceMemory, BanksAndCoresDoNotOverlap) {
    DeviceMemory m;
    std::memset(m.Dram(0, 64), 0x11, 8);
    std::memset(m.Dram(1, 64), 0x22, 8);
    std::memset(m.L1(0, 0, 0x20000), 0x33, 8);
    std::memset(m.L1(1, 0, 0x20000), 0x44, 8);
    std::memset(m.L1(0, 1, 0x20000), 0x55, 8);
    EXPECT_EQ(*m.Dram(0, 64), 0x11);
    EXPECT_EQ(*m.Dram(1, 64), 0x22);
    EXPECT_EQ(*m.L1(0, 0, 0x20000), 0x33);
    EXPECT_EQ(*m.L1(1, 0, 0x20000), 0x44);
    EXPECT_EQ(*m.L1(0, 1, 0x20000), 0x55);
    // The last byte of the last core's L1 is inside the device.
    *m.L1(kLogicalGridX - 1, kLogicalGridY - 1, kL1Size - 1) = 0x66;
    EXPECT_EQ(*m.L1(kLogicalGridX - 1, kLogicalGridY - 1, kL1Size - 1), 0x66);
    EXPECT_EQ(*m.L1(kLogicalGridX - 2, kLogicalGridY - 1, kL1Size - 1), 0);
}

TEST(DeviceMemory, StartsZeroed) {
    DeviceMemory m;
    for (std::uint64_t a : {std::uint64_t{0}, std::uint64_t{4096}, kDramBankSize - 1}) EXPECT_EQ(*m.Dram(kNumDramBanks - 1, a), 0) << a;
}

TEST(DeviceMemory, WindowShowsTheMappedCore) {
    DeviceMemory m;
    *reinterpret_cast<std::uint32_t*>(m.L1(2, 3, 0x30000)) = 0xC0FFEE;
    *reinterpret_cast<std::uint32_t*>(m.L1(4, 5, 0x30000)) = 0xBEEF;
    m.MapWindow(2, 3);
    volatile auto* at = reinterpret_cast<volatile std::uint32_t*>(std::uintptr_t{0x30000});
    EXPECT_EQ(*at, 0xC0FFEEu);
    *at = 7;  // a kernel's store through the window lands in that core's L1
    EXPECT_EQ(*reinterpret_cast<std::uint32_t*>(m.L1(2, 3, 0x30000)), 7u);
    m.MapWindow(4, 5);
    EXPECT_EQ(*at, 0xBEEFu);
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
