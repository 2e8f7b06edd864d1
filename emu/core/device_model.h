// The emulated device: a Wormhole n150 as tt-metal v0.56.0 reports it, plus the emulator's own L1 map.
//
// Facts from the v0.56.0 device model (grid, DRAM banks and their NOC endpoints, L1 size, alignments) and
// the places the emulator chose for what the firmware would own (runtime arguments, semaphores). On the chip
// that "kernel config" region starts below 64 KiB (MEM_MAP_END); the emulator maps a core's L1 at virtual
// address = L1 address, and Linux maps nothing below vm.mmap_min_addr (64 KiB), so the region starts at
// kL1WindowBase here. Kernels and hosts only learn these addresses through get_semaphore, get_arg_addr and
// Program::get_sem_base_addr, so none depends on where it is.
#pragma once

#include <array>
#include <cstdint>

namespace ttemu {

// Grid. Logical grid 8×9; dispatch takes logical row 8, leaving an 8×8 compute grid.
constexpr std::uint32_t kPhysicalGridX = 10, kPhysicalGridY = 12;
constexpr std::uint32_t kLogicalGridX = 8, kLogicalGridY = 9;
constexpr std::uint32_t kComputeGridX = 8, kComputeGridY = 8;
constexpr std::uint32_t kNumCoresL1 = kLogicalGridX * kLogicalGridY;  // every logical core has an L1
// Translated ("virtual") NOC coordinates of logical worker (x, y) are (18 + x, 18 + y) on both NOCs.
constexpr std::uint32_t kTranslatedWorkerBase = 18;

// DRAM: 12 banks of 1 GiB over 6 channels of 2 GiB; bank b is channel b/2 at offset (b % 2) GiB.
constexpr std::uint32_t kNumDramBanks = 12;
constexpr std::uint32_t kNumDramChannels = 6;
constexpr std::uint64_t kDramBankSize = 1ull << 30;
constexpr std::uint64_t kDramChannelSize = 2 * kDramBankSize;
constexpr std::uint32_t kDramAlignment = 32;
constexpr std::uint32_t kDramUnreservedBase = 32;  // bytes 0–31 of each bank are the barrier word
struct NocXY {
    std::uint32_t x, y;
};
// NOC0 endpoint of each DRAM bank; NOC1 sees (9 − x, 11 − y).
constexpr std::array<NocXY, kNumDramBanks> kDramBankNoc0 = {{{0, 11}, {0, 1}, {0, 5}, {0, 7}, {5, 1}, {5, 11},
                                                             {5, 2}, {5, 9}, {5, 8}, {5, 3}, {5, 5}, {5, 7}}};

// Ethernet cores: an n150's 16 are unconnected, but their L1 (256 KiB each) answers on the NOC at NOC0 (x, y) for
// x in 1–4, 6–9 and y in 0, 6, as on the chip; a kernel addressing one reads and writes that memory.
constexpr std::uint32_t kNumEthCores = 16;
constexpr std::uint32_t kEthL1Size = 256 * 1024;
// What a kernel may use of an ethernet core's L1 (v0.56.0's Wormhole ethernet map: after firmware, mailbox,
// kernel config and fabric router config; before the 32-byte barrier at the top).
constexpr std::uint32_t kEthL1UnreservedBase = 104992;
constexpr std::uint32_t kEthL1UnreservedSize = kEthL1Size - 32 - kEthL1UnreservedBase;
// Index of the ethernet core at NOC0 (x, y), or -1.
constexpr int EthCoreIndex(std::uint32_t x, std::uint32_t y) {
    if ((y != 0 && y != 6) || x == 0 || x == 5 || x > 9) return -1;
    return int((y == 6 ? 8 : 0) + (x < 5 ? x - 1 : x - 2));
}

// L1: 1,499,136 B per core, 16-byte alignment, one L1 bank per compute core (64).
constexpr std::uint32_t kL1Size = 1499136;
constexpr std::uint32_t kL1Alignment = 16;
constexpr std::uint32_t kNumL1Banks = kComputeGridX * kComputeGridY;
constexpr std::uint32_t kL1UnreservedBase = 102112;  // where circular buffers start (0x18EE0)
// The zero-filled region firmware keeps in every worker's L1: MEM_ZEROS_BASE (after the 12,640-byte mailbox at 16,
// rounded up to 32) and MEM_ZEROS_SIZE of kernel_include/dev_mem_map.h.
constexpr std::uint32_t kMemZerosBase = 12672, kMemZerosSize = 512;
constexpr std::uint32_t kCbAlignment = 32;

// The emulator's firmware region: kernels address L1 with raw pointers, so the current core's L1 is mapped
// at virtual address == L1 address from kL1WindowBase up (the page at 0 can never be mapped).
constexpr std::uint32_t kL1WindowBase = 0x10000;
// Room for runtime arguments per kernel per core: unique and common words each get kMaxRuntimeArgs (the largest
// limit of any release: v0.67.0's 341 unique + common; v0.56.0 allows 256).
constexpr std::uint32_t kMaxRuntimeArgs = 341;
constexpr std::uint32_t kNumKernelSlots = 3;     // BRISC, NCRISC, compute (the three TRISCs)
constexpr std::uint32_t kRtArgsBase = kL1WindowBase;
constexpr std::uint32_t kRtArgsSlotSize = 2 * kMaxRuntimeArgs * 4;  // unique args, then common args
constexpr std::uint32_t kSemaphoreBase = kRtArgsBase + kNumKernelSlots * kRtArgsSlotSize;
constexpr std::uint32_t kNumSemaphores = 16;
constexpr std::uint32_t kSemaphoreStride = 16;
constexpr std::uint32_t kNumCircularBuffers = 32;
// Where Program::get_cb_base_addr says a program's CB configuration sits: four words per CB index after the
// semaphores. The emulator keeps CB state in the launch instead, so nothing is written there.
constexpr std::uint32_t kCbConfigBase = kSemaphoreBase + kNumSemaphores * kSemaphoreStride;
constexpr std::uint32_t kCbConfigSlotSize = 16;
static_assert(kCbConfigBase + kNumCircularBuffers * kCbConfigSlotSize <= kL1UnreservedBase);

}  // namespace ttemu
