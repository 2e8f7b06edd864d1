// The one description of the interposed tt-metal v0.67.0 host API, in the columns of profiles/v0.56.0/api/api_list.h
// (v0.56.0's): X(api, rules, result, Ret, name, (parameters), (arguments))                         LTCAP_V067_API_LIST
// X(api, rules, result, Ret, Class, method, qualifier, (parameters), (arguments))     LTCAP_V067_MEMBER_LIST X(api,
// rules, result, Ret, Interface, Impl, OtherImpl, method, qualifier, (parameters), (arguments)) LTCAP_V067_VIRTUAL_LIST
// X(api, rules)                                                                       LTCAP_V067_IRREGULAR_LIST
// A call v0.67.0 declares as v0.56.0 did (same parameters, same meaning; only its mangled name differs) keeps its
// Api value: a log's header names its profile, and every tool reads both alike.
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

#define LTCAP_V067_API_LIST(X)                                                                                         \
    X(getNumAvailableDevices, kNothing, PlainResult, std::size_t, tt::tt_metal::GetNumAvailableDevices, (), ())        \
    X(isGalaxyCluster, kNothing, PlainResult, bool, tt::tt_metal::IsGalaxyCluster, (), ())                             \
    X(getNumPcieDevices, kNothing, PlainResult, std::size_t, tt::tt_metal::GetNumPCIeDevices, (), ())                  \
    X(getPcieDeviceId, kNothing, PlainResult, ChipId, tt::tt_metal::GetPCIeDeviceID, (ChipId device_id),              \
      (DeviceNumber{device_id}))                                                                                       \
    X(createDeviceWorkerL1, kCreates, PlainResult, IDevice*, tt::tt_metal::CreateDevice,                               \
      (ChipId device_id, std::uint8_t num_hw_cqs, std::size_t l1_small_size, std::size_t trace_region_size,            \
       const DispatchCoreConfig& dispatch_core_config, const std::vector<std::uint32_t>& l1_bank_remap,                \
       std::size_t worker_l1_size),                                                                                    \
      (DeviceNumber{device_id}, HwQueueCount{num_hw_cqs}, ReservedL1{l1_small_size},                                   \
       TraceRegion{trace_region_size}, dispatch_core_config, l1_bank_remap,                                            \
       worker_l1_size))                                                                                                \
    X(createDeviceMinimal, kCreates, PlainResult, IDevice*, tt::tt_metal::CreateDeviceMinimal,                         \
      (ChipId device_id, std::uint8_t num_hw_cqs, const DispatchCoreConfig& dispatch_core_config),                     \
      (DeviceNumber{device_id}, HwQueueCount{num_hw_cqs},                                                              \
       dispatch_core_config))                                                                                          \
    X(closeDevice, kEndsDevices, PlainResult, bool, tt::tt_metal::CloseDevice, (IDevice * device),                     \
      (ClosesDevice{device}))                                                                                          \
    X(createProgram, kCreates, PlainResult, Program, tt::tt_metal::CreateProgram, (), ())                              \
    X(createKernel, kBuildsProgram, NewKernel, KernelHandle, tt::tt_metal::CreateKernel,                               \
      (Program & program, const std::string& file_name, const CoreSpec& core_spec, const KernelConfig& config),        \
      (program, KernelFile{file_name}, core_spec, config))                                                             \
    X(createKernelFromString, kBuildsProgram, NewKernel, KernelHandle, tt::tt_metal::CreateKernelFromString,           \
      (Program & program, const std::string& kernel_src_code, const CoreSpec& core_spec, const KernelConfig& config),  \
      (program, KernelText{kernel_src_code}, core_spec, config))                                                       \
    X(createCircularBuffer, kBuildsProgram, NewCb, CBHandle, tt::tt_metal::CreateCircularBuffer,                       \
      (Program & program, const CoreSpec& core_spec, const CircularBufferConfig& config),                              \
      (program, core_spec, config))                                                                                    \
    X(getCircularBufferConfig, kNothing, PlainResult, const CircularBufferConfig&,                                     \
      tt::tt_metal::GetCircularBufferConfig, (Program & program, CBHandle cb_handle), (program, CbRef{cb_handle}))    \
    X(updateCircularBufferTotalSize, kSetsCb, PlainResult, void, tt::tt_metal::UpdateCircularBufferTotalSize,          \
      (Program & program, CBHandle cb_handle, std::uint32_t total_size), (program, CbRef{cb_handle}, total_size))      \
    X(updateCircularBufferPageSize, kSetsProgram, PlainResult, void, tt::tt_metal::UpdateCircularBufferPageSize,       \
      (Program & program, CBHandle cb_handle, std::uint8_t buffer_index, std::uint32_t page_size),                     \
      (program, CbRef{cb_handle}, buffer_index, page_size))                                                            \
    X(updateDynamicCircularBufferAddress, kSetsCb, PlainResult, void,                                                  \
      tt::tt_metal::UpdateDynamicCircularBufferAddress, (Program & program, CBHandle cb_handle, const Buffer& buffer), \
      (program, CbRef{cb_handle}, buffer))                                                                             \
    X(updateDynamicCircularBufferAddressAndTotalSize, kSetsCb, PlainResult, void,                                      \
      tt::tt_metal::UpdateDynamicCircularBufferAddressAndTotalSize,                                                    \
      (Program & program, CBHandle cb_handle, const Buffer& buffer, std::uint32_t total_size),                         \
      (program, CbRef{cb_handle}, buffer, total_size))                                                                 \
    X(createSemaphore, kBuildsProgram, NewSemaphore, std::uint32_t, tt::tt_metal::CreateSemaphore,                     \
      (Program & program, const SemaphoreCores& core_spec, std::uint32_t initial_value, CoreType core_type),           \
      (program, core_spec, initial_value, core_type))                                                                  \
    X(createSemaphoreAnyCore, kBuildsProgram, NewSemaphore, std::uint32_t, tt::tt_metal::CreateSemaphore,              \
      (Program & program, const SemaphoreCores& core_spec, std::uint32_t initial_value),                               \
      (program, core_spec, initial_value))                                                                             \
    X(createGlobalCircularBuffer, kCreatesOnDevice | kOrdered, PlainResult, experimental::GlobalCircularBuffer,        \
      tt::tt_metal::experimental::CreateGlobalCircularBuffer,                                                          \
      (IDevice * device, const CoreMapping& sender_receiver_core_mapping, std::uint32_t size, BufferType buffer_type),  \
      (device, sender_receiver_core_mapping, size, buffer_type))                                                       \
    X(createCircularBufferGlobal, kBuildsProgram, NewCb, CBHandle, tt::tt_metal::experimental::CreateCircularBuffer,   \
      (Program & program, const CoreSpec& core_spec, const CircularBufferConfig& config,                               \
       const experimental::GlobalCircularBuffer& global_circular_buffer),                                              \
      (program, core_spec, config, global_circular_buffer))                                                            \
    X(updateDynamicCircularBufferAddressGlobal, kSetsCb, PlainResult, void,                                            \
      tt::tt_metal::experimental::UpdateDynamicCircularBufferAddress,                                                  \
      (Program & program, CBHandle cb_handle, const experimental::GlobalCircularBuffer& global_circular_buffer),       \
      (program, CbRef{cb_handle}, global_circular_buffer))                                                             \
    X(createGlobalSemaphore, kCreatesOnDevice | kOrdered, PlainResult, GlobalSemaphore,                                \
      tt::tt_metal::CreateGlobalSemaphore,                                                                             \
      (IDevice * device, const CoreRangeSet& cores, std::uint32_t initial_value, BufferType buffer_type),              \
      (device, cores, initial_value, buffer_type))                                                                     \
    X(createGlobalSemaphoreMove, kCreatesOnDevice | kOrdered, PlainResult, GlobalSemaphore,                            \
      tt::tt_metal::CreateGlobalSemaphore,                                                                             \
      (IDevice * device, CoreRangeSet && cores, std::uint32_t initial_value, BufferType buffer_type),                  \
      (device, std::move(cores), initial_value, buffer_type))                                                          \
    X(createBufferInterleaved, kCreatesBuffer | kOrdered, PlainResult, std::shared_ptr<Buffer>,                        \
      tt::tt_metal::CreateBuffer, (const InterleavedBufferConfig& config), (config))                                   \
    X(createBufferInterleavedAtAddress, kCreatesBuffer | kOrdered, PlainResult, std::shared_ptr<Buffer>,               \
      tt::tt_metal::CreateBuffer, (const InterleavedBufferConfig& config, DeviceAddr address),                         \
      (config, BankAddress{address}))                                                                                  \
    X(createBufferInterleavedSubDevice, kCreatesBuffer | kOrdered, PlainResult, std::shared_ptr<Buffer>,               \
      tt::tt_metal::CreateBuffer, (const InterleavedBufferConfig& config, SubDeviceId sub_device_id),                  \
      (config, sub_device_id))                                                                                         \
    X(createBufferSharded, kCreatesBuffer | kOrdered, PlainResult, std::shared_ptr<Buffer>,                            \
      tt::tt_metal::CreateBuffer, (const ShardedBufferConfig& config), (config))                                       \
    X(createBufferShardedAtAddress, kCreatesBuffer | kOrdered, PlainResult, std::shared_ptr<Buffer>,                   \
      tt::tt_metal::CreateBuffer, (const ShardedBufferConfig& config, DeviceAddr address),                             \
      (config, BankAddress{address}))                                                                                  \
    X(createBufferShardedSubDevice, kCreatesBuffer | kOrdered, PlainResult, std::shared_ptr<Buffer>,                   \
      tt::tt_metal::CreateBuffer, (const ShardedBufferConfig& config, SubDeviceId sub_device_id),                      \
      (config, sub_device_id))                                                                                         \
    X(deallocateBuffer, kDeallocates | kOrdered, PlainResult, void, tt::tt_metal::DeallocateBuffer, (Buffer & buffer), \
      (buffer))                                                                                                        \
    X(assignGlobalBufferToProgram, kSetsProgram, PlainResult, void, tt::tt_metal::AssignGlobalBufferToProgram,        \
      (const std::shared_ptr<Buffer>& buffer, Program& program), (buffer, program))                                    \
    X(setRuntimeArgs, kSetsArgs, PlainResult, void, tt::tt_metal::SetRuntimeArgs,                                      \
      (const Program& program, KernelHandle kernel, const CoreSpec& core_spec,                                         \
       ttsl::Span<const std::uint32_t> runtime_args),                                                                  \
      (program, SetsArgsOf{kernel}, core_spec, runtime_args))                                                          \
    X(setRuntimeArgsPerCore, kSetsArgs, PlainResult, void, tt::tt_metal::SetRuntimeArgs,                               \
      (const Program& program, KernelHandle kernel, const std::vector<CoreCoord>& core_spec,                           \
       const std::vector<std::vector<std::uint32_t>>& runtime_args),                                                   \
      (program, SetsArgsOf{kernel}, core_spec, runtime_args))                                                          \
    X(setRuntimeArgsList, kSetsArgs, PlainResult, void, tt::tt_metal::SetRuntimeArgs,                                  \
      (const Program& program, KernelHandle kernel, const CoreSpec& core_spec,                                         \
       std::initializer_list<std::uint32_t> runtime_args),                                                             \
      (program, SetsArgsOf{kernel}, core_spec, runtime_args))                                                          \
    X(setCommonRuntimeArgsList, kSetsCommonArgs, PlainResult, void, tt::tt_metal::SetCommonRuntimeArgs,                \
      (const Program& program, KernelHandle kernel_id, std::initializer_list<std::uint32_t> runtime_args),             \
      (program, SetsArgsOf{kernel_id}, runtime_args))                                                                  \
    X(setCommonRuntimeArgs, kSetsCommonArgs, PlainResult, void, tt::tt_metal::SetCommonRuntimeArgs,                    \
      (const Program& program, KernelHandle kernel_id, ttsl::Span<const std::uint32_t> runtime_args),                  \
      (program, SetsArgsOf{kernel_id}, runtime_args))                                                                  \
    X(getRuntimeArgs, kExposesArgs, PlainResult, RuntimeArgsData&, tt::tt_metal::GetRuntimeArgs,                       \
      (const Program& program, KernelHandle kernel_id, const CoreCoord& logical_core),                                 \
      (program, ExposesArgsOf{kernel_id}, logical_core))                                                               \
    X(getRuntimeArgsAll, kExposesArgs, PlainResult, ArgsGrid&, tt::tt_metal::GetRuntimeArgs,                           \
      (const Program& program, KernelHandle kernel_id), (program, ExposesArgsOf{kernel_id}))                           \
    X(getCommonRuntimeArgs, kExposesArgs, PlainResult, RuntimeArgsData&, tt::tt_metal::GetCommonRuntimeArgs,           \
      (const Program& program, KernelHandle kernel_id), (program, ExposesArgsOf{kernel_id}))                           \
    X(detailCloseDevices, kEndsDevices, PlainResult, void, tt::tt_metal::detail::CloseDevices,                         \
      (const DeviceMap& devices), (ClosesDevices{devices}))                                                            \
    X(detailWriteToBuffer, kNothing, PlainResult, void, tt::tt_metal::detail::WriteToBuffer,                           \
      (Buffer & buffer, ttsl::Span<const std::uint8_t> host_buffer), (buffer, host_buffer))                            \
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
    X(detailReadShard, kNothing, PlainResult, void, tt::tt_metal::detail::ReadShard,                                   \
      (Buffer & buffer, std::uint8_t * host_buffer, const std::uint32_t& core_id),                                     \
      (buffer, ShardInto{host_buffer, WholeBuffer(buffer)}, core_id))                                                  \
    X(detailCompileProgramForced, kNothing, PlainResult, void, tt::tt_metal::detail::CompileProgram,                   \
      (IDevice * device, Program & program, bool force_slow_dispatch), (device, program, force_slow_dispatch))         \
    X(detailWriteRuntimeArgsToDeviceForced, kNothing, PlainResult, void,                                               \
      tt::tt_metal::detail::WriteRuntimeArgsToDevice, (IDevice * device, Program & program, bool force_slow_dispatch), \
      (device, program, force_slow_dispatch))                                                                          \
    X(detailConfigureDeviceWithProgramForced, kNothing, PlainResult, bool,                                             \
      tt::tt_metal::detail::ConfigureDeviceWithProgram,                                                                \
      (IDevice * device, Program & program, bool force_slow_dispatch), (device, program, force_slow_dispatch))         \
    X(detailWriteToDeviceDramChannel, kNothing, PlainResult, bool, tt::tt_metal::detail::WriteToDeviceDRAMChannel,     \
      (IDevice * device, int dram_channel, std::uint32_t address, std::vector<std::uint32_t>& host_buffer),            \
      (device, DramChannel{dram_channel}, address, host_buffer))                                                       \
    X(detailWriteToDeviceDramChannelSpan, kNothing, PlainResult, bool,                                                 \
      tt::tt_metal::detail::WriteToDeviceDRAMChannel,                                                                  \
      (IDevice * device, int dram_channel, std::uint32_t address, std::span<const std::uint8_t> host_buffer),          \
      (device, DramChannel{dram_channel}, address, host_buffer))                                                       \
    X(detailReadFromDeviceDramChannel, kNothing, PlainResult, bool, tt::tt_metal::detail::ReadFromDeviceDRAMChannel,   \
      (IDevice * device, int dram_channel, std::uint32_t address, std::uint32_t size,                                  \
       std::vector<std::uint32_t>& host_buffer),                                                                       \
      (device, DramChannel{dram_channel}, address, size, OutWords{host_buffer, size}))                                 \
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
    X(detailWriteRegToDevice, kNothing, PlainResult, bool, tt::tt_metal::detail::WriteRegToDevice,                     \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address, const std::uint32_t& regval),           \
      (device, logical_core, address, regval))                                                                         \
    X(detailReadRegFromDevice, kNothing, PlainResult, bool, tt::tt_metal::detail::ReadRegFromDevice,                   \
      (IDevice * device, const CoreCoord& logical_core, std::uint32_t address, std::uint32_t& regval),                 \
      (device, logical_core, address, OutWord{regval}))                                                                \
    X(detailDispatchStateCheck, kNothing, PlainResult, bool, tt::tt_metal::detail::DispatchStateCheck,                 \
      (bool isFastDispatch), (isFastDispatch))                                                                         \
    X(detailClearProfilerControlBuffer, kNothing, PlainResult, void, tt::tt_metal::detail::ClearProfilerControlBuffer, \
      (IDevice * device), (device))                                                                                    \
    X(detailInitDeviceProfiler, kNothing, PlainResult, void, tt::tt_metal::detail::InitDeviceProfiler,                 \
      (IDevice * device), (device))                                                                                    \
    X(detailProfilerSync, kNothing, PlainResult, void, tt::tt_metal::detail::ProfilerSync, (ProfilerSyncState state),  \
      (state))                                                                                                         \
    X(detailReadDeviceProfilerResults, kNothing, PlainResult, void, tt::tt_metal::detail::ReadDeviceProfilerResults,   \
      (IDevice * device, ProfilerReadState state, const std::optional<ProfilerOptionalMetadata>& metadata),            \
      (device, state, metadata))                                                                                       \
    X(detailSetDeviceProfilerDir, kNothing, PlainResult, void, tt::tt_metal::detail::SetDeviceProfilerDir,             \
      (const std::string& output_dir), (output_dir))                                                                   \
    X(detailFreshProfilerDeviceLog, kNothing, PlainResult, void, tt::tt_metal::detail::FreshProfilerDeviceLog, (), ()) \
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
       l1_bank_remap, worker_l1_size))                                                                                 \
    X(meshBufferCreate, kCreatesBuffer | kOrdered, PlainResult, std::shared_ptr<MeshBuffer>,                           \
      tt::tt_metal::distributed::MeshBuffer::create,                                                                   \
      (const MeshBufferConfig& mesh_buffer_config, const DeviceLocalBufferConfig& device_local_layout,                 \
       MeshDevice* mesh_device, std::optional<DeviceAddr> address),                                                    \
      (mesh_buffer_config, device_local_layout, mesh_device, address))                                                 \
    X(enqueueMeshWorkload, kNothing | kLaunch, PlainResult, void, tt::tt_metal::distributed::EnqueueMeshWorkload,      \
      (MeshCommandQueue & mesh_cq, MeshWorkload & mesh_workload, bool blocking),                                       \
      (mesh_cq, mesh_workload, Blocking{blocking}))                                                                    \
    X(meshEventSynchronize, kNothing, PlainResult, void, tt::tt_metal::distributed::EventSynchronize,                  \
      (const MeshEvent& event), (SynchronizesMeshEvent{event}))                                                        \
    X(meshBeginTraceCapture, kBeginsTrace | kOrdered, PlainResult, MeshTraceId,                                        \
      tt::tt_metal::distributed::BeginTraceCapture, (MeshDevice * device, std::uint8_t cq_id),                         \
      (device, MeshQueueIndex{cq_id}))                                                                                 \
    X(meshSynchronize, kNothing | kFinish, PlainResult, void, tt::tt_metal::distributed::Synchronize,                  \
      (MeshDevice * device, std::optional<std::uint8_t> cq_id, SubIds sub_device_ids),                                 \
      (SynchronizesMesh{device}, cq_id, sub_device_ids))                                                               \
    X(meshFinish, kNothing | kFinish, PlainResult, void, tt::tt_metal::distributed::Finish,                            \
      (MeshCommandQueue & mesh_cq, SubIds sub_device_ids), (FinishesMeshQueue{mesh_cq}, sub_device_ids))

#define LTCAP_V067_MEMBER_LIST(X)                                                                                      \
    X(meshWorkloadAddProgram, kBuildsWorkload, PlainResult, void, MeshWorkload, add_program, ,                         \
      (const MeshCoordinateRange& device_range, Program&& program),                                                    \
      (AddsTo{self, program}, device_range, std::move(program)))                                                       \
    X(meshBufferDeallocate, kDeallocates | kOrdered, PlainResult, void, MeshBuffer, deallocate, , (), (self))          \
    X(meshBeginMeshTrace, kBeginsTrace | kOrdered, PlainResult, MeshTraceId, MeshDevice, begin_mesh_trace, ,           \
      (std::uint8_t cq_id), (self, MeshQueueIndex{cq_id}))                                                             \
    X(meshBeginMeshTraceWithId, kBeginsTrace | kOrdered, PlainResult, void, MeshDevice, begin_mesh_trace, ,          \
      (std::uint8_t cq_id, const MeshTraceId& trace_id), (self, MeshQueueIndex{cq_id}, ChosenTrace{trace_id}))         \
    X(meshEndMeshTrace, kEndsTraceCapture, PlainResult, void, MeshDevice, end_mesh_trace, ,                            \
      (std::uint8_t cq_id, const MeshTraceId& trace_id), (self, MeshQueueIndex{cq_id}, trace_id))                      \
    X(meshReplayMeshTrace, kNothing | kLaunch, PlainResult, void, MeshDevice, replay_mesh_trace, ,                     \
      (std::uint8_t cq_id, const MeshTraceId& trace_id, bool blocking),                                                \
      (self, MeshQueueIndex{cq_id}, trace_id, Blocking{blocking}))                                                     \
    X(meshReleaseMeshTrace, kReleasesTrace, PlainResult, void, MeshDevice, release_mesh_trace, ,                       \
      (const MeshTraceId& trace_id), (self, trace_id))                                                                 \
    X(meshCreateSubDeviceManager, kCreatesOnDevice, PlainResult, SubDeviceManagerId, MeshDevice,                       \
      create_sub_device_manager, , (SubDevices sub_devices, DeviceAddr local_l1_size),                                 \
      (self, sub_devices, local_l1_size))                                                                              \
    X(meshLoadSubDeviceManager, kLoadsSubDevices, PlainResult, void, MeshDevice, load_sub_device_manager, ,            \
      (SubDeviceManagerId sub_device_manager_id), (self, sub_device_manager_id))                                       \
    X(meshClearLoadedSubDeviceManager, kLoadsSubDevices, PlainResult, void, MeshDevice,                                \
      clear_loaded_sub_device_manager, , (), (self))                                                                   \
    X(meshRemoveSubDeviceManager, kRemovesSubDevices, PlainResult, void, MeshDevice, remove_sub_device_manager, ,      \
      (SubDeviceManagerId sub_device_manager_id), (self, sub_device_manager_id))                                       \
    X(meshDeviceClose, kEndsDevices, PlainResult, bool, MeshDevice, close, , (), (self))

#define LTCAP_V067_VIRTUAL_LIST(X)                                                                                     \
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

// Destructors, recorded from their own hooks (interpose/destructor_hooks.cc) as not-a-call entries. X(api, rules)
#define LTCAP_V067_IRREGULAR_LIST(X)                                                                                   \
    X(bufferReleased, kReleasesBuffer | kNotACall)                                                                     \
    X(meshBufferReleased, kReleasesBuffer | kNotACall)                                                                 \
    X(meshDeviceReleased, kEndsDevices | kNotACall)
