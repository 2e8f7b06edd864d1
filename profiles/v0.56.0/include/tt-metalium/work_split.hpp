// Splitting a number of work units over a grid of cores (tt::tt_metal::split_work_to_cores, exported).
//   auto [n, all, g1, g2, per_g1, per_g2] = split_work_to_cores(grid, num_tiles, true);
#pragma once

#include <cstdint>
#include <tuple>

#include <tt-metalium/core_coord.hpp>

namespace tt::tt_metal {

CoreRangeSet num_cores_to_corerangeset(const std::uint32_t target_num_cores, const CoreCoord grid_size,
                                       const bool row_wise = false);
std::tuple<std::uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, std::uint32_t, std::uint32_t> split_work_to_cores(
    const CoreCoord grid_size, const std::uint32_t units_to_divide, const bool row_wise = false);
std::tuple<std::uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, std::uint32_t, std::uint32_t> split_work_to_cores(
    const CoreRangeSet& core_grid, const std::uint32_t units_to_divide, const bool row_wise = false);

}  // namespace tt::tt_metal
