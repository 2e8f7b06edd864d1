// The device profiler's kernel macros, as a build without PROFILE_KERNEL has them: zones, timestamps and events
// compile to nothing. The firmware includes this header before every kernel (so kernels use the macros without
// including it); the emulated device has no profiler.
//   void kernel_main() { DeviceZoneScopedN("reader"); ... }
#pragma once

#define DeviceZoneScopedN(name)
#define DeviceZoneScopedMainN(name)
#define DeviceZoneScopedMainChildN(name)
#define DeviceZoneScopedSumN1(name)
#define DeviceZoneScopedSumN2(name)
#define DeviceZoneSetCounter(counter)
#define DeviceValidateProfiler(condition)
#define DeviceTimestampedData(data_id, data)
#define DeviceRecordEvent(event_id)
