// The player's half of the argument roles (api/roles.h) and results: how a role's parameter comes out of the log
// (DecodeRole), what the role does with it just before the call — sizes the description computed from the other
// parameters are known then (Prepare) — and after it (Finished), and what a call's result makes (Record). The
// capture's half of the same roles is interpose/encode.cc.
#pragma once

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "api/roles.h"
#include "player/device_limits.h"
#include "player/replay_decode.h"

namespace ltcap {

// ---- What a role's value looks like in the log (for checking without executing: check_calls.h)
constexpr Shape ShapeOf(Tag<KernelRef>) { return ObjectShape(K::KERNEL, true, "a kernel"); }
constexpr Shape ShapeOf(Tag<SetsArgsOf>) { return ObjectShape(K::KERNEL, true, "a kernel"); }
constexpr Shape ShapeOf(Tag<ExposesArgsOf>) { return ObjectShape(K::KERNEL, true, "a kernel"); }
constexpr Shape ShapeOf(Tag<CbRef>) { return ObjectShape(K::CIRCULAR_BUFFER, true, "a circular buffer"); }
constexpr Shape ShapeOf(Tag<TraceRef>) { return ObjectShape(K::TRACE, false, "a metal trace"); }
constexpr Shape ShapeOf(Tag<LoadsTrace>) { return ObjectShape(K::TRACE, false, "a metal trace"); }
constexpr Shape ShapeOf(Tag<DeviceNumber>) { return {kNumber, {}, false, "a device number"}; }
constexpr Shape ShapeOf(Tag<MeshQueueIndex>) {
    return {kNumber, {}, false, "a command queue index", {}, [](std::uint64_t n) { CheckQueueIndex(n); }};
}
constexpr Shape ShapeOf(Tag<DeviceNumbers>) { return kList; }
constexpr Shape ShapeOf(Tag<KernelFile>) { return {Bit(schema::Value::KERNEL_SOURCE), {}, false, "a kernel source"}; }
constexpr Shape ShapeOf(Tag<KernelText>) { return {Bit(schema::Value::KERNEL_SOURCE), {}, false, "a kernel source"}; }
constexpr Shape ShapeOf(Tag<LaunchOf>) { return ObjectShape(K::PROGRAM, false, "a program"); }
constexpr Shape ShapeOf(Tag<LaunchOfShared>) { return ObjectShape(K::PROGRAM, false, "a program"); }
#if LTCAP_HAS_COMMAND_QUEUE
constexpr Shape ShapeOf(Tag<FinishesQueue>) { return ObjectShape(K::COMMAND_QUEUE, false, "a command queue"); }
#endif
constexpr Shape ShapeOf(Tag<ClosesDevice>) { return ObjectShape(K::DEVICE, true, "a device"); }
constexpr Shape ShapeOf(Tag<SynchronizesDevice>) { return ObjectShape(K::DEVICE, true, "a device"); }
constexpr Shape ShapeOf(Tag<ClosesDevices>) { return kList; }
constexpr Shape ShapeOf(Tag<SynchronizesEvent>) { return ObjectShape(K::EVENT, true, "an event"); }
constexpr Shape ShapeOf(Tag<RecordsEvent>) { return ObjectShape(K::EVENT, false, "an event"); }
constexpr Shape ShapeOf(Tag<Blocking>) { return {kNumber, {}, false, "a flag"}; }
constexpr Shape ShapeOf(Tag<DeviceBytes>) {
    return {kNumber, {}, false, "a size", {}, [](std::uint64_t n) { CheckDeviceBytes(n, "a size of"); }};
}
// Its pair with the call's DeviceBytes is checked by the call checker (player/check_calls.cc).
constexpr Shape ShapeOf(Tag<PageSize>) { return {kNumber, {}, false, "a page size"}; }
constexpr Shape ShapeOf(Tag<BankAddress>) { return {kNumber, {}, false, "an address"}; }
constexpr Shape ShapeOf(Tag<L1Address>) {
    return {kNumber, {}, false, "an address", {}, nullptr, [](Value v) { CheckL1Address(Unsigned(v)); }};
}
constexpr Shape ShapeOf(Tag<ChosenL1Address>) {
    return {kNumber, {}, false, "an address", {}, nullptr, [](Value v) { CheckL1Address(Unsigned(v)); }};
}
constexpr Shape ShapeOf(Tag<DramChannel>) {
    return {kNumber, {}, false, "a DRAM channel", {}, nullptr, [](Value v) { CheckDramChannel(Unsigned(v)); }};
}
template <typename T>
constexpr Shape ShapeOf(Tag<HwQueueCount<T>>) {
    return {kNumber, {}, false, "a command queue count", {}, [](std::uint64_t n) { CheckHwQueueCount(n); }};
}
constexpr Shape ShapeOf(Tag<ReservedL1>) {
    return {kNumber, {}, false, "a size", {}, [](std::uint64_t n) { CheckReservedL1(n); }};
}
constexpr Shape ShapeOf(Tag<TraceRegion>) {
    return {kNumber, {}, false, "a size", {}, [](std::uint64_t n) { CheckTraceRegion(n); }};
}
#if LTCAP_HAS_COMMAND_QUEUE
constexpr Shape ShapeOf(Tag<Payload>) { return {Bit(schema::Value::DATA), {}, false, "data"}; }
#endif
// Data; in a log of format 1-3, the program's pointer (the bytes were not recorded).
constexpr Shape ShapeOf(Tag<Golden>) {
    return {Bit(schema::Value::DATA) | Bit(schema::Value::HOST_POINTER), {}, false, "data"};
}
constexpr Shape kDestination{Bit(schema::Value::HOST_POINTER) | Bit(schema::Value::NONE), {}, false, "a destination"};
template <typename P>
constexpr Shape ShapeOf(Tag<ReadInto<P>>) {
    return kDestination;
}
constexpr Shape ShapeOf(Tag<ShardInto>) { return kDestination; }
constexpr Shape ShapeOf(Tag<OutWords>) { return kDestination; }
constexpr Shape ShapeOf(Tag<OutWord>) { return kDestination; }
// [destination, size]: a size no device memory holds is refused before anything runs (the replay then checks it
// against what the capture recorded).
void CheckSpanInto(schema::Value::Reader v);
constexpr Shape ShapeOf(Tag<SpanInto>) { return {kList.kinds, {}, false, "a destination and its size", {}, nullptr, CheckSpanInto}; }
constexpr Shape ShapeOf(Tag<HostBytes>) { return {Bit(schema::Value::DATA), {}, false, "data"}; }
constexpr Shape ShapeOf(Tag<ShardWrites>) { return kList; }
constexpr Shape ShapeOf(Tag<ShardReads>) { return kList; }
#if LTCAP_HAS_DISTRIBUTED_HOST_BUFFER
constexpr Shape ShapeOf(Tag<HostShardWrites>) { return kList; }
constexpr Shape ShapeOf(Tag<HostShardReads>) { return kList; }
#endif
#if LTCAP_HAS_CHOSEN_TRACE_ID
// A MeshTraceId is 32 bits: a chosen id beyond them is no id a program chose.
void CheckChosenTrace(schema::Value::Reader v);
constexpr Shape ShapeOf(Tag<ChosenTrace>) {
    return {Bit(schema::Value::OBJECT), K::MESH_TRACE, false, "a mesh trace", {}, nullptr, CheckChosenTrace};
}
#endif
constexpr Shape ShapeOf(Tag<AddsTo>) { return ObjectShape(K::MESH_WORKLOAD, false, "a mesh workload"); }
constexpr Shape ShapeOf(Tag<FinishesMeshQueue>) { return ObjectShape(K::MESH_COMMAND_QUEUE, false, "a mesh command queue"); }
constexpr Shape ShapeOf(Tag<SynchronizesMesh>) { return ObjectShape(K::MESH_DEVICE, true, "a mesh device"); }
constexpr Shape ShapeOf(Tag<SynchronizesMeshEvent>) { return ObjectShape(K::MESH_EVENT, true, "a mesh event"); }

// ---- How a role's parameter comes out of the log

// A role: a parameter wrapped in one of api/roles.h's structs.
template <typename T>
concept Role = requires(std::remove_cvref_t<T>& r) { r.value; };

Held<std::uint32_t> DecodeRole(CallReplay& x, Value v, Tag<KernelRef>);
Held<std::uint32_t> DecodeRole(CallReplay& x, Value v, Tag<SetsArgsOf>);
Held<std::uint32_t> DecodeRole(CallReplay& x, Value v, Tag<ExposesArgsOf>);
Held<std::uintptr_t> DecodeRole(CallReplay& x, Value v, Tag<CbRef>);
Held<std::uint32_t> DecodeRole(CallReplay& x, Value v, Tag<TraceRef>);
Held<std::uint32_t> DecodeRole(CallReplay& x, Value v, Tag<LoadsTrace>);
Held<int> DecodeRole(CallReplay& x, Value v, Tag<DeviceNumber>);
Held<std::vector<int>> DecodeRole(CallReplay& x, Value v, Tag<DeviceNumbers>);
Held<std::string> DecodeRole(CallReplay& x, Value v, Tag<KernelFile>);
Held<std::string> DecodeRole(CallReplay& x, Value v, Tag<KernelText>);
Ref<tm::Program> DecodeRole(CallReplay& x, Value v, Tag<LaunchOf>);
Held<std::shared_ptr<tm::Program>> DecodeRole(CallReplay& x, Value v, Tag<LaunchOfShared>);
#if LTCAP_HAS_COMMAND_QUEUE
Ref<tm::CommandQueue> DecodeRole(CallReplay& x, Value v, Tag<FinishesQueue>);
#endif
Held<tm::IDevice*> DecodeRole(CallReplay& x, Value v, Tag<ClosesDevice>);
Held<tm::IDevice*> DecodeRole(CallReplay& x, Value v, Tag<SynchronizesDevice>);
Held<api::DeviceMap> DecodeRole(CallReplay& x, Value v, Tag<ClosesDevices>);
#if LTCAP_HAS_EVENT
Held<std::shared_ptr<tm::Event>> DecodeRole(CallReplay& x, Value v, Tag<SynchronizesEvent>);
Held<std::shared_ptr<tm::Event>> DecodeRole(CallReplay& x, Value v, Tag<RecordsEvent>);
#endif
Held<bool> DecodeRole(CallReplay& x, Value v, Tag<Blocking>);
// A number recorded as it is (api/roles.h): decoded as its parameter's type.
template <RecordedAsValue R>
auto DecodeRole(CallReplay& x, Value v, Tag<R>) {
    return Decode(x, v, Tag<std::remove_cvref_t<decltype(std::declval<R&>().value)>>{});
}
#if LTCAP_HAS_COMMAND_QUEUE
Held<tm::HostDataType> DecodeRole(CallReplay& x, Value v, Tag<Payload>);
#endif
Held<void*> DecodeRole(CallReplay& x, Value v, Tag<Golden>);
Held<std::uint8_t*> DecodeRole(CallReplay& x, Value v, Tag<ShardInto>);
Held<std::vector<std::uint32_t>> DecodeRole(CallReplay& x, Value v, Tag<OutWords>);
Held<std::uint32_t> DecodeRole(CallReplay& x, Value v, Tag<OutWord>);
// A span destination: [destination, size]; a placeholder of that size (null if the capture's was) until Prepare.
Held<std::span<std::uint8_t>> DecodeRole(CallReplay& x, Value v, Tag<SpanInto>);
// The mesh API's roles (replay_mesh.cc)
Held<const void*> DecodeRole(CallReplay& x, Value v, Tag<HostBytes>);
// Shard writes: the transfers, and the captured bytes each points into.
struct HeldShards {
    api::ShardTransfers value;
    std::vector<std::vector<std::uint8_t>> bytes;
    api::ShardTransfers& get() { return value; }
};
HeldShards DecodeRole(CallReplay& x, Value v, Tag<ShardWrites>);
Held<api::ShardTransfers> DecodeRole(CallReplay& x, Value v, Tag<ShardReads>);
#if LTCAP_HAS_DISTRIBUTED_HOST_BUFFER
// A DistributedHostBuffer over the mesh buffer's mesh: a write's holds the captured shards; a read's gets its
// shards when prepared (destinations in the read's target, one after another).
Held<tm::DistributedHostBuffer> DecodeRole(CallReplay& x, Value v, Tag<HostShardWrites>);
Held<tm::DistributedHostBuffer> DecodeRole(CallReplay& x, Value v, Tag<HostShardReads>);
tm::DistributedHostBuffer& Prepare(CallReplay& x, const HostShardReads& r);
#endif
#if LTCAP_HAS_CHOSEN_TRACE_ID
// The trace id the captured program chose, which names a new trace from this call on.
Held<dist::MeshTraceId> DecodeRole(CallReplay& x, Value v, Tag<ChosenTrace>);
#endif
Ref<dist::MeshWorkload> DecodeRole(CallReplay& x, Value v, Tag<AddsTo>);
// Checked against the queues of the mesh the call's first argument names (wrong unless the call threw).
Held<std::uint8_t> DecodeRole(CallReplay& x, Value v, Tag<MeshQueueIndex>);
Ref<dist::MeshCommandQueue> DecodeRole(CallReplay& x, Value v, Tag<FinishesMeshQueue>);
Held<dist::MeshDevice*> DecodeRole(CallReplay& x, Value v, Tag<SynchronizesMesh>);
Ref<dist::MeshEvent> DecodeRole(CallReplay& x, Value v, Tag<SynchronizesMeshEvent>);
// A read destination: null if the capture's was, else a placeholder that Prepare replaces by room of its size.
std::uint8_t* ReadPlaceholder(Value v);
template <typename P>
Held<P*> DecodeRole(CallReplay&, Value v, Tag<ReadInto<P>>) {
    return {reinterpret_cast<P*>(ReadPlaceholder(v))};
}

// ---- Just before the call: what tt-metal gets for the argument (plain arguments pass as they are)
template <typename T>
    requires(!Role<T>)
T&& Prepare(CallReplay&, T&& plain) {
    return std::forward<T>(plain);
}
// What finishes the queue a call names (its first command queue or mesh command queue argument); none when it names
// no queue. A failure is a ReplayError naming the call.
ReadVerifier::Drain QueueFinish(CallReplay& x);
// What finishes a read the device may still be writing when the call returns: QueueFinish, none when the call was
// blocking.
ReadVerifier::Drain ReadDrain(CallReplay& x);
// After launch `x` (its queue finished): buffer `id` as the device holds it — a mesh buffer's shards in row-major
// coordinate order — read through the queue the launch names (or, naming none, straight from the device), and its
// page size; none when the replay has no such buffer live or no way to read it.
std::optional<std::vector<std::uint8_t>> ReadBack(CallReplay& x, std::uint64_t id, std::uint64_t& page_size);
template <typename P>
P* Prepare(CallReplay& x, const ReadInto<P>& r) {
    if (!r.value) return nullptr;
    return reinterpret_cast<P*>(
        x.s.reads.Target(x.Seq(), x.What(), r.size, r.final_on_return ? ReadVerifier::Drain{} : ReadDrain(x)).data());
}
std::uint8_t* Prepare(CallReplay& x, const ShardInto& r);
#if LTCAP_HAS_COMMAND_QUEUE
const tm::HostDataType& Prepare(CallReplay& x, const Payload& p);
#endif
void* Prepare(CallReplay& x, const Golden& g);
tm::Program& Prepare(CallReplay& x, const LaunchOf& l);
const std::shared_ptr<tm::Program>& Prepare(CallReplay& x, const LaunchOfShared& l);
std::vector<std::uint32_t>& Prepare(CallReplay& x, const OutWords& o);
std::span<std::uint8_t> Prepare(CallReplay& x, const SpanInto& s);
const void* Prepare(CallReplay& x, const HostBytes& h);
api::ShardTransfers Prepare(CallReplay& x, const ShardWrites& w);
api::ShardTransfers Prepare(CallReplay& x, const ShardReads& r);
template <Role R>
auto& Prepare(CallReplay&, const R& role) {
    return role.value;
}

// ---- After the call returned
template <typename T>
void Finished(CallReplay&, const T&) {}
void Finished(CallReplay& x, const ClosesDevice& r);
void Finished(CallReplay& x, const ClosesDevices& r);
void Finished(CallReplay& x, const LoadsTrace& r);
void Finished(CallReplay& x, const OutWords& r);
void Finished(CallReplay& x, const AddsTo& r);
void Finished(CallReplay& x, const OutWord& r);

// ---- What a result makes
template <typename T>
void Record(CallReplay&, PlainResult, T&&) {}  // a value: nothing to keep
void Record(CallReplay& x, PlainResult, tm::IDevice* device);
void Record(CallReplay& x, PlainResult, std::shared_ptr<tm::Buffer>&& buffer);
void Record(CallReplay& x, PlainResult, tm::Program&& program);
void Record(CallReplay& x, PlainResult, tm::GlobalSemaphore&& semaphore);
#if LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER
void Record(CallReplay& x, PlainResult, tm::experimental::GlobalCircularBuffer&& buffer);
#endif
void Record(CallReplay& x, PlainResult, api::DeviceMap&& devices);
// DevicePool::initialize: the pool's devices for the (mapped) numbers, paired in order with the log's result list.
#if LTCAP_HAS_DEVICE_POOL
void RecordPoolDevices(CallReplay& x, const std::vector<int>& numbers);
template <typename... Rest>
void Record(CallReplay& x, PoolDevices, const DeviceNumbers& numbers, const Rest&...) {
    RecordPoolDevices(x, numbers.value);
}
#endif
void Record(CallReplay& x, NewKernel, tm::KernelHandle handle);
void Record(CallReplay& x, NewCb, tm::CBHandle handle);
void Record(CallReplay& x, NewSemaphore, std::uint32_t id);
void Record(CallReplay& x, NewTrace, std::uint32_t tid);
void Record(CallReplay& x, PlainResult, std::shared_ptr<dist::MeshDevice>&& mesh);
#if LTCAP_HAS_UNIT_MESHES
void Record(CallReplay& x, PlainResult, api::MeshMap&& meshes);
#endif
void Record(CallReplay& x, PlainResult, std::shared_ptr<dist::MeshBuffer>&& buffer);
void Record(CallReplay& x, PlainResult, dist::MeshEvent&& event);
void Record(CallReplay& x, PlainResult, dist::MeshTraceId&& trace);
void Record(CallReplay& x, PlainResult, tm::SubDeviceManagerId&& id);

// What the overloads above keep from a call's Return, by its result role and type: objects of one kind, alone or a
// list of them (the devices of a map, in order), or nothing (K::NONE: a value, or a reference the replay does not
// keep). The checker (check_calls.cc) counts as made exactly these, so what it accepts the replay can look up.
struct ResultObjects {
    K kind = K::NONE;
    bool list = false;
};
template <typename Result, typename Ret>
constexpr ResultObjects ResultObjectsOf() {
    using T = std::remove_cvref_t<Ret>;
    if constexpr (std::is_same_v<Result, NewKernel>) return {K::KERNEL};
    else if constexpr (std::is_same_v<Result, NewCb>) return {K::CIRCULAR_BUFFER};
    else if constexpr (std::is_same_v<Result, NewTrace>) return {K::TRACE};
    else if constexpr (std::is_same_v<Result, PoolDevices>) return {K::DEVICE, true};
    else if constexpr (std::is_same_v<Result, NewSemaphore>) return {K::SEMAPHORE};  // its number is its own
    else if constexpr (!std::is_same_v<Result, PlainResult>) return {};
    else if constexpr (std::is_same_v<T, tm::IDevice*>) return {K::DEVICE};
    else if constexpr (std::is_same_v<T, std::shared_ptr<tm::Buffer>>) return {K::BUFFER};
    else if constexpr (std::is_same_v<T, tm::Program>) return {K::PROGRAM};
    else if constexpr (std::is_same_v<T, tm::GlobalSemaphore>) return {K::GLOBAL_SEMAPHORE};
#if LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER
    else if constexpr (std::is_same_v<T, tm::experimental::GlobalCircularBuffer>) return {K::GLOBAL_CIRCULAR_BUFFER};
#endif
    else if constexpr (std::is_same_v<T, api::DeviceMap>) return {K::DEVICE, true};
    else if constexpr (std::is_same_v<T, std::shared_ptr<dist::MeshDevice>>) return {K::MESH_DEVICE};
#if LTCAP_HAS_UNIT_MESHES
    else if constexpr (std::is_same_v<T, api::MeshMap>) return {K::MESH_DEVICE, true};
#endif
    else if constexpr (std::is_same_v<T, std::shared_ptr<dist::MeshBuffer>>) return {K::MESH_BUFFER};
    else if constexpr (std::is_same_v<T, dist::MeshEvent>) return {K::MESH_EVENT};
    else if constexpr (std::is_same_v<T, dist::MeshTraceId>) return {K::MESH_TRACE};
    else if constexpr (std::is_same_v<T, tm::SubDeviceManagerId>) return {K::SUB_DEVICE_MANAGER};
    else return {};
}

}  // namespace ltcap
