// How each argument and result of an intercepted call becomes a Value in the log.
//
// Plain parameters are encoded by their C++ type (one Encode overload per type). Where a parameter's meaning
// is not its type — a KernelHandle is a uint32_t, a write's payload size is the buffer's — the API description
// (profiles/v0.56.0/api/api_list.h) wraps it in a role (api/roles.h), and the role's Encode knows what to record. Roles
// may also leave work for after the call (golden read data, finished queues); Intercept runs it.
#pragma once

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#if LTCAP_HAS_LIGHT_METAL
#include <tt-metalium/lightmetal_binary.hpp>
#endif
#include <tt-metalium/tt_metal.hpp>

#include "api/roles.h"
#include "interpose/capture.h"
#include "interpose/facts.h"
#include "schema/values/object.h"

namespace ltcap {

namespace L = layout;
using BufferRef = api::BufRef;

// State of one call being encoded.
struct CallContext {
    // A constructor, not aggregate initialization: that would value-initialize (zero) the whole context, slots
    // included, on every call.
    CallContext(Capture& cap, wire::Message& msg) : cap(cap), msg(msg) {}
    CallContext(const CallContext&) = delete;
    CallContext& operator=(const CallContext&) = delete;

    Capture& cap;
    wire::Message& msg;
    Session* log = nullptr;  // the log the call goes to; null while only state is tracked
    bool journal = false;    // the call's records are kept for snapshots (state.h), here
    bool late = false;       // or by the log's writer thread (api/rules.h: KeptLate)
    std::string records;     // its Call (and Return) entries, serialized for the tracker
    Facts facts;             // what its arguments and result named
    std::uint64_t seq = 0;   // set once the Call entry is written
    std::uint64_t begin_ns = 0;
    Session::OpenEnd* open_end = nullptr;  // where its end goes (Session::EndLater), for a void call
    // Work for after tt-metal returned normally (fixed slots, the first after_count set: no allocation and nothing
    // zeroed on the call path).
    struct After {
        void (*fn)(CallContext&, std::uint64_t, std::uint64_t);
        std::uint64_t a, b;
    };
    struct AfterSlots {
        AfterSlots() {}  // NOLINT: user-provided, so the slots are not zeroed
        After slot[4];
        std::size_t size() const { return 4; }
        After& operator[](std::size_t i) { return slot[i]; }
    } after;
    std::size_t after_count = 0;
    void Then(void (*fn)(CallContext&, std::uint64_t, std::uint64_t), std::uint64_t a = 0, std::uint64_t b = 0) {
        if (after_count < after.size()) after[after_count++] = {fn, a, b};
    }
    wire::StructRef call;
    const tm::Program* program = nullptr;  // the Program argument, if any (its runtime args are read after the call)
    const tm::Program* launch = nullptr;   // a launch: runtime args are checked for in-place edits

    // A call the shim makes up (a snapshot's writes): nothing is forwarded, so payloads are not staged (roles.h:
    // Payload); its payload may already be in the log, read there straight from the device (Session::BlobFrom):
    // `stored_blob`, which the payload pointer `stored_data` stands for.
    bool synthesized = false;
    const void* stored_data = nullptr;
    std::uint64_t stored_blob = 0;

    // A payload stored in the log (0 while no log is open: tracked records carry no payloads).
    std::uint64_t Blob(const void* data, std::uint64_t size) {
        if (stored_blob && data == stored_data) return stored_blob;
        return log ? log->Blob(data, size) : 0;
    }
};

using V = wire::StructRef;

// The key a pointer identifies an object by.
inline std::uint64_t Key(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }
// Writes an object reference and says what it named (inline: most arguments of the hot calls are objects).
[[gnu::always_inline]] inline Named Object(CallContext& c, V v, Kind kind, std::uint64_t id, std::uint64_t key,
                                           std::uint64_t raw, std::uint64_t parent) {
    values::WriteObject(c.msg, v, {kind, id, raw, parent});
    return {kind, id, key};
}

// ---- Plain types
Named Encode(CallContext& c, V v, bool x);
Named Encode(CallContext& c, V v, const std::string& x);
Named Encode(CallContext& c, V v, tm::IDevice* device);
#if LTCAP_HAS_COMMAND_QUEUE
Named Encode(CallContext& c, V v, tm::CommandQueue& cq);
#endif
Named Encode(CallContext& c, V v, const tm::Program& program);
Named Encode(CallContext& c, V v, const tm::Buffer& buffer);
Named Encode(CallContext& c, V v, const std::shared_ptr<tm::Buffer>& buffer);
Named Encode(CallContext& c, V v, const BufferRef& buffer);
Named Encode(CallContext& c, V v, tt::stl::Span<const std::uint32_t> words);
Named Encode(CallContext& c, V v, const std::vector<std::uint32_t>& words);
Named Encode(CallContext& c, V v, tt::stl::Span<const std::uint8_t> bytes);
Named Encode(CallContext& c, V v, const CoreCoord& core);
Named Encode(CallContext& c, V v, const CoreRange& range);
Named Encode(CallContext& c, V v, const CoreRangeSet& set);
Named Encode(CallContext& c, V v, const std::variant<CoreCoord, CoreRange, CoreRangeSet>& spec);
Named Encode(CallContext& c, V v, const std::variant<CoreRange, CoreRangeSet>& spec);
Named Encode(CallContext& c, V v, const std::vector<CoreCoord>& cores);
Named Encode(CallContext& c, V v, const std::vector<std::vector<std::uint32_t>>& args);
Named Encode(CallContext& c, V v, const api::KernelConfig& config);
Named Encode(CallContext& c, V v, const tm::InterleavedBufferConfig& config);
Named Encode(CallContext& c, V v, const tm::ShardedBufferConfig& config);
Named Encode(CallContext& c, V v, const tm::ShardSpecBuffer& shard);
Named Encode(CallContext& c, V v, const tm::CircularBufferConfig& config);
Named Encode(CallContext& c, V v, const tm::BufferRegion& region);
#if LTCAP_HAS_EVENT
Named Encode(CallContext& c, V v, const std::shared_ptr<tm::Event>& event);
#endif
Named Encode(CallContext& c, V v, tt::stl::Span<const tm::SubDeviceId> ids);
Named Encode(CallContext& c, V v, tm::SubDeviceId id);
Named Encode(CallContext& c, V v, const tm::DispatchCoreConfig& config);
#if LTCAP_HAS_METAL_TRACE
Named Encode(CallContext& c, V v, const tm::TraceDescriptor& desc);
#endif
#if LTCAP_HAS_KERNEL_OBJECT
Named Encode(CallContext& c, V v, const std::shared_ptr<tm::Kernel>& kernel);
#endif
#if LTCAP_HAS_RUNTIME_ARGS_OBJECT
Named Encode(CallContext& c, V v, const std::shared_ptr<tm::RuntimeArgs>& args);
Named Encode(CallContext& c, V v, const std::vector<std::shared_ptr<tm::RuntimeArgs>>& args);
#endif
#if LTCAP_HAS_INITIALIZER_LIST_ARGS
Named Encode(CallContext& c, V v, std::initializer_list<std::uint32_t> words);
#endif
#if LTCAP_HAS_PROFILER_METADATA
Named Encode(CallContext& c, V v, const ProfilerOptionalMetadata& metadata);
#endif
Named Encode(CallContext& c, V v, const std::vector<tm::IDevice*>& devices);
Named Encode(CallContext& c, V v, const std::vector<chip_id_t>& ids);
Named Encode(CallContext& c, V v, const std::map<chip_id_t, tm::IDevice*>& devices);
Named Encode(CallContext& c, V v, const tm::RuntimeArgsData& args);
Named Encode(CallContext& c, V v, const std::vector<std::vector<tm::RuntimeArgsData>>& args);
#if LTCAP_HAS_LIGHT_METAL
Named Encode(CallContext& c, V v, const tm::LightMetalBinary& binary);
#endif
Named Encode(CallContext& c, V v, const tm::GlobalSemaphore& semaphore);
#if LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER
// A sender → receivers mapping: a list of (sender core, receiver cores) lists.
Named Encode(CallContext& c, V v, const api::CoreMapping& mapping);
Named Encode(CallContext& c, V v, const tm::experimental::GlobalCircularBuffer& buffer);
#endif
#if LTCAP_HAS_METAL_ENV
// A MetalEnv the program constructed (no API call): known by its address.
Named Encode(CallContext& c, V v, const tm::MetalEnv& env);
#endif
Named Encode(CallContext& c, V v, void* pointer);

template <typename T>
    requires std::is_arithmetic_v<T> || std::is_enum_v<T>
Named Encode(CallContext& c, V v, T x) {
    if constexpr (std::is_enum_v<T>) {
        c.msg.Set<L::Value>(v, L::Value::f_uint, static_cast<std::uint64_t>(x));
    } else if constexpr (std::is_floating_point_v<T>) {
        c.msg.SetDouble<L::Value>(v, L::Value::f_float, static_cast<double>(x));
    } else if constexpr (std::is_signed_v<T>) {
        c.msg.Set<L::Value>(v, L::Value::f_int, static_cast<std::uint64_t>(static_cast<std::int64_t>(x)));
    } else {
        c.msg.Set<L::Value>(v, L::Value::f_uint, static_cast<std::uint64_t>(x));
    }
    return {};
}

// An optional: none, or its value as the type records it.
template <typename T>
Named Encode(CallContext& c, V v, const std::optional<T>& x) {
    return x ? Encode(c, v, *x) : Named{};  // an unset Value reads as none
}

// ---- Roles (api/roles.h): what each records
Named Encode(CallContext& c, V v, const KernelRef& r);
Named Encode(CallContext& c, V v, const SetsArgsOf& r);
Named Encode(CallContext& c, V v, const ExposesArgsOf& r);
Named Encode(CallContext& c, V v, const CbRef& r);
Named Encode(CallContext& c, V v, const TraceRef& r);
Named Encode(CallContext& c, V v, const KernelFile& r);
Named Encode(CallContext& c, V v, const KernelText& r);
Named Encode(CallContext& c, V v, const LaunchOf& r);
#if LTCAP_HAS_COMMAND_QUEUE
Named Encode(CallContext& c, V v, const FinishesQueue& r);
#endif
Named Encode(CallContext& c, V v, const ClosesDevice& r);
Named Encode(CallContext& c, V v, const SynchronizesDevice& r);
Named Encode(CallContext& c, V v, const SynchronizesEvent& r);
Named Encode(CallContext& c, V v, const RecordsEvent& r);
Named Encode(CallContext& c, V v, const Blocking& r);
Named Encode(CallContext& c, V v, const MeshQueueIndex& r);
Named Encode(CallContext& c, V v, const OutWords& r);
Named Encode(CallContext& c, V v, const OutWord& r);
Named Encode(CallContext& c, V v, const SpanInto& r);
#if LTCAP_HAS_COMMAND_QUEUE
Named Encode(CallContext& c, V v, const Payload& p);
#endif
void EncodeReadInto(CallContext& c, V v, const void* dst, std::uint64_t size, bool final_on_return);
template <typename P>
Named Encode(CallContext& c, V v, const ReadInto<P>& r) {
    EncodeReadInto(c, v, r.value, r.size, r.final_on_return);
    return {};
}
Named Encode(CallContext& c, V v, const LaunchOfShared& r);
Named Encode(CallContext& c, V v, const ReleasedBuffer& r);
Named Encode(CallContext& c, V v, const ReleasedMeshBuffer& r);
Named Encode(CallContext& c, V v, const ReleasedMesh& r);
Named Encode(CallContext& c, V v, const LoadsTrace& r);
Named Encode(CallContext& c, V v, const DeviceNumber& r);
template <RecordedAsValue R>
Named Encode(CallContext& c, V v, const R& r) {
    return Encode(c, v, r.value);
}
Named Encode(CallContext& c, V v, const DeviceNumbers& r);
Named Encode(CallContext& c, V v, const ClosesDevices& r);
Named Encode(CallContext& c, V v, const ShardInto& r);
Named Encode(CallContext& c, V v, const Golden& r);

// ---- The mesh API (encode_mesh.cc)
namespace dist = ::tt::tt_metal::distributed;
Named Encode(CallContext& c, V v, const dist::MeshDeviceConfig& config);
#if LTCAP_HAS_DISTRIBUTED_HOST_BUFFER
Named Encode(CallContext& c, V v, const HostShardWrites& r);
Named Encode(CallContext& c, V v, const HostShardReads& r);
#endif
#if LTCAP_HAS_CHOSEN_TRACE_ID
Named Encode(CallContext& c, V v, const ChosenTrace& r);
#endif
#if LTCAP_HAS_COORDINATE_SET_READS
Named Encode(CallContext& c, V v, const std::unordered_set<dist::MeshCoordinate>& coords);
#endif
Named Encode(CallContext& c, V v, dist::MeshDevice* mesh);
Named Encode(CallContext& c, V v, dist::MeshDevice& mesh);
Named Encode(CallContext& c, V v, const api::SubDevices& sub_devices);
Named Encode(CallContext& c, V v, tm::SubDeviceManagerId id);
Named Encode(CallContext& c, V v, dist::MeshCommandQueue& cq);
Named Encode(CallContext& c, V v, const dist::MeshBufferConfig& config);
Named Encode(CallContext& c, V v, const dist::DeviceLocalBufferConfig& config);
Named Encode(CallContext& c, V v, const dist::MeshBuffer& buffer);
Named Encode(CallContext& c, V v, const std::shared_ptr<dist::MeshBuffer>& buffer);
Named Encode(CallContext& c, V v, dist::MeshWorkload& workload);
Named Encode(CallContext& c, V v, const dist::MeshCoordinateRange& range);
Named Encode(CallContext& c, V v, const dist::MeshEvent& event);
Named Encode(CallContext& c, V v, const dist::MeshTraceId& trace);
Named Encode(CallContext& c, V v, const HostBytes& r);
Named Encode(CallContext& c, V v, const ShardWrites& r);
Named Encode(CallContext& c, V v, const ShardReads& r);
Named Encode(CallContext& c, V v, const AddsTo& r);
Named Encode(CallContext& c, V v, const FinishesMeshQueue& r);
Named Encode(CallContext& c, V v, const SynchronizesMesh& r);
Named Encode(CallContext& c, V v, const SynchronizesMeshEvent& r);
Named EncodeResult(CallContext& c, V v, PlainResult, const std::shared_ptr<dist::MeshDevice>& mesh);
Named EncodeResult(CallContext& c, V v, PlainResult, const std::shared_ptr<dist::MeshBuffer>& buffer);
Named EncodeResult(CallContext& c, V v, PlainResult, const dist::MeshWorkload& workload);
Named EncodeResult(CallContext& c, V v, PlainResult, const dist::MeshEvent& event);
Named EncodeResult(CallContext& c, V v, PlainResult, const dist::MeshTraceId& trace);
Named EncodeResult(CallContext& c, V v, PlainResult, tm::SubDeviceManagerId id);
// A write's bytes as data, recorded from the thread's copy of them, which the call is then given (`staged`, the
// role's: roles.h, Payload and HostBytes).
Named StagedData(CallContext& c, V v, const void* data, std::uint64_t size, L::ElementType type, const void*& staged);
// The thread's staging memory, at least `size` bytes (the bytes of the one write the thread is recording), or null
// if it cannot be had.
std::uint8_t* StagingArea(std::uint64_t size) noexcept;
// Work a role leaves for after the call, shared by the single-device and mesh roles: the queue's pending reads
// are final; every queue of the device's (or mesh's); the reads of the queue an event was recorded on, before it.
void ThenQueueFinished(CallContext& c, std::uint64_t queue_key);
void ThenDeviceFinished(CallContext& c, std::uint64_t device_key);
void ThenEventReached(CallContext& c, std::uint64_t event_key);
// The queue a call names, single-device or mesh (0: none): its pending reads, blocking calls and events.
inline std::uint64_t QueueKey(const Facts& f) {
    const std::uint64_t cq = f.Key(Kind::commandQueue);
    return cq ? cq : f.Key(Kind::meshCommandQueue);
}

// ---- Results (api/roles.h: PlainResult, NewKernel, …)
Named EncodeResult(CallContext& c, V v, PlainResult, const tm::Program& program);
Named EncodeResult(CallContext& c, V v, PlainResult, tm::IDevice* device);
Named EncodeResult(CallContext& c, V v, PlainResult, const std::shared_ptr<tm::Buffer>& buffer);
Named EncodeResult(CallContext& c, V v, PlainResult, const std::map<chip_id_t, tm::IDevice*>& devices);
#if LTCAP_HAS_UNIT_MESHES
Named EncodeResult(CallContext& c, V v, PlainResult, const api::MeshMap& meshes);
#endif
// DevicePool::initialize: the devices the pool holds for its numbers, recorded as CreateDevices' map.
Named EncodePoolDevices(CallContext& c, V v, const std::vector<int>& numbers);
template <typename... Rest>
Named EncodeResult(CallContext& c, V v, PoolDevices, const DeviceNumbers& numbers, const Rest&...) {
    return EncodePoolDevices(c, v, numbers.value);
}
Named EncodeResult(CallContext& c, V v, PlainResult, const tm::GlobalSemaphore& semaphore);
#if LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER
Named EncodeResult(CallContext& c, V v, PlainResult, const tm::experimental::GlobalCircularBuffer& buffer);
#endif
template <typename T>
Named EncodeResult(CallContext& c, V v, PlainResult, const T& x) {
    return Encode(c, v, x);
}
Named EncodeResult(CallContext& c, V v, NewKernel, std::uint32_t handle);
Named EncodeResult(CallContext& c, V v, NewCb, std::uintptr_t handle);
Named EncodeResult(CallContext& c, V v, NewSemaphore, std::uint32_t id);
Named EncodeResult(CallContext& c, V v, NewTrace, std::uint32_t tid);

// LTCAP_BACKTRACE: the call stack above the interposer, into the Call (backtrace.cc).
void RecordBacktrace(CallContext& c);

// After a call returned: keeps its records in the tracker, or ends the objects it ended (state.h).
void Track(CallContext& c, layout::Api api);
// The owner and replaced key of a call that is KeptLate (state.h), from its encoded arguments.
Session::LateKeep LateKeepOf(const CallContext& c, layout::Api api);

// Records runtime args edited in place since the log last had them (launches).
void EncodeArgsChanged(CallContext& c, const tm::Program& program);
// Brings the log's view of one kernel's runtime args up to date after a call set them.
void NoteArgs(CallContext& c, const tm::Program& program, std::uint32_t kernel);

}  // namespace ltcap
