#include "settings.h"

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace ttemu {
namespace {


std::uint32_t ParseCount(const char* name, const std::string& v, std::uint32_t lo, std::uint32_t hi) {
    char* end = nullptr;
    unsigned long n = std::strtoul(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || n < lo || n > hi)
        throw std::runtime_error(std::string(name) + "=" + v + ": expected a whole number from " + std::to_string(lo) +
                                 " to " + std::to_string(hi));
    return static_cast<std::uint32_t>(n);
}

bool ParseFlag(const char* name, const std::string& v) {
    if (v == "1" || v == "true" || v == "yes" || v == "on") return true;
    if (v == "0" || v == "false" || v == "no" || v == "off") return false;
    throw std::runtime_error(std::string(name) + "=" + v + ": expected 0 or 1");
}

// The one table of variables: name, and how its value lands in Settings.
struct Entry {
    const char* name;
    void (*apply)(Settings&, const std::string&);
};
const Entry kSettingsTable[] = {
    {"TT_METAL_EMU_NUM_DEVICES", [](Settings& s, const std::string& v) { s.num_devices = ParseCount("TT_METAL_EMU_NUM_DEVICES", v, 1, 8); }},
    {"TT_METAL_EMU_CACHE_DIR", [](Settings& s, const std::string& v) { s.cache_dir = v; }},
    {"TT_METAL_EMU_CXX", [](Settings& s, const std::string& v) { s.cxx = v; }},
    {"TT_METAL_EMU_COMPILE", [](Settings& s, const std::string& v) { s.compile = v != "0"; }},
    {"TT_METAL_HOME", [](Settings& s, const std::string& v) { s.metal_home = v; }},
    {"TT_METAL_KERNEL_PATH", [](Settings& s, const std::string& v) { s.kernel_path = v; }},
    {"TT_METAL_RUNTIME_ROOT", [](Settings& s, const std::string& v) { s.runtime_root = v; }},
    // tt-metal treats any value of this variable as "on".
    {"TT_METAL_SLOW_DISPATCH_MODE", [](Settings& s, const std::string&) { s.slow_dispatch = true; }},
    {"TT_METAL_EMU_DPRINT", [](Settings& s, const std::string& v) { s.dprint = ParseFlag("TT_METAL_EMU_DPRINT", v); }},
    {"TT_METAL_EMU_PREEMPT", [](Settings& s, const std::string& v) { s.preempt = ParseFlag("TT_METAL_EMU_PREEMPT", v); }},
    {"TT_METAL_EMU_CONFINE", [](Settings& s, const std::string& v) { s.confine = ParseFlag("TT_METAL_EMU_CONFINE", v); }},
    // tt-metal's debug and test variables (Settings::MetalOptions), parsed as tt-metal parses them.
    {"TT_METAL_WATCHER", [](Settings& s, const std::string& v) {
         s.metal.watcher_interval_ms = static_cast<int>(ParseCount("TT_METAL_WATCHER", v, 0, 1u << 30));
     }},
    {"TT_METAL_DPRINT_CORES", [](Settings& s, const std::string& v) { s.metal.dprint_cores = v; }},
    {"TT_METAL_GTEST_NUM_HW_CQS", [](Settings& s, const std::string& v) {
         s.metal.num_hw_cqs = ParseCount("TT_METAL_GTEST_NUM_HW_CQS", v, 1, 2);
     }},
    {"TT_METAL_SIMULATOR", [](Settings& s, const std::string& v) { s.metal.simulator = v; }},
    {"TT_METAL_CLEAR_L1", [](Settings& s, const std::string& v) { s.metal.clear_l1 = v.starts_with("1"); }},
    {"TT_METAL_VALIDATE_PROGRAM_BINARIES", [](Settings& s, const std::string& v) {
         s.metal.validate_binaries = v.starts_with("1");
     }},
    {"TT_METAL_KERNEL_MAP", [](Settings& s, const std::string&) { s.metal.kernel_map = true; }},
    {"TT_METAL_NULL_KERNELS", [](Settings& s, const std::string&) { s.metal.null_kernels = true; }},
    {"TT_METAL_RISCV_DEBUG_INFO", [](Settings& s, const std::string&) { s.metal.riscv_debug_info = true; }},
    {"TT_METAL_DISPATCH_DATA_COLLECTION", [](Settings& s, const std::string&) { s.metal.dispatch_data_collection = true; }},
    {"TT_METAL_GTEST_ETH_DISPATCH", [](Settings& s, const std::string&) { s.metal.eth_dispatch = true; }},
    {"TT_METAL_SKIP_LOADING_FW", [](Settings& s, const std::string&) { s.metal.skip_loading_fw = true; }},
    {"TT_METAL_SKIP_DELETING_BUILT_CACHE", [](Settings& s, const std::string&) { s.metal.skip_deleting_built_cache = true; }},
    {"TT_METAL_ENABLE_HW_CACHE_INVALIDATION", [](Settings& s, const std::string&) { s.metal.hw_cache_invalidation = true; }},
    {"TT_METAL_ENABLE_ERISC_IRAM", [](Settings& s, const std::string&) { s.metal.erisc_iram = true; }},
};

std::string DefaultCacheDir(const char* (*lookup)(const char*)) {
    const char* xdg = lookup("XDG_CACHE_HOME");
    const char* home = lookup("HOME");
    std::string base = xdg ? xdg : "";
    if (base.empty() && home && *home) base = std::string(home) + "/.cache";
    if (base.empty()) base = "/tmp";
    return base + "/tt-metal-emu";
}

const char* ProcessEnv(const char* name) { return std::getenv(name); }

}  // namespace

Settings ParseSettings(const char* (*lookup)(const char* name)) {
    Settings s;
    for (const Entry& e : kSettingsTable) {
        const char* v = lookup(e.name);
        if (v) e.apply(s, v);
    }
    if (s.cache_dir.empty()) s.cache_dir = DefaultCacheDir(lookup);
    return s;
}

const Settings& GetSettings() {
    static const Settings settings = ParseSettings(ProcessEnv);
    return settings;
}

}  // namespace ttemu
