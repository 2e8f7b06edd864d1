// The mesh API of tt-metal v0.56.0 (tt::tt_metal::distributed) in the one description: the same columns as
// api_list.h, which includes these rows in LTCAP_V056_API_ROWS. Member functions that are not static have rows
// of their own, LTCAP_V056_MEMBER_ROWS, with two more columns:
//   X(api, rules, result, Ret, Class, method, qualifier, (parameters), (arguments))
// Class::method is the member (qualifier: `const` or nothing); the schema and the arguments name the object first,
// as `self` (the schema's "this"): the shim defines the member and records `*this` as its first argument; ltplay
// calls self.method(...). A virtual member (MeshDevice's sub-device manager calls) is reached through tt-metal's
// vtable, whose slot the dynamic linker binds to the shim's definition, as it does a destructor's.
#pragma once

#define LTCAP_V056_MESH_API_ROWS(R, X)                                                                                 \
    R(X, meshDeviceCreate, kCreates | kOrdered, PlainResult, std::shared_ptr<MeshDevice>,                              \
      tt::tt_metal::distributed::MeshDevice::create,                                                                   \
      (const MeshDeviceConfig& config, std::size_t l1_small_size, std::size_t trace_region_size,                       \
       std::size_t num_command_queues, const DispatchCoreConfig& dispatch_core_config,                                 \
       ttsl::Span<const std::uint32_t> l1_bank_remap),                                                                 \
      (config, l1_small_size, trace_region_size, num_command_queues, dispatch_core_config, l1_bank_remap))             \
    R(X, meshBufferCreate, kCreatesBuffer | kOrdered, PlainResult, std::shared_ptr<MeshBuffer>,                        \
      tt::tt_metal::distributed::MeshBuffer::create,                                                                   \
      (const MeshBufferConfig& mesh_buffer_config, const DeviceLocalBufferConfig& device_local_layout,                 \
       MeshDevice* mesh_device, std::optional<DeviceAddr> address),                                                    \
      (mesh_buffer_config, device_local_layout, mesh_device, address))                                                 \
    R(X, createMeshWorkload, kNothing, PlainResult, MeshWorkload, tt::tt_metal::distributed::CreateMeshWorkload, (), ()) \
    R(X, addProgramToMeshWorkload, kBuildsWorkload, PlainResult, void,                                                 \
      tt::tt_metal::distributed::AddProgramToMeshWorkload,                                                             \
      (MeshWorkload & mesh_workload, Program && program, const MeshCoordinateRange& device_range),                     \
      (AddsTo{mesh_workload, program}, std::move(program), device_range))                                              \
    R(X, enqueueMeshWorkload, kNothing | kLaunch, PlainResult, void, tt::tt_metal::distributed::EnqueueMeshWorkload,   \
      (MeshCommandQueue & mesh_cq, MeshWorkload & mesh_workload, bool blocking),                                       \
      (mesh_cq, mesh_workload, Blocking{blocking}))                                                                    \
    R(X, meshEnqueueRecordEvent, kRecordsEvent, PlainResult, MeshEvent, tt::tt_metal::distributed::EnqueueRecordEvent, \
      (MeshCommandQueue & mesh_cq, SubIds sub_device_ids, const std::optional<MeshCoordinateRange>& device_range),     \
      (mesh_cq, sub_device_ids, device_range))                                                                         \
    R(X, meshEnqueueRecordEventToHost, kRecordsEvent, PlainResult, MeshEvent,                                          \
      tt::tt_metal::distributed::EnqueueRecordEventToHost,                                                             \
      (MeshCommandQueue & mesh_cq, SubIds sub_device_ids, const std::optional<MeshCoordinateRange>& device_range),     \
      (mesh_cq, sub_device_ids, device_range))                                                                         \
    R(X, meshEnqueueWaitForEvent, kNothing, PlainResult, void, tt::tt_metal::distributed::EnqueueWaitForEvent,         \
      (MeshCommandQueue & mesh_cq, const MeshEvent& event), (mesh_cq, event))                                          \
    R(X, meshEventSynchronize, kNothing, PlainResult, void, tt::tt_metal::distributed::EventSynchronize,               \
      (const MeshEvent& event), (SynchronizesMeshEvent{event}))                                                        \
    R(X, meshBeginTraceCapture, kBeginsTrace | kOrdered, PlainResult, MeshTraceId,                                     \
      tt::tt_metal::distributed::BeginTraceCapture, (MeshDevice * device, std::uint8_t cq_id),                         \
      (device, MeshQueueIndex{cq_id}))                                                                                 \
    R(X, meshEndTraceCapture, kEndsTraceCapture, PlainResult, void, tt::tt_metal::distributed::EndTraceCapture,        \
      (MeshDevice * device, std::uint8_t cq_id, const MeshTraceId& trace_id),                                          \
      (device, MeshQueueIndex{cq_id}, trace_id))                                                                       \
    R(X, meshReplayTrace, kNothing | kLaunch, PlainResult, void, tt::tt_metal::distributed::ReplayTrace,               \
      (MeshDevice * device, std::uint8_t cq_id, const MeshTraceId& trace_id, bool blocking),                           \
      (device, MeshQueueIndex{cq_id}, trace_id, blocking))                                                             \
    R(X, meshReleaseTrace, kReleasesTrace, PlainResult, void, tt::tt_metal::distributed::ReleaseTrace,                 \
      (MeshDevice * device, const MeshTraceId& trace_id), (device, trace_id))                                          \
    R(X, meshSynchronize, kNothing | kFinish, PlainResult, void, tt::tt_metal::distributed::Synchronize,               \
      (MeshDevice * device, std::optional<std::uint8_t> cq_id, SubIds sub_device_ids),                                 \
      (SynchronizesMesh{device}, cq_id, sub_device_ids))                                                               \
    R(X, meshFinish, kNothing | kFinish, PlainResult, void, tt::tt_metal::distributed::Finish,                         \
      (MeshCommandQueue & mesh_cq, SubIds sub_device_ids), (FinishesMeshQueue{mesh_cq}, sub_device_ids))

#define LTCAP_V056_MEMBER_ROWS(R, X)                                                                                   \
    R(X, meshCqEnqueueMeshWorkload, kNothing | kLaunch, PlainResult, void, MeshCommandQueue, enqueue_mesh_workload, ,  \
      (MeshWorkload & mesh_workload, bool blocking), (self, mesh_workload, Blocking{blocking}))                        \
    R(X, meshCqEnqueueWriteShardToSubGrid, kNothing, PlainResult, void, MeshCommandQueue,                              \
      enqueue_write_shard_to_sub_grid, ,                                                                               \
      (const MeshBuffer& buffer, const void* host_data, const MeshCoordinateRange& device_range, bool blocking,        \
       std::optional<BufferRegion> region),                                                                            \
      (self, buffer, HostBytes{host_data, SubGridBytes(buffer, device_range, region)}, device_range,                   \
       Blocking{blocking}, region))                                                                                    \
    R(X, meshCqEnqueueWriteMeshBuffer, kNothing, PlainResult, void, MeshCommandQueue, enqueue_write_mesh_buffer, ,     \
      (const std::shared_ptr<MeshBuffer>& buffer, const void* host_data, bool blocking),                               \
      (self, buffer, HostBytes{host_data, WholeMeshBuffer(buffer)}, Blocking{blocking}))                               \
    R(X, meshCqEnqueueWriteShards, kNothing, PlainResult, void, MeshCommandQueue, enqueue_write_shards, ,              \
      (const std::shared_ptr<MeshBuffer>& mesh_buffer, const ShardTransfers& shard_data_transfers, bool blocking),     \
      (self, mesh_buffer, ShardWrites{shard_data_transfers, mesh_buffer}, Blocking{blocking}))                         \
    R(X, meshCqEnqueueReadMeshBuffer, kNothing, PlainResult, void, MeshCommandQueue, enqueue_read_mesh_buffer, ,       \
      (void* host_data, const std::shared_ptr<MeshBuffer>& buffer, bool blocking),                                     \
      (self, ReadInto{host_data, WholeMeshBuffer(buffer)}, buffer, Blocking{blocking}))                                \
    R(X, meshCqEnqueueReadShards, kNothing, PlainResult, void, MeshCommandQueue, enqueue_read_shards, ,                \
      (const ShardTransfers& shard_data_transfers, const std::shared_ptr<MeshBuffer>& mesh_buffer, bool blocking),     \
      (self, ShardReads{shard_data_transfers, mesh_buffer}, mesh_buffer, Blocking{blocking}))                          \
    R(X, meshCqEnqueueRecordEvent, kRecordsEvent, PlainResult, MeshEvent, MeshCommandQueue, enqueue_record_event, ,    \
      (SubIds sub_device_ids, const std::optional<MeshCoordinateRange>& device_range),                                 \
      (self, sub_device_ids, device_range))                                                                            \
    R(X, meshCqEnqueueRecordEventToHost, kRecordsEvent, PlainResult, MeshEvent, MeshCommandQueue,                      \
      enqueue_record_event_to_host, , (SubIds sub_device_ids, const std::optional<MeshCoordinateRange>& device_range), \
      (self, sub_device_ids, device_range))                                                                            \
    R(X, meshCqEnqueueWaitForEvent, kNothing, PlainResult, void, MeshCommandQueue, enqueue_wait_for_event, ,           \
      (const MeshEvent& sync_event), (self, sync_event))                                                               \
    R(X, meshCqFinish, kNothing | kFinish, PlainResult, void, MeshCommandQueue, finish, , (SubIds sub_device_ids),     \
      (FinishesMeshQueue{self}, sub_device_ids))                                                                       \
    R(X, meshCqEnqueueTrace, kNothing | kLaunch, PlainResult, void, MeshCommandQueue, enqueue_trace, ,                 \
      (const MeshTraceId& trace_id, bool blocking), (self, trace_id, Blocking{blocking}))                              \
    R(X, meshWorkloadAddProgram, kBuildsWorkload, PlainResult, void, MeshWorkload, add_program, ,                      \
      (const MeshCoordinateRange& device_range, Program&& program),                                                    \
      (AddsTo{self, program}, device_range, std::move(program)))                                                       \
    R(X, meshBufferDeallocate, kDeallocates | kOrdered, PlainResult, void, MeshBuffer, deallocate, , (), (self))       \
    R(X, meshCreateSubDeviceManager, kCreatesOnDevice, PlainResult, SubDeviceManagerId, MeshDevice,                    \
      create_sub_device_manager, , (SubDevices sub_devices, DeviceAddr local_l1_size),                                 \
      (self, sub_devices, local_l1_size))                                                                              \
    R(X, meshLoadSubDeviceManager, kLoadsSubDevices, PlainResult, void, MeshDevice, load_sub_device_manager, ,         \
      (SubDeviceManagerId sub_device_manager_id), (self, sub_device_manager_id))                                       \
    R(X, meshClearLoadedSubDeviceManager, kLoadsSubDevices, PlainResult, void, MeshDevice,                             \
      clear_loaded_sub_device_manager, , (), (self))                                                                   \
    R(X, meshRemoveSubDeviceManager, kRemovesSubDevices, PlainResult, void, MeshDevice, remove_sub_device_manager, ,   \
      (SubDeviceManagerId sub_device_manager_id), (self, sub_device_manager_id))                                       \
    R(X, meshDeviceClose, kEndsDevices, PlainResult, bool, MeshDevice, close, , (), (self))

// Destructors, recorded from their own hooks (interpose/destructor_hooks.cc) as not-a-call entries: a replay drops its
// object at the same point, so later allocations land where they did. X(api, rules)
#define LTCAP_V056_MESH_IRREGULAR_ROWS(R, X)                                                                           \
    R(X, meshBufferReleased, kReleasesBuffer | kNotACall)                                                              \
    R(X, meshDeviceReleased, kEndsDevices | kNotACall)
