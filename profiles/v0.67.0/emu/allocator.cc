// The program-visible Allocator (v0.67.0): every query answered from the first chip the AllocatorImpl places buffers
// on (a mesh's chips are in lock-step) and the device model.
#include <tt-metalium/allocator.hpp>
#include <tt-metalium/host_api.hpp>

#include "device.h"
#include "emu/core/device_model.h"
#include "emu/core/errors.h"

namespace tt::tt_metal {

namespace {
ttemu::Chip& ChipOf(AllocatorImpl* impl) {
    if (!impl) ttemu::Throw("this Allocator belongs to no open emulated device");
    return impl->reference();
}
void CheckBank(BufferType type, std::uint32_t bank) {
    const std::uint32_t banks = ttemu::Chip::NumBanks(KindOf(type));
    if (bank >= banks) ttemu::Throw("bank ", bank, " does not exist: the memory has ", banks, " banks");
}
}  // namespace

Allocator::Allocator(AllocatorImpl* impl) : impl(impl) {}

void Allocator::deallocate_buffers() {
    for (Buffer* b : get_allocated_buffers()) DeallocateBuffer(*b);
}
std::unordered_set<Buffer*> Allocator::get_allocated_buffers() const {
    ChipOf(impl);
    return impl->Live();
}
std::uint32_t Allocator::get_num_banks(const BufferType& buffer_type) const {
    return ttemu::Chip::NumBanks(KindOf(buffer_type));
}
DeviceAddr Allocator::get_bank_size(const BufferType& buffer_type) const {
    return ChipOf(impl).UsageOf(KindOf(buffer_type)).allocatable;
}
CoreCoord Allocator::get_logical_core_from_bank_id(std::uint32_t bank_id) const {
    CheckBank(BufferType::L1, bank_id);
    return ttemu::v067::FromXY(ChipOf(impl).L1BankCore(bank_id));
}
// One bank per DRAM channel and one per L1: no bank sits at an offset within its memory.
std::int32_t Allocator::get_bank_offset(BufferType buffer_type, std::uint32_t bank_id) const {
    CheckBank(buffer_type, bank_id);
    return 0;
}
const std::vector<std::uint32_t>& Allocator::get_bank_ids_from_logical_core(BufferType buffer_type,
                                                                           const CoreCoord& logical_core) const {
    return ChipOf(impl).BankIdsAt(KindOf(buffer_type), ttemu::v067::ToXY(logical_core));
}
DeviceAddr Allocator::get_base_allocator_addr(const HalMemType& mem_type) const {
    switch (mem_type) {
        case HalMemType::DRAM: return ttemu::kDramUnreservedBase;
        case HalMemType::L1: return ttemu::kL1UnreservedBase;
        default: ttemu::Throw("Allocator does not support allocating in memory type ", static_cast<int>(mem_type));
    }
}
std::uint32_t Allocator::get_alignment(BufferType buffer_type) const {
    return ttemu::Chip::Alignment(KindOf(buffer_type));
}
std::size_t Allocator::get_worker_l1_size() const { return ttemu::kL1Size; }
Statistics Allocator::get_statistics(const BufferType& buffer_type) const {
    const auto u = ChipOf(impl).UsageOf(KindOf(buffer_type));
    Statistics s;
    s.total_allocatable_size_bytes = u.allocatable;
    s.total_free_bytes = u.free;
    s.total_allocated_bytes = u.allocatable - u.free;
    s.largest_free_block_bytes = u.largest_free;
    if (u.largest_free_address) s.largest_free_block_addrs.push_back(static_cast<std::uint32_t>(*u.largest_free_address));
    return s;
}

namespace detail {
DeviceAddr calculate_bank_size_spread(DeviceAddr size_bytes, DeviceAddr page_size_bytes, std::uint32_t num_banks,
                                      std::uint32_t alignment_bytes) {
    if (page_size_bytes == 0 || num_banks == 0 || alignment_bytes == 0)
        ttemu::Throw("calculate_bank_size_spread: page size, banks and alignment must be non-zero");
    if (size_bytes % page_size_bytes)
        ttemu::Throw("Page size ", page_size_bytes, " should be divisible by buffer size ", size_bytes);
    const DeviceAddr pages = size_bytes / page_size_bytes;
    const DeviceAddr pages_per_bank = (pages + num_banks - 1) / num_banks;
    const DeviceAddr aligned_page = (page_size_bytes + alignment_bytes - 1) / alignment_bytes * alignment_bytes;
    return pages_per_bank * aligned_page;
}
}  // namespace detail

}  // namespace tt::tt_metal
