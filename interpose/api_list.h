// The one description of the interposed tt-metal v0.56.0 host API.
//
// One X(...) entry per exported function (overloads separately):
//   X(api, result, Ret, name, (parameters), (arguments))
// api        — its value in the log's Api enum (schema/trace.capnp);
// result     — how the return value is recorded: PlainResult (by type) or the object it creates (NewKernel, …);
// Ret, name, (parameters) — the exact v0.56.0 declaration, so the definition gets the real mangled name;
// (arguments) — what Intercept receives: the parameters, some wrapped in a role (encode.h) that says what is
//              special about them (a KernelHandle, a payload and its size, a read destination, a launch, …).
// interpose.cc turns each entry into a definition; nothing else lists the API.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <tt-metalium/host_api.hpp>
#include <tt-metalium/lightmetal_capture_utils.hpp>
#include <tt-metalium/tt_metal.hpp>

namespace ltcap::api {
using namespace ::tt::tt_metal;
// Types whose spelling has a comma (macro arguments cannot); aliases do not change mangled names.
using CoreSpec = std::variant<CoreCoord, CoreRange, CoreRangeSet>;
using KernelConfig = std::variant<DataMovementConfig, ComputeConfig, EthernetConfig>;
using BufRef = std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>;
using SemaphoreCores = std::variant<CoreRange, CoreRangeSet>;
using DeviceMap = std::map<chip_id_t, IDevice*>;
using ArgsGrid = std::vector<std::vector<RuntimeArgsData>>;
using SubIds = tt::stl::Span<const SubDeviceId>;
}  // namespace ltcap::api

#define LTCAP_API_LIST(X)                                                                                             \
    X(getNumAvailableDevices, PlainResult, std::size_t, tt::tt_metal::v0::GetNumAvailableDevices, (), ())             \
    X(isGalaxyCluster, PlainResult, bool, tt::tt_metal::v0::IsGalaxyCluster, (), ())                                  \
    X(getNumPcieDevices, PlainResult, std::size_t, tt::tt_metal::v0::GetNumPCIeDevices, (), ())                       \
    X(getPcieDeviceId, PlainResult, chip_id_t, tt::tt_metal::v0::GetPCIeDeviceID, (chip_id_t device_id), (device_id)) \
    X(createDevice, PlainResult, IDevice*, tt::tt_metal::v0::CreateDevice,                                            \
      (chip_id_t device_id, const std::uint8_t num_hw_cqs, const std::size_t l1_small_size,                           \
       const std::size_t trace_region_size, const DispatchCoreConfig& dispatch_core_config,                           \
       const std::vector<std::uint32_t>& l1_bank_remap),                                                              \
      (device_id, num_hw_cqs, l1_small_size, trace_region_size, dispatch_core_config, l1_bank_remap))                 \
    X(createDeviceMinimal, PlainResult, IDevice*, tt::tt_metal::v0::CreateDeviceMinimal,                              \
      (chip_id_t device_id, const std::uint8_t num_hw_cqs, const DispatchCoreConfig& dispatch_core_config),          \
      (device_id, num_hw_cqs, dispatch_core_config))                                                                  \
    X(closeDevice, PlainResult, bool, tt::tt_metal::v0::CloseDevice, (IDevice * device), (ClosesDevice{device}))      \
    X(createProgram, PlainResult, Program, tt::tt_metal::v0::CreateProgram, (), ())                                   \
    X(createKernel, NewKernel, KernelHandle, tt::tt_metal::v0::CreateKernel,                                          \
      (Program & program, const std::string& file_name, const CoreSpec& core_spec, const KernelConfig& config),       \
      (program, KernelFile{file_name}, core_spec, config))                                                            \
    X(createKernelFromString, NewKernel, KernelHandle, tt::tt_metal::v0::CreateKernelFromString,                      \
      (Program & program, const std::string& kernel_src_code, const CoreSpec& core_spec, const KernelConfig& config), \
      (program, KernelText{kernel_src_code}, core_spec, config))                                                      \
    X(createCircularBuffer, NewCb, CBHandle, tt::tt_metal::v0::CreateCircularBuffer,                                 \
      (Program & program, const CoreSpec& core_spec, const CircularBufferConfig& config),                             \
      (program, core_spec, config))                                                                                   \
    X(getCircularBufferConfig, PlainResult, const CircularBufferConfig&, tt::tt_metal::v0::GetCircularBufferConfig,   \
      (Program & program, CBHandle cb_handle), (program, CbRef{cb_handle}))                                           \
    X(updateCircularBufferTotalSize, PlainResult, void, tt::tt_metal::v0::UpdateCircularBufferTotalSize,              \
      (Program & program, CBHandle cb_handle, std::uint32_t total_size), (program, CbRef{cb_handle}, total_size))     \
    X(updateCircularBufferPageSize, PlainResult, void, tt::tt_metal::v0::UpdateCircularBufferPageSize,                \
      (Program & program, CBHandle cb_handle, std::uint8_t buffer_index, std::uint32_t page_size),                    \
      (program, CbRef{cb_handle}, buffer_index, page_size))                                                           \
    X(updateDynamicCircularBufferAddress, PlainResult, void, tt::tt_metal::v0::UpdateDynamicCircularBufferAddress,    \
      (Program & program, CBHandle cb_handle, const Buffer& buffer), (program, CbRef{cb_handle}, buffer))             \
    X(updateDynamicCircularBufferAddressAndTotalSize, PlainResult, void,                                              \
      tt::tt_metal::v0::UpdateDynamicCircularBufferAddressAndTotalSize,                                               \
      (Program & program, CBHandle cb_handle, const Buffer& buffer, std::uint32_t total_size),                        \
      (program, CbRef{cb_handle}, buffer, total_size))                                                                \
    X(createSemaphore, NewSemaphore, std::uint32_t, tt::tt_metal::v0::CreateSemaphore,                                \
      (Program & program, const SemaphoreCores& core_spec, std::uint32_t initial_value, CoreType core_type),          \
      (program, core_spec, initial_value, core_type))                                                                 \
    X(createGlobalSemaphore, PlainResult, GlobalSemaphore, tt::tt_metal::v0::CreateGlobalSemaphore,                   \
      (IDevice * device, const CoreRangeSet& cores, std::uint32_t initial_value, BufferType buffer_type),             \
      (device, cores, initial_value, buffer_type))                                                                    \
    X(createGlobalSemaphoreMove, PlainResult, GlobalSemaphore, tt::tt_metal::v0::CreateGlobalSemaphore,               \
      (IDevice * device, CoreRangeSet && cores, std::uint32_t initial_value, BufferType buffer_type),                 \
      (device, std::move(cores), initial_value, buffer_type))                                                         \
    X(createBufferInterleaved, PlainResult, std::shared_ptr<Buffer>, tt::tt_metal::v0::CreateBuffer,                  \
      (const InterleavedBufferConfig& config), (config))                                                              \
    X(createBufferInterleavedAtAddress, PlainResult, std::shared_ptr<Buffer>, tt::tt_metal::v0::CreateBuffer,         \
      (const InterleavedBufferConfig& config, DeviceAddr address), (config, address))                                 \
    X(createBufferInterleavedSubDevice, PlainResult, std::shared_ptr<Buffer>, tt::tt_metal::v0::CreateBuffer,         \
      (const InterleavedBufferConfig& config, SubDeviceId sub_device_id), (config, sub_device_id))                    \
    X(createBufferSharded, PlainResult, std::shared_ptr<Buffer>, tt::tt_metal::v0::CreateBuffer,                      \
      (const ShardedBufferConfig& config), (config))                                                                  \
    X(createBufferShardedAtAddress, PlainResult, std::shared_ptr<Buffer>, tt::tt_metal::v0::CreateBuffer,             \
      (const ShardedBufferConfig& config, DeviceAddr address), (config, address))                                     \
    X(createBufferShardedSubDevice, PlainResult, std::shared_ptr<Buffer>, tt::tt_metal::v0::CreateBuffer,             \
      (const ShardedBufferConfig& config, SubDeviceId sub_device_id), (config, sub_device_id))                        \
    X(deallocateBuffer, PlainResult, void, tt::tt_metal::v0::DeallocateBuffer, (Buffer & buffer), (buffer))           \
    X(assignGlobalBufferToProgram, PlainResult, void, tt::tt_metal::v0::AssignGlobalBufferToProgram,                  \
      (const std::shared_ptr<Buffer>& buffer, Program& program), (buffer, program))                                   \
    X(setRuntimeArgs, PlainResult, void, tt::tt_metal::v0::SetRuntimeArgs,                                           \
      (const Program& program, KernelHandle kernel, const CoreSpec& core_spec,                                        \
       tt::stl::Span<const std::uint32_t> runtime_args),                                                              \
      (program, SetsArgsOf{kernel}, core_spec, runtime_args))                                                         \
    X(setRuntimeArgsPerCore, PlainResult, void, tt::tt_metal::v0::SetRuntimeArgs,                                    \
      (const Program& program, KernelHandle kernel, const std::vector<CoreCoord>& core_spec,                          \
       const std::vector<std::vector<std::uint32_t>>& runtime_args),                                                  \
      (program, SetsArgsOf{kernel}, core_spec, runtime_args))                                                         \
    X(setRuntimeArgsKernel, PlainResult, void, tt::tt_metal::v0::SetRuntimeArgs,                                     \
      (IDevice * device, const std::shared_ptr<Kernel>& kernel, const CoreSpec& core_spec,                            \
       const std::shared_ptr<RuntimeArgs>& runtime_args),                                                             \
      (device, kernel, core_spec, runtime_args))                                                                      \
    X(setRuntimeArgsKernelPerCore, PlainResult, void, tt::tt_metal::v0::SetRuntimeArgs,                              \
      (IDevice * device, const std::shared_ptr<Kernel>& kernel, const std::vector<CoreCoord>& core_spec,              \
       const std::vector<std::shared_ptr<RuntimeArgs>>& runtime_args),                                                \
      (device, kernel, core_spec, runtime_args))                                                                      \
    X(setCommonRuntimeArgs, PlainResult, void, tt::tt_metal::v0::SetCommonRuntimeArgs,                               \
      (const Program& program, KernelHandle kernel_id, tt::stl::Span<const std::uint32_t> runtime_args),              \
      (program, SetsArgsOf{kernel_id}, runtime_args))                                                                 \
    X(getRuntimeArgs, PlainResult, RuntimeArgsData&, tt::tt_metal::v0::GetRuntimeArgs,                               \
      (const Program& program, KernelHandle kernel_id, const CoreCoord& logical_core),                                \
      (program, ExposesArgsOf{kernel_id}, logical_core))                                                                  \
    X(getRuntimeArgsAll, PlainResult, ArgsGrid&, tt::tt_metal::v0::GetRuntimeArgs,                                   \
      (const Program& program, KernelHandle kernel_id), (program, ExposesArgsOf{kernel_id}))                              \
    X(getCommonRuntimeArgs, PlainResult, RuntimeArgsData&, tt::tt_metal::v0::GetCommonRuntimeArgs,                    \
      (const Program& program, KernelHandle kernel_id), (program, ExposesArgsOf{kernel_id}))                              \
    X(enqueueReadBuffer, PlainResult, void, tt::tt_metal::v0::EnqueueReadBuffer,                                      \
      (CommandQueue & cq, const BufRef& buffer, void* dst, bool blocking),                                            \
      (cq, buffer, ReadInto{dst, WholeBuffer(buffer)}, Blocking{blocking}))                                           \
    X(enqueueReadSubBuffer, PlainResult, void, tt::tt_metal::v0::EnqueueReadSubBuffer,                                \
      (CommandQueue & cq, BufRef buffer, void* dst, const BufferRegion& region, bool blocking),                       \
      (cq, buffer, ReadInto{dst, region.size}, region, Blocking{blocking}))                                           \
    X(enqueueWriteBuffer, PlainResult, void, tt::tt_metal::v0::EnqueueWriteBuffer,                                    \
      (CommandQueue & cq, const BufRef& buffer, HostDataType src, bool blocking),                                     \
      (cq, buffer, Payload{src, WholeBuffer(buffer)}, Blocking{blocking}))                                            \
    X(enqueueWriteSubBuffer, PlainResult, void, tt::tt_metal::v0::EnqueueWriteSubBuffer,                              \
      (CommandQueue & cq, const BufRef& buffer, HostDataType src, const BufferRegion& region, bool blocking),         \
      (cq, buffer, Payload{src, region.size}, region, Blocking{blocking}))                                            \
    X(enqueueProgram, PlainResult, void, tt::tt_metal::v0::EnqueueProgram,                                            \
      (CommandQueue & cq, Program & program, bool blocking), (cq, LaunchOf{program}, Blocking{blocking}))             \
    X(finish, PlainResult, void, tt::tt_metal::v0::Finish, (CommandQueue & cq, SubIds sub_device_ids),                \
      (FinishesQueue{cq}, sub_device_ids))                                                                            \
    X(beginTraceCapture, NewTrace, std::uint32_t, tt::tt_metal::v0::BeginTraceCapture,                                \
      (IDevice * device, const std::uint8_t cq_id), (device, cq_id))                                                  \
    X(endTraceCapture, PlainResult, void, tt::tt_metal::v0::EndTraceCapture,                                          \
      (IDevice * device, const std::uint8_t cq_id, const std::uint32_t tid), (device, cq_id, TraceRef{tid}))          \
    X(replayTrace, PlainResult, void, tt::tt_metal::v0::ReplayTrace,                                                  \
      (IDevice * device, const std::uint8_t cq_id, const std::uint32_t tid, const bool blocking),                    \
      (device, cq_id, TraceRef{tid}, blocking))                                                                       \
    X(releaseTrace, PlainResult, void, tt::tt_metal::v0::ReleaseTrace, (IDevice * device, const std::uint32_t tid),   \
      (device, TraceRef{tid}))                                                                                        \
    X(enqueueTrace, PlainResult, void, tt::tt_metal::v0::EnqueueTrace,                                                \
      (CommandQueue & cq, std::uint32_t trace_id, bool blocking), (cq, TraceRef{trace_id}, Blocking{blocking}))       \
    X(lightMetalBeginCapture, PlainResult, void, tt::tt_metal::v0::LightMetalBeginCapture, (), ())                    \
    X(lightMetalEndCapture, PlainResult, LightMetalBinary, tt::tt_metal::v0::LightMetalEndCapture, (), ())            \
    X(loadTrace, PlainResult, void, tt::tt_metal::v0::LoadTrace,                                                      \
      (IDevice * device, std::uint8_t cq_id, std::uint32_t trace_id, const TraceDescriptor& trace_desc),              \
      (device, cq_id, TraceRef{trace_id}, trace_desc))                                                                \
    X(dumpDeviceProfileResults, PlainResult, void, tt::tt_metal::v0::DumpDeviceProfileResults,                        \
      (IDevice * device, const Program& program), (device, program))                                                  \
    X(enqueueRecordEvent, PlainResult, void, tt::tt_metal::v0::EnqueueRecordEvent,                                    \
      (CommandQueue & cq, const std::shared_ptr<Event>& event, SubIds sub_device_ids),                                \
      (cq, RecordsEvent{event}, sub_device_ids))                                                                      \
    X(enqueueWaitForEvent, PlainResult, void, tt::tt_metal::v0::EnqueueWaitForEvent,                                  \
      (CommandQueue & cq, const std::shared_ptr<Event>& event), (cq, event))                                          \
    X(eventSynchronize, PlainResult, void, tt::tt_metal::v0::EventSynchronize, (const std::shared_ptr<Event>& event), \
      (SynchronizesEvent{event}))                                                                                     \
    X(eventQuery, PlainResult, bool, tt::tt_metal::v0::EventQuery, (const std::shared_ptr<Event>& event), (event))    \
    X(synchronize, PlainResult, void, tt::tt_metal::v0::Synchronize,                                                  \
      (IDevice * device, const std::optional<std::uint8_t> cq_id, SubIds sub_device_ids),                             \
      (SynchronizesDevice{device}, cq_id, sub_device_ids))                                                            \
    X(detailCreateDevices, PlainResult, DeviceMap, tt::tt_metal::detail::CreateDevices,                               \
      (const std::vector<chip_id_t>& device_ids, const std::uint8_t num_hw_cqs, const std::size_t l1_small_size,      \
       const std::size_t trace_region_size, const DispatchCoreConfig& dispatch_core_config,                           \
       const std::vector<std::uint32_t>& l1_bank_remap),                                                              \
      (device_ids, num_hw_cqs, l1_small_size, trace_region_size, dispatch_core_config, l1_bank_remap))                \
    X(detailCloseDevices, PlainResult, void, tt::tt_metal::detail::CloseDevices, (const DeviceMap& devices),          \
      (devices))                                                                                                      \
    X(detailWriteToBuffer, PlainResult, void, tt::tt_metal::detail::WriteToBuffer,                                    \
      (Buffer & buffer, tt::stl::Span<const std::uint8_t> host_buffer), (buffer, host_buffer))                        \
    X(detailReadFromBuffer, PlainResult, void, tt::tt_metal::detail::ReadFromBuffer,                                  \
      (Buffer & buffer, std::uint8_t * host_buffer, bool shard_order),                                                \
      (buffer, ReadInto{host_buffer, WholeBuffer(buffer), true}, shard_order))                                        \
    X(detailReadShard, PlainResult, void, tt::tt_metal::detail::ReadShard,                                            \
      (Buffer & buffer, std::uint8_t * host_buffer, const std::uint32_t& core_id),                                    \
      (buffer, ReadInto{host_buffer, 0, true}, core_id))                                                              \
    X(detailLaunchProgram, PlainResult, void, tt::tt_metal::detail::LaunchProgram,                                    \
      (IDevice * device, Program & program, bool wait_until_cores_done),                                              \
      (device, LaunchOf{program}, wait_until_cores_done))                                                             \
    X(detailLaunchProgramShared, PlainResult, void, tt::tt_metal::detail::LaunchProgram,                              \
      (IDevice * device, const std::shared_ptr<Program>& program, bool wait_until_cores_done),                        \
      (device, LaunchOfShared{program}, wait_until_cores_done))                                                       \
    X(detailWaitProgramDone, PlainResult, void, tt::tt_metal::detail::WaitProgramDone,                                \
      (IDevice * device, Program & program), (device, program))                                                       \
    X(detailCompileProgram, PlainResult, void, tt::tt_metal::detail::CompileProgram,                                  \
      (IDevice * device, Program & program, bool fd_bootloader_mode), (device, program, fd_bootloader_mode))          \
    X(detailWriteRuntimeArgsToDevice, PlainResult, void, tt::tt_metal::detail::WriteRuntimeArgsToDevice,              \
      (IDevice * device, Program & program, bool fd_bootloader_mode), (device, program, fd_bootloader_mode))          \
    X(detailConfigureDeviceWithProgram, PlainResult, bool, tt::tt_metal::detail::ConfigureDeviceWithProgram,          \
      (IDevice * device, Program & program, bool fd_bootloader_mode), (device, program, fd_bootloader_mode))          \
    X(detailWriteToDeviceDramChannel, PlainResult, bool, tt::tt_metal::detail::WriteToDeviceDRAMChannel,              \
      (IDevice * device, int dram_channel, std::uint32_t address, std::vector<std::uint32_t>& host_buffer),           \
      (device, dram_channel, address, host_buffer))                                                                   \
    X(detailReadFromDeviceDramChannel, PlainResult, bool, tt::tt_metal::detail::ReadFromDeviceDRAMChannel,            \
      (IDevice * device, int dram_channel, std::uint32_t address, std::uint32_t size,                                 \
       std::vector<std::uint32_t>& host_buffer),                                                                      \
      (device, dram_channel, address, size, OutWords{host_buffer}))                                                   \
    X(detailWriteToDeviceL1, PlainResult, bool, tt::tt_metal::detail::WriteToDeviceL1,                                \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address,                                        \
       std::vector<std::uint32_t>& host_buffer, CoreType core_type),                                                  \
      (device, logical_core, address, host_buffer, core_type))                                                        \
    X(detailReadFromDeviceL1, PlainResult, bool, tt::tt_metal::detail::ReadFromDeviceL1,                              \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address, std::uint32_t size,                    \
       std::vector<std::uint32_t>& host_buffer, CoreType core_type),                                                  \
      (device, logical_core, address, size, OutWords{host_buffer}, core_type))                                        \
    X(detailWriteRegToDevice, PlainResult, bool, tt::tt_metal::detail::WriteRegToDevice,                              \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address, const std::uint32_t& regval),          \
      (device, logical_core, address, regval))                                                                        \
    X(detailReadRegFromDevice, PlainResult, bool, tt::tt_metal::detail::ReadRegFromDevice,                            \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address, std::uint32_t& regval),                \
      (device, logical_core, address, OutWord{regval}))                                                               \
    X(detailSynchronizeWorkerThreads, PlainResult, void, tt::tt_metal::detail::SynchronizeWorkerThreads,              \
      (const std::vector<IDevice*>& workers), (workers))                                                              \
    X(detailDispatchStateCheck, PlainResult, bool, tt::tt_metal::detail::DispatchStateCheck, (bool isFastDispatch),   \
      (isFastDispatch))                                                                                               \
    X(detailInWorkerThread, PlainResult, bool, tt::tt_metal::detail::InWorkerThread, (), ())                          \
    X(detailInitializeFabricConfig, PlainResult, void, tt::tt_metal::detail::InitializeFabricConfig,                  \
      (tt::FabricConfig fabric_config), (fabric_config))                                                              \
    X(detailClearProfilerControlBuffer, PlainResult, void, tt::tt_metal::detail::ClearProfilerControlBuffer,          \
      (IDevice * device), (device))                                                                                   \
    X(detailInitDeviceProfiler, PlainResult, void, tt::tt_metal::detail::InitDeviceProfiler, (IDevice * device),      \
      (device))                                                                                                       \
    X(detailProfilerSync, PlainResult, void, tt::tt_metal::detail::ProfilerSync, (ProfilerSyncState state), (state))  \
    X(detailDumpDeviceProfileResultsCores, PlainResult, void, tt::tt_metal::detail::DumpDeviceProfileResults,         \
      (IDevice * device, std::vector<CoreCoord> & worker_cores, ProfilerDumpState state),                             \
      (device, worker_cores, state))                                                                                  \
    X(detailDumpDeviceProfileResults, PlainResult, void, tt::tt_metal::detail::DumpDeviceProfileResults,              \
      (IDevice * device, ProfilerDumpState state), (device, state))                                                   \
    X(detailSetDeviceProfilerDir, PlainResult, void, tt::tt_metal::detail::SetDeviceProfilerDir,                      \
      (const std::string& output_dir), (output_dir))                                                                  \
    X(detailFreshProfilerDeviceLog, PlainResult, void, tt::tt_metal::detail::FreshProfilerDeviceLog, (), ())          \
    X(lightMetalCompareToCapture, PlainResult, void, tt::tt_metal::LightMetalCompareToCapture,                        \
      (CommandQueue & cq, const BufRef& buffer, void* dst), (cq, buffer, dst))                                        \
    X(lightMetalCompareToGolden, PlainResult, void, tt::tt_metal::LightMetalCompareToGolden,                          \
      (CommandQueue & cq, const BufRef& buffer, void* golden_data), (cq, buffer, golden_data))
