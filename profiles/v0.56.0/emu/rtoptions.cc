// tt::llrt::RunTimeOptions on the emulated device: filled from the emulator's settings table (settings.h), which
// reads tt-metal's variables the way tt-metal does. There is no device profiler, so its options stay off.
#include <tt-metalium/rtoptions.hpp>

#include "emu/core/errors.h"
#include "emu/core/settings.h"

namespace tt::llrt {

const char* RunTimeDebugFeatureNames[RunTimeDebugFeatureCount] = {
    "DPRINT", "READ_DEBUG_DELAY", "WRITE_DEBUG_DELAY", "ATOMIC_DEBUG_DELAY", "DISABLE_L1_DATA_CACHE"};
const char* RunTimeDebugClassNames[RunTimeDebugClassCount] = {"N/A", "worker", "dispatch", "all"};

RunTimeOptions::RunTimeOptions() {
    const ttemu::Settings& s = ttemu::GetSettings();
    if (!s.metal_home.empty()) {
        is_root_dir_env_var_set = true;
        root_dir = s.metal_home + "/";
    }
    if (!s.kernel_path.empty()) {
        is_kernel_dir_env_var_set = true;
        kernel_dir = s.kernel_path + "/";
    }
    const auto& m = s.metal;
    build_map_enabled = m.kernel_map;
    ParseWatcherEnv();
    for (int f = 0; f < RunTimeDebugFeatureCount; f++) ParseFeatureEnv(static_cast<RunTimeDebugFeatures>(f));
    null_kernels = m.null_kernels;
    clear_l1 = m.clear_l1;
    riscv_debug_info_enabled = m.riscv_debug_info;
    validate_kernel_binaries = m.validate_binaries;
    num_hw_cqs = m.num_hw_cqs;
    enable_dispatch_data_collection = m.dispatch_data_collection;
    if (m.eth_dispatch) dispatch_core_type = tt_metal::DispatchCoreType::ETH;
    skip_loading_fw = m.skip_loading_fw;
    skip_deleting_built_cache = m.skip_deleting_built_cache;
    enable_hw_cache_invalidation = m.hw_cache_invalidation;
    if (!m.simulator.empty()) {
        simulator_enabled = true;
        simulator_path = m.simulator;
    }
    erisc_iram_enabled = m.erisc_iram;
}

void RunTimeOptions::ParseWatcherEnv() {
    const int interval = ttemu::GetSettings().metal.watcher_interval_ms;
    watcher_enabled = interval >= 0;
    watcher_interval_ms = watcher_enabled ? interval : 0;
}

// DPRINT is on when TT_METAL_DPRINT_CORES names cores; "all" names every worker. The other features have no
// variable the emulator reads: off.
void RunTimeOptions::ParseFeatureEnv(RunTimeDebugFeatures feature) {
    TargetSelection& t = feature_targets[feature];
    t.enabled = false;
    t.prepend_device_core_risc = true;
    if (feature != RunTimeDebugFeatureDprint) return;
    const std::string& cores = ttemu::GetSettings().metal.dprint_cores;
    if (cores.empty()) return;
    t.enabled = true;
    t.all_chips = true;
    t.riscv_mask = RISCV_NC | RISCV_TR0 | RISCV_TR1 | RISCV_TR2 | RISCV_BR;
    if (cores == "all") t.all_cores[CoreType::WORKER] = RunTimeDebugClassWorker;
}

const std::string& RunTimeOptions::get_root_dir() {
    if (!is_root_dir_specified()) ttemu::Throw("Env var TT_METAL_HOME is not set.");
    return root_dir;
}

const std::string& RunTimeOptions::get_kernel_dir() const {
    if (!is_kernel_dir_specified()) ttemu::Throw("Env var TT_METAL_KERNEL_PATH is not set.");
    return kernel_dir;
}

tt_metal::DispatchCoreConfig RunTimeOptions::get_dispatch_core_config() {
    return tt_metal::DispatchCoreConfig(dispatch_core_type);
}

}  // namespace tt::llrt
