// tt-metal v0.56.0 as the build's profile: its name, its description's lists, the header its type columns need, the
// mangled names the shim looks up, and what of the API it has. Shared code asks these (`#if LTCAP_HAS_EVENT`),
// never which release it is built for; each profile's api/features/ltcap_profile.h answers the same questions, and
// the build includes the one of its profile (the profile's :features library). tests/api:features_test checks
// that every LTCAP_HAS_* shared code asks is answered by every profile.
#pragma once

#ifdef LTCAP_PROFILE_LIST
#error "a second profile's ltcap_profile.h in one build, or LTCAP_PROFILE_* set by hand"
#endif
#define LTCAP_PROFILE_LIST V056  // its tag: its lists are LTCAP_V056_*_LIST (api/release.h), its row kReleaseV056
#define LTCAP_PROFILE_API_TYPES "profiles/v0.56.0/api/api_types.h"

// Symbols the shim finds by name (besides its row's probe_symbol, api/release.h): Buffer's destructor, the
// library's own runtime-args getters.
#define LTCAP_BUFFER_DESTRUCTOR_SYMBOL "_ZN2tt8tt_metal2v06BufferD1Ev"
#define LTCAP_GET_RUNTIME_ARGS_SYMBOL "_ZN2tt8tt_metal2v014GetRuntimeArgsERKNS1_7ProgramEj"
#define LTCAP_GET_COMMON_RUNTIME_ARGS_SYMBOL "_ZN2tt8tt_metal2v020GetCommonRuntimeArgsERKNS1_7ProgramEj"

// What the release has.
#define LTCAP_HAS_COMMAND_QUEUE 1            // tt::tt_metal::CommandQueue and its Enqueue* calls (HostDataType writes)
#define LTCAP_HAS_EVENT 1                    // tt::tt_metal::Event
#define LTCAP_HAS_METAL_TRACE 1              // metal traces by id (TraceDescriptor, LoadTrace)
#define LTCAP_HAS_KERNEL_OBJECT 1            // std::shared_ptr<Kernel> in the API (Program::get_kernel)
#define LTCAP_HAS_RUNTIME_ARGS_OBJECT 1      // std::shared_ptr<RuntimeArgs> in the API
#define LTCAP_HAS_LIGHT_METAL 1              // LightMetalBinary
#define LTCAP_HAS_DEVICE_POOL 1              // tt::DevicePool (initialize, get_active_device)
#define LTCAP_HAS_DEVICE_SYNCHRONIZE 1       // Synchronize(IDevice*)
#define LTCAP_HAS_ETHERNET_KERNEL_CONFIG 1   // CreateKernel takes an EthernetConfig
#define LTCAP_HAS_SHARD_MODE 1               // ShardSpec::mode
#define LTCAP_HAS_DISTRIBUTION_SPEC 0        // N-D BufferDistributionSpec in buffer configs
#define LTCAP_HAS_DISTRIBUTED_HOST_BUFFER 0  // enqueue_write/enqueue_read of a DistributedHostBuffer
#define LTCAP_HAS_CHOSEN_TRACE_ID 0          // begin_mesh_trace(cq_id, trace_id): ids the program picks
#define LTCAP_HAS_UNIT_MESHES 0              // MeshDevice::create_unit_meshes (a map of meshes)
#define LTCAP_HAS_MESH_BACKING_BUFFER 0      // MeshBuffer::get_backing_buffer
#define LTCAP_HAS_INITIALIZER_LIST_ARGS 0    // SetRuntimeArgs taking an std::initializer_list
#define LTCAP_HAS_COORDINATE_SET_READS 0     // enqueue_read of an unordered_set of mesh coordinates
#define LTCAP_HAS_PROGRAM_HANDLE 0           // Program as a handle to its ProgramImpl
#define LTCAP_HAS_MESH_QUEUE_CLASSES 0       // MeshCommandQueueBase / FDMeshCommandQueue / SDMeshCommandQueue members
#define LTCAP_HAS_PROFILER_METADATA 0        // ReadMeshDeviceProfilerResults' ProfilerOptionalMetadata
#define LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER 0   // experimental::GlobalCircularBuffer the device emulates (v0.56.0's is refused)
#define LTCAP_HAS_METAL_ENV 0                // MetalEnv, whose device makers are calls on an object (v0.68.0-rc1)
#define LTCAP_HAS_TENSOR_ACCESSOR_ARGS 0     // tt::tt_metal::TensorAccessorArgs, whose words a kernel config records
