// The direct ("slow dispatch") host path of tt-metal v0.56.0 (tt::tt_metal::detail): device sets, buffer
// I/O without a command queue, program launch and compile, profiler hooks and raw memory access.
//   tt::tt_metal::detail::WriteToBuffer(buffer, data);  tt::tt_metal::detail::LaunchProgram(device, program);
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/dispatch_core_common.hpp>
#include <tt-metalium/dispatch_core_manager.hpp>
#include <tt-metalium/profiler.hpp>
#include <tt-metalium/program_impl.hpp>
#include <tt-metalium/span.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>
#include <tt-metalium/util.hpp>

#include <hostdevcommon/common_values.hpp>
#include <umd/device/tt_soc_descriptor.h>
#include <umd/device/types/cluster_descriptor_types.h>

namespace tt {
enum class FabricConfig : std::uint32_t { DISABLED = 0, FABRIC_1D = 1, FABRIC_2D = 2, FABRIC_2D_PUSH = 3, CUSTOM = 4 };
}  // namespace tt

namespace tt::tt_metal {

namespace detail {

bool DispatchStateCheck(bool isFastDispatch);
bool InWorkerThread();
inline bool InMainThread() { return !InWorkerThread(); }
void InitializeFabricConfig(tt::FabricConfig fabric_config);

std::map<chip_id_t, IDevice*> CreateDevices(const std::vector<chip_id_t>& device_ids,
                                            const std::uint8_t num_hw_cqs = 1, const std::size_t l1_small_size = 0,
                                            const std::size_t trace_region_size = 0,
                                            const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{},
                                            const std::vector<std::uint32_t>& l1_bank_remap = {});
void CloseDevices(const std::map<chip_id_t, IDevice*>& devices);

void WriteToBuffer(Buffer& buffer, tt::stl::Span<const std::uint8_t> host_buffer);
void ReadFromBuffer(Buffer& buffer, std::uint8_t* host_buffer, bool shard_order = false);
// The pages of the shard on the core_id-th core of the shard grid (in orientation order), in shard order.
void ReadShard(Buffer& buffer, std::uint8_t* host_buffer, const std::uint32_t& core_id);
// Sizes the vector as tt-metal does: page_size × pages per shard elements (bytes' worth for uint8_t).
template <typename DType>
void ReadShard(Buffer& buffer, std::vector<DType>& host_buffer, const std::uint32_t& core_id) {
    host_buffer.resize(buffer.page_size() * buffer.shard_spec().num_pages());
    ReadShard(buffer, reinterpret_cast<std::uint8_t*>(host_buffer.data()), core_id);
}

void LaunchProgram(IDevice* device, Program& program, bool wait_until_cores_done = true);
void LaunchProgram(IDevice* device, const std::shared_ptr<Program>& program, bool wait_until_cores_done = true);
void WaitProgramDone(IDevice* device, Program& program);
void CompileProgram(IDevice* device, Program& program, bool fd_bootloader_mode = false);
void WriteRuntimeArgsToDevice(IDevice* device, Program& program, bool fd_bootloader_mode = false);
bool ConfigureDeviceWithProgram(IDevice* device, Program& program, bool fd_bootloader_mode = false);

void ClearProfilerControlBuffer(IDevice* device);
void InitDeviceProfiler(IDevice* device);
void ProfilerSync(ProfilerSyncState state);
void DumpDeviceProfileResults(IDevice* device, std::vector<CoreCoord>& worker_cores,
                              ProfilerDumpState state = ProfilerDumpState::NORMAL);
void DumpDeviceProfileResults(IDevice* device, ProfilerDumpState state = ProfilerDumpState::NORMAL);
void SetDeviceProfilerDir(const std::string& output_dir = "");
void FreshProfilerDeviceLog();

bool WriteToDeviceDRAMChannel(IDevice* device, int dram_channel, std::uint32_t address,
                              std::vector<std::uint32_t>& host_buffer);
bool ReadFromDeviceDRAMChannel(IDevice* device, int dram_channel, std::uint32_t address, std::uint32_t size,
                               std::vector<std::uint32_t>& host_buffer);
bool WriteToDeviceL1(IDevice* device, const CoreCoord& logical_core, std::uint32_t address,
                     std::vector<std::uint32_t>& host_buffer, CoreType core_type = CoreType::WORKER);
bool ReadFromDeviceL1(IDevice* device, const CoreCoord& logical_core, std::uint32_t address, std::uint32_t size,
                      std::vector<std::uint32_t>& host_buffer, CoreType core_type = CoreType::WORKER);
bool WriteRegToDevice(IDevice* device, const CoreCoord& logical_core, std::uint32_t address,
                      const std::uint32_t& regval);
bool ReadRegFromDevice(IDevice* device, const CoreCoord& logical_core, std::uint32_t address,
                       std::uint32_t& regval);
void SynchronizeWorkerThreads(const std::vector<IDevice*>& workers);

// Inline conveniences over vectors (not exported).
template <typename DType>
void WriteToBuffer(Buffer& buffer, const std::vector<DType>& host_buffer) {
    WriteToBuffer(buffer, tt::stl::Span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(host_buffer.data()),
                                                            host_buffer.size() * sizeof(DType)));
}
template <typename DType>
void WriteToBuffer(std::shared_ptr<Buffer> buffer, const std::vector<DType>& host_buffer) {
    WriteToBuffer(*buffer, host_buffer);
}
template <typename DType>
void ReadFromBuffer(Buffer& buffer, std::vector<DType>& host_buffer, bool shard_order = false) {
    host_buffer.resize(buffer.size() / sizeof(DType));
    ReadFromBuffer(buffer, reinterpret_cast<std::uint8_t*>(host_buffer.data()), shard_order);
}
template <typename DType>
void ReadFromBuffer(std::shared_ptr<Buffer> buffer, std::vector<DType>& host_buffer, bool shard_order = false) {
    ReadFromBuffer(*buffer, host_buffer, shard_order);
}



}  // namespace detail
}  // namespace tt::tt_metal
