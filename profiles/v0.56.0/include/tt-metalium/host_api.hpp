// The tt-metal v0.56.0 host API (tt::tt_metal::v0): devices, programs, kernels, circular buffers,
// semaphores, buffers, runtime arguments, command queues, metal traces, Light Metal and events.
//
// Every function here has the namespace, parameter types and default arguments of v0.56.0, so the symbols
// a program compiled against this header imports are the ones a real gcc-12 libtt_metal.so exports.
// The templates at the end are inline, as in tt-metal: they call the exported overloads.
//   IDevice* device = CreateDevice(0);
//   Program program = CreateProgram();
//   EnqueueProgram(device->command_queue(), program, false);  Finish(device->command_queue());
#pragma once

#include <cstdint>
#include <array>
#include <cassert>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/circular_buffer_types.hpp>
#include <tt-metalium/command_queue.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/dispatch_core_common.hpp>
#include <tt-metalium/event.hpp>
#include <tt-metalium/global_semaphore.hpp>
#include <tt-metalium/kernel.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/lightmetal_binary.hpp>
#include <tt-metalium/program_impl.hpp>
#include <tt-metalium/runtime_args_data.hpp>
#include <tt-metalium/span.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <tt-metalium/trace_buffer.hpp>


namespace tt::tt_metal {
inline namespace v0 {

using RuntimeArgs = std::vector<std::variant<Buffer*, std::uint32_t>>;

// ---- Devices
std::size_t GetNumAvailableDevices();
bool IsGalaxyCluster();
std::size_t GetNumPCIeDevices();
chip_id_t GetPCIeDeviceID(chip_id_t device_id);
IDevice* CreateDevice(chip_id_t device_id, const std::uint8_t num_hw_cqs = 1,
                      const std::size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
                      const std::size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE,
                      const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{},
                      const std::vector<std::uint32_t>& l1_bank_remap = {});
IDevice* CreateDeviceMinimal(chip_id_t device_id, const std::uint8_t num_hw_cqs = 1,
                             const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{});
bool CloseDevice(IDevice* device);

// ---- Programs, kernels, circular buffers
Program CreateProgram();
KernelHandle CreateKernel(Program& program, const std::string& file_name,
                          const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                          const std::variant<DataMovementConfig, ComputeConfig, EthernetConfig>& config);
KernelHandle CreateKernelFromString(Program& program, const std::string& kernel_src_code,
                                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                                    const std::variant<DataMovementConfig, ComputeConfig, EthernetConfig>& config);
CBHandle CreateCircularBuffer(Program& program, const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                              const CircularBufferConfig& config);
const CircularBufferConfig& GetCircularBufferConfig(Program& program, CBHandle cb_handle);
void UpdateCircularBufferTotalSize(Program& program, CBHandle cb_handle, std::uint32_t total_size);
void UpdateCircularBufferPageSize(Program& program, CBHandle cb_handle, std::uint8_t buffer_index,
                                  std::uint32_t page_size);
void UpdateDynamicCircularBufferAddress(Program& program, CBHandle cb_handle, const Buffer& buffer);
void UpdateDynamicCircularBufferAddressAndTotalSize(Program& program, CBHandle cb_handle, const Buffer& buffer,
                                                    std::uint32_t total_size);

// ---- Semaphores
std::uint32_t CreateSemaphore(Program& program, const std::variant<CoreRange, CoreRangeSet>& core_spec,
                              std::uint32_t initial_value, CoreType core_type = CoreType::WORKER);
GlobalSemaphore CreateGlobalSemaphore(IDevice* device, const CoreRangeSet& cores, std::uint32_t initial_value,
                                      BufferType buffer_type = BufferType::L1);
GlobalSemaphore CreateGlobalSemaphore(IDevice* device, CoreRangeSet&& cores, std::uint32_t initial_value,
                                      BufferType buffer_type = BufferType::L1);

// ---- Buffers
std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config);
std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config, DeviceAddr address);
std::shared_ptr<Buffer> CreateBuffer(const InterleavedBufferConfig& config, SubDeviceId sub_device_id);
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config);
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config, DeviceAddr address);
std::shared_ptr<Buffer> CreateBuffer(const ShardedBufferConfig& config, SubDeviceId sub_device_id);
void DeallocateBuffer(Buffer& buffer);
void AssignGlobalBufferToProgram(const std::shared_ptr<Buffer>& buffer, Program& program);

// ---- Runtime arguments
void SetRuntimeArgs(const Program& program, KernelHandle kernel,
                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                    tt::stl::Span<const std::uint32_t> runtime_args);
void SetRuntimeArgs(const Program& program, KernelHandle kernel, const std::vector<CoreCoord>& core_spec,
                    const std::vector<std::vector<std::uint32_t>>& runtime_args);
void SetRuntimeArgs(IDevice* device, const std::shared_ptr<Kernel>& kernel,
                    const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                    const std::shared_ptr<RuntimeArgs>& runtime_args);
void SetRuntimeArgs(IDevice* device, const std::shared_ptr<Kernel>& kernel, const std::vector<CoreCoord>& core_spec,
                    const std::vector<std::shared_ptr<RuntimeArgs>>& runtime_args);
void SetCommonRuntimeArgs(const Program& program, KernelHandle kernel_id,
                          tt::stl::Span<const std::uint32_t> runtime_args);
RuntimeArgsData& GetRuntimeArgs(const Program& program, KernelHandle kernel_id, const CoreCoord& logical_core);
std::vector<std::vector<RuntimeArgsData>>& GetRuntimeArgs(const Program& program, KernelHandle kernel_id);
RuntimeArgsData& GetCommonRuntimeArgs(const Program& program, KernelHandle kernel_id);

// ---- Command queue
void EnqueueReadBuffer(CommandQueue& cq,
                       const std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>& buffer, void* dst,
                       bool blocking);
void EnqueueReadSubBuffer(CommandQueue& cq,
                          std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>> buffer, void* dst,
                          const BufferRegion& region, bool blocking);
void EnqueueWriteBuffer(CommandQueue& cq,
                        const std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>& buffer,
                        HostDataType src, bool blocking);
void EnqueueWriteSubBuffer(CommandQueue& cq,
                           const std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>& buffer,
                           HostDataType src, const BufferRegion& region, bool blocking);
void EnqueueProgram(CommandQueue& cq, Program& program, bool blocking);
void Finish(CommandQueue& cq, tt::stl::Span<const SubDeviceId> sub_device_ids = {});

// ---- Metal traces and Light Metal
std::uint32_t BeginTraceCapture(IDevice* device, const std::uint8_t cq_id);
void EndTraceCapture(IDevice* device, const std::uint8_t cq_id, const std::uint32_t tid);
void ReplayTrace(IDevice* device, const std::uint8_t cq_id, const std::uint32_t tid, const bool blocking);
void ReleaseTrace(IDevice* device, const std::uint32_t tid);
void EnqueueTrace(CommandQueue& cq, std::uint32_t trace_id, bool blocking);
void LightMetalBeginCapture();
LightMetalBinary LightMetalEndCapture();
void LoadTrace(IDevice* device, std::uint8_t cq_id, std::uint32_t trace_id, const TraceDescriptor& trace_desc);

// ---- Profiling, events, synchronisation
void DumpDeviceProfileResults(IDevice* device, const Program& program);
void EnqueueRecordEvent(CommandQueue& cq, const std::shared_ptr<Event>& event,
                        tt::stl::Span<const SubDeviceId> sub_device_ids = {});
void EnqueueWaitForEvent(CommandQueue& cq, const std::shared_ptr<Event>& event);
void EventSynchronize(const std::shared_ptr<Event>& event);
bool EventQuery(const std::shared_ptr<Event>& event);
void Synchronize(IDevice* device, const std::optional<std::uint8_t> cq_id = std::nullopt,
                 tt::stl::Span<const SubDeviceId> sub_device_ids = {});

// ---- Inline conveniences over vectors (not exported: they call the overloads above)
template <typename DType>
void EnqueueReadBuffer(CommandQueue& cq, Buffer& buffer, std::vector<DType>& dst, bool blocking) {
    dst.resize(buffer.page_size() * buffer.num_pages() / sizeof(DType));
    EnqueueReadBuffer(cq, std::ref(buffer), dst.data(), blocking);
}
template <typename DType>
void EnqueueReadBuffer(CommandQueue& cq, std::shared_ptr<Buffer> buffer, std::vector<DType>& dst, bool blocking) {
    EnqueueReadBuffer(cq, *buffer, dst, blocking);
}
template <typename DType>
void EnqueueReadSubBuffer(CommandQueue& cq, Buffer& buffer, std::vector<DType>& dst, const BufferRegion& region,
                          bool blocking) {
    dst.resize(region.size / sizeof(DType));
    EnqueueReadSubBuffer(cq, std::ref(buffer), dst.data(), region, blocking);
}
template <typename DType>
void EnqueueReadSubBuffer(CommandQueue& cq, std::shared_ptr<Buffer> buffer, std::vector<DType>& dst,
                          const BufferRegion& region, bool blocking) {
    EnqueueReadSubBuffer(cq, *buffer, dst, region, blocking);
}
template <typename DType>
void EnqueueWriteBuffer(CommandQueue& cq,
                        const std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>& buffer,
                        std::vector<DType>& src, bool blocking) {
    EnqueueWriteBuffer(cq, buffer, HostDataType(static_cast<const void*>(src.data())), blocking);
}
template <typename DType>
void EnqueueWriteSubBuffer(CommandQueue& cq,
                           const std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>& buffer,
                           std::vector<DType>& src, const BufferRegion& region, bool blocking) {
    EnqueueWriteSubBuffer(cq, buffer, HostDataType(static_cast<const void*>(src.data())), region, blocking);
}

}  // namespace v0
}  // namespace tt::tt_metal
