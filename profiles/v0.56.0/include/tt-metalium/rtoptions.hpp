// tt-metal's run-time options (tt::llrt::RunTimeOptions): what TT_METAL_* variables asked for, read once when the
// process first asks for the instance. Programs and tests query it:
//   auto& rt = tt::llrt::RunTimeOptions::get_instance();
//   if (rt.get_feature_enabled(tt::llrt::RunTimeDebugFeatureDprint)) ...;  rt.get_root_dir();  // $TT_METAL_HOME/
//
// Members and their order are v0.56.0's, so the inline accessors below read the same fields as a real build's.
// The emulated libtt_metal.so fills them from its settings table (docs/emulator.md lists the variables it reads);
// the rest keep their defaults. Includes dispatch_core_common.hpp where tt-metal includes the dispatch core
// manager, for DispatchCoreConfig.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/dispatch_core_common.hpp>
#include <umd/device/tt_soc_descriptor.h>

namespace tt::llrt {

static inline const char* get_core_type_name(CoreType ct) {
    switch (ct) {
        case CoreType::ARC: return "ARC";
        case CoreType::DRAM: return "DRAM";
        case CoreType::ETH: return "ethernet";
        case CoreType::PCIE: return "PCIE";
        case CoreType::WORKER: return "worker";
        case CoreType::HARVESTED: return "harvested";
        case CoreType::ROUTER_ONLY: return "router_only";
        default: return "UNKNOWN";
    }
}

enum DebugHartFlags : unsigned int {
    RISCV_NC = 1,
    RISCV_TR0 = 2,
    RISCV_TR1 = 4,
    RISCV_TR2 = 8,
    RISCV_BR = 16,
    RISCV_ER0 = 32,
    RISCV_ER1 = 64
};

enum RunTimeDebugFeatures {
    RunTimeDebugFeatureDprint,
    RunTimeDebugFeatureReadDebugDelay,
    RunTimeDebugFeatureWriteDebugDelay,
    RunTimeDebugFeatureAtomicDebugDelay,
    RunTimeDebugFeatureDisableL1DataCache,
    RunTimeDebugFeatureCount
};

enum RunTimeDebugClass {
    RunTimeDebugClassNoneSpecified,
    RunTimeDebugClassWorker,
    RunTimeDebugClassDispatch,
    RunTimeDebugClassAll,
    RunTimeDebugClassCount
};

extern const char* RunTimeDebugFeatureNames[RunTimeDebugFeatureCount];  // "DPRINT", ...
extern const char* RunTimeDebugClassNames[RunTimeDebugClassCount];      // "N/A", "worker", "dispatch", "all"

// Where a debug feature applies: cores per core type (or all of a class), chips, RISC-Vs, output file.
struct TargetSelection {
    std::map<CoreType, std::vector<CoreCoord>> cores;
    std::map<CoreType, int> all_cores;
    bool enabled;
    std::vector<int> chip_ids;
    bool all_chips = false;
    std::uint32_t riscv_mask = 0;
    std::string file_name;
    bool one_file_per_risc = false;
    bool prepend_device_core_risc;
};

class RunTimeOptions {
    bool is_root_dir_env_var_set = false;
    std::string root_dir;
    bool is_kernel_dir_env_var_set = false;
    std::string kernel_dir;
    bool build_map_enabled = false;
    bool watcher_enabled = false;
    int watcher_interval_ms;
    bool watcher_dump_all = false;
    bool watcher_append = false;
    bool watcher_auto_unpause = false;
    bool watcher_noinline = false;
    bool watcher_phys_coords = false;
    bool record_noc_transfer_data = false;
    TargetSelection feature_targets[RunTimeDebugFeatureCount];
    bool test_mode_enabled = false;
    bool profiler_enabled = false;
    bool profile_dispatch_cores = false;
    bool profiler_sync_enabled = false;
    bool profiler_buffer_usage_enabled = false;
    bool null_kernels = false;
    bool clear_l1 = false;
    bool skip_loading_fw = false;
    bool skip_reset_cores_on_init = false;
    bool riscv_debug_info_enabled = false;
    std::uint32_t watcher_debug_delay = 0;
    bool validate_kernel_binaries = false;
    unsigned num_hw_cqs = 1;
    bool enable_dispatch_data_collection = false;
    bool enable_hw_cache_invalidation = false;
    tt_metal::DispatchCoreType dispatch_core_type = tt_metal::DispatchCoreType::WORKER;
    bool skip_deleting_built_cache = false;
    bool simulator_enabled = false;
    std::filesystem::path simulator_path = "";
    bool erisc_iram_enabled = false;

    RunTimeOptions();

public:
    static RunTimeOptions& get_instance() {
        static RunTimeOptions instance;
        return instance;
    }
    RunTimeOptions(const RunTimeOptions&) = delete;
    RunTimeOptions& operator=(const RunTimeOptions&) = delete;

    bool is_root_dir_specified() const { return is_root_dir_env_var_set; }
    const std::string& get_root_dir();  // $TT_METAL_HOME with a trailing '/'; throws if the variable is unset
    bool is_kernel_dir_specified() const { return is_kernel_dir_env_var_set; }
    const std::string& get_kernel_dir() const;  // $TT_METAL_KERNEL_PATH/; throws if unset

    bool get_build_map_enabled() { return build_map_enabled; }

    bool get_watcher_enabled() { return watcher_enabled; }
    void set_watcher_enabled(bool enabled) { watcher_enabled = enabled; }
    int get_watcher_interval() { return watcher_interval_ms; }
    void set_watcher_interval(int interval_ms) { watcher_interval_ms = interval_ms; }
    int get_watcher_dump_all() { return watcher_dump_all; }
    void set_watcher_dump_all(bool dump_all) { watcher_dump_all = dump_all; }
    int get_watcher_append() { return watcher_append; }
    void set_watcher_append(bool append) { watcher_append = append; }
    int get_watcher_auto_unpause() { return watcher_auto_unpause; }
    void set_watcher_auto_unpause(bool auto_unpause) { watcher_auto_unpause = auto_unpause; }
    int get_watcher_noinline() { return watcher_noinline; }
    void set_watcher_noinline(bool noinline) { watcher_noinline = noinline; }
    int get_watcher_phys_coords() { return watcher_phys_coords; }
    void set_watcher_phys_coords(bool phys_coords) { watcher_phys_coords = phys_coords; }
    std::set<std::string>& get_watcher_disabled_features() { return watcher_disabled_features; }
    bool watcher_status_disabled() { return watcher_feature_disabled(watcher_waypoint_str); }
    bool watcher_noc_sanitize_disabled() { return watcher_feature_disabled(watcher_noc_sanitize_str); }
    bool watcher_assert_disabled() { return watcher_feature_disabled(watcher_assert_str); }
    bool watcher_pause_disabled() { return watcher_feature_disabled(watcher_pause_str); }
    bool watcher_ring_buffer_disabled() { return watcher_feature_disabled(watcher_ring_buffer_str); }
    bool watcher_stack_usage_disabled() { return watcher_feature_disabled(watcher_stack_usage_str); }
    bool watcher_dispatch_disabled() { return watcher_feature_disabled(watcher_dispatch_str); }

    // Debug features: whether on, and where.
    bool get_feature_enabled(RunTimeDebugFeatures feature) { return feature_targets[feature].enabled; }
    void set_feature_enabled(RunTimeDebugFeatures feature, bool enabled) { feature_targets[feature].enabled = enabled; }
    std::map<CoreType, std::vector<CoreCoord>>& get_feature_cores(RunTimeDebugFeatures feature) {
        return feature_targets[feature].cores;
    }
    void set_feature_cores(RunTimeDebugFeatures feature, std::map<CoreType, std::vector<CoreCoord>> cores) {
        feature_targets[feature].cores = cores;
    }
    void set_feature_all_cores(RunTimeDebugFeatures feature, CoreType core_type, int all_cores) {
        feature_targets[feature].all_cores[core_type] = all_cores;
    }
    int get_feature_all_cores(RunTimeDebugFeatures feature, CoreType core_type) {
        return feature_targets[feature].all_cores[core_type];
    }
    // Every core of the inclusive box start..end.
    void set_feature_core_range(RunTimeDebugFeatures feature, CoreCoord start, CoreCoord end, CoreType core_type) {
        auto& cores = feature_targets[feature].cores[core_type];
        cores.clear();
        for (std::size_t x = start.x; x <= end.x; x++)
            for (std::size_t y = start.y; y <= end.y; y++) cores.push_back({x, y});
    }
    std::vector<int>& get_feature_chip_ids(RunTimeDebugFeatures feature) { return feature_targets[feature].chip_ids; }
    void set_feature_chip_ids(RunTimeDebugFeatures feature, std::vector<int> chip_ids) {
        feature_targets[feature].chip_ids = chip_ids;
    }
    void set_feature_all_chips(RunTimeDebugFeatures feature, bool all_chips) {
        feature_targets[feature].all_chips = all_chips;
    }
    bool get_feature_all_chips(RunTimeDebugFeatures feature) { return feature_targets[feature].all_chips; }
    std::uint32_t get_feature_riscv_mask(RunTimeDebugFeatures feature) { return feature_targets[feature].riscv_mask; }
    void set_feature_riscv_mask(RunTimeDebugFeatures feature, std::uint32_t riscv_mask) {
        feature_targets[feature].riscv_mask = riscv_mask;
    }
    std::string get_feature_file_name(RunTimeDebugFeatures feature) { return feature_targets[feature].file_name; }
    void set_feature_file_name(RunTimeDebugFeatures feature, std::string file_name) {
        feature_targets[feature].file_name = file_name;
    }
    bool get_feature_one_file_per_risc(RunTimeDebugFeatures feature) {
        return feature_targets[feature].one_file_per_risc;
    }
    void set_feature_one_file_per_risc(RunTimeDebugFeatures feature, bool one_file_per_risc) {
        feature_targets[feature].one_file_per_risc = one_file_per_risc;
    }
    bool get_feature_prepend_device_core_risc(RunTimeDebugFeatures feature) {
        return feature_targets[feature].prepend_device_core_risc;
    }
    void set_feature_prepend_device_core_risc(RunTimeDebugFeatures feature, bool prepend_device_core_risc) {
        feature_targets[feature].prepend_device_core_risc = prepend_device_core_risc;
    }
    TargetSelection get_feature_targets(RunTimeDebugFeatures feature) { return feature_targets[feature]; }
    void set_feature_targets(RunTimeDebugFeatures feature, TargetSelection targets) {
        feature_targets[feature] = targets;
    }

    bool get_record_noc_transfers() { return record_noc_transfer_data; }
    void set_record_noc_transfers(bool val) { record_noc_transfer_data = val; }
    bool get_validate_kernel_binaries() { return validate_kernel_binaries; }
    void set_validate_kernel_binaries(bool val) { validate_kernel_binaries = val; }

    // What a feature contributes to a kernel build's hash.
    std::string get_feature_hash_string(RunTimeDebugFeatures feature) {
        switch (feature) {
            case RunTimeDebugFeatureDprint:
            case RunTimeDebugFeatureDisableL1DataCache: return std::to_string(get_feature_enabled(feature));
            case RunTimeDebugFeatureReadDebugDelay:
            case RunTimeDebugFeatureWriteDebugDelay:
            case RunTimeDebugFeatureAtomicDebugDelay:
                return get_feature_enabled(feature) ? std::to_string(get_watcher_debug_delay()) : "false";
            default: return "";
        }
    }

    bool get_test_mode_enabled() { return test_mode_enabled; }
    void set_test_mode_enabled(bool enable) { test_mode_enabled = enable; }
    bool get_profiler_enabled() { return profiler_enabled; }
    bool get_profiler_do_dispatch_cores() { return profile_dispatch_cores; }
    bool get_profiler_sync_enabled() { return profiler_sync_enabled; }
    bool get_profiler_buffer_usage_enabled() { return profiler_buffer_usage_enabled; }
    void set_kernels_nullified(bool v) { null_kernels = v; }
    bool get_kernels_nullified() { return null_kernels; }
    bool get_clear_l1() { return clear_l1; }
    void set_clear_l1(bool clear) { clear_l1 = clear; }
    bool get_skip_loading_fw() { return skip_loading_fw; }
    bool get_skip_reset_cores_on_init() { return skip_reset_cores_on_init; }
    bool get_riscv_debug_info_enabled() { return riscv_debug_info_enabled; }
    void set_riscv_debug_info_enabled(bool enable) { riscv_debug_info_enabled = enable; }
    unsigned get_num_hw_cqs() { return num_hw_cqs; }
    void set_num_hw_cqs(unsigned num) { num_hw_cqs = num; }
    std::uint32_t get_watcher_debug_delay() { return watcher_debug_delay; }
    void set_watcher_debug_delay(std::uint32_t delay) { watcher_debug_delay = delay; }
    bool get_dispatch_data_collection_enabled() { return enable_dispatch_data_collection; }
    void set_dispatch_data_collection_enabled(bool enable) { enable_dispatch_data_collection = enable; }
    bool get_hw_cache_invalidation_enabled() const { return enable_hw_cache_invalidation; }
    tt_metal::DispatchCoreConfig get_dispatch_core_config();
    bool get_skip_deleting_built_cache() { return skip_deleting_built_cache; }
    bool get_simulator_enabled() { return simulator_enabled; }
    const std::filesystem::path& get_simulator_path() { return simulator_path; }
    bool get_erisc_iram_enabled() { return erisc_iram_enabled; }

private:
    void ParseFeatureEnv(RunTimeDebugFeatures feature);
    void ParseFeatureCoreRange(RunTimeDebugFeatures feature, const std::string& env_var, CoreType core_type);
    void ParseFeatureChipIds(RunTimeDebugFeatures feature, const std::string& env_var);
    void ParseFeatureRiscvMask(RunTimeDebugFeatures feature, const std::string& env_var);
    void ParseFeatureFileName(RunTimeDebugFeatures feature, const std::string& env_var);
    void ParseFeatureOneFilePerRisc(RunTimeDebugFeatures feature, const std::string& env_var);
    void ParseFeaturePrependDeviceCoreRisc(RunTimeDebugFeatures feature, const std::string& env_var);
    void ParseWatcherEnv();

    const std::string watcher_waypoint_str = "WAYPOINT";
    const std::string watcher_noc_sanitize_str = "NOC_SANITIZE";
    const std::string watcher_assert_str = "ASSERT";
    const std::string watcher_pause_str = "PAUSE";
    const std::string watcher_ring_buffer_str = "RING_BUFFER";
    const std::string watcher_stack_usage_str = "STACK_USAGE";
    const std::string watcher_dispatch_str = "DISPATCH";
    std::set<std::string> watcher_disabled_features;
    bool watcher_feature_disabled(const std::string& name) { return watcher_disabled_features.count(name) != 0; }
};

}  // namespace tt::llrt
