// The memory of one emulated device: 12 DRAM banks, the L1 of every logical core and of the ethernet cores, in one
// sparse memfd.
//
// The host side of the emulator reaches it through one mapping (Dram(), L1()); kernels reach the L1 of the
// core they run on through the process-wide L1 window, a second mapping of that core's L1 at virtual address
// == L1 address, so kernels may turn L1 addresses into pointers as on the device. Only one core's L1 is in
// the window at a time; the kernel scheduler switches it (see kernel_runner.h).
#pragma once

#include <cstddef>
#include <cstdint>

#include "device_model.h"

namespace ttemu {

class DeviceMemory {
public:
    DeviceMemory();  // throws std::runtime_error if the memory cannot be reserved
    ~DeviceMemory();
    DeviceMemory(const DeviceMemory&) = delete;
    DeviceMemory& operator=(const DeviceMemory&) = delete;

    // Host pointer to byte `addr` of DRAM bank `bank`, or of the L1 of logical core (x, y).
    std::uint8_t* Dram(std::uint32_t bank, std::uint64_t addr) const {
        return base_ + std::uint64_t(bank) * kDramBankSize + addr;
    }
    std::uint8_t* L1(std::uint32_t x, std::uint32_t y, std::uint64_t addr) const {
        return base_ + L1Offset(x, y) + addr;
    }
    // Host pointer to byte `addr` of the L1 of ethernet core `index` (EthCoreIndex).
    std::uint8_t* EthL1(std::uint32_t index, std::uint64_t addr) const {
        return base_ + L1Offset(0, kLogicalGridY) + std::uint64_t(index) * kEthL1Size + addr;
    }
    // Maps the L1 of core (x, y) into the window; the caller holds the launch lock (kernel_runner.cc).
    void MapWindow(std::uint32_t x, std::uint32_t y) const;

private:
    static std::uint64_t L1Offset(std::uint32_t x, std::uint32_t y) {
        return std::uint64_t(kNumDramBanks) * kDramBankSize + (std::uint64_t(y) * kLogicalGridX + x) * kL1Size;
    }
    int fd_ = -1;
    std::uint8_t* base_ = nullptr;
    std::size_t size_ = 0;
};

// True if [addr, addr + size) lies in the L1 window (so a raw kernel pointer there is an L1 address).
inline bool InL1Window(std::uintptr_t addr, std::size_t size) {
    return addr >= kL1WindowBase && addr + size <= kL1Size && addr + size >= addr;
}

}  // namespace ttemu
