// tt-metal v0.67.0's experimental host API for Quasar: data movement kernels spread over a cluster's data movement
// processors (up to eight on Quasar). The emulated device is a Wormhole B0, whose worker cores have two: creating
// such a kernel fails there, as it does on a Wormhole card (docs/emulator.md).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/kernel_types.hpp>

namespace tt::tt_metal {

class Program;

namespace experimental::quasar {

static constexpr uint32_t QUASAR_NUM_DM_CORES_PER_CLUSTER = 8;

struct QuasarDataMovementConfig {
    uint32_t num_processors_per_cluster = QUASAR_NUM_DM_CORES_PER_CLUSTER;
    std::vector<uint32_t> compile_args;
    std::map<std::string, std::string> defines;
    std::unordered_map<std::string, uint32_t> named_compile_args;
    KernelBuildOptLevel opt_level = KernelBuildOptLevel::O2;
};

KernelHandle CreateKernel(Program& program, const std::string& file_name,
                          const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                          const QuasarDataMovementConfig& config);

}  // namespace experimental::quasar
}  // namespace tt::tt_metal
