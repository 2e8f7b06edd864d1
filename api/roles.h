// Argument roles: what is special about a parameter when its C++ type does not say it. The description
// (api_list.h) wraps such a parameter in its role; the capture records it by its role (interpose/encode.cc), the
// player replays it by its role (player/replay_roles.h). A role holds a reference to the parameter (`value`) and
// sometimes a size the description computes from the other parameters — the same expression at capture and replay.
// Unwrap(x) is the parameter itself, as tt-metal gets it.
#pragma once

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "api/api_types.h"

namespace ltcap {

namespace tm = ::tt::tt_metal;

// ---- Objects a number stands for
struct KernelRef { const std::uint32_t& value; };     // a KernelHandle of the program argument before it
struct SetsArgsOf { const std::uint32_t& value; };    // a kernel whose runtime args the call sets
struct ExposesArgsOf { const std::uint32_t& value; }; // GetRuntimeArgs: the program may now edit them in place
struct CbRef { const std::uintptr_t& value; };        // a CBHandle of the program argument before it
struct TraceRef { const std::uint32_t& value; };      // a metal trace id of the device argument before it
struct LoadsTrace { const std::uint32_t& value; };    // LoadTrace: the id the new metal trace gets
struct DeviceNumber { const int& value; };            // a device's number: --device-map applies on replay
struct DeviceNumbers { const std::vector<int>& value; };

// ---- Kernel sources: what the name or text holds goes in the log
struct KernelFile { const std::string& value; };      // CreateKernel's file: its source (and what it includes)
struct KernelText { const std::string& value; };      // CreateKernelFromString's source text

// ---- Launches, waits and what they end
struct LaunchOf { tm::Program& value; };                                  // runtime args edited in place are recorded
struct LaunchOfShared { const std::shared_ptr<tm::Program>& value; };     // LaunchProgram's shared_ptr form
#if LTCAP_HAS_COMMAND_QUEUE
struct FinishesQueue { tm::CommandQueue& value; };    // reads on this queue are final after the call
#endif
struct ClosesDevice { tm::IDevice* const& value; };   // all reads on the device's queues are final; it goes
struct ClosesDevices { const std::map<chip_id_t, tm::IDevice*>& value; };
struct SynchronizesDevice { tm::IDevice* const& value; };
struct SynchronizesEvent { const std::shared_ptr<tm::Event>& value; };
struct RecordsEvent { const std::shared_ptr<tm::Event>& value; };  // the event comes to be (replay makes one)
struct Blocking { const bool& value; };               // an Enqueue*'s blocking flag
// A command queue index of the mesh that is the call's first argument (the mesh trace calls): the replay checks the
// mesh has that queue before tt-metal is given it.
struct MeshQueueIndex { const std::uint8_t& value; };

// ---- Numbers recorded as they are, which only --check treats specially (player/replay_roles.h gives each its
// bounds, player/device_limits.h): a role marked RecordedAsValue is captured and replayed as its plain parameter.
template <typename R>
concept RecordedAsValue = requires { typename R::RecordedAsValue; };
// Device memory a call allocates: ltplay --check refuses more than any device has in a call that did not throw.
struct DeviceBytes {  // a size the call allocates (Buffer::create's size)
    const std::uint64_t& value;
    using RecordedAsValue = void;
};
// The page size of the call's DeviceBytes: the size must be whole pages of it (tt-metal refuses anything else).
struct PageSize {
    const std::uint64_t& value;
    using RecordedAsValue = void;
};
// A buffer made at an address: tt-metal allocates nothing and checks nothing of it then, so neither does --check
// (the sizes in its config are not allocated either).
struct BankAddress {
    const std::uint64_t& value;
    using RecordedAsValue = void;
};
// Device memory a detail:: read or write names directly: --check refuses a place no device has.
struct L1Address {  // an address in a core's L1
    const std::uint32_t& value;
    using RecordedAsValue = void;
};
struct ChosenL1Address {  // an address in the L1 of each of a set of cores, chosen by the program (a DeviceAddr)
    const std::uint64_t& value;
    using RecordedAsValue = void;
};
struct DramChannel {  // a DRAM channel's index
    const int& value;
    using RecordedAsValue = void;
};
// A device's configuration where a call opens it: tt-metal opens a device with one or two hardware command queues
// (num_hw_cqs, a mesh's num_command_queues), and reserves part of every core's L1 for small buffers (l1_small_size)
// and part of every DRAM bank for traces (trace_region_size).
template <typename T>
struct HwQueueCount {
    const T& value;
    using RecordedAsValue = void;
};
template <typename T>
HwQueueCount(const T&) -> HwQueueCount<T>;  // spelled out: clang before 17 deduces no aggregate's arguments
struct ReservedL1 {
    const std::size_t& value;
    using RecordedAsValue = void;
};
struct TraceRegion {
    const std::size_t& value;
    using RecordedAsValue = void;
};

// ---- Data in and out
// A write's payload and how many bytes of it the call uses.
// While a log records the call, the capture forwards its own copy of the bytes (`staged`) instead: tt-metal copies
// a write's source during the call, and the copy is what the log holds, so the device sees exactly the logged bytes
// even when the program's source is shorter than the write (then tt-metal reads whatever follows it in memory).
#if LTCAP_HAS_COMMAND_QUEUE  // HostDataType writes through a CommandQueue
struct Payload {
    const tm::HostDataType& value;
    std::uint64_t size;
    mutable const void* staged = nullptr;
    tm::HostDataType Forwarded() const { return staged ? tm::HostDataType(staged) : value; }
};
#endif
// Bytes tt-metal reads from host memory: recorded as data, given back on replay.
struct Golden {
    void* const& value;
    std::uint64_t size;
};
// A read destination (void* or uint8_t*), how many bytes the call writes there, and whether they are final when
// the call returns (slow-dispatch reads) rather than when the queue is finished. A null destination stays null.
template <typename P>
struct ReadInto {
    P* const& value;
    std::uint64_t size;
    bool final_on_return = false;
};
template <typename P>
ReadInto(P* const&, std::uint64_t) -> ReadInto<P>;
template <typename P>
ReadInto(P* const&, std::uint64_t, bool) -> ReadInto<P>;
// ReadShard's destination: one shard's bytes, a size the call does not say (not recorded); `room` is what a
// replay gives it (the whole buffer).
struct ShardInto {
    std::uint8_t* const& value;
    std::uint64_t room;
};
// Filled by the call (at most `size` bytes asked for): recorded as read data.
struct OutWords {
    std::vector<std::uint32_t>& value;
    std::uint32_t size;
};
struct OutWord { std::uint32_t& value; };
// A std::span the call fills whole (v0.67.0's span forms of detail::ReadFromDeviceDRAMChannel and ReadFromDeviceL1):
// recorded as a list of its destination (a host pointer) and its size; the bytes as read data, final on return.
struct SpanInto { const std::span<std::uint8_t>& value; };

// ---- The mesh API (tt::tt_metal::distributed)
namespace dist = ::tt::tt_metal::distributed;
// A mesh write's source (const void*) and how many bytes the call reads from it; staged like a Payload.
struct HostBytes {
    const void* const& value;
    std::uint64_t size;
    mutable const void* staged = nullptr;
    const void* Forwarded() const { return staged ? staged : value; }
};
// enqueue_write_shards' transfers: each shard's bytes are recorded (the shard's size, or its region's), copied first
// and forwarded from the copy as a Payload's are (`staged`: the transfers pointing into the copy).
struct ShardWrites {
    const api::ShardTransfers& value;
    const std::shared_ptr<dist::MeshBuffer>& buffer;
    mutable std::optional<api::ShardTransfers> staged;
    const api::ShardTransfers& Forwarded() const { return staged ? *staged : value; }
};
// enqueue_read_shards' transfers: each a destination of the shard's size (or its region's); the shards' bytes are
// recorded one after another as the call's read data.
struct ShardReads {
    const api::ShardTransfers& value;
    const std::shared_ptr<dist::MeshBuffer>& buffer;
};
// A workload a program is added to: the first program a workload gets makes it a new one, known from then on by
// its programs' ids wherever the workload is moved (docs/mesh.md).
struct AddsTo {
    dist::MeshWorkload& value;
    const tm::Program& program;  // the one being added
};
#if LTCAP_HAS_CHOSEN_TRACE_ID
// A trace id the program chose itself (begin_mesh_trace(cq_id, trace_id)): a new trace of the mesh, replayed under
// the same id (ids are the program's to pick; the replay makes the same calls, so the same ones are free).
struct ChosenTrace {
    const dist::MeshTraceId& value;
};
#endif
#if LTCAP_HAS_DISTRIBUTED_HOST_BUFFER
// enqueue_write's DistributedHostBuffer: each shard it holds is recorded (its bytes, its coordinate).
struct HostShardWrites {
    const tm::DistributedHostBuffer& value;
    const std::shared_ptr<dist::MeshBuffer>& buffer;
};
// enqueue_read's DistributedHostBuffer: the shards it reads (those of `shards`, or every one the host buffer holds),
// each a device shard's bytes; recorded one after another as the call's read data when final.
struct HostShardReads {
    tm::DistributedHostBuffer& value;
    const std::shared_ptr<dist::MeshBuffer>& buffer;
    const api::ShardSet& shards;
};
#endif
struct FinishesMeshQueue { dist::MeshCommandQueue& value; };          // its reads are final after the call
struct SynchronizesMesh { dist::MeshDevice* const& value; };          // all its queues' reads are final
struct SynchronizesMeshEvent { const dist::MeshEvent& value; };       // reads before the event are final

// The buffer whose destructor is running (interpose/destructor_hooks.cc).
struct ReleasedBuffer { void* const& value; };
// The mesh buffer, or mesh, whose destructor is running (interpose/destructor_hooks.cc).
struct ReleasedMeshBuffer { void* const& value; };
struct ReleasedMesh { void* const& value; };

// ---- Results: what a call returned, and the objects it created (the description's `result` column).
struct PlainResult {};   // by its type (a device, a buffer, a program, a global semaphore, devices, a value)
struct NewKernel {};     // a KernelHandle of the program argument
struct NewCb {};         // a CBHandle of the program argument
struct NewSemaphore {};  // a semaphore id of the program argument
struct NewTrace {};      // a metal trace id of the device argument
// DevicePool::initialize returns nothing: the devices the pool holds for its device numbers are read back after
// the call and recorded as its result, as CreateDevices' map (a void call with a result made after it).
struct PoolDevices {};

template <typename ResultRole>
inline constexpr bool kResultAfterVoidCall = false;
template <>
inline constexpr bool kResultAfterVoidCall<PoolDevices> = true;

template <typename T>
constexpr bool IsLaunchArg = std::is_same_v<T, LaunchOf> || std::is_same_v<T, LaunchOfShared>;

// A role, or a plain argument: what tt-metal gets.
template <typename T>
T&& Unwrap(T&& x) {
    return std::forward<T>(x);
}
template <typename R>
    requires requires(R r) { r.value; }
decltype(auto) Unwrap(R&& r) {
    if constexpr (requires { r.Forwarded(); }) {
        return r.Forwarded();
    } else {
        return (r.value);
    }
}

// One shard of a transfer, read and made alike in every profile: v0.56.0's ShardDataTransfer is a struct with fields,
// v0.67.0's a class with accessors.
using ShardTransfer = api::ShardTransfers::value_type;
template <typename T = ShardTransfer>
dist::MeshCoordinate TransferCoord(const T& t) {
    if constexpr (requires { t.shard_coord(); }) return t.shard_coord();
    else return t.shard_coord;
}
template <typename T = ShardTransfer>
void* TransferHost(const T& t) {
    if constexpr (requires { t.host_data(); }) return t.host_data();
    else return t.host_data;
}
template <typename T = ShardTransfer>
std::optional<tm::BufferRegion> TransferRegion(const T& t) {
    if constexpr (requires { t.region(); }) return t.region();
    else return t.region;
}
template <typename T = ShardTransfer>
void SetTransferHost(T& t, void* host) {
    if constexpr (requires { t.host_data(host); }) t.host_data(host);
    else t.host_data = host;
}
template <typename T = ShardTransfer>
T MakeTransfer(const dist::MeshCoordinate& coord, void* host, const std::optional<tm::BufferRegion>& region) {
    if constexpr (std::is_aggregate_v<T>) {
        return T{.shard_coord = coord, .host_data = host, .region = region};
    } else {
        T t(coord);
        t.host_data(host);
        t.region(region);
        return t;
    }
}

// The size of a whole buffer, as the description's sizes name it (roles.cc).
std::uint64_t WholeBuffer(const tm::Buffer& b);
std::uint64_t WholeBuffer(const api::BufRef& b);
// The bytes of a whole mesh buffer's host data (its size(): replicated, one device's; sharded, the global buffer).
std::uint64_t WholeMeshBuffer(const std::shared_ptr<dist::MeshBuffer>& b);
// The bytes of one shard: the region's, or the device buffer's at `coord`.
std::uint64_t ShardBytes(const dist::MeshBuffer& b, const dist::MeshCoordinate& coord,
                         const std::optional<tm::BufferRegion>& region);
// Every coordinate of a mesh of `shape`, in row-major order.
std::vector<dist::MeshCoordinate> EveryCoordinate(tt::stl::Span<const std::uint32_t> shape);
// A mesh buffer's buffers on its devices, get_device_buffer(coord) for EveryCoordinate of its mesh (a coordinate
// without one: null). Empty when the library will not give them.
std::vector<tm::Buffer*> DeviceBuffers(const dist::MeshBuffer& b);
// enqueue_write_shard_to_sub_grid: one shard's bytes, for the range's first device.
std::uint64_t SubGridBytes(const dist::MeshBuffer& b, const dist::MeshCoordinateRange& range,
                           const std::optional<tm::BufferRegion>& region);

}  // namespace ltcap
