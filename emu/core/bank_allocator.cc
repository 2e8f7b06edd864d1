#include "bank_allocator.h"

#include <iterator>

namespace ttemu {

BankAllocator::BankAllocator(std::string name, std::uint64_t begin, std::uint64_t end, std::uint64_t alignment)
    : name_(std::move(name)), begin_(begin), end_(end), alignment_(alignment) {
    if (end_ > begin_) free_[begin_] = end_ - begin_;
}

void BankAllocator::Take(std::map<std::uint64_t, std::uint64_t>::iterator block, std::uint64_t addr,
                         std::uint64_t size) {
    const std::uint64_t start = block->first, len = block->second;
    free_.erase(block);
    if (addr > start) free_[start] = addr - start;
    if (addr + size < start + len) free_[addr + size] = start + len - (addr + size);
    allocated_[addr] = size;
}

std::optional<std::uint64_t> BankAllocator::Allocate(std::uint64_t size, bool bottom_up) {
    size = Align(size == 0 ? alignment_ : size);
    if (bottom_up) {
        for (auto it = free_.begin(); it != free_.end(); ++it) {
            const std::uint64_t addr = Align(it->first);
            if (addr + size <= it->first + it->second) {
                Take(it, addr, size);
                return addr;
            }
        }
    } else {
        for (auto it = free_.rbegin(); it != free_.rend(); ++it) {
            const std::uint64_t top = it->first + it->second;
            if (top < size) continue;
            const std::uint64_t addr = (top - size) / alignment_ * alignment_;
            if (addr >= it->first) {
                Take(std::prev(it.base()), addr, size);
                return addr;
            }
        }
    }
    return std::nullopt;
}

bool BankAllocator::AllocateAt(std::uint64_t addr, std::uint64_t size) {
    size = Align(size == 0 ? alignment_ : size);
    auto it = free_.upper_bound(addr);
    if (it == free_.begin()) return false;
    --it;
    if (addr + size > it->first + it->second) return false;
    Take(it, addr, size);
    return true;
}

void BankAllocator::Free(std::uint64_t addr) {
    auto a = allocated_.find(addr);
    if (a == allocated_.end()) return;
    std::uint64_t start = a->first, size = a->second;
    allocated_.erase(a);
    auto next = free_.lower_bound(start);
    if (next != free_.end() && start + size == next->first) {
        size += next->second;
        next = free_.erase(next);
    }
    if (next != free_.begin()) {
        auto prev = std::prev(next);
        if (prev->first + prev->second == start) {
            prev->second += size;
            return;
        }
    }
    free_[start] = size;
}

std::optional<std::uint64_t> BankAllocator::LowestAllocated() const {
    if (allocated_.empty()) return std::nullopt;
    return allocated_.begin()->first;
}

std::uint64_t BankAllocator::FreeBytes() const {
    std::uint64_t total = 0;
    for (const auto& [start, size] : free_) total += size;
    return total;
}

std::uint64_t BankAllocator::LargestFreeBlock() const {
    std::uint64_t best = 0;
    for (const auto& [start, size] : free_) best = std::max(best, size);
    return best;
}

std::optional<std::uint64_t> BankAllocator::LargestFreeBlockAddress() const {
    std::optional<std::uint64_t> best;
    std::uint64_t best_size = 0;
    for (const auto& [start, size] : free_)
        if (size > best_size) best = start, best_size = size;
    return best;
}

std::vector<BankAllocator::Block> BankAllocator::Blocks() const {
    std::vector<Block> blocks;
    blocks.reserve(free_.size() + allocated_.size());
    auto f = free_.begin();
    auto a = allocated_.begin();
    while (f != free_.end() || a != allocated_.end()) {
        if (a == allocated_.end() || (f != free_.end() && f->first < a->first))
            blocks.push_back({f->first, f->second, false}), ++f;
        else
            blocks.push_back({a->first, a->second, true}), ++a;
    }
    return blocks;
}

}  // namespace ttemu
