// What an allocator is built from (AllocatorConfig) and what it reports (Statistics, MemoryBlockTable).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <tt-metalium/core_coord.hpp>
#include <hostdevcommon/common_values.hpp>

namespace tt::tt_metal {

// One map per memory block: "blockID", "address", "size", "prevID", "nextID", "allocated".
using MemoryBlockTable = std::vector<std::unordered_map<std::string, std::string>>;

class BankManager;

enum class AllocCoreType { Dispatch, StorageOnly, ComputeOnly, ComputeAndStore, Invalid };

using BankMapping = std::vector<std::uint32_t>;

struct AllocatorConfig {
    std::size_t num_dram_channels = 0;
    std::size_t dram_bank_size = 0;
    std::vector<std::size_t> dram_bank_offsets = {};
    std::uint32_t dram_unreserved_base = 0;
    std::uint32_t dram_alignment = 0;
    std::uint32_t l1_unreserved_base = 0;
    CoreRangeSet worker_grid = {};
    std::size_t worker_l1_size = 0;
    std::optional<std::uint32_t> storage_core_bank_size = 0;
    std::size_t l1_small_size = 0;
    std::size_t trace_region_size = 0;
    std::unordered_map<CoreCoord, AllocCoreType> core_type_from_noc_coord_table = {};
    std::unordered_map<int, int> worker_log_to_virtual_routing_x = {};
    std::unordered_map<int, int> worker_log_to_virtual_routing_y = {};
    BankMapping l1_bank_remap = {};
    CoreRangeSet compute_grid = {};
    std::uint32_t l1_alignment = 0;
    bool disable_interleaved = false;
    void reset();
    ~AllocatorConfig() { reset(); }
};

enum class MemoryAllocator { BASIC = 0, L1_BANKING = 1 };

struct Statistics {
    std::size_t total_allocatable_size_bytes = 0;
    std::size_t total_allocated_bytes = 0;
    std::size_t total_free_bytes = 0;
    std::size_t largest_free_block_bytes = 0;
    std::vector<std::uint32_t> largest_free_block_addrs;  // bank-relative addresses that fit the largest block
};

}  // namespace tt::tt_metal
