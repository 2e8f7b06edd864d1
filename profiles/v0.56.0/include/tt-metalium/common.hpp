// Where the device profiler writes: TT_METAL_PROFILER_DIR if set, else $TT_METAL_HOME/generated/profiler/.
// The emulated device writes no profiler logs; the paths are computed as tt-metal computes them.
#pragma once

#include <cstdlib>
#include <string>
#include <string_view>

#define HOST_SIDE_LOG "profile_log_host.csv"
#define DEVICE_SIDE_LOG "profile_log_device.csv"

namespace tt::tt_metal {

constexpr std::string_view PROFILER_RUNTIME_ROOT_DIR = "generated/profiler/";
constexpr std::string_view PROFILER_LOGS_DIR_NAME = ".logs/";

inline std::string get_profiler_artifacts_dir() {
    if (const char* dir = std::getenv("TT_METAL_PROFILER_DIR")) return std::string(dir) + "/";
    std::string home;
    if (const char* h = std::getenv("TT_METAL_HOME")) home = std::string(h) + "/";
    return home + std::string(PROFILER_RUNTIME_ROOT_DIR);
}

inline std::string get_profiler_logs_dir() { return get_profiler_artifacts_dir() + std::string(PROFILER_LOGS_DIR_NAME); }

inline std::string PROFILER_ZONE_SRC_LOCATIONS_LOG = get_profiler_logs_dir() + "zone_src_locations.log";

}  // namespace tt::tt_metal
