// The one description of the interposed tt-metal v0.68.0-rc1 host API, as a change to v0.67.0's
// (profiles/v0.67.0/api/api_list.h, whose columns it shares). None of the calls v0.67.0's description lists changed
// its declaration (the same mangled names: ../shared/reference/tt-metal-v0.68.0-rc1.md), so every row is inherited
// and keeps its Api value and rules; compiled against this release's headers, each gets this release's vtable slots.
// Below, what v0.68.0-rc1 adds: MetalEnv's device makers (a MetalEnv is an object of the log, known by its address;
// the program constructs it, so a replay makes one on first use) and experimental::CreateGlobalSemaphore at an
// address.
#pragma once

#include "profiles/v0.67.0/api/api_list.h"

#define LTCAP_V068_API_LIST(X) LTCAP_V067_API_LIST(X) LTCAP_V068_OWN_API_LIST(X)
#define LTCAP_V068_MEMBER_LIST(X) LTCAP_V067_MEMBER_LIST(X) LTCAP_V068_OWN_MEMBER_LIST(X)
#define LTCAP_V068_VIRTUAL_LIST(X) LTCAP_V067_VIRTUAL_LIST(X)
#define LTCAP_V068_IRREGULAR_LIST(X) LTCAP_V067_IRREGULAR_LIST(X)

// The free functions v0.68.0-rc1 adds.
#define LTCAP_V068_OWN_API_LIST(X)                                                                                     \
    X(createGlobalSemaphoreAtAddress, kCreatesOnDevice | kOrdered, PlainResult, GlobalSemaphore,                       \
      tt::tt_metal::experimental::CreateGlobalSemaphore,                                                               \
      (IDevice * device, const CoreRangeSet& cores, std::optional<std::uint32_t> initial_value,                        \
       BufferType buffer_type, std::uint64_t address),                                                                 \
      (device, cores, initial_value, buffer_type, ChosenL1Address{address}))

// The non-static members v0.68.0-rc1 adds: MetalEnv's device makers, made as MeshDevice's static makers make them.
#define LTCAP_V068_OWN_MEMBER_LIST(X)                                                                                  \
    X(metalEnvCreateMeshDevice, kCreates | kOrdered, PlainResult, std::shared_ptr<MeshDevice>, MetalEnv,               \
      create_mesh_device, ,                                                                                            \
      (const MeshDeviceConfig& config, std::size_t l1_small_size, std::size_t trace_region_size,                      \
       std::size_t num_command_queues, const DispatchCoreConfig& dispatch_core_config,                                 \
       ttsl::Span<const std::uint32_t> l1_bank_remap, std::size_t worker_l1_size),                                     \
      (self, config, ReservedL1{l1_small_size}, TraceRegion{trace_region_size}, HwQueueCount{num_command_queues},      \
       dispatch_core_config, l1_bank_remap, worker_l1_size))                                                           \
    X(metalEnvCreateUnitMeshDevice, kCreates | kOrdered, PlainResult, std::shared_ptr<MeshDevice>, MetalEnv,           \
      create_unit_mesh_device, ,                                                                                       \
      (int device_id, std::size_t l1_small_size, std::size_t trace_region_size, std::size_t num_command_queues,        \
       const DispatchCoreConfig& dispatch_core_config, ttsl::Span<const std::uint32_t> l1_bank_remap,                  \
       std::size_t worker_l1_size),                                                                                    \
      (self, DeviceNumber{device_id}, ReservedL1{l1_small_size}, TraceRegion{trace_region_size},                       \
       HwQueueCount{num_command_queues}, dispatch_core_config, l1_bank_remap, worker_l1_size))                         \
    X(metalEnvCreateUnitMeshes, kCreates | kOrdered, PlainResult, MeshMap, MetalEnv, create_unit_meshes, ,             \
      (const std::vector<int>& device_ids, std::size_t l1_small_size, std::size_t trace_region_size,                   \
       std::size_t num_command_queues, const DispatchCoreConfig& dispatch_core_config,                                 \
       ttsl::Span<const std::uint32_t> l1_bank_remap, std::size_t worker_l1_size),                                     \
      (self, DeviceNumbers{device_ids}, ReservedL1{l1_small_size}, TraceRegion{trace_region_size},                     \
       HwQueueCount{num_command_queues}, dispatch_core_config, l1_bank_remap, worker_l1_size))
