// The one description of the interposed tt-metal v0.67.0 host API, as a change to v0.56.0's
// (profiles/v0.56.0/api/api_list.h, whose columns it shares):
//   X(api, rules, result, Ret, name, (parameters), (arguments))                         LTCAP_V067_API_LIST
//   X(api, rules, result, Ret, Class, method, qualifier, (parameters), (arguments))     LTCAP_V067_MEMBER_LIST
//   X(api, rules, result, Ret, Interface, Impl, OtherImpl, method, qualifier, (parameters), (arguments))
//                                                                                       LTCAP_V067_VIRTUAL_LIST
//   X(api, rules)                                                                       LTCAP_V067_IRREGULAR_LIST
// Each list is v0.56.0's rows, less the ones named below (LTCAP_V067_DROPS_<api>: calls v0.67.0 removed, and calls
// it declares differently, described anew), and this release's own rows. An inherited row is the same text in both
// releases and keeps its Api value and rules; it is compiled against each release's headers, so it gets each
// release's mangled name. A call described anew keeps its Api value when its meaning is the same (api/rules.h checks
// that two releases give one value the same rules); a new call gets a new value.
//
// Virtual members: a program reaches MeshCommandQueue's data path only through header-inline templates calling its
// pure virtuals (EnqueueWriteMeshBuffer → enqueue_write_mesh_buffer, …), so the shim defines the concrete
// implementations tt-metal names (MeshCommandQueueBase's writes and reads; FDMeshCommandQueue's and
// SDMeshCommandQueue's workloads, finish and events) under their mangled names: the library's vtables bind their
// slots to a preloaded definition. Impl and OtherImpl are the classes defining it (OtherImpl `NoImpl` when one
// does); the player calls Interface::method, virtually, on the queue the log names.
//
// Calls tt-metal makes inside a recorded call (EnqueueMeshWorkload → enqueue_mesh_workload, Finish → finish) are
// nested, and recorded once, as the outer call.
#pragma once

#include "api/preprocessor.h"
#include "profiles/v0.56.0/api/api_list.h"

// v0.56.0 calls v0.67.0 does not have (CommandQueue and its Enqueue* calls, Event, metal traces by id, Light Metal,
// the device pool), or has with another signature (its form is a row of its own below, under a value of its own).
#define LTCAP_V067_DROPS_createDevice LTCAP_DROPPED
#define LTCAP_V067_DROPS_setRuntimeArgsKernel LTCAP_DROPPED
#define LTCAP_V067_DROPS_setRuntimeArgsKernelPerCore LTCAP_DROPPED
#define LTCAP_V067_DROPS_enqueueReadBuffer LTCAP_DROPPED
#define LTCAP_V067_DROPS_enqueueReadSubBuffer LTCAP_DROPPED
#define LTCAP_V067_DROPS_enqueueWriteBuffer LTCAP_DROPPED
#define LTCAP_V067_DROPS_enqueueWriteSubBuffer LTCAP_DROPPED
#define LTCAP_V067_DROPS_enqueueProgram LTCAP_DROPPED
#define LTCAP_V067_DROPS_finish LTCAP_DROPPED
#define LTCAP_V067_DROPS_beginTraceCapture LTCAP_DROPPED
#define LTCAP_V067_DROPS_endTraceCapture LTCAP_DROPPED
#define LTCAP_V067_DROPS_replayTrace LTCAP_DROPPED
#define LTCAP_V067_DROPS_releaseTrace LTCAP_DROPPED
#define LTCAP_V067_DROPS_enqueueTrace LTCAP_DROPPED
#define LTCAP_V067_DROPS_lightMetalBeginCapture LTCAP_DROPPED
#define LTCAP_V067_DROPS_lightMetalEndCapture LTCAP_DROPPED
#define LTCAP_V067_DROPS_loadTrace LTCAP_DROPPED
#define LTCAP_V067_DROPS_dumpDeviceProfileResults LTCAP_DROPPED
#define LTCAP_V067_DROPS_enqueueRecordEvent LTCAP_DROPPED
#define LTCAP_V067_DROPS_enqueueWaitForEvent LTCAP_DROPPED
#define LTCAP_V067_DROPS_eventSynchronize LTCAP_DROPPED
#define LTCAP_V067_DROPS_eventQuery LTCAP_DROPPED
#define LTCAP_V067_DROPS_synchronize LTCAP_DROPPED
#define LTCAP_V067_DROPS_detailCreateDevices LTCAP_DROPPED
#define LTCAP_V067_DROPS_devicePoolInitialize LTCAP_DROPPED
#define LTCAP_V067_DROPS_detailReadFromBuffer LTCAP_DROPPED
#define LTCAP_V067_DROPS_detailLaunchProgram LTCAP_DROPPED
#define LTCAP_V067_DROPS_detailLaunchProgramShared LTCAP_DROPPED
#define LTCAP_V067_DROPS_detailWaitProgramDone LTCAP_DROPPED
#define LTCAP_V067_DROPS_detailCompileProgram LTCAP_DROPPED
#define LTCAP_V067_DROPS_detailWriteRuntimeArgsToDevice LTCAP_DROPPED
#define LTCAP_V067_DROPS_detailConfigureDeviceWithProgram LTCAP_DROPPED
#define LTCAP_V067_DROPS_detailWriteToDeviceL1 LTCAP_DROPPED
#define LTCAP_V067_DROPS_detailReadFromDeviceL1 LTCAP_DROPPED
#define LTCAP_V067_DROPS_detailSynchronizeWorkerThreads LTCAP_DROPPED
#define LTCAP_V067_DROPS_detailInWorkerThread LTCAP_DROPPED
#define LTCAP_V067_DROPS_detailInitializeFabricConfig LTCAP_DROPPED
#define LTCAP_V067_DROPS_detailDumpDeviceProfileResultsCores LTCAP_DROPPED
#define LTCAP_V067_DROPS_detailDumpDeviceProfileResults LTCAP_DROPPED
#define LTCAP_V067_DROPS_lightMetalCompareToCapture LTCAP_DROPPED
#define LTCAP_V067_DROPS_lightMetalCompareToGolden LTCAP_DROPPED
#define LTCAP_V067_DROPS_bufferCreate LTCAP_DROPPED
#define LTCAP_V067_DROPS_bufferCreateAtAddress LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshDeviceCreate LTCAP_DROPPED
#define LTCAP_V067_DROPS_createMeshWorkload LTCAP_DROPPED
#define LTCAP_V067_DROPS_addProgramToMeshWorkload LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshEnqueueRecordEvent LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshEnqueueRecordEventToHost LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshEnqueueWaitForEvent LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshEndTraceCapture LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshReplayTrace LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshReleaseTrace LTCAP_DROPPED

// v0.56.0 calls v0.67.0 describes anew under the same Api value: MeshCommandQueue's members are virtual, defined by
// the implementations tt-metal names (LTCAP_V067_OWN_VIRTUAL_LIST).
#define LTCAP_V067_DROPS_meshCqEnqueueMeshWorkload LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshCqEnqueueWriteShardToSubGrid LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshCqEnqueueWriteMeshBuffer LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshCqEnqueueWriteShards LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshCqEnqueueReadMeshBuffer LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshCqEnqueueReadShards LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshCqEnqueueRecordEvent LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshCqEnqueueRecordEventToHost LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshCqEnqueueWaitForEvent LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshCqFinish LTCAP_DROPPED
#define LTCAP_V067_DROPS_meshCqEnqueueTrace LTCAP_DROPPED

#define LTCAP_V067_INHERITED(X, api, ...) LTCAP_INHERIT_UNLESS(LTCAP_V067_DROPS_, X, api, __VA_ARGS__)

#define LTCAP_V067_API_LIST(X) LTCAP_V056_API_ROWS(LTCAP_V067_INHERITED, X) LTCAP_V067_OWN_API_LIST(X)
#define LTCAP_V067_MEMBER_LIST(X) LTCAP_V056_MEMBER_ROWS(LTCAP_V067_INHERITED, X) LTCAP_V067_OWN_MEMBER_LIST(X)
#define LTCAP_V067_VIRTUAL_LIST(X) LTCAP_V067_OWN_VIRTUAL_LIST(X)
#define LTCAP_V067_IRREGULAR_LIST(X) LTCAP_V056_IRREGULAR_ROWS(LTCAP_V067_INHERITED, X)

// The free functions (and static members) v0.67.0 adds or declares differently.
#define LTCAP_V067_OWN_API_LIST(X)                                                                                     \
    X(createDeviceWorkerL1, kCreates, PlainResult, IDevice*, tt::tt_metal::CreateDevice,                               \
      (ChipId device_id, std::uint8_t num_hw_cqs, std::size_t l1_small_size, std::size_t trace_region_size,            \
       const DispatchCoreConfig& dispatch_core_config, const std::vector<std::uint32_t>& l1_bank_remap,                \
       std::size_t worker_l1_size),                                                                                    \
      (DeviceNumber{device_id}, HwQueueCount{num_hw_cqs}, ReservedL1{l1_small_size},                                   \
       TraceRegion{trace_region_size}, dispatch_core_config, l1_bank_remap,                                            \
       worker_l1_size))                                                                                                \
    X(createSemaphoreAnyCore, kBuildsProgram, NewSemaphore, std::uint32_t, tt::tt_metal::CreateSemaphore,              \
      (Program & program, const SemaphoreCores& core_spec, std::uint32_t initial_value),                               \
      (program, core_spec, initial_value))                                                                             \
    X(createGlobalCircularBuffer, kCreatesOnDevice | kOrdered, PlainResult, experimental::GlobalCircularBuffer,        \
      tt::tt_metal::experimental::CreateGlobalCircularBuffer,                                                          \
      (IDevice * device, const CoreMapping& sender_receiver_core_mapping, std::uint32_t size, BufferType buffer_type), \
      (device, sender_receiver_core_mapping, size, buffer_type))                                                       \
    X(createCircularBufferGlobal, kBuildsProgram, NewCb, CBHandle, tt::tt_metal::experimental::CreateCircularBuffer,   \
      (Program & program, const CoreSpec& core_spec, const CircularBufferConfig& config,                               \
       const experimental::GlobalCircularBuffer& global_circular_buffer),                                              \
      (program, core_spec, config, global_circular_buffer))                                                            \
    X(updateDynamicCircularBufferAddressGlobal, kSetsCb, PlainResult, void,                                            \
      tt::tt_metal::experimental::UpdateDynamicCircularBufferAddress,                                                  \
      (Program & program, CBHandle cb_handle, const experimental::GlobalCircularBuffer& global_circular_buffer),       \
      (program, CbRef{cb_handle}, global_circular_buffer))                                                             \
    X(setRuntimeArgsList, kSetsArgs, PlainResult, void, tt::tt_metal::SetRuntimeArgs,                                  \
      (const Program& program, KernelHandle kernel, const CoreSpec& core_spec,                                         \
       std::initializer_list<std::uint32_t> runtime_args),                                                             \
      (program, SetsArgsOf{kernel}, core_spec, runtime_args))                                                          \
    X(setCommonRuntimeArgsList, kSetsCommonArgs, PlainResult, void, tt::tt_metal::SetCommonRuntimeArgs,                \
      (const Program& program, KernelHandle kernel_id, std::initializer_list<std::uint32_t> runtime_args),             \
      (program, SetsArgsOf{kernel_id}, runtime_args))                                                                  \
    X(detailReadFromBufferWhole, kNothing, PlainResult, void, tt::tt_metal::detail::ReadFromBuffer,                    \
      (Buffer & buffer, std::uint8_t * host_buffer), (buffer, ReadInto{host_buffer, WholeBuffer(buffer), true}))       \
    X(detailLaunchProgramForced, kNothing | kLaunch, PlainResult, void, tt::tt_metal::detail::LaunchProgram,           \
      (IDevice * device, Program & program, bool wait_until_cores_done, bool force_slow_dispatch),                     \
      (device, LaunchOf{program}, wait_until_cores_done, force_slow_dispatch))                                         \
    X(detailLaunchProgramSharedForced, kNothing | kLaunch, PlainResult, void, tt::tt_metal::detail::LaunchProgram,     \
      (IDevice * device, const std::shared_ptr<Program>& program, bool wait_until_cores_done,                          \
       bool force_slow_dispatch),                                                                                      \
      (device, LaunchOfShared{program}, wait_until_cores_done, force_slow_dispatch))                                   \
    X(detailWaitProgramDoneProfiler, kNothing, PlainResult, void, tt::tt_metal::detail::WaitProgramDone,               \
      (IDevice * device, Program & program, bool read_device_profiler_results),                                        \
      (device, program, read_device_profiler_results))                                                                 \
    X(detailCreateDevicesWorkerL1, kCreates, PlainResult, DeviceMap, tt::tt_metal::detail::CreateDevices,              \
      (const std::vector<ChipId>& device_ids, std::uint8_t num_hw_cqs, std::size_t l1_small_size,                      \
       std::size_t trace_region_size, const DispatchCoreConfig& dispatch_core_config,                                  \
       const std::vector<std::uint32_t>& l1_bank_remap, std::size_t worker_l1_size, bool init_profiler, bool ignored,  \
       bool initialize_fabric_and_dispatch_fw),                                                                        \
      (DeviceNumbers{device_ids}, HwQueueCount{num_hw_cqs}, ReservedL1{l1_small_size},                                 \
       TraceRegion{trace_region_size}, dispatch_core_config, l1_bank_remap,                                            \
       worker_l1_size, init_profiler, ignored, initialize_fabric_and_dispatch_fw))                                     \
    X(detailCompileProgramForced, kNothing | kBuildsKernels, PlainResult, void,                                        \
      tt::tt_metal::detail::CompileProgram,                                                                            \
      (IDevice * device, Program & program, bool force_slow_dispatch), (device, program, force_slow_dispatch))         \
    X(detailWriteRuntimeArgsToDeviceForced, kNothing, PlainResult, void,                                               \
      tt::tt_metal::detail::WriteRuntimeArgsToDevice, (IDevice * device, Program & program, bool force_slow_dispatch), \
      (device, program, force_slow_dispatch))                                                                          \
    X(detailConfigureDeviceWithProgramForced, kNothing, PlainResult, bool,                                             \
      tt::tt_metal::detail::ConfigureDeviceWithProgram,                                                                \
      (IDevice * device, Program & program, bool force_slow_dispatch), (device, program, force_slow_dispatch))         \
    X(detailWriteToDeviceDramChannelSpan, kNothing, PlainResult, bool,                                                 \
      tt::tt_metal::detail::WriteToDeviceDRAMChannel,                                                                  \
      (IDevice * device, int dram_channel, std::uint32_t address, std::span<const std::uint8_t> host_buffer),          \
      (device, DramChannel{dram_channel}, address, host_buffer))                                                       \
    X(detailReadFromDeviceDramChannelSpan, kNothing, PlainResult, bool,                                                \
      tt::tt_metal::detail::ReadFromDeviceDRAMChannel,                                                                 \
      (IDevice * device, int dram_channel, std::uint32_t address, std::span<std::uint8_t> host_buffer),                \
      (device, DramChannel{dram_channel}, address, SpanInto{host_buffer}))                                             \
    X(detailWriteToDeviceL1Words, kNothing, PlainResult, bool, tt::tt_metal::detail::WriteToDeviceL1,                  \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address,                                         \
       std::vector<std::uint32_t>& host_buffer, CoreType core_type),                                                   \
      (device, logical_core, L1Address{address}, host_buffer, core_type))                                              \
    X(detailWriteToDeviceL1Span, kNothing, PlainResult, bool, tt::tt_metal::detail::WriteToDeviceL1,                   \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address,                                         \
       std::span<const std::uint8_t> host_buffer, CoreType core_type),                                                 \
      (device, logical_core, L1Address{address}, host_buffer, core_type))                                              \
    X(detailReadFromDeviceL1Words, kNothing, PlainResult, bool, tt::tt_metal::detail::ReadFromDeviceL1,                \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address, std::uint32_t size,                     \
       std::vector<std::uint32_t>& host_buffer, CoreType core_type),                                                   \
      (device, logical_core, L1Address{address}, size, OutWords{host_buffer, size}, core_type))                        \
    X(detailReadFromDeviceL1Span, kNothing, PlainResult, bool, tt::tt_metal::detail::ReadFromDeviceL1,                 \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address, std::span<std::uint8_t> host_buffer,    \
       CoreType core_type),                                                                                            \
      (device, logical_core, L1Address{address}, SpanInto{host_buffer}, core_type))                                    \
    X(detailReadDeviceProfilerResults, kNothing, PlainResult, void, tt::tt_metal::detail::ReadDeviceProfilerResults,   \
      (IDevice * device, ProfilerReadState state, const std::optional<ProfilerOptionalMetadata>& metadata),            \
      (device, state, metadata))                                                                                       \
    X(readMeshDeviceProfilerResults, kNothing, PlainResult, void, tt::tt_metal::ReadMeshDeviceProfilerResults,         \
      (MeshDevice & mesh_device, ProfilerReadState state, const std::optional<ProfilerOptionalMetadata>& metadata),    \
      (mesh_device, state, metadata))                                                                                  \
    X(meshDeviceCreateWorkerL1, kCreates | kOrdered, PlainResult, std::shared_ptr<MeshDevice>,                         \
      tt::tt_metal::distributed::MeshDevice::create,                                                                   \
      (const MeshDeviceConfig& config, std::size_t l1_small_size, std::size_t trace_region_size,                       \
       std::size_t num_command_queues, const DispatchCoreConfig& dispatch_core_config,                                 \
       ttsl::Span<const std::uint32_t> l1_bank_remap, std::size_t worker_l1_size),                                     \
      (config, ReservedL1{l1_small_size}, TraceRegion{trace_region_size}, HwQueueCount{num_command_queues},            \
       dispatch_core_config, l1_bank_remap,                                                                            \
       worker_l1_size))                                                                                                \
    X(meshDeviceCreateUnitMesh, kCreates | kOrdered, PlainResult, std::shared_ptr<MeshDevice>,                         \
      tt::tt_metal::distributed::MeshDevice::create_unit_mesh,                                                         \
      (int device_id, std::size_t l1_small_size, std::size_t trace_region_size, std::size_t num_command_queues,        \
       const DispatchCoreConfig& dispatch_core_config, ttsl::Span<const std::uint32_t> l1_bank_remap,                  \
       std::size_t worker_l1_size),                                                                                    \
      (DeviceNumber{device_id}, ReservedL1{l1_small_size}, TraceRegion{trace_region_size},                             \
       HwQueueCount{num_command_queues}, dispatch_core_config,                                                         \
       l1_bank_remap, worker_l1_size))                                                                                 \
    X(meshDeviceCreateUnitMeshes, kCreates | kOrdered, PlainResult, MeshMap,                                           \
      tt::tt_metal::distributed::MeshDevice::create_unit_meshes,                                                       \
      (const std::vector<int>& device_ids, std::size_t l1_small_size, std::size_t trace_region_size,                   \
       std::size_t num_command_queues, const DispatchCoreConfig& dispatch_core_config,                                 \
       ttsl::Span<const std::uint32_t> l1_bank_remap, std::size_t worker_l1_size),                                     \
      (DeviceNumbers{device_ids}, ReservedL1{l1_small_size}, TraceRegion{trace_region_size},                           \
       HwQueueCount{num_command_queues}, dispatch_core_config,                                                         \
       l1_bank_remap, worker_l1_size))

// The non-static members v0.67.0 adds.
#define LTCAP_V067_OWN_MEMBER_LIST(X)                                                                                  \
    X(meshBeginMeshTrace, kBeginsTrace | kOrdered, PlainResult, MeshTraceId, MeshDevice, begin_mesh_trace, ,           \
      (std::uint8_t cq_id), (self, MeshQueueIndex{cq_id}))                                                             \
    X(meshBeginMeshTraceWithId, kBeginsTrace | kOrdered, PlainResult, void, MeshDevice, begin_mesh_trace, ,            \
      (std::uint8_t cq_id, const MeshTraceId& trace_id), (self, MeshQueueIndex{cq_id}, ChosenTrace{trace_id}))         \
    X(meshEndMeshTrace, kEndsTraceCapture, PlainResult, void, MeshDevice, end_mesh_trace, ,                            \
      (std::uint8_t cq_id, const MeshTraceId& trace_id), (self, MeshQueueIndex{cq_id}, trace_id))                      \
    X(meshReplayMeshTrace, kNothing | kLaunch, PlainResult, void, MeshDevice, replay_mesh_trace, ,                     \
      (std::uint8_t cq_id, const MeshTraceId& trace_id, bool blocking),                                                \
      (self, MeshQueueIndex{cq_id}, trace_id, Blocking{blocking}))                                                     \
    X(meshReleaseMeshTrace, kReleasesTrace, PlainResult, void, MeshDevice, release_mesh_trace, ,                       \
      (const MeshTraceId& trace_id), (self, trace_id))

// MeshCommandQueue's virtual members, by the implementations that define them.
#define LTCAP_V067_OWN_VIRTUAL_LIST(X)                                                                                 \
    X(meshCqEnqueueMeshWorkload, kNothing | kLaunch, PlainResult, void, MeshCommandQueue, FDMeshCommandQueue,          \
      SDMeshCommandQueue, enqueue_mesh_workload, , (MeshWorkload & mesh_workload, bool blocking),                      \
      (self, mesh_workload, Blocking{blocking}))                                                                       \
    X(meshCqEnqueueWriteShardToSubGrid, kNothing, PlainResult, void, MeshCommandQueue, MeshCommandQueueBase, NoImpl,   \
      enqueue_write_shard_to_sub_grid, ,                                                                               \
      (const MeshBuffer& buffer, const void* host_data, const MeshCoordinateRange& device_range, bool blocking,        \
       std::optional<BufferRegion> region),                                                                            \
      (self, buffer, HostBytes{host_data, SubGridBytes(buffer, device_range, region)}, device_range,                   \
       Blocking{blocking}, region))                                                                                    \
    X(meshCqEnqueueWriteMeshBuffer, kNothing, PlainResult, void, MeshCommandQueue, MeshCommandQueueBase, NoImpl,       \
      enqueue_write_mesh_buffer, , (const std::shared_ptr<MeshBuffer>& buffer, const void* host_data, bool blocking),  \
      (self, buffer, HostBytes{host_data, WholeMeshBuffer(buffer)}, Blocking{blocking}))                               \
    X(meshCqEnqueueWriteShards, kNothing, PlainResult, void, MeshCommandQueue, MeshCommandQueueBase, NoImpl,           \
      enqueue_write_shards, ,                                                                                          \
      (const std::shared_ptr<MeshBuffer>& mesh_buffer, const ShardTransfers& shard_data_transfers, bool blocking),     \
      (self, mesh_buffer, ShardWrites{shard_data_transfers, mesh_buffer}, Blocking{blocking}))                         \
    X(meshCqEnqueueWrite, kNothing, PlainResult, void, MeshCommandQueue, MeshCommandQueueBase, NoImpl, enqueue_write, , \
      (const std::shared_ptr<MeshBuffer>& mesh_buffer, const DistributedHostBuffer& host_buffer, bool blocking),       \
      (self, mesh_buffer, HostShardWrites{host_buffer, mesh_buffer}, Blocking{blocking}))                              \
    X(meshCqEnqueueRead, kNothing, PlainResult, void, MeshCommandQueue, MeshCommandQueueBase, NoImpl, enqueue_read, ,  \
      (const std::shared_ptr<MeshBuffer>& mesh_buffer, DistributedHostBuffer& host_buffer, const ShardSet& shards,     \
       bool blocking),                                                                                                 \
      (self, mesh_buffer, HostShardReads{host_buffer, mesh_buffer, shards}, shards, Blocking{blocking}))               \
    X(meshCqEnqueueReadMeshBuffer, kNothing, PlainResult, void, MeshCommandQueue, MeshCommandQueueBase, NoImpl,        \
      enqueue_read_mesh_buffer, , (void* host_data, const std::shared_ptr<MeshBuffer>& buffer, bool blocking),         \
      (self, ReadInto{host_data, WholeMeshBuffer(buffer)}, buffer, Blocking{blocking}))                                \
    X(meshCqEnqueueReadShards, kNothing, PlainResult, void, MeshCommandQueue, MeshCommandQueueBase, NoImpl,            \
      enqueue_read_shards, ,                                                                                           \
      (const ShardTransfers& shard_data_transfers, const std::shared_ptr<MeshBuffer>& mesh_buffer, bool blocking),     \
      (self, ShardReads{shard_data_transfers, mesh_buffer}, mesh_buffer, Blocking{blocking}))                          \
    X(meshCqEnqueueRecordEvent, kRecordsEvent, PlainResult, MeshEvent, MeshCommandQueue, FDMeshCommandQueue,           \
      SDMeshCommandQueue, enqueue_record_event, ,                                                                      \
      (SubIds sub_device_ids, const std::optional<MeshCoordinateRange>& device_range),                                 \
      (self, sub_device_ids, device_range))                                                                            \
    X(meshCqEnqueueRecordEventToHost, kRecordsEvent, PlainResult, MeshEvent, MeshCommandQueue, FDMeshCommandQueue,     \
      SDMeshCommandQueue, enqueue_record_event_to_host, ,                                                              \
      (SubIds sub_device_ids, const std::optional<MeshCoordinateRange>& device_range),                                 \
      (self, sub_device_ids, device_range))                                                                            \
    X(meshCqEnqueueWaitForEvent, kNothing, PlainResult, void, MeshCommandQueue, FDMeshCommandQueue,                    \
      SDMeshCommandQueue, enqueue_wait_for_event, , (const MeshEvent& sync_event), (self, sync_event))                 \
    X(meshCqFinish, kNothing | kFinish, PlainResult, void, MeshCommandQueue, FDMeshCommandQueue, SDMeshCommandQueue,   \
      finish, , (SubIds sub_device_ids), (FinishesMeshQueue{self}, sub_device_ids))                                    \
    X(meshCqEnqueueTrace, kNothing | kLaunch, PlainResult, void, MeshCommandQueue, FDMeshCommandQueue,                 \
      SDMeshCommandQueue, enqueue_trace, , (const MeshTraceId& trace_id, bool blocking),                               \
      (self, trace_id, Blocking{blocking}))
