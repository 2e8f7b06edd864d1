// Whether the device profiler is on. The emulated device has no profiler: always false.
#pragma once

namespace tt::tt_metal {

bool getDeviceProfilerState();

}  // namespace tt::tt_metal
