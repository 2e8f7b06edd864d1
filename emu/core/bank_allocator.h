// A deterministic free-list allocator over one address range, shared by all banks of one kind.
//
// Interleaved buffers occupy the same range in every bank, so (as in tt-metal) one free list serves all
// banks of a type: the size asked for is the per-bank size. The same sequence of calls always yields the
// same addresses — replay relies on it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ttemu {

class BankAllocator {
public:
    BankAllocator(std::string name, std::uint64_t begin, std::uint64_t end, std::uint64_t alignment);

    // Lowest fitting address (bottom_up) or highest (top-down); nullopt if nothing fits.
    std::optional<std::uint64_t> Allocate(std::uint64_t size, bool bottom_up);
    // Claims [addr, addr + size) exactly; false if any of it is taken or outside the range.
    bool AllocateAt(std::uint64_t addr, std::uint64_t size);
    void Free(std::uint64_t addr);

    std::optional<std::uint64_t> LowestAllocated() const;
    std::uint64_t begin() const { return begin_; }
    std::uint64_t end() const { return end_; }
    std::uint64_t FreeBytes() const;
    std::uint64_t LargestFreeBlock() const;
    std::optional<std::uint64_t> LargestFreeBlockAddress() const;  // lowest start of a largest free block
    const std::string& name() const { return name_; }

    struct Block {
        std::uint64_t addr, size;
        bool allocated;
    };
    std::vector<Block> Blocks() const;  // every free and allocated block, by address

private:
    std::uint64_t Align(std::uint64_t v) const { return (v + alignment_ - 1) / alignment_ * alignment_; }
    void Take(std::map<std::uint64_t, std::uint64_t>::iterator block, std::uint64_t addr, std::uint64_t size);

    std::string name_;
    std::uint64_t begin_, end_, alignment_;
    std::map<std::uint64_t, std::uint64_t> free_;       // start → size
    std::map<std::uint64_t, std::uint64_t> allocated_;  // start → size
};

}  // namespace ttemu
