// The one description of the interposed tt-metal v0.56.0 host API: everything capture and replay need to know
// about each function is in its entry here, and nothing else lists the API.
//
// One row per exported function (overloads separately), given to a list's X as
//   X(api, rules, result, Ret, name, (parameters), (arguments))
// and written R(X, ...) in LTCAP_V056_*_ROWS(R, X), so a later release can inherit the rows through a filter
// (profiles/v0.67.0/api/api_list.h); the lists at the end, LTCAP_V056_*_LIST(X), give every row to X as it is.
// api          — its value in the log's Api enum (schema/trace.capnp, which also names its parameters);
// rules        — what the call means to the capture (api/rules.h): what it does to the tracked state (Keep), and
//                flags — a window boundary (kLaunch, kFinish), builds kernels (kBuildsKernels), ordered with
//                allocations (kOrdered), LightMetal;
// result       — how the return value is recorded: PlainResult (by type) or the object it creates (NewKernel, …);
// Ret, name, (parameters) — the exact v0.56.0 declaration, so the definition gets the real mangled name and a
//                player can call the same function (tt::tt_metal::CreateKernel names v0.56.0's
//                tt::tt_metal::v0::CreateKernel through the inline namespace; ChipId and ttsl::Span are its
//                chip_id_t and tt::stl::Span: api_types.h);
// (arguments)  — the parameters, some wrapped in a role (api/roles.h) that says what is special about them (a
//                KernelHandle, a payload and its size, a read destination, a launch, …), one per parameter.
// The shim defines every entry (interpose/interpose.cc); ltplay replays every entry (player/replay_calls.cc); the
// rules tables are derived from the entries (api/rules.h). This header defines the list only: expanding the type
// columns needs api/api_types.h.
#pragma once

#include "api/preprocessor.h"  // LTCAP_ROW
#include "profiles/v0.56.0/api/mesh_list.h"  // the mesh API (LTCAP_V056_MESH_API_ROWS, _MEMBER_ROWS)

#define LTCAP_V056_API_ROWS(R, X)                                                                                      \
    R(X, getNumAvailableDevices, kNothing, PlainResult, std::size_t, tt::tt_metal::GetNumAvailableDevices, (), ())     \
    R(X, isGalaxyCluster, kNothing, PlainResult, bool, tt::tt_metal::IsGalaxyCluster, (), ())                          \
    R(X, getNumPcieDevices, kNothing, PlainResult, std::size_t, tt::tt_metal::GetNumPCIeDevices, (), ())               \
    R(X, getPcieDeviceId, kNothing, PlainResult, ChipId, tt::tt_metal::GetPCIeDeviceID, (ChipId device_id),            \
      (DeviceNumber{device_id}))                                                                                       \
    R(X, createDevice, kCreates, PlainResult, IDevice*, tt::tt_metal::CreateDevice,                                    \
      (ChipId device_id, const std::uint8_t num_hw_cqs, const std::size_t l1_small_size,                               \
       const std::size_t trace_region_size, const DispatchCoreConfig& dispatch_core_config,                            \
       const std::vector<std::uint32_t>& l1_bank_remap),                                                               \
      (DeviceNumber{device_id}, HwQueueCount{num_hw_cqs}, ReservedL1{l1_small_size},                                   \
       TraceRegion{trace_region_size}, dispatch_core_config, l1_bank_remap))                                           \
    R(X, createDeviceMinimal, kCreates, PlainResult, IDevice*, tt::tt_metal::CreateDeviceMinimal,                      \
      (ChipId device_id, std::uint8_t num_hw_cqs, const DispatchCoreConfig& dispatch_core_config),                     \
      (DeviceNumber{device_id}, HwQueueCount{num_hw_cqs},                                                              \
       dispatch_core_config))                                                                                          \
    R(X, closeDevice, kEndsDevices, PlainResult,                                                                       \
      bool, tt::tt_metal::CloseDevice, (IDevice * device), (ClosesDevice{device}))                                     \
    R(X, createProgram, kCreates, PlainResult, Program, tt::tt_metal::CreateProgram, (), ())                           \
    R(X, createKernel, kBuildsProgram, NewKernel, KernelHandle, tt::tt_metal::CreateKernel,                            \
      (Program & program, const std::string& file_name, const CoreSpec& core_spec, const KernelConfig& config),        \
      (program, KernelFile{file_name}, core_spec, config))                                                             \
    R(X, createKernelFromString, kBuildsProgram, NewKernel, KernelHandle, tt::tt_metal::CreateKernelFromString,        \
      (Program & program, const std::string& kernel_src_code, const CoreSpec& core_spec, const KernelConfig& config),  \
      (program, KernelText{kernel_src_code}, core_spec, config))                                                       \
    R(X, createCircularBuffer, kBuildsProgram, NewCb, CBHandle, tt::tt_metal::CreateCircularBuffer,                    \
      (Program & program, const CoreSpec& core_spec, const CircularBufferConfig& config),                              \
      (program, core_spec, config))                                                                                    \
    R(X, getCircularBufferConfig, kNothing, PlainResult,                                                               \
      const CircularBufferConfig&, tt::tt_metal::GetCircularBufferConfig,                                              \
      (Program & program, CBHandle cb_handle), (program, CbRef{cb_handle}))                                            \
    R(X, updateCircularBufferTotalSize, kSetsCb, PlainResult, void, tt::tt_metal::UpdateCircularBufferTotalSize,       \
      (Program & program, CBHandle cb_handle, std::uint32_t total_size), (program, CbRef{cb_handle}, total_size))      \
    R(X, updateCircularBufferPageSize, kSetsProgram, PlainResult, void, tt::tt_metal::UpdateCircularBufferPageSize,    \
      (Program & program, CBHandle cb_handle, std::uint8_t buffer_index, std::uint32_t page_size),                     \
      (program, CbRef{cb_handle}, buffer_index, page_size))                                                            \
    R(X, updateDynamicCircularBufferAddress, kSetsCb, PlainResult,                                                     \
      void, tt::tt_metal::UpdateDynamicCircularBufferAddress,                                                          \
      (Program & program, CBHandle cb_handle, const Buffer& buffer), (program, CbRef{cb_handle}, buffer))              \
    R(X, updateDynamicCircularBufferAddressAndTotalSize, kSetsCb, PlainResult, void,                                   \
      tt::tt_metal::UpdateDynamicCircularBufferAddressAndTotalSize,                                                    \
      (Program & program, CBHandle cb_handle, const Buffer& buffer, std::uint32_t total_size),                         \
      (program, CbRef{cb_handle}, buffer, total_size))                                                                 \
    R(X, createSemaphore, kBuildsProgram, NewSemaphore, std::uint32_t, tt::tt_metal::CreateSemaphore,                  \
      (Program & program, const SemaphoreCores& core_spec, std::uint32_t initial_value, CoreType core_type),           \
      (program, core_spec, initial_value, core_type))                                                                  \
    R(X, createGlobalSemaphore, kCreatesOnDevice | kOrdered, PlainResult,                                              \
      GlobalSemaphore, tt::tt_metal::CreateGlobalSemaphore,                                                            \
      (IDevice * device, const CoreRangeSet& cores, std::uint32_t initial_value, BufferType buffer_type),              \
      (device, cores, initial_value, buffer_type))                                                                     \
    R(X, createGlobalSemaphoreMove, kCreatesOnDevice | kOrdered, PlainResult,                                          \
      GlobalSemaphore, tt::tt_metal::CreateGlobalSemaphore,                                                            \
      (IDevice * device, CoreRangeSet && cores, std::uint32_t initial_value, BufferType buffer_type),                  \
      (device, std::move(cores), initial_value, buffer_type))                                                          \
    R(X, createBufferInterleaved, kCreatesBuffer | kOrdered, PlainResult,                                              \
      std::shared_ptr<Buffer>, tt::tt_metal::CreateBuffer,                                                             \
      (const InterleavedBufferConfig& config), (config))                                                               \
    R(X, createBufferInterleavedAtAddress, kCreatesBuffer | kOrdered, PlainResult,                                     \
      std::shared_ptr<Buffer>, tt::tt_metal::CreateBuffer,                                                             \
      (const InterleavedBufferConfig& config, DeviceAddr address), (config, BankAddress{address}))                     \
    R(X, createBufferInterleavedSubDevice, kCreatesBuffer | kOrdered, PlainResult,                                     \
      std::shared_ptr<Buffer>, tt::tt_metal::CreateBuffer,                                                             \
      (const InterleavedBufferConfig& config, SubDeviceId sub_device_id), (config, sub_device_id))                     \
    R(X, createBufferSharded, kCreatesBuffer | kOrdered, PlainResult,                                                  \
      std::shared_ptr<Buffer>, tt::tt_metal::CreateBuffer,                                                             \
      (const ShardedBufferConfig& config), (config))                                                                   \
    R(X, createBufferShardedAtAddress, kCreatesBuffer | kOrdered, PlainResult,                                         \
      std::shared_ptr<Buffer>, tt::tt_metal::CreateBuffer,                                                             \
      (const ShardedBufferConfig& config, DeviceAddr address), (config, BankAddress{address}))                         \
    R(X, createBufferShardedSubDevice, kCreatesBuffer | kOrdered, PlainResult,                                         \
      std::shared_ptr<Buffer>, tt::tt_metal::CreateBuffer,                                                             \
      (const ShardedBufferConfig& config, SubDeviceId sub_device_id), (config, sub_device_id))                         \
    R(X, deallocateBuffer, kDeallocates | kOrdered, PlainResult,                                                       \
      void, tt::tt_metal::DeallocateBuffer, (Buffer & buffer), (buffer))                                               \
    R(X, assignGlobalBufferToProgram, kSetsProgram, PlainResult, void, tt::tt_metal::AssignGlobalBufferToProgram,      \
      (const std::shared_ptr<Buffer>& buffer, Program& program), (buffer, program))                                    \
    R(X, setRuntimeArgs, kSetsArgs, PlainResult, void, tt::tt_metal::SetRuntimeArgs,                                   \
      (const Program& program, KernelHandle kernel, const CoreSpec& core_spec,                                         \
       ttsl::Span<const std::uint32_t> runtime_args),                                                                  \
      (program, SetsArgsOf{kernel}, core_spec, runtime_args))                                                          \
    R(X, setRuntimeArgsPerCore, kSetsArgs, PlainResult, void, tt::tt_metal::SetRuntimeArgs,                            \
      (const Program& program, KernelHandle kernel, const std::vector<CoreCoord>& core_spec,                           \
       const std::vector<std::vector<std::uint32_t>>& runtime_args),                                                   \
      (program, SetsArgsOf{kernel}, core_spec, runtime_args))                                                          \
    R(X, setRuntimeArgsKernel, kSetsArgs, PlainResult, void, tt::tt_metal::SetRuntimeArgs,                             \
      (IDevice * device, const std::shared_ptr<Kernel>& kernel, const CoreSpec& core_spec,                             \
       const std::shared_ptr<RuntimeArgs>& runtime_args),                                                              \
      (device, kernel, core_spec, runtime_args))                                                                       \
    R(X, setRuntimeArgsKernelPerCore, kSetsArgs, PlainResult, void, tt::tt_metal::SetRuntimeArgs,                      \
      (IDevice * device, const std::shared_ptr<Kernel>& kernel, const std::vector<CoreCoord>& core_spec,               \
       const std::vector<std::shared_ptr<RuntimeArgs>>& runtime_args),                                                 \
      (device, kernel, core_spec, runtime_args))                                                                       \
    R(X, setCommonRuntimeArgs, kSetsCommonArgs, PlainResult, void, tt::tt_metal::SetCommonRuntimeArgs,                 \
      (const Program& program, KernelHandle kernel_id, ttsl::Span<const std::uint32_t> runtime_args),                  \
      (program, SetsArgsOf{kernel_id}, runtime_args))                                                                  \
    R(X, getRuntimeArgs, kExposesArgs, PlainResult, RuntimeArgsData&, tt::tt_metal::GetRuntimeArgs,                    \
      (const Program& program, KernelHandle kernel_id, const CoreCoord& logical_core),                                 \
      (program, ExposesArgsOf{kernel_id}, logical_core))                                                               \
    R(X, getRuntimeArgsAll, kExposesArgs, PlainResult, ArgsGrid&, tt::tt_metal::GetRuntimeArgs,                        \
      (const Program& program, KernelHandle kernel_id), (program, ExposesArgsOf{kernel_id}))                           \
    R(X, getCommonRuntimeArgs, kExposesArgs, PlainResult, RuntimeArgsData&, tt::tt_metal::GetCommonRuntimeArgs,        \
      (const Program& program, KernelHandle kernel_id), (program, ExposesArgsOf{kernel_id}))                           \
    R(X, enqueueReadBuffer, kNothing, PlainResult, void, tt::tt_metal::EnqueueReadBuffer,                              \
      (CommandQueue & cq, const BufRef& buffer, void* dst, bool blocking),                                             \
      (cq, buffer, ReadInto{dst, WholeBuffer(buffer)}, Blocking{blocking}))                                            \
    R(X, enqueueReadSubBuffer, kNothing, PlainResult, void, tt::tt_metal::EnqueueReadSubBuffer,                        \
      (CommandQueue & cq, BufRef buffer, void* dst, const BufferRegion& region, bool blocking),                        \
      (cq, buffer, ReadInto{dst, region.size}, region, Blocking{blocking}))                                            \
    R(X, enqueueWriteBuffer, kNothing, PlainResult, void, tt::tt_metal::EnqueueWriteBuffer,                            \
      (CommandQueue & cq, const BufRef& buffer, HostDataType src, bool blocking),                                      \
      (cq, buffer, Payload{src, WholeBuffer(buffer)}, Blocking{blocking}))                                             \
    R(X, enqueueWriteSubBuffer, kNothing, PlainResult, void, tt::tt_metal::EnqueueWriteSubBuffer,                      \
      (CommandQueue & cq, const BufRef& buffer, HostDataType src, const BufferRegion& region, bool blocking),          \
      (cq, buffer, Payload{src, region.size}, region, Blocking{blocking}))                                             \
    R(X, enqueueProgram, kNothing | kLaunch, PlainResult, void, tt::tt_metal::EnqueueProgram,                          \
      (CommandQueue & cq, Program & program, bool blocking), (cq, LaunchOf{program}, Blocking{blocking}))              \
    R(X, finish, kNothing | kFinish, PlainResult,                                                                      \
      void, tt::tt_metal::Finish, (CommandQueue & cq, SubIds sub_device_ids),                                          \
      (FinishesQueue{cq}, sub_device_ids))                                                                             \
    R(X, beginTraceCapture, kBeginsTrace | kOrdered, NewTrace, std::uint32_t, tt::tt_metal::BeginTraceCapture,         \
      (IDevice * device, const std::uint8_t cq_id), (device, cq_id))                                                   \
    R(X, endTraceCapture, kEndsTraceCapture, PlainResult, void, tt::tt_metal::EndTraceCapture,                         \
      (IDevice * device, const std::uint8_t cq_id, const std::uint32_t tid), (device, cq_id, TraceRef{tid}))           \
    R(X, replayTrace, kNothing | kLaunch, PlainResult, void, tt::tt_metal::ReplayTrace,                                \
      (IDevice * device, const std::uint8_t cq_id, const std::uint32_t tid, const bool blocking),                      \
      (device, cq_id, TraceRef{tid}, blocking))                                                                        \
    R(X, releaseTrace, kReleasesTrace, PlainResult,                                                                    \
      void, tt::tt_metal::ReleaseTrace, (IDevice * device, const std::uint32_t tid),                                   \
      (device, TraceRef{tid}))                                                                                         \
    R(X, enqueueTrace, kNothing | kLaunch, PlainResult, void, tt::tt_metal::EnqueueTrace,                              \
      (CommandQueue & cq, std::uint32_t trace_id, bool blocking), (cq, TraceRef{trace_id}, Blocking{blocking}))        \
    R(X, lightMetalBeginCapture, kNothing | kLightMetalBegin, PlainResult,                                             \
      void, tt::tt_metal::LightMetalBeginCapture, (), ())                                                              \
    R(X, lightMetalEndCapture, kNothing | kLightMetalEnd, PlainResult,                                                 \
      LightMetalBinary, tt::tt_metal::LightMetalEndCapture, (), ())                                                    \
    R(X, loadTrace, kLoadsTrace, PlainResult, void, tt::tt_metal::LoadTrace,                                           \
      (IDevice * device, std::uint8_t cq_id, std::uint32_t trace_id, const TraceDescriptor& trace_desc),               \
      (device, cq_id, LoadsTrace{trace_id}, trace_desc))                                                               \
    R(X, dumpDeviceProfileResults, kNothing, PlainResult, void, tt::tt_metal::DumpDeviceProfileResults,                \
      (IDevice * device, const Program& program), (device, program))                                                   \
    R(X, enqueueRecordEvent, kRecordsEvent, PlainResult, void, tt::tt_metal::EnqueueRecordEvent,                       \
      (CommandQueue & cq, const std::shared_ptr<Event>& event, SubIds sub_device_ids),                                 \
      (cq, RecordsEvent{event}, sub_device_ids))                                                                       \
    R(X, enqueueWaitForEvent, kNothing, PlainResult, void, tt::tt_metal::EnqueueWaitForEvent,                          \
      (CommandQueue & cq, const std::shared_ptr<Event>& event), (cq, event))                                           \
    R(X, eventSynchronize, kNothing, PlainResult,                                                                      \
      void, tt::tt_metal::EventSynchronize, (const std::shared_ptr<Event>& event),                                     \
      (SynchronizesEvent{event}))                                                                                      \
    R(X, eventQuery, kNothing, PlainResult,                                                                            \
      bool, tt::tt_metal::EventQuery, (const std::shared_ptr<Event>& event), (event))                                  \
    R(X, synchronize, kNothing | kFinish, PlainResult, void, tt::tt_metal::Synchronize,                                \
      (IDevice * device, const std::optional<std::uint8_t> cq_id, SubIds sub_device_ids),                              \
      (SynchronizesDevice{device}, cq_id, sub_device_ids))                                                             \
    R(X, detailCreateDevices, kCreates, PlainResult, DeviceMap, tt::tt_metal::detail::CreateDevices,                   \
      (const std::vector<ChipId>& device_ids, const std::uint8_t num_hw_cqs, const std::size_t l1_small_size,          \
       const std::size_t trace_region_size, const DispatchCoreConfig& dispatch_core_config,                            \
       const std::vector<std::uint32_t>& l1_bank_remap),                                                               \
      (DeviceNumbers{device_ids}, HwQueueCount{num_hw_cqs}, ReservedL1{l1_small_size},                                 \
       TraceRegion{trace_region_size}, dispatch_core_config,                                                           \
       l1_bank_remap))                                                                                                 \
    R(X, devicePoolInitialize, kCreates | kNoexcept, PoolDevices, void, tt::DevicePool::initialize,                    \
      (const std::vector<ChipId>& device_ids, const std::uint8_t num_hw_cqs, std::size_t l1_small_size,                \
       std::size_t trace_region_size, const DispatchCoreConfig& dispatch_core_config,                                  \
       ttsl::Span<const std::uint32_t> l1_bank_remap),                                                                 \
      (DeviceNumbers{device_ids}, HwQueueCount{num_hw_cqs}, ReservedL1{l1_small_size},                                 \
       TraceRegion{trace_region_size}, dispatch_core_config, l1_bank_remap))                                           \
    R(X, detailCloseDevices, kEndsDevices, PlainResult,                                                                \
      void, tt::tt_metal::detail::CloseDevices, (const DeviceMap& devices),                                            \
      (ClosesDevices{devices}))                                                                                        \
    R(X, detailWriteToBuffer, kNothing, PlainResult, void, tt::tt_metal::detail::WriteToBuffer,                        \
      (Buffer & buffer, ttsl::Span<const std::uint8_t> host_buffer), (buffer, host_buffer))                            \
    R(X, detailReadFromBuffer, kNothing, PlainResult, void, tt::tt_metal::detail::ReadFromBuffer,                      \
      (Buffer & buffer, std::uint8_t * host_buffer, bool shard_order),                                                 \
      (buffer, ReadInto{host_buffer, WholeBuffer(buffer), true}, shard_order))                                         \
    R(X, detailReadShard, kNothing, PlainResult, void, tt::tt_metal::detail::ReadShard,                                \
      (Buffer & buffer, std::uint8_t * host_buffer, const std::uint32_t& core_id),                                     \
      (buffer, ShardInto{host_buffer, WholeBuffer(buffer)}, core_id))                                                  \
    R(X, detailLaunchProgram, kNothing | kLaunch, PlainResult, void, tt::tt_metal::detail::LaunchProgram,              \
      (IDevice * device, Program & program, bool wait_until_cores_done),                                               \
      (device, LaunchOf{program}, wait_until_cores_done))                                                              \
    R(X, detailLaunchProgramShared, kNothing | kLaunch, PlainResult, void, tt::tt_metal::detail::LaunchProgram,        \
      (IDevice * device, const std::shared_ptr<Program>& program, bool wait_until_cores_done),                         \
      (device, LaunchOfShared{program}, wait_until_cores_done))                                                        \
    R(X, detailWaitProgramDone, kNothing, PlainResult, void, tt::tt_metal::detail::WaitProgramDone,                    \
      (IDevice * device, Program & program), (device, program))                                                        \
    R(X, detailCompileProgram, kNothing | kBuildsKernels, PlainResult, void,                                           \
      tt::tt_metal::detail::CompileProgram,                                                                            \
      (IDevice * device, Program & program, bool fd_bootloader_mode), (device, program, fd_bootloader_mode))           \
    R(X, detailWriteRuntimeArgsToDevice, kNothing, PlainResult, void, tt::tt_metal::detail::WriteRuntimeArgsToDevice,  \
      (IDevice * device, Program & program, bool fd_bootloader_mode), (device, program, fd_bootloader_mode))           \
    R(X, detailConfigureDeviceWithProgram, kNothing, PlainResult, bool, tt::tt_metal::detail::ConfigureDeviceWithProgram, \
      (IDevice * device, Program & program, bool fd_bootloader_mode), (device, program, fd_bootloader_mode))           \
    R(X, detailWriteToDeviceDramChannel, kNothing, PlainResult, bool, tt::tt_metal::detail::WriteToDeviceDRAMChannel,  \
      (IDevice * device, int dram_channel, std::uint32_t address, std::vector<std::uint32_t>& host_buffer),            \
      (device, DramChannel{dram_channel}, address, host_buffer))                                                       \
    R(X, detailReadFromDeviceDramChannel, kNothing, PlainResult, bool, tt::tt_metal::detail::ReadFromDeviceDRAMChannel, \
      (IDevice * device, int dram_channel, std::uint32_t address, std::uint32_t size,                                  \
       std::vector<std::uint32_t>& host_buffer),                                                                       \
      (device, DramChannel{dram_channel}, address, size, OutWords{host_buffer, size}))                                 \
    R(X, detailWriteToDeviceL1, kNothing, PlainResult, bool, tt::tt_metal::detail::WriteToDeviceL1,                    \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address,                                         \
       std::vector<std::uint32_t>& host_buffer, CoreType core_type),                                                   \
      (device, logical_core, L1Address{address}, host_buffer, core_type))                                              \
    R(X, detailReadFromDeviceL1, kNothing, PlainResult, bool, tt::tt_metal::detail::ReadFromDeviceL1,                  \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address, std::uint32_t size,                     \
       std::vector<std::uint32_t>& host_buffer, CoreType core_type),                                                   \
      (device, logical_core, L1Address{address}, size, OutWords{host_buffer, size}, core_type))                        \
    R(X, detailWriteRegToDevice, kNothing, PlainResult, bool, tt::tt_metal::detail::WriteRegToDevice,                  \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address, const std::uint32_t& regval),           \
      (device, logical_core, address, regval))                                                                         \
    R(X, detailReadRegFromDevice, kNothing, PlainResult, bool, tt::tt_metal::detail::ReadRegFromDevice,                \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address, std::uint32_t& regval),                 \
      (device, logical_core, address, OutWord{regval}))                                                                \
    R(X, detailSynchronizeWorkerThreads, kNothing, PlainResult, void, tt::tt_metal::detail::SynchronizeWorkerThreads,  \
      (const std::vector<IDevice*>& workers), (workers))                                                               \
    R(X, detailDispatchStateCheck, kNothing, PlainResult,                                                              \
      bool, tt::tt_metal::detail::DispatchStateCheck, (bool isFastDispatch),                                           \
      (isFastDispatch))                                                                                                \
    R(X, detailInWorkerThread, kNothing, PlainResult, bool, tt::tt_metal::detail::InWorkerThread, (), ())              \
    R(X, detailInitializeFabricConfig, kNothing, PlainResult, void, tt::tt_metal::detail::InitializeFabricConfig,      \
      (tt::FabricConfig fabric_config), (fabric_config))                                                               \
    R(X, detailClearProfilerControlBuffer, kNothing, PlainResult, void, tt::tt_metal::detail::ClearProfilerControlBuffer, \
      (IDevice * device), (device))                                                                                    \
    R(X, detailInitDeviceProfiler, kNothing, PlainResult,                                                              \
      void, tt::tt_metal::detail::InitDeviceProfiler, (IDevice * device),                                              \
      (device))                                                                                                        \
    R(X, detailProfilerSync, kNothing, PlainResult,                                                                    \
      void, tt::tt_metal::detail::ProfilerSync, (ProfilerSyncState state), (state))                                    \
    R(X, detailDumpDeviceProfileResultsCores, kNothing, PlainResult,                                                   \
      void, tt::tt_metal::detail::DumpDeviceProfileResults,                                                            \
      (IDevice * device, std::vector<CoreCoord> & worker_cores, ProfilerDumpState state),                              \
      (device, worker_cores, state))                                                                                   \
    R(X, detailDumpDeviceProfileResults, kNothing, PlainResult, void, tt::tt_metal::detail::DumpDeviceProfileResults,  \
      (IDevice * device, ProfilerDumpState state), (device, state))                                                    \
    R(X, detailSetDeviceProfilerDir, kNothing, PlainResult, void, tt::tt_metal::detail::SetDeviceProfilerDir,          \
      (const std::string& output_dir), (output_dir))                                                                   \
    R(X, detailFreshProfilerDeviceLog, kNothing, PlainResult, void, tt::tt_metal::detail::FreshProfilerDeviceLog, (), ()) \
    R(X, lightMetalCompareToCapture, kNothing, PlainResult, void, tt::tt_metal::LightMetalCompareToCapture,            \
      (CommandQueue & cq, const BufRef& buffer, void* dst), (cq, buffer, ReadInto{dst, WholeBuffer(buffer), true}))    \
    R(X, lightMetalCompareToGolden, kNothing, PlainResult, void, tt::tt_metal::LightMetalCompareToGolden,              \
      (CommandQueue & cq, const BufRef& buffer, void* golden_data),                                                    \
      (cq, buffer, Golden{golden_data, WholeBuffer(buffer)}))                                                          \
    R(X, bufferCreate, kCreatesBuffer | kOrdered, PlainResult, std::shared_ptr<Buffer>, tt::tt_metal::Buffer::create,  \
      (IDevice * device, DeviceAddr size, DeviceAddr page_size, BufferType buffer_type,                                \
       TensorMemoryLayout buffer_layout, const std::optional<ShardSpecBuffer>& shard_parameter,                        \
       std::optional<bool> bottom_up, std::optional<SubDeviceId> sub_device_id),                                       \
      (device, DeviceBytes{size}, PageSize{page_size}, buffer_type, buffer_layout, shard_parameter, bottom_up,         \
       sub_device_id))                                                                                                 \
    R(X, bufferCreateAtAddress, kCreatesBuffer | kOrdered, PlainResult, std::shared_ptr<Buffer>,                       \
      tt::tt_metal::Buffer::create,                                                                                    \
      (IDevice * device, DeviceAddr address, DeviceAddr size, DeviceAddr page_size, BufferType buffer_type,            \
       TensorMemoryLayout buffer_layout, const std::optional<ShardSpecBuffer>& shard_parameter,                        \
       std::optional<bool> bottom_up, std::optional<SubDeviceId> sub_device_id),                                       \
      (device, BankAddress{address}, size, page_size, buffer_type, buffer_layout, shard_parameter, bottom_up,          \
       sub_device_id))                                                                                                 \
    LTCAP_V056_MESH_API_ROWS(R, X)

// Entries that are not a function of the API (their own hooks): Buffer's destructor, recorded as `bufferReleased`
// when the last reference to a buffer goes (interpose/destructor_hooks.cc; replayed by dropping the player's
// reference). X(api, rules)
#define LTCAP_V056_IRREGULAR_ROWS(R, X)                                                                                \
    R(X, bufferReleased, kReleasesBuffer | kNotACall) LTCAP_V056_MESH_IRREGULAR_ROWS(R, X)

// The lists: every row as it is (a later release inherits the rows through a filter instead: api/preprocessor.h,
// LTCAP_INHERIT_UNLESS). The release has no virtual members the shim defines.
#define LTCAP_V056_API_LIST(X) LTCAP_V056_API_ROWS(LTCAP_ROW, X)
#define LTCAP_V056_MEMBER_LIST(X) LTCAP_V056_MEMBER_ROWS(LTCAP_ROW, X)
#define LTCAP_V056_VIRTUAL_LIST(X)
#define LTCAP_V056_IRREGULAR_LIST(X) LTCAP_V056_IRREGULAR_ROWS(LTCAP_ROW, X)
