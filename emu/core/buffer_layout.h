// Where a buffer's pages are on a chip, and copying byte ranges of a buffer (in page order) between the host and the
// chip's memory. Interleaved buffers put page p in bank p % banks at address + (p / banks) * aligned page size;
// sharded buffers list each page's core (a DRAM bank b as core (b, 0)) and offset, as their release computes it.
//   PageLayout layout = Interleaved(MemKind::kDram, address, page_size, aligned_page_size, Chip::NumBanks(kDram));
//   WriteRegion(chip, layout, 0, host.data(), host.size());
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "chip.h"
#include "core_xy.h"

namespace ttemu {

struct ShardedPage {
    CoreXY core;           // the L1 core, or (bank, 0) for DRAM
    std::uint64_t offset;  // from the buffer's address in that core's memory
};

struct PageLayout {
    MemKind kind = MemKind::kDram;
    std::uint64_t address = 0;
    std::uint64_t page_size = 0;          // bytes of data in a page
    std::uint64_t aligned_page_size = 0;  // bytes a page takes in its bank
    std::uint32_t num_banks = 1;          // interleaved: pages go round-robin over banks 0 … num_banks-1
    std::shared_ptr<const std::vector<ShardedPage>> sharded;  // sharded: each page's place; null when interleaved
};

PageLayout Interleaved(MemKind kind, std::uint64_t address, std::uint64_t page_size, std::uint64_t aligned_page_size,
                       std::uint32_t num_banks);

// Host pointer of byte `offset_in_page` of page `page`; throws for a page the layout does not place, or memory
// outside the chip.
std::uint8_t* PagePointer(Chip& chip, const PageLayout& layout, std::uint64_t page, std::uint64_t offset_in_page);

// Host pointers for direct access (tt-metal's detail:: DRAM and L1 calls), after checking [addr, addr + size) lies in
// DRAM bank `bank` or in the L1 of logical core `core`; `what` names the call in the message.
std::uint8_t* DramBytes(Chip& chip, std::uint32_t bank, std::uint64_t addr, std::uint64_t size, const char* what);
std::uint8_t* L1Bytes(Chip& chip, CoreXY core, std::uint64_t addr, std::uint64_t size, const char* what);

// Copy `size` bytes at byte `offset` of the buffer's contents (pages in order).
void WriteRegion(Chip& chip, const PageLayout& layout, std::uint64_t offset, const void* src, std::uint64_t size);
void ReadRegion(Chip& chip, const PageLayout& layout, std::uint64_t offset, void* dst, std::uint64_t size);

}  // namespace ttemu
