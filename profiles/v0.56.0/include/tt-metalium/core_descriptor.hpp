// Which cores of a device do what, as tt-metal reads it from its core-descriptor YAML for the chip, the number of
// command queues and the dispatch-core placement: the compute grid, storage cores and dispatch cores.
// The emulated n150 answers from its device model: an 8x8 compute grid, no storage cores, and the ninth row's
// eight cores for dispatch (where tt-metal places fast dispatch on an n150 with row-wise worker dispatch).
//   CoreCoord grid = tt::get_compute_grid_size(0, 1, tt::tt_metal::DispatchCoreConfig{});
#pragma once

#include <umd/device/types/arch.h>
#include <umd/device/types/cluster_descriptor_types.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/dispatch_core_common.hpp>
#include <tt-metalium/hal.hpp>
#include <tuple>
#include <vector>

namespace tt {

struct core_descriptor_t {
    CoreCoord compute_grid_size;
    std::vector<RelativeCoreCoord> relative_compute_cores;
    std::vector<RelativeCoreCoord> relative_storage_cores;
    std::optional<std::uint32_t> storage_core_bank_size = std::nullopt;
    std::vector<RelativeCoreCoord> relative_dispatch_cores;
    std::vector<CoreCoord> logical_compute_cores;
    std::vector<CoreCoord> logical_storage_cores;
    std::vector<CoreCoord> logical_dispatch_cores;
};

// The product a chip with this many harvested rows is (the descriptor file's name stem).
inline const std::string& get_product_name(tt::ARCH arch, std::uint32_t num_harvested_rows) {
    static const std::map<tt::ARCH, std::map<std::uint32_t, std::string>> kNames = {
        {tt::ARCH::GRAYSKULL, {{0, "E150"}, {2, "E75"}}},
        {tt::ARCH::WORMHOLE_B0, {{0, "galaxy"}, {1, "nebula_x1"}, {2, "nebula_x2"}}},
        {tt::ARCH::BLACKHOLE, {{0, "blackhole"}}}};
    return kNames.at(arch).at(num_harvested_rows);
}

const core_descriptor_t& get_core_descriptor_config(chip_id_t device_id, const std::uint8_t num_hw_cqs,
                                                    const tt_metal::DispatchCoreConfig& dispatch_core_config);
// The worker grid in physical coordinates and how many harvested rows it leaves out (not emulated: declared only).
const std::tuple<std::uint32_t, CoreRange>& get_physical_worker_grid_config(
    chip_id_t chip, std::uint8_t num_hw_cqs, const tt_metal::DispatchCoreConfig& dispatch_core_config);
std::optional<std::uint32_t> get_storage_core_bank_size(chip_id_t device_id, const std::uint8_t num_hw_cqs,
                                                        const tt_metal::DispatchCoreConfig& dispatch_core_config);

inline const std::vector<CoreCoord>& get_logical_storage_cores(chip_id_t device_id, const std::uint8_t num_hw_cqs,
                                                               const tt_metal::DispatchCoreConfig& config) {
    return get_core_descriptor_config(device_id, num_hw_cqs, config).logical_storage_cores;
}
inline const CoreCoord& get_compute_grid_size(chip_id_t device_id, const std::uint8_t num_hw_cqs,
                                              const tt_metal::DispatchCoreConfig& config) {
    return get_core_descriptor_config(device_id, num_hw_cqs, config).compute_grid_size;
}
inline const std::vector<CoreCoord>& get_logical_compute_cores(chip_id_t device_id, const std::uint8_t num_hw_cqs,
                                                               const tt_metal::DispatchCoreConfig& config) {
    return get_core_descriptor_config(device_id, num_hw_cqs, config).logical_compute_cores;
}
inline const std::vector<CoreCoord>& get_logical_dispatch_cores(chip_id_t device_id, const std::uint8_t num_hw_cqs,
                                                                const tt_metal::DispatchCoreConfig& config) {
    return get_core_descriptor_config(device_id, num_hw_cqs, config).logical_dispatch_cores;
}

}  // namespace tt
