// The host API of tt-metal v0.67.0 (tt::tt_metal, no inline namespace): devices, programs, kernels, circular
// buffers, semaphores, buffers and runtime arguments. Every function here is exported by libtt_metal.so; the
// device work itself goes through the mesh API (distributed.hpp).
//   Program program = CreateProgram();
//   KernelHandle k = CreateKernel(program, "kernels/reader.cpp", CoreCoord{0, 0}, DataMovementConfig{});
//   SetRuntimeArgs(program, k, CoreCoord{0, 0}, {buffer->address(), n});
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <ttemu/api_release.hpp>  // what of the API this release has (TTEMU_API_*)
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/circular_buffer.hpp>
#include <tt-metalium/circular_buffer_config.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/dispatch_core_common.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/profiler_optional_metadata.hpp>
#include <tt-metalium/profiler_types.hpp>
#include <tt-metalium/program.hpp>
#include <tt-metalium/runtime_args_data.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

struct TraceDescriptor;
class Program;
class IDevice;
class Trace;
struct Event;
class Buffer;
class GlobalSemaphore;
class CoreRange;
class CoreRangeSet;
namespace distributed {
class MeshDevice;
}

// ---- system and devices
void SetRootDir(const std::string& root_dir);
std::size_t GetNumAvailableDevices();
bool IsGalaxyCluster();
std::size_t GetNumPCIeDevices();
ChipId GetPCIeDeviceID(ChipId device_id);
IDevice* CreateDevice(ChipId device_id, std::uint8_t num_hw_cqs = 1, std::size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
                      std::size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE,
                      const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{},
                      const std::vector<std::uint32_t>& l1_bank_remap = {},
                      std::size_t worker_l1_size = DEFAULT_WORKER_L1_SIZE);
IDevice* CreateDeviceMinimal(ChipId device_id, std::uint8_t num_hw_cqs = 1,
                             const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{});
bool CloseDevice(IDevice* device);

// ---- programs and what goes in them
Program CreateProgram();
KernelHandle CreateKernel(Program& program, const std::string& file_name,
                          const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                          const std::variant<DataMovementConfig, ComputeConfig>& config);
KernelHandle CreateKernelFromString(Program& program, const std::string& kernel_src_code,
                                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                                    const std::variant<DataMovementConfig, ComputeConfig>& config);
CBHandle CreateCircularBuffer(Program& program, const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                              const CircularBufferConfig& config);
const CircularBufferConfig& GetCircularBufferConfig(Program& program, CBHandle cb_handle);
void UpdateCircularBufferTotalSize(Program& program, CBHandle cb_handle, std::uint32_t total_size);
void UpdateCircularBufferPageSize(Program& program, CBHandle cb_handle, std::uint8_t buffer_index,
                                  std::uint32_t page_size);
void UpdateDynamicCircularBufferAddress(Program& program, CBHandle cb_handle, const Buffer& buffer);
void UpdateDynamicCircularBufferAddressAndTotalSize(Program& program, CBHandle cb_handle, const Buffer& buffer,
                                                    std::uint32_t total_size);
[[deprecated("tt::tt_metal::CreateSemaphore(Program& program, const std::variant<CoreRange, CoreRangeSet>& core_spec, "
             "uint32_t initial_value, CoreType core_type) is deprecated. Use tt::tt_metal::CreateSemaphore(Program& "
             "program, const std::variant<CoreRange, CoreRangeSet>& core_spec, uint32_t initial_value) instead.")]]
std::uint32_t CreateSemaphore(Program& program, const std::variant<CoreRange, CoreRangeSet>& core_spec,
                              std::uint32_t initial_value, CoreType core_type);
// A 4-byte semaphore on each core of core_spec, initialised to initial_value; returns its id (get_semaphore(id)).
std::uint32_t CreateSemaphore(Program& program, const std::variant<CoreRange, CoreRangeSet>& core_spec,
                              std::uint32_t initial_value);
GlobalSemaphore CreateGlobalSemaphore(IDevice* device, const CoreRangeSet& cores, std::uint32_t initial_value,
                                      BufferType buffer_type = BufferType::L1);
GlobalSemaphore CreateGlobalSemaphore(IDevice* device, CoreRangeSet&& cores, std::uint32_t initial_value,
                                      BufferType buffer_type = BufferType::L1);

// ---- single-device buffers
std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config);
std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config, DeviceAddr address);
std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config, SubDeviceId sub_device_id);
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config);
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config, DeviceAddr address);
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config, SubDeviceId sub_device_id);
void DeallocateBuffer(Buffer& buffer);
void AssignGlobalBufferToProgram(const std::shared_ptr<Buffer>& buffer, Program& program);

// ---- runtime arguments (at most max_runtime_args unique + common words per kernel per core)
void SetRuntimeArgs(const Program& program, KernelHandle kernel,
                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                    ttsl::Span<const std::uint32_t> runtime_args);
void SetRuntimeArgs(const Program& program, KernelHandle kernel,
                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                    std::initializer_list<std::uint32_t> runtime_args);
void SetRuntimeArgs(const Program& program, KernelHandle kernel, const std::vector<CoreCoord>& core_spec,
                    const std::vector<std::vector<std::uint32_t>>& runtime_args);
void SetCommonRuntimeArgs(const Program& program, KernelHandle kernel_id, ttsl::Span<const std::uint32_t> runtime_args);
void SetCommonRuntimeArgs(const Program& program, KernelHandle kernel_id,
                          std::initializer_list<std::uint32_t> runtime_args);
RuntimeArgsData& GetRuntimeArgs(const Program& program, KernelHandle kernel_id, const CoreCoord& logical_core);
std::vector<std::vector<RuntimeArgsData>>& GetRuntimeArgs(const Program& program, KernelHandle kernel_id);
RuntimeArgsData& GetCommonRuntimeArgs(const Program& program, KernelHandle kernel_id);

// ---- profiler, legacy events, the thread's command queue id
void ReadMeshDeviceProfilerResults(distributed::MeshDevice& mesh_device,
                                   ProfilerReadState state = ProfilerReadState::NORMAL,
                                   const std::optional<ProfilerOptionalMetadata>& metadata = {});
#if TTEMU_API_SINGLE_DEVICE_EVENT
[[deprecated("Use distributed::EventQuery with distributed::MeshEvent instead.")]]
bool EventQuery(const std::shared_ptr<Event>& event);
#endif
void PushCurrentCommandQueueIdForThread(std::uint8_t cq_id);
std::uint8_t PopCurrentCommandQueueIdForThread();
std::uint8_t GetCurrentCommandQueueIdForThread();

}  // namespace tt::tt_metal
