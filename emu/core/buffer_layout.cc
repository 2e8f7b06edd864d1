#include "buffer_layout.h"

#include <algorithm>
#include <cstring>

#include "device_model.h"
#include "errors.h"

namespace ttemu {

PageLayout Interleaved(MemKind kind, std::uint64_t address, std::uint64_t page_size, std::uint64_t aligned_page_size,
                       std::uint32_t num_banks) {
    PageLayout l;
    l.kind = kind;
    l.address = address;
    l.page_size = page_size;
    l.aligned_page_size = aligned_page_size;
    l.num_banks = num_banks;
    return l;
}

namespace {

bool IsDram(MemKind kind) { return kind == MemKind::kDram || kind == MemKind::kTrace; }

// The memory at `addr` in bank/core `where`, checked to hold `len` bytes.
std::uint8_t* Memory(Chip& chip, MemKind kind, CoreXY where, std::uint64_t addr, std::uint64_t len) {
    if (IsDram(kind)) {
        if (where.x >= kNumDramBanks || addr + len > kDramBankSize || addr + len < addr)
            Throw("a buffer page at DRAM bank ", where.x, " address ", addr, " (", len, " B) is outside the device");
        return chip.memory().Dram(where.x, addr, len);
    }
    if (where.x >= kLogicalGridX || where.y >= kLogicalGridY || addr + len > kL1Size || addr + len < addr)
        Throw("a buffer page at core ", where.str(), " L1 address ", addr, " (", len, " B) is outside the device");
    return chip.memory().L1(where.x, where.y, addr, len);
}

template <typename Fn>
void ForEachChunk(Chip& chip, const PageLayout& layout, std::uint64_t offset, std::uint64_t size, Fn fn) {
    if (layout.page_size == 0) {
        if (size) Throw("a buffer with pages of 0 B holds no data");
        return;
    }
    std::uint64_t done = 0;
    while (done < size) {
        const std::uint64_t pos = offset + done;
        const std::uint64_t page = pos / layout.page_size, in_page = pos % layout.page_size;
        const std::uint64_t len = std::min(size - done, layout.page_size - in_page);
        // A chunk never crosses its page, and PagePointer checked the page's rest lies in the memory.
        fn(PagePointer(chip, layout, page, in_page), done, len);
        done += len;
    }
}

}  // namespace

std::uint8_t* PagePointer(Chip& chip, const PageLayout& layout, std::uint64_t page, std::uint64_t offset_in_page) {
    const std::uint64_t rest = layout.page_size - offset_in_page;  // the page's bytes from here on
    if (layout.sharded) {
        if (page >= layout.sharded->size())
            Throw("page ", page, " is outside the sharded buffer (", layout.sharded->size(), " pages)");
        const ShardedPage& where = (*layout.sharded)[page];
        return Memory(chip, layout.kind, where.core, layout.address + where.offset + offset_in_page, rest);
    }
    const std::uint32_t bank = static_cast<std::uint32_t>(page % layout.num_banks);
    const std::uint64_t addr = layout.address + (page / layout.num_banks) * layout.aligned_page_size + offset_in_page;
    if (IsDram(layout.kind)) return Memory(chip, layout.kind, {bank, 0}, addr, rest);
    return Memory(chip, layout.kind, chip.L1BankCore(bank), addr, rest);
}

std::uint8_t* DramBytes(Chip& chip, std::uint32_t bank, std::uint64_t addr, std::uint64_t size, const char* what) {
    if (bank >= kNumDramBanks) Throw(what, ": DRAM channel ", bank, " does not exist (", kNumDramBanks, " banks)");
    if (addr + size > kDramBankSize || addr + size < addr)
        Throw(what, ": range [", addr, ", ", addr + size, ") is outside the DRAM bank");
    return chip.memory().Dram(bank, addr, size);
}

std::uint8_t* L1Bytes(Chip& chip, CoreXY core, std::uint64_t addr, std::uint64_t size, const char* what) {
    if (core.x >= kLogicalGridX || core.y >= kLogicalGridY)
        Throw(what, ": core ", core.str(), " is outside the logical grid");
    if (addr + size > kL1Size || addr + size < addr) Throw(what, ": range [", addr, ", ", addr + size, ") is outside L1");
    return chip.memory().L1(core.x, core.y, addr, size);
}

void WriteRegion(Chip& chip, const PageLayout& layout, std::uint64_t offset, const void* src, std::uint64_t size) {
    const auto* in = static_cast<const std::uint8_t*>(src);
    ForEachChunk(chip, layout, offset, size,
                 [&](std::uint8_t* dev, std::uint64_t at, std::uint64_t len) { std::memcpy(dev, in + at, len); });
}

void ReadRegion(Chip& chip, const PageLayout& layout, std::uint64_t offset, void* dst, std::uint64_t size) {
    auto* out = static_cast<std::uint8_t*>(dst);
    ForEachChunk(chip, layout, offset, size,
                 [&](std::uint8_t* dev, std::uint64_t at, std::uint64_t len) { std::memcpy(out + at, dev, len); });
}

}  // namespace ttemu
