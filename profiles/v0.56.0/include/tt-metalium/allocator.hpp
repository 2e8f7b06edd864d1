// The device's memory allocator as programs query it through IDevice::allocator(): bank counts, sizes and offsets,
// which core or DRAM channel holds a bank, base addresses, alignments, statistics. Every member is exported from
// libtt_metal.so under v0.56.0's name; applications never construct one.
//   std::uint32_t align = device->allocator()->get_alignment(BufferType::DRAM);
#pragma once

#include <cstdint>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <unordered_set>
#include <vector>

#include <tt-metalium/allocator_types.hpp>
#include <tt-metalium/assert.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal.hpp>

namespace ttemu {
class EmuDevice;
}

namespace tt::tt_metal {
inline namespace v0 {
class Buffer;
}  // namespace v0
enum class BufferType;

class Allocator {
public:
    Allocator(const AllocatorConfig& alloc_config);
    ~Allocator();

    DeviceAddr allocate_buffer(Buffer* buffer);
    void deallocate_buffer(Buffer* buffer);
    void deallocate_buffers();

    const std::unordered_set<Buffer*>& get_allocated_buffers() const;
    std::uint32_t get_num_banks(const BufferType& buffer_type) const;
    DeviceAddr get_bank_size(const BufferType& buffer_type) const;
    std::uint32_t get_dram_channel_from_bank_id(std::uint32_t bank_id) const;
    CoreCoord get_logical_core_from_bank_id(std::uint32_t bank_id) const;
    std::int32_t get_bank_offset(BufferType buffer_type, std::uint32_t bank_id) const;
    const std::vector<std::uint32_t>& get_bank_ids_from_dram_channel(std::uint32_t dram_channel) const;
    const std::vector<std::uint32_t>& get_bank_ids_from_logical_core(
        BufferType buffer_type, const CoreCoord& logical_core) const;
    DeviceAddr get_base_allocator_addr(const HalMemType& mem_type) const;
    const AllocatorConfig& get_config() const;
    std::uint32_t get_alignment(BufferType buffer_type) const;
    Statistics get_statistics(const BufferType& buffer_type) const;
    MemoryBlockTable get_memory_block_table(const BufferType& buffer_type) const;
    void dump_memory_blocks(const BufferType& buffer_type, std::ofstream& out) const;
    std::optional<DeviceAddr> get_lowest_occupied_l1_address(std::uint32_t bank_id) const;
    void shrink_allocator_size(const BufferType& buffer_type, DeviceAddr shrink_size, bool bottom_up = true);
    void reset_allocator_size(const BufferType& buffer_type);
    void mark_allocations_unsafe();
    void mark_allocations_safe();
    void clear();

private:
    friend class ::ttemu::EmuDevice;
    // The stand-in's allocator is a view of its emulated device's (set when the device opens).
    ::ttemu::EmuDevice* device_ = nullptr;
    AllocatorConfig config_;
    std::unordered_set<Buffer*> allocated_buffers_;
    std::vector<std::uint32_t> empty_;
};

}  // namespace tt::tt_metal
