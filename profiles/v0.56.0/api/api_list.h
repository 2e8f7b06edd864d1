// The one description of the interposed tt-metal v0.56.0 host API: everything capture and replay need to know
// about each function is in its entry here, and nothing else lists the API.
//
// One X(...) entry per exported function (overloads separately):
//   X(api, rules, result, Ret, name, (parameters), (arguments))
// api          — its value in the log's Api enum (schema/trace.capnp, which also names its parameters);
// rules        — what the call means to the capture (api/rules.h): what it does to the tracked state (Keep), and
//                flags — a window boundary (kLaunch, kFinish), ordered with allocations (kOrdered), LightMetal;
// result       — how the return value is recorded: PlainResult (by type) or the object it creates (NewKernel, …);
// Ret, name, (parameters) — the exact v0.56.0 declaration, so the definition gets the real mangled name and a
//                player can call the same function;
// (arguments)  — the parameters, some wrapped in a role (api/roles.h) that says what is special about them (a
//                KernelHandle, a payload and its size, a read destination, a launch, …), one per parameter.
// The shim defines every entry (interpose/interpose.cc); ltplay replays every entry (player/replay_calls.cc); the
// rules tables are derived from the entries (api/rules.h). This header defines the list only: expanding the type
// columns needs api/api_types.h.
#pragma once

#include "profiles/v0.56.0/api/mesh_list.h"  // the mesh API (LTCAP_V056_MESH_API_LIST, LTCAP_V056_MEMBER_LIST)

#define LTCAP_V056_API_LIST(X)                                                                                         \
    X(getNumAvailableDevices, kNothing, PlainResult, std::size_t, tt::tt_metal::v0::GetNumAvailableDevices, (), ())    \
    X(isGalaxyCluster, kNothing, PlainResult, bool, tt::tt_metal::v0::IsGalaxyCluster, (), ())                         \
    X(getNumPcieDevices, kNothing, PlainResult, std::size_t, tt::tt_metal::v0::GetNumPCIeDevices, (), ())              \
    X(getPcieDeviceId, kNothing, PlainResult, chip_id_t, tt::tt_metal::v0::GetPCIeDeviceID, (chip_id_t device_id),     \
      (DeviceNumber{device_id}))                                                                                       \
    X(createDevice, kCreates, PlainResult, IDevice*, tt::tt_metal::v0::CreateDevice,                                   \
      (chip_id_t device_id, const std::uint8_t num_hw_cqs, const std::size_t l1_small_size,                            \
       const std::size_t trace_region_size, const DispatchCoreConfig& dispatch_core_config,                            \
       const std::vector<std::uint32_t>& l1_bank_remap),                                                               \
      (DeviceNumber{device_id}, HwQueueCount{num_hw_cqs}, ReservedL1{l1_small_size},                                   \
       TraceRegion{trace_region_size}, dispatch_core_config, l1_bank_remap))                                           \
    X(createDeviceMinimal, kCreates, PlainResult, IDevice*, tt::tt_metal::v0::CreateDeviceMinimal,                     \
      (chip_id_t device_id, const std::uint8_t num_hw_cqs, const DispatchCoreConfig& dispatch_core_config),            \
      (DeviceNumber{device_id}, HwQueueCount{num_hw_cqs},                                                              \
       dispatch_core_config))                                                                                          \
    X(closeDevice, kEndsDevices, PlainResult,                                                                          \
      bool, tt::tt_metal::v0::CloseDevice, (IDevice * device), (ClosesDevice{device}))                                 \
    X(createProgram, kCreates, PlainResult, Program, tt::tt_metal::v0::CreateProgram, (), ())                          \
    X(createKernel, kBuildsProgram, NewKernel, KernelHandle, tt::tt_metal::v0::CreateKernel,                           \
      (Program & program, const std::string& file_name, const CoreSpec& core_spec, const KernelConfig& config),        \
      (program, KernelFile{file_name}, core_spec, config))                                                             \
    X(createKernelFromString, kBuildsProgram, NewKernel, KernelHandle, tt::tt_metal::v0::CreateKernelFromString,       \
      (Program & program, const std::string& kernel_src_code, const CoreSpec& core_spec, const KernelConfig& config),  \
      (program, KernelText{kernel_src_code}, core_spec, config))                                                       \
    X(createCircularBuffer, kBuildsProgram, NewCb, CBHandle, tt::tt_metal::v0::CreateCircularBuffer,                   \
      (Program & program, const CoreSpec& core_spec, const CircularBufferConfig& config),                              \
      (program, core_spec, config))                                                                                    \
    X(getCircularBufferConfig, kNothing, PlainResult,                                                                  \
      const CircularBufferConfig&, tt::tt_metal::v0::GetCircularBufferConfig,                                          \
      (Program & program, CBHandle cb_handle), (program, CbRef{cb_handle}))                                            \
    X(updateCircularBufferTotalSize, kSetsCb, PlainResult, void, tt::tt_metal::v0::UpdateCircularBufferTotalSize,      \
      (Program & program, CBHandle cb_handle, std::uint32_t total_size), (program, CbRef{cb_handle}, total_size))      \
    X(updateCircularBufferPageSize, kSetsProgram, PlainResult, void, tt::tt_metal::v0::UpdateCircularBufferPageSize,   \
      (Program & program, CBHandle cb_handle, std::uint8_t buffer_index, std::uint32_t page_size),                     \
      (program, CbRef{cb_handle}, buffer_index, page_size))                                                            \
    X(updateDynamicCircularBufferAddress, kSetsCb, PlainResult,                                                        \
      void, tt::tt_metal::v0::UpdateDynamicCircularBufferAddress,                                                      \
      (Program & program, CBHandle cb_handle, const Buffer& buffer), (program, CbRef{cb_handle}, buffer))              \
    X(updateDynamicCircularBufferAddressAndTotalSize, kSetsCb, PlainResult, void,                                      \
      tt::tt_metal::v0::UpdateDynamicCircularBufferAddressAndTotalSize,                                                \
      (Program & program, CBHandle cb_handle, const Buffer& buffer, std::uint32_t total_size),                         \
      (program, CbRef{cb_handle}, buffer, total_size))                                                                 \
    X(createSemaphore, kBuildsProgram, NewSemaphore, std::uint32_t, tt::tt_metal::v0::CreateSemaphore,                 \
      (Program & program, const SemaphoreCores& core_spec, std::uint32_t initial_value, CoreType core_type),           \
      (program, core_spec, initial_value, core_type))                                                                  \
    X(createGlobalSemaphore, kCreatesOnDevice | kOrdered, PlainResult,                                                 \
      GlobalSemaphore, tt::tt_metal::v0::CreateGlobalSemaphore,                                                        \
      (IDevice * device, const CoreRangeSet& cores, std::uint32_t initial_value, BufferType buffer_type),              \
      (device, cores, initial_value, buffer_type))                                                                     \
    X(createGlobalSemaphoreMove, kCreatesOnDevice | kOrdered, PlainResult,                                             \
      GlobalSemaphore, tt::tt_metal::v0::CreateGlobalSemaphore,                                                        \
      (IDevice * device, CoreRangeSet && cores, std::uint32_t initial_value, BufferType buffer_type),                  \
      (device, std::move(cores), initial_value, buffer_type))                                                          \
    X(createBufferInterleaved, kCreatesBuffer | kOrdered, PlainResult,                                                 \
      std::shared_ptr<Buffer>, tt::tt_metal::v0::CreateBuffer,                                                         \
      (const InterleavedBufferConfig& config), (config))                                                               \
    X(createBufferInterleavedAtAddress, kCreatesBuffer | kOrdered, PlainResult,                                        \
      std::shared_ptr<Buffer>, tt::tt_metal::v0::CreateBuffer,                                                         \
      (const InterleavedBufferConfig& config, DeviceAddr address), (config, BankAddress{address}))                     \
    X(createBufferInterleavedSubDevice, kCreatesBuffer | kOrdered, PlainResult,                                        \
      std::shared_ptr<Buffer>, tt::tt_metal::v0::CreateBuffer,                                                         \
      (const InterleavedBufferConfig& config, SubDeviceId sub_device_id), (config, sub_device_id))                     \
    X(createBufferSharded, kCreatesBuffer | kOrdered, PlainResult,                                                     \
      std::shared_ptr<Buffer>, tt::tt_metal::v0::CreateBuffer,                                                         \
      (const ShardedBufferConfig& config), (config))                                                                   \
    X(createBufferShardedAtAddress, kCreatesBuffer | kOrdered, PlainResult,                                            \
      std::shared_ptr<Buffer>, tt::tt_metal::v0::CreateBuffer,                                                         \
      (const ShardedBufferConfig& config, DeviceAddr address), (config, BankAddress{address}))                         \
    X(createBufferShardedSubDevice, kCreatesBuffer | kOrdered, PlainResult,                                            \
      std::shared_ptr<Buffer>, tt::tt_metal::v0::CreateBuffer,                                                         \
      (const ShardedBufferConfig& config, SubDeviceId sub_device_id), (config, sub_device_id))                         \
    X(deallocateBuffer, kDeallocates | kOrdered, PlainResult,                                                          \
      void, tt::tt_metal::v0::DeallocateBuffer, (Buffer & buffer), (buffer))                                           \
    X(assignGlobalBufferToProgram, kSetsProgram, PlainResult, void, tt::tt_metal::v0::AssignGlobalBufferToProgram,     \
      (const std::shared_ptr<Buffer>& buffer, Program& program), (buffer, program))                                    \
    X(setRuntimeArgs, kSetsArgs, PlainResult, void, tt::tt_metal::v0::SetRuntimeArgs,                                  \
      (const Program& program, KernelHandle kernel, const CoreSpec& core_spec,                                         \
       tt::stl::Span<const std::uint32_t> runtime_args),                                                               \
      (program, SetsArgsOf{kernel}, core_spec, runtime_args))                                                          \
    X(setRuntimeArgsPerCore, kSetsArgs, PlainResult, void, tt::tt_metal::v0::SetRuntimeArgs,                           \
      (const Program& program, KernelHandle kernel, const std::vector<CoreCoord>& core_spec,                           \
       const std::vector<std::vector<std::uint32_t>>& runtime_args),                                                   \
      (program, SetsArgsOf{kernel}, core_spec, runtime_args))                                                          \
    X(setRuntimeArgsKernel, kSetsArgs, PlainResult, void, tt::tt_metal::v0::SetRuntimeArgs,                            \
      (IDevice * device, const std::shared_ptr<Kernel>& kernel, const CoreSpec& core_spec,                             \
       const std::shared_ptr<RuntimeArgs>& runtime_args),                                                              \
      (device, kernel, core_spec, runtime_args))                                                                       \
    X(setRuntimeArgsKernelPerCore, kSetsArgs, PlainResult, void, tt::tt_metal::v0::SetRuntimeArgs,                     \
      (IDevice * device, const std::shared_ptr<Kernel>& kernel, const std::vector<CoreCoord>& core_spec,               \
       const std::vector<std::shared_ptr<RuntimeArgs>>& runtime_args),                                                 \
      (device, kernel, core_spec, runtime_args))                                                                       \
    X(setCommonRuntimeArgs, kSetsCommonArgs, PlainResult, void, tt::tt_metal::v0::SetCommonRuntimeArgs,                \
      (const Program& program, KernelHandle kernel_id, tt::stl::Span<const std::uint32_t> runtime_args),               \
      (program, SetsArgsOf{kernel_id}, runtime_args))                                                                  \
    X(getRuntimeArgs, kExposesArgs, PlainResult, RuntimeArgsData&, tt::tt_metal::v0::GetRuntimeArgs,                   \
      (const Program& program, KernelHandle kernel_id, const CoreCoord& logical_core),                                 \
      (program, ExposesArgsOf{kernel_id}, logical_core))                                                               \
    X(getRuntimeArgsAll, kExposesArgs, PlainResult, ArgsGrid&, tt::tt_metal::v0::GetRuntimeArgs,                       \
      (const Program& program, KernelHandle kernel_id), (program, ExposesArgsOf{kernel_id}))                           \
    X(getCommonRuntimeArgs, kExposesArgs, PlainResult, RuntimeArgsData&, tt::tt_metal::v0::GetCommonRuntimeArgs,       \
      (const Program& program, KernelHandle kernel_id), (program, ExposesArgsOf{kernel_id}))                           \
    X(enqueueReadBuffer, kNothing, PlainResult, void, tt::tt_metal::v0::EnqueueReadBuffer,                             \
      (CommandQueue & cq, const BufRef& buffer, void* dst, bool blocking),                                             \
      (cq, buffer, ReadInto{dst, WholeBuffer(buffer)}, Blocking{blocking}))                                            \
    X(enqueueReadSubBuffer, kNothing, PlainResult, void, tt::tt_metal::v0::EnqueueReadSubBuffer,                       \
      (CommandQueue & cq, BufRef buffer, void* dst, const BufferRegion& region, bool blocking),                        \
      (cq, buffer, ReadInto{dst, region.size}, region, Blocking{blocking}))                                            \
    X(enqueueWriteBuffer, kNothing, PlainResult, void, tt::tt_metal::v0::EnqueueWriteBuffer,                           \
      (CommandQueue & cq, const BufRef& buffer, HostDataType src, bool blocking),                                      \
      (cq, buffer, Payload{src, WholeBuffer(buffer)}, Blocking{blocking}))                                             \
    X(enqueueWriteSubBuffer, kNothing, PlainResult, void, tt::tt_metal::v0::EnqueueWriteSubBuffer,                     \
      (CommandQueue & cq, const BufRef& buffer, HostDataType src, const BufferRegion& region, bool blocking),          \
      (cq, buffer, Payload{src, region.size}, region, Blocking{blocking}))                                             \
    X(enqueueProgram, kNothing | kLaunch, PlainResult, void, tt::tt_metal::v0::EnqueueProgram,                         \
      (CommandQueue & cq, Program & program, bool blocking), (cq, LaunchOf{program}, Blocking{blocking}))              \
    X(finish, kNothing | kFinish, PlainResult,                                                                         \
      void, tt::tt_metal::v0::Finish, (CommandQueue & cq, SubIds sub_device_ids),                                      \
      (FinishesQueue{cq}, sub_device_ids))                                                                             \
    X(beginTraceCapture, kBeginsTrace | kOrdered, NewTrace, std::uint32_t, tt::tt_metal::v0::BeginTraceCapture,        \
      (IDevice * device, const std::uint8_t cq_id), (device, cq_id))                                                   \
    X(endTraceCapture, kEndsTraceCapture, PlainResult, void, tt::tt_metal::v0::EndTraceCapture,                        \
      (IDevice * device, const std::uint8_t cq_id, const std::uint32_t tid), (device, cq_id, TraceRef{tid}))           \
    X(replayTrace, kNothing | kLaunch, PlainResult, void, tt::tt_metal::v0::ReplayTrace,                               \
      (IDevice * device, const std::uint8_t cq_id, const std::uint32_t tid, const bool blocking),                      \
      (device, cq_id, TraceRef{tid}, blocking))                                                                        \
    X(releaseTrace, kReleasesTrace, PlainResult,                                                                       \
      void, tt::tt_metal::v0::ReleaseTrace, (IDevice * device, const std::uint32_t tid),                               \
      (device, TraceRef{tid}))                                                                                         \
    X(enqueueTrace, kNothing | kLaunch, PlainResult, void, tt::tt_metal::v0::EnqueueTrace,                             \
      (CommandQueue & cq, std::uint32_t trace_id, bool blocking), (cq, TraceRef{trace_id}, Blocking{blocking}))        \
    X(lightMetalBeginCapture, kNothing | kLightMetalBegin, PlainResult,                                                \
      void, tt::tt_metal::v0::LightMetalBeginCapture, (), ())                                                          \
    X(lightMetalEndCapture, kNothing | kLightMetalEnd, PlainResult,                                                    \
      LightMetalBinary, tt::tt_metal::v0::LightMetalEndCapture, (), ())                                                \
    X(loadTrace, kLoadsTrace, PlainResult, void, tt::tt_metal::v0::LoadTrace,                                          \
      (IDevice * device, std::uint8_t cq_id, std::uint32_t trace_id, const TraceDescriptor& trace_desc),               \
      (device, cq_id, LoadsTrace{trace_id}, trace_desc))                                                               \
    X(dumpDeviceProfileResults, kNothing, PlainResult, void, tt::tt_metal::v0::DumpDeviceProfileResults,               \
      (IDevice * device, const Program& program), (device, program))                                                   \
    X(enqueueRecordEvent, kRecordsEvent, PlainResult, void, tt::tt_metal::v0::EnqueueRecordEvent,                      \
      (CommandQueue & cq, const std::shared_ptr<Event>& event, SubIds sub_device_ids),                                 \
      (cq, RecordsEvent{event}, sub_device_ids))                                                                       \
    X(enqueueWaitForEvent, kNothing, PlainResult, void, tt::tt_metal::v0::EnqueueWaitForEvent,                         \
      (CommandQueue & cq, const std::shared_ptr<Event>& event), (cq, event))                                           \
    X(eventSynchronize, kNothing, PlainResult,                                                                         \
      void, tt::tt_metal::v0::EventSynchronize, (const std::shared_ptr<Event>& event),                                 \
      (SynchronizesEvent{event}))                                                                                      \
    X(eventQuery, kNothing, PlainResult,                                                                               \
      bool, tt::tt_metal::v0::EventQuery, (const std::shared_ptr<Event>& event), (event))                              \
    X(synchronize, kNothing | kFinish, PlainResult, void, tt::tt_metal::v0::Synchronize,                               \
      (IDevice * device, const std::optional<std::uint8_t> cq_id, SubIds sub_device_ids),                              \
      (SynchronizesDevice{device}, cq_id, sub_device_ids))                                                             \
    X(detailCreateDevices, kCreates, PlainResult, DeviceMap, tt::tt_metal::detail::CreateDevices,                      \
      (const std::vector<chip_id_t>& device_ids, const std::uint8_t num_hw_cqs, const std::size_t l1_small_size,       \
       const std::size_t trace_region_size, const DispatchCoreConfig& dispatch_core_config,                            \
       const std::vector<std::uint32_t>& l1_bank_remap),                                                               \
      (DeviceNumbers{device_ids}, HwQueueCount{num_hw_cqs}, ReservedL1{l1_small_size},                                 \
       TraceRegion{trace_region_size}, dispatch_core_config,                                                           \
       l1_bank_remap))                                                                                                 \
    X(devicePoolInitialize, kCreates | kNoexcept, PoolDevices, void, tt::DevicePool::initialize,                       \
      (const std::vector<chip_id_t>& device_ids, const std::uint8_t num_hw_cqs, std::size_t l1_small_size,             \
       std::size_t trace_region_size, const DispatchCoreConfig& dispatch_core_config,                                  \
       tt::stl::Span<const std::uint32_t> l1_bank_remap),                                                              \
      (DeviceNumbers{device_ids}, HwQueueCount{num_hw_cqs}, ReservedL1{l1_small_size},                                 \
       TraceRegion{trace_region_size}, dispatch_core_config, l1_bank_remap))                                           \
    X(detailCloseDevices, kEndsDevices, PlainResult,                                                                   \
      void, tt::tt_metal::detail::CloseDevices, (const DeviceMap& devices),                                            \
      (ClosesDevices{devices}))                                                                                        \
    X(detailWriteToBuffer, kNothing, PlainResult, void, tt::tt_metal::detail::WriteToBuffer,                           \
      (Buffer & buffer, tt::stl::Span<const std::uint8_t> host_buffer), (buffer, host_buffer))                         \
    X(detailReadFromBuffer, kNothing, PlainResult, void, tt::tt_metal::detail::ReadFromBuffer,                         \
      (Buffer & buffer, std::uint8_t * host_buffer, bool shard_order),                                                 \
      (buffer, ReadInto{host_buffer, WholeBuffer(buffer), true}, shard_order))                                         \
    X(detailReadShard, kNothing, PlainResult, void, tt::tt_metal::detail::ReadShard,                                   \
      (Buffer & buffer, std::uint8_t * host_buffer, const std::uint32_t& core_id),                                     \
      (buffer, ShardInto{host_buffer, WholeBuffer(buffer)}, core_id))                                                  \
    X(detailLaunchProgram, kNothing | kLaunch, PlainResult, void, tt::tt_metal::detail::LaunchProgram,                 \
      (IDevice * device, Program & program, bool wait_until_cores_done),                                               \
      (device, LaunchOf{program}, wait_until_cores_done))                                                              \
    X(detailLaunchProgramShared, kNothing | kLaunch, PlainResult, void, tt::tt_metal::detail::LaunchProgram,           \
      (IDevice * device, const std::shared_ptr<Program>& program, bool wait_until_cores_done),                         \
      (device, LaunchOfShared{program}, wait_until_cores_done))                                                        \
    X(detailWaitProgramDone, kNothing, PlainResult, void, tt::tt_metal::detail::WaitProgramDone,                       \
      (IDevice * device, Program & program), (device, program))                                                        \
    X(detailCompileProgram, kNothing, PlainResult, void, tt::tt_metal::detail::CompileProgram,                         \
      (IDevice * device, Program & program, bool fd_bootloader_mode), (device, program, fd_bootloader_mode))           \
    X(detailWriteRuntimeArgsToDevice, kNothing, PlainResult, void, tt::tt_metal::detail::WriteRuntimeArgsToDevice,     \
      (IDevice * device, Program & program, bool fd_bootloader_mode), (device, program, fd_bootloader_mode))           \
    X(detailConfigureDeviceWithProgram, kNothing, PlainResult, bool, tt::tt_metal::detail::ConfigureDeviceWithProgram, \
      (IDevice * device, Program & program, bool fd_bootloader_mode), (device, program, fd_bootloader_mode))           \
    X(detailWriteToDeviceDramChannel, kNothing, PlainResult, bool, tt::tt_metal::detail::WriteToDeviceDRAMChannel,     \
      (IDevice * device, int dram_channel, std::uint32_t address, std::vector<std::uint32_t>& host_buffer),            \
      (device, DramChannel{dram_channel}, address, host_buffer))                                                       \
    X(detailReadFromDeviceDramChannel, kNothing, PlainResult, bool, tt::tt_metal::detail::ReadFromDeviceDRAMChannel,   \
      (IDevice * device, int dram_channel, std::uint32_t address, std::uint32_t size,                                  \
       std::vector<std::uint32_t>& host_buffer),                                                                       \
      (device, DramChannel{dram_channel}, address, size, OutWords{host_buffer, size}))                                 \
    X(detailWriteToDeviceL1, kNothing, PlainResult, bool, tt::tt_metal::detail::WriteToDeviceL1,                       \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address,                                         \
       std::vector<std::uint32_t>& host_buffer, CoreType core_type),                                                   \
      (device, logical_core, L1Address{address}, host_buffer, core_type))                                              \
    X(detailReadFromDeviceL1, kNothing, PlainResult, bool, tt::tt_metal::detail::ReadFromDeviceL1,                     \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address, std::uint32_t size,                     \
       std::vector<std::uint32_t>& host_buffer, CoreType core_type),                                                   \
      (device, logical_core, L1Address{address}, size, OutWords{host_buffer, size}, core_type))                        \
    X(detailWriteRegToDevice, kNothing, PlainResult, bool, tt::tt_metal::detail::WriteRegToDevice,                     \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address, const std::uint32_t& regval),           \
      (device, logical_core, address, regval))                                                                         \
    X(detailReadRegFromDevice, kNothing, PlainResult, bool, tt::tt_metal::detail::ReadRegFromDevice,                   \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address, std::uint32_t& regval),                 \
      (device, logical_core, address, OutWord{regval}))                                                                \
    X(detailSynchronizeWorkerThreads, kNothing, PlainResult, void, tt::tt_metal::detail::SynchronizeWorkerThreads,     \
      (const std::vector<IDevice*>& workers), (workers))                                                               \
    X(detailDispatchStateCheck, kNothing, PlainResult,                                                                 \
      bool, tt::tt_metal::detail::DispatchStateCheck, (bool isFastDispatch),                                           \
      (isFastDispatch))                                                                                                \
    X(detailInWorkerThread, kNothing, PlainResult, bool, tt::tt_metal::detail::InWorkerThread, (), ())                 \
    X(detailInitializeFabricConfig, kNothing, PlainResult, void, tt::tt_metal::detail::InitializeFabricConfig,         \
      (tt::FabricConfig fabric_config), (fabric_config))                                                               \
    X(detailClearProfilerControlBuffer, kNothing, PlainResult, void, tt::tt_metal::detail::ClearProfilerControlBuffer, \
      (IDevice * device), (device))                                                                                    \
    X(detailInitDeviceProfiler, kNothing, PlainResult,                                                                 \
      void, tt::tt_metal::detail::InitDeviceProfiler, (IDevice * device),                                              \
      (device))                                                                                                        \
    X(detailProfilerSync, kNothing, PlainResult,                                                                       \
      void, tt::tt_metal::detail::ProfilerSync, (ProfilerSyncState state), (state))                                    \
    X(detailDumpDeviceProfileResultsCores, kNothing, PlainResult,                                                      \
      void, tt::tt_metal::detail::DumpDeviceProfileResults,                                                            \
      (IDevice * device, std::vector<CoreCoord> & worker_cores, ProfilerDumpState state),                              \
      (device, worker_cores, state))                                                                                   \
    X(detailDumpDeviceProfileResults, kNothing, PlainResult, void, tt::tt_metal::detail::DumpDeviceProfileResults,     \
      (IDevice * device, ProfilerDumpState state), (device, state))                                                    \
    X(detailSetDeviceProfilerDir, kNothing, PlainResult, void, tt::tt_metal::detail::SetDeviceProfilerDir,             \
      (const std::string& output_dir), (output_dir))                                                                   \
    X(detailFreshProfilerDeviceLog, kNothing, PlainResult, void, tt::tt_metal::detail::FreshProfilerDeviceLog, (), ()) \
    X(lightMetalCompareToCapture, kNothing, PlainResult, void, tt::tt_metal::LightMetalCompareToCapture,               \
      (CommandQueue & cq, const BufRef& buffer, void* dst), (cq, buffer, ReadInto{dst, WholeBuffer(buffer), true}))    \
    X(lightMetalCompareToGolden, kNothing, PlainResult, void, tt::tt_metal::LightMetalCompareToGolden,                 \
      (CommandQueue & cq, const BufRef& buffer, void* golden_data),                                                    \
      (cq, buffer, Golden{golden_data, WholeBuffer(buffer)}))                                                         \
    X(bufferCreate, kCreatesBuffer | kOrdered, PlainResult, std::shared_ptr<Buffer>, tt::tt_metal::v0::Buffer::create, \
      (IDevice * device, DeviceAddr size, DeviceAddr page_size, BufferType buffer_type,                                \
       TensorMemoryLayout buffer_layout, const std::optional<ShardSpecBuffer>& shard_parameter,                         \
       std::optional<bool> bottom_up, std::optional<SubDeviceId> sub_device_id),                                        \
      (device, DeviceBytes{size}, PageSize{page_size}, buffer_type, buffer_layout, shard_parameter, bottom_up,        \
       sub_device_id))                                                                                                 \
    X(bufferCreateAtAddress, kCreatesBuffer | kOrdered, PlainResult, std::shared_ptr<Buffer>,                          \
      tt::tt_metal::v0::Buffer::create,                                                                                \
      (IDevice * device, DeviceAddr address, DeviceAddr size, DeviceAddr page_size, BufferType buffer_type,            \
       TensorMemoryLayout buffer_layout, const std::optional<ShardSpecBuffer>& shard_parameter,                         \
       std::optional<bool> bottom_up, std::optional<SubDeviceId> sub_device_id),                                        \
      (device, BankAddress{address}, size, page_size, buffer_type, buffer_layout, shard_parameter, bottom_up,         \
       sub_device_id))                                                                                                 \
    LTCAP_V056_MESH_API_LIST(X)

// Entries that are not a function of the API (their own hooks): Buffer's destructor, recorded as `bufferReleased`
// when the last reference to a buffer goes (interpose/destructor_hooks.cc; replayed by dropping the player's
// reference). X(api, rules)
#define LTCAP_V056_IRREGULAR_LIST(X) X(bufferReleased, kReleasesBuffer | kNotACall) LTCAP_V056_MESH_IRREGULAR_LIST(X)
