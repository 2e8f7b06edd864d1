// The device profiler's host calls (tt-metal v0.67.0 moved them here from tt_metal.hpp). The emulator records no
// device timestamps: reading results writes nothing.
#pragma once

#include <optional>
#include <string>

#include <tt-metalium/profiler_optional_metadata.hpp>
#include <tt-metalium/profiler_types.hpp>

namespace tt::tt_metal {

class IDevice;

namespace detail {
void ClearProfilerControlBuffer(IDevice* device);
void InitDeviceProfiler(IDevice* device);
void ProfilerSync(ProfilerSyncState state);
void ReadDeviceProfilerResults(IDevice* device, ProfilerReadState = ProfilerReadState::NORMAL,
                               const std::optional<ProfilerOptionalMetadata>& metadata = {});
void SetDeviceProfilerDir(const std::string& output_dir = "");
void FreshProfilerDeviceLog();
}  // namespace detail

}  // namespace tt::tt_metal
