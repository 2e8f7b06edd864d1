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
#include "errors.h"

namespace ttemu {

class DeviceMemory {
public:
    DeviceMemory();  // throws std::runtime_error if the memory cannot be reserved
    ~DeviceMemory();
    DeviceMemory(const DeviceMemory&) = delete;
    DeviceMemory& operator=(const DeviceMemory&) = delete;

    // Host pointer to `size` bytes at `addr` of DRAM bank `bank`, or of the L1 of logical core (x, y), or of the L1
    // of ethernet core `index` (EthCoreIndex). Every host-side access to device memory comes through these, and
    // each checks the range lies inside the memory it names (overflow-safe): whatever a program or a log asks,
    // the emulator throws (TT_THROW) rather than touch host memory outside the device.
    std::uint8_t* Dram(std::uint32_t bank, std::uint64_t addr, std::uint64_t size) const {
        if (bank >= kNumDramBanks || !Inside(addr, size, kDramBankSize))
            Throw("DRAM bank ", bank, " range [", addr, ", +", size, ") is outside the device (", kNumDramBanks,
                  " banks of ", kDramBankSize, " B)");
        return base_ + std::uint64_t(bank) * kDramBankSize + addr;
    }
    std::uint8_t* L1(std::uint64_t x, std::uint64_t y, std::uint64_t addr, std::uint64_t size) const {
        if (x >= kLogicalGridX || y >= kLogicalGridY || !Inside(addr, size, kL1Size))
            Throw("L1 range [", addr, ", +", size, ") of core (", x, ", ", y, ") is outside the device (", kLogicalGridX,
                  "x", kLogicalGridY, " cores of ", kL1Size, " B)");
        return base_ + L1Offset(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)) + addr;
    }
    std::uint8_t* EthL1(std::uint32_t index, std::uint64_t addr, std::uint64_t size) const {
        if (index >= kNumEthCores || !Inside(addr, size, kEthL1Size))
            Throw("L1 range [", addr, ", +", size, ") of ethernet core ", index, " is outside the device (", kNumEthCores,
                  " cores of ", kEthL1Size, " B)");
        return base_ + L1Offset(0, kLogicalGridY) + std::uint64_t(index) * kEthL1Size + addr;
    }
    // Maps the L1 of core (x, y) into the window; the caller holds the launch lock (kernel_runner.cc).
    void MapWindow(std::uint32_t x, std::uint32_t y) const;

private:
    static bool Inside(std::uint64_t addr, std::uint64_t size, std::uint64_t limit) {
        return addr <= limit && size <= limit - addr;
    }
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
