// Dividing work among cores: how many units each core gets and which cores get how many (exported).
//   auto [n_cores, all, group1, group2, per_core1, per_core2] = split_work_to_cores(grid, num_tiles);
#pragma once

#include <cstdint>
#include <tuple>
#include <vector>

#include <tt-metalium/core_coord.hpp>

namespace tt::tt_metal {

std::uint32_t merge_num_sticks_to_read(std::uint32_t num_sticks_to_read, std::uint32_t stick_size_bytes,
                                       std::uint32_t max_read_size);
std::tuple<std::uint32_t, std::uint32_t> get_max_cores_divisible_by_tiles_per_core_tiles(
    const std::uint32_t& num_tiles, const std::uint32_t& num_cores_max, bool request_even = false);
int find_max_divisor(std::uint32_t val, std::uint32_t start_max_div);
int find_max_block_size(std::uint32_t val, std::uint32_t max_block_size = 8);
CoreRangeSet num_cores_to_corerangeset(CoreCoord start_core, std::uint32_t target_num_cores, CoreCoord grid_size,
                                       bool row_wise = false);
CoreRangeSet num_cores_to_corerangeset(std::uint32_t target_num_cores, CoreCoord grid_size, bool row_wise = false);
CoreRangeSet num_cores_to_corerangeset_in_subcoregrids(CoreCoord start_core, std::uint32_t target_num_cores,
                                                       const CoreRangeSet& sub_core_grids, bool row_wise = false);
std::tuple<std::uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, std::uint32_t, std::uint32_t> split_work_to_cores(
    CoreCoord grid_size, std::uint32_t units_to_divide, bool row_wise = false);
std::tuple<std::uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, std::uint32_t, std::uint32_t> split_work_to_cores(
    const CoreRangeSet& core_grid, std::uint32_t units_to_divide, bool row_wise = false);
std::tuple<std::vector<std::uint32_t>, CoreRangeSet> split_work_to_cores_even_multiples(
    const CoreCoord& core_grid, std::uint32_t units_to_divide, std::uint32_t multiple, bool row_wise = false);

}  // namespace tt::tt_metal
