// tt-metal v0.68.0-rc1 as the build's profile (the same questions as profiles/v0.56.0/api/features/ltcap_profile.h,
// answered for this release): no CommandQueue, events, metal traces by id, Light Metal or device pool; mesh host
// buffers, traces with ids the program picks, unit meshes and Program as a handle instead.
#pragma once

#ifdef LTCAP_PROFILE_LIST
#error "a second profile's ltcap_profile.h in one build, or LTCAP_PROFILE_* set by hand"
#endif
#define LTCAP_PROFILE_LIST V068
#define LTCAP_PROFILE_API_TYPES "profiles/v0.68.0-rc1/api/api_types.h"
#define LTCAP_PROFILE_QUEUE_CLASSES "profiles/v0.67.0/api/queue_classes.h"  // LTCAP_HAS_MESH_QUEUE_CLASSES

#define LTCAP_BUFFER_DESTRUCTOR_SYMBOL "_ZN2tt8tt_metal6BufferD1Ev"
#define LTCAP_GET_RUNTIME_ARGS_SYMBOL "_ZN2tt8tt_metal14GetRuntimeArgsERKNS0_7ProgramEj"
#define LTCAP_GET_COMMON_RUNTIME_ARGS_SYMBOL "_ZN2tt8tt_metal20GetCommonRuntimeArgsERKNS0_7ProgramEj"

#define LTCAP_HAS_COMMAND_QUEUE 0
#define LTCAP_HAS_EVENT 0
#define LTCAP_HAS_METAL_TRACE 0
#define LTCAP_HAS_KERNEL_OBJECT 0
#define LTCAP_HAS_RUNTIME_ARGS_OBJECT 0
#define LTCAP_HAS_LIGHT_METAL 0
#define LTCAP_HAS_DEVICE_POOL 0
#define LTCAP_HAS_DEVICE_SYNCHRONIZE 0
#define LTCAP_HAS_ETHERNET_KERNEL_CONFIG 0
#define LTCAP_HAS_SHARD_MODE 0
#define LTCAP_HAS_DISTRIBUTION_SPEC 1
#define LTCAP_HAS_DISTRIBUTED_HOST_BUFFER 1
#define LTCAP_HAS_CHOSEN_TRACE_ID 1
#define LTCAP_HAS_UNIT_MESHES 1
#define LTCAP_HAS_MESH_BACKING_BUFFER 1
#define LTCAP_HAS_INITIALIZER_LIST_ARGS 1
#define LTCAP_HAS_COORDINATE_SET_READS 1
#define LTCAP_HAS_PROGRAM_HANDLE 1
#define LTCAP_HAS_MESH_QUEUE_CLASSES 1
#define LTCAP_HAS_PROFILER_METADATA 1
#define LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER 1
#define LTCAP_HAS_METAL_ENV 1
#define LTCAP_HAS_TENSOR_ACCESSOR_ARGS 1
