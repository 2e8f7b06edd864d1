// The questions the mesh-only host API headers (profiles/v0.67.0/include, shared by every release from v0.67.0 on)
// ask of the release they stand in for, answered for tt-metal v0.67.0. Each release's stand-in has its own copy of
// this file on its include path; a header asks a TTEMU_API_* question, never a release name.
#pragma once

#define TTEMU_API_RELEASE "v0.67.0"
// IDevice's init_command_queue_host/_device, compile_fabric and configure_fabric virtuals after initialize(), and its
// get_dev_addr/get_dev_size members (gone in v0.68.0-rc1: #40146, #40251).
#define TTEMU_API_DEVICE_INIT_VIRTUALS 1
// The single-device Event (event.hpp) and EventQuery(std::shared_ptr<Event>) (gone in v0.68.0-rc1: #40153).
#define TTEMU_API_SINGLE_DEVICE_EVENT 1
// experimental/context/metal_env.hpp: MetalEnv, and MeshDevice's constructor from one and get_system_mesh_id().
#define TTEMU_API_METAL_ENV 0
// TensorMemoryLayout::ND_SHARDED = 5.
#define TTEMU_API_ND_SHARDED_LAYOUT 0
// experimental::CreateGlobalSemaphore(device, cores, initial value, buffer type, address).
#define TTEMU_API_GLOBAL_SEMAPHORE_AT_ADDRESS 0
// ProgramDescriptor::custom_program_hash is a uint64_t (else a ttsl::hash::hash_t).
#define TTEMU_API_PROGRAM_HASH_U64 0
// TensorAccessorArgs' compile-time words hold the buffer's aligned page size after the config word, which the
// release's kernels read there (v0.68.0-rc1: #38958).
#define TTEMU_API_TENSOR_ACCESSOR_ALIGNED_PAGE_SIZE 0
