// The allocator tt-metal builds for a device's DRAM and L1 banks. On the emulated device IDevice::allocator()
// returns the emulator's own Allocator; this subclass is declared for code that names it, not exported.
#pragma once

#include <cstdint>

#include <tt-metalium/allocator.hpp>

namespace tt::tt_metal {

struct AllocatorConfig;

class L1BankingAllocator : public Allocator {
public:
    L1BankingAllocator(const AllocatorConfig& alloc_config);
};

}  // namespace tt::tt_metal
