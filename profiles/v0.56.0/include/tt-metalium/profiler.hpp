// tt-metal's device profiler (tt::tt_metal::DeviceProfiler): reads each core's marker buffers after a run and writes
// them to profile_log_device.csv and to Tracy. The emulated device has no profiler (getDeviceProfilerState() is
// false); the class is declared for code that names it, and detail::DumpDeviceProfileResults does nothing.
#pragma once

#include <chrono>
#include <common/TracyTTDeviceData.hpp>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tracy/TracyTTDevice.hpp>
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/common.hpp>
#include <tt-metalium/profiler_state.hpp>
#include <tt-metalium/program_impl.hpp>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

using std::chrono::duration;
using std::chrono::duration_cast;
using std::chrono::nanoseconds;
using std::chrono::steady_clock;

namespace tt::tt_metal {

enum class ProfilerDumpState { NORMAL, CLOSE_DEVICE_SYNC, LAST_CLOSE_DEVICE };
enum class ProfilerSyncState { INIT, CLOSE_DEVICE };

class DeviceProfiler {
public:
    DeviceProfiler(const bool new_logs);
    DeviceProfiler() = delete;
    ~DeviceProfiler();

    std::shared_ptr<Buffer> output_dram_buffer = nullptr;
    std::shared_ptr<Program> sync_program = nullptr;
    std::map<CoreCoord, std::tuple<double, double, double>> device_core_sync_info;
    std::vector<std::uint32_t> profile_buffer;
    std::set<tracy::TTDeviceEvent> device_events;
    std::set<tracy::TTDeviceEvent> device_sync_events;
    std::set<tracy::TTDeviceEvent> device_sync_new_events;
    std::int64_t shift = 0;
    double freqScale = 1.0;
    std::uint32_t my_device_id = 0;

    void freshDeviceLog();
    void setDeviceArchitecture(tt::ARCH device_arch);
    void setOutputDir(const std::string& new_output_dir);
    void dumpResults(IDevice* device, const std::vector<CoreCoord>& worker_cores,
                     ProfilerDumpState state = ProfilerDumpState::NORMAL);

private:
    tt::ARCH device_architecture;
    int device_core_frequency;
    std::uint64_t smallest_timestamp = 1ULL << 63;
    std::filesystem::path output_dir;
    std::map<std::pair<std::uint16_t, CoreCoord>, TracyTTCtx> device_tracy_contexts;
    std::unordered_map<std::uint16_t, std::string> hash_to_zone_src_locations;
    std::unordered_set<std::string> zone_src_locations;
};

}  // namespace tt::tt_metal
