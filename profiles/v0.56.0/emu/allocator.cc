// tt::tt_metal::Allocator, the program-visible face of the emulated device's allocators: every query is answered
// from EmuDevice's free lists and the device model, so it reports what the device really does.
#include <tt-metalium/allocator.hpp>

#include <algorithm>
#include <fstream>
#include <string>

#include <tt-metalium/buffer.hpp>

#include "emu/core/device_model.h"
#include "emu_device.h"
#include "emu/core/errors.h"

namespace tt::tt_metal {

namespace {
using ttemu::EmuDevice;
using ttemu::Throw;

EmuDevice& DeviceOf(EmuDevice* device) {
    if (!device) Throw("this Allocator belongs to no open emulated device");
    return *device;
}

bool IsDram(BufferType type) { return type == BufferType::DRAM || type == BufferType::TRACE; }

void CheckBank(const EmuDevice& device, BufferType type, std::uint32_t bank_id) {
    if (bank_id >= device.NumBanks(type))
        Throw("bank ", bank_id, " does not exist: the ", IsDram(type) ? "DRAM" : "L1", " has ", device.NumBanks(type),
              " banks");
}
}  // namespace

void AllocatorConfig::reset() {
    dram_bank_offsets.clear();
    core_type_from_noc_coord_table.clear();
    worker_log_to_virtual_routing_x.clear();
    worker_log_to_virtual_routing_y.clear();
    l1_bank_remap.clear();
}

Allocator::Allocator(const AllocatorConfig& alloc_config) : config_(alloc_config) {}
Allocator::~Allocator() = default;

DeviceAddr Allocator::allocate_buffer(Buffer* buffer) { return DeviceOf(device_).Allocate(*buffer, std::nullopt); }
void Allocator::deallocate_buffer(Buffer* buffer) { DeviceOf(device_).Free(*buffer, buffer->address()); }
void Allocator::deallocate_buffers() {
    Throw("Allocator::deallocate_buffers is not emulated: close the device to release every buffer");
}

const std::unordered_set<Buffer*>& Allocator::get_allocated_buffers() const {
    return DeviceOf(device_).live_buffers();
}

std::uint32_t Allocator::get_num_banks(const BufferType& buffer_type) const {
    return DeviceOf(device_).NumBanks(buffer_type);
}

DeviceAddr Allocator::get_bank_size(const BufferType& buffer_type) const {
    return DeviceOf(device_).WithAllocator(buffer_type, [](const ttemu::BankAllocator& a) { return a.end() - a.begin(); });
}

// On Wormhole every DRAM channel holds one bank, so bank ids and channels coincide.
std::uint32_t Allocator::get_dram_channel_from_bank_id(std::uint32_t bank_id) const {
    CheckBank(DeviceOf(device_), BufferType::DRAM, bank_id);
    return bank_id;
}

CoreCoord Allocator::get_logical_core_from_bank_id(std::uint32_t bank_id) const {
    EmuDevice& device = DeviceOf(device_);
    CheckBank(device, BufferType::L1, bank_id);
    return device.L1BankCore(bank_id);
}

// One bank per DRAM channel and one per L1: no bank sits at an offset within its memory.
std::int32_t Allocator::get_bank_offset(BufferType buffer_type, std::uint32_t bank_id) const {
    CheckBank(DeviceOf(device_), buffer_type, bank_id);
    return 0;
}

// Bank b's id list is {b}: DRAM banks and channels coincide, and each L1 bank has a core of its own.
static const std::vector<std::uint32_t>& SingleBank(std::uint32_t bank) {
    static const auto kBanks = [] {
        std::vector<std::vector<std::uint32_t>> out(std::max(ttemu::kNumDramBanks, ttemu::kNumL1Banks));
        for (std::uint32_t b = 0; b < out.size(); b++) out[b] = {b};
        return out;
    }();
    return kBanks.at(bank);
}

const std::vector<std::uint32_t>& Allocator::get_bank_ids_from_dram_channel(std::uint32_t dram_channel) const {
    CheckBank(DeviceOf(device_), BufferType::DRAM, dram_channel);
    return SingleBank(dram_channel);
}

const std::vector<std::uint32_t>& Allocator::get_bank_ids_from_logical_core(
    BufferType buffer_type, const CoreCoord& logical_core) const {
    EmuDevice& device = DeviceOf(device_);
    if (IsDram(buffer_type)) {  // as tt-metal's allocator numbers them: DRAM bank b is logical core (b, 0)
        if (logical_core.y != 0 || logical_core.x >= device.NumBanks(BufferType::DRAM))
            Throw("logical core ", logical_core.str(), " holds no DRAM bank (banks are cores (b, 0))");
        return SingleBank(static_cast<std::uint32_t>(logical_core.x));
    }
    for (std::uint32_t b = 0; b < device.NumBanks(buffer_type); b++)
        if (device.L1BankCore(b) == logical_core) return SingleBank(b);
    Throw("logical core ", logical_core.str(), " holds no L1 bank");
}

DeviceAddr Allocator::get_base_allocator_addr(const HalMemType& mem_type) const {
    switch (mem_type) {
        case HalMemType::DRAM: return ttemu::kDramUnreservedBase;
        case HalMemType::L1: return ttemu::kL1UnreservedBase;
        default: Throw("Allocator does not support allocating in memory type ", static_cast<int>(mem_type));
    }
}

const AllocatorConfig& Allocator::get_config() const { return config_; }

std::uint32_t Allocator::get_alignment(BufferType buffer_type) const { return DeviceOf(device_).Alignment(buffer_type); }

Statistics Allocator::get_statistics(const BufferType& buffer_type) const {
    return DeviceOf(device_).WithAllocator(buffer_type, [&](const ttemu::BankAllocator& a) {
        Statistics s;
        s.total_allocatable_size_bytes = a.end() - a.begin();
        s.total_free_bytes = a.FreeBytes();
        s.total_allocated_bytes = s.total_allocatable_size_bytes - s.total_free_bytes;
        s.largest_free_block_bytes = a.LargestFreeBlock();
        if (auto addr = a.LargestFreeBlockAddress()) s.largest_free_block_addrs.push_back(*addr);
        return s;
    });
}

// One row per block, free or allocated, in address order; addresses from the start of the allocatable range.
MemoryBlockTable Allocator::get_memory_block_table(const BufferType& buffer_type) const {
    return DeviceOf(device_).WithAllocator(buffer_type, [](const ttemu::BankAllocator& a) {
        const auto blocks = a.Blocks();
        MemoryBlockTable table;
        for (std::size_t i = 0; i < blocks.size(); i++) {
            const long prev = i == 0 ? -1 : static_cast<long>(i) - 1;
            const long next = i + 1 == blocks.size() ? -1 : static_cast<long>(i) + 1;
            table.push_back({{"blockID", std::to_string(i)},
                             {"address", std::to_string(blocks[i].addr - a.begin())},
                             {"size", std::to_string(blocks[i].size)},
                             {"prevID", std::to_string(prev)},
                             {"nextID", std::to_string(next)},
                             {"allocated", blocks[i].allocated ? "yes" : "no"}});
        }
        return table;
    });
}

void Allocator::dump_memory_blocks(const BufferType& buffer_type, std::ofstream& out) const {
    out << "Blocks (address from the allocatable base, size in bytes):\n";
    for (const auto& row : get_memory_block_table(buffer_type))
        out << ",,block " << row.at("blockID") << ",address " << row.at("address") << ",size " << row.at("size")
            << "," << (row.at("allocated") == "yes" ? "allocated" : "free") << "\n";
}

std::optional<DeviceAddr> Allocator::get_lowest_occupied_l1_address(std::uint32_t bank_id) const {
    EmuDevice& device = DeviceOf(device_);
    CheckBank(device, BufferType::L1, bank_id);
    return device.WithAllocator(BufferType::L1, [](const ttemu::BankAllocator& a) { return a.LowestAllocated(); });
}

void Allocator::shrink_allocator_size(const BufferType&, DeviceAddr, bool) {
    Throw("Allocator::shrink_allocator_size is not emulated");
}
void Allocator::reset_allocator_size(const BufferType&) { Throw("Allocator::reset_allocator_size is not emulated"); }
void Allocator::mark_allocations_unsafe() {}
void Allocator::mark_allocations_safe() {}
void Allocator::clear() { Throw("Allocator::clear is not emulated: close the device to release every buffer"); }

}  // namespace tt::tt_metal

namespace ttemu {

tt::tt_metal::AllocatorConfig MakeAllocatorConfig(std::size_t l1_small_size, std::size_t trace_region_size) {
    tt::tt_metal::AllocatorConfig c;
    c.num_dram_channels = kNumDramChannels * 2;
    c.dram_bank_size = kDramBankSize - trace_region_size;
    c.dram_bank_offsets.assign(c.num_dram_channels, 0);
    c.dram_unreserved_base = kDramUnreservedBase;
    c.dram_alignment = kDramAlignment;
    c.l1_unreserved_base = kL1UnreservedBase;
    c.worker_grid = CoreRangeSet(CoreRange({0, 0}, {kComputeGridX - 1, kComputeGridY - 1}));
    c.worker_l1_size = kL1Size;
    c.storage_core_bank_size = std::nullopt;
    c.l1_small_size = l1_small_size;
    c.trace_region_size = trace_region_size;
    c.compute_grid = c.worker_grid;
    c.l1_alignment = kL1Alignment;
    return c;
}

}  // namespace ttemu
