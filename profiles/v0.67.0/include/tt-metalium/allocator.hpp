// Allocator: what a device's memory allocator reports (banks, sizes, alignment, statistics). A pimpl over the
// library's allocator; every member is exported.
//   uint32_t a = device->allocator()->get_alignment(BufferType::DRAM);
#pragma once

#include <cstdint>
#include <unordered_set>
#include <vector>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal_types.hpp>

namespace tt::tt_metal {

struct Statistics {
    std::size_t total_allocatable_size_bytes = 0;
    std::size_t total_allocated_bytes = 0;
    std::size_t total_free_bytes = 0;
    std::size_t largest_free_block_bytes = 0;
    std::vector<std::uint32_t> largest_free_block_addrs;
};

class Buffer;
enum class BufferType;
class AllocatorState;
class AllocatorImpl;

class Allocator {
public:
    explicit Allocator(AllocatorImpl* impl);
    void deallocate_buffers();
    std::unordered_set<Buffer*> get_allocated_buffers() const;
    std::uint32_t get_num_banks(const BufferType& buffer_type) const;
    DeviceAddr get_bank_size(const BufferType& buffer_type) const;
    CoreCoord get_logical_core_from_bank_id(std::uint32_t bank_id) const;
    std::int32_t get_bank_offset(BufferType buffer_type, std::uint32_t bank_id) const;
    const std::vector<std::uint32_t>& get_bank_ids_from_logical_core(BufferType buffer_type,
                                                                    const CoreCoord& logical_core) const;
    DeviceAddr get_base_allocator_addr(const HalMemType& mem_type) const;
    std::uint32_t get_alignment(BufferType buffer_type) const;
    std::size_t get_worker_l1_size() const;
    Statistics get_statistics(const BufferType& buffer_type) const;
    AllocatorState extract_state() const;
    void override_state(const AllocatorState& state);

private:
    AllocatorImpl* impl;
};

namespace detail {
DeviceAddr calculate_bank_size_spread(DeviceAddr size_bytes, DeviceAddr page_size_bytes, std::uint32_t num_banks,
                                      std::uint32_t alignment_bytes);
}  // namespace detail

}  // namespace tt::tt_metal
