// Log values back into tt-metal arguments, by the parameter's C++ type — the player's half of what
// interpose/encode.cc records by type. Decode(x, value, Tag<T>) returns a holder whose get() is what the function
// takes (the object itself, or a reference into the replay's tables). Object references are told apart by their
// kind in the log. A type with no Decode overload fails the build where the description names it: every described
// function can be replayed, or the player does not compile. Next to each, ShapeOf(Tag<T>) says what the value must
// look like, for checking a log without executing it (check_calls.h).
#pragma once

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "api/api_types.h"
#include "player/call_replay.h"
#include "schema/values/object.h"
#include "schema/values/shard_spec.h"

namespace ltcap {

namespace tm = ::tt::tt_metal;
using Value = schema::Value::Reader;

template <typename T>
struct Tag {};

// What a parameter's value must look like in the log: the Value kinds allowed, and for an object reference its kind
// and whether the log must have made it before (a null id aside).
struct Shape {
    std::uint32_t kinds = 0;
    schema::ObjectKind object = schema::ObjectKind::NONE;
    bool made_before = false;
    const char* what = "";
    schema::ObjectKind also = schema::ObjectKind::NONE;  // a second object kind it may be (a mesh for a device)
    void (*check)(std::uint64_t) = nullptr;  // a number's bound (device_limits.h): throws ImpossibleValue
    void (*check_value)(schema::Value::Reader) = nullptr;  // a compound value's form and bounds: the same
};
// A value kind this player does not know (a newer log, a damaged one) matches no shape.
constexpr std::uint32_t Bit(schema::Value::Which w) { return w < 32 ? 1u << w : 0u; }
constexpr Shape ObjectShape(schema::ObjectKind kind, bool made_before, const char* what) {
    return {Bit(schema::Value::OBJECT), kind, made_before, what};
}
constexpr std::uint32_t kNumber = Bit(schema::Value::UINT) | Bit(schema::Value::INT) | Bit(schema::Value::BOOL) |
                                  Bit(schema::Value::NONE);

// A decoded argument held for the length of the call.
template <typename T>
struct Held {
    T value;
    T& get() { return value; }
};
// An argument that is an object of the replay's tables.
template <typename T>
struct Ref {
    T* object;
    T& get() { return *object; }
};
// A span over words or ids held here.
template <typename T, typename Stored = std::remove_const_t<T>>
struct HeldSpan {
    std::vector<Stored> items;
    tt::stl::Span<T> span{};
    tt::stl::Span<T>& get() {
        span = tt::stl::Span<T>(items.data(), items.size());
        return span;
    }
};

// ---- Scalars: bool, integers, enums, floats (the log's bool, int or uint)
std::uint64_t Unsigned(Value v);
template <typename T>
    requires std::is_arithmetic_v<T> || std::is_enum_v<T>
constexpr Shape ShapeOf(Tag<T>) {
    if constexpr (std::is_floating_point_v<T>) return {Bit(schema::Value::FLOAT) | Bit(schema::Value::NONE), {}, false, "a number"};
    else return {kNumber, {}, false, "a number"};
}
template <typename T>
    requires std::is_arithmetic_v<T> || std::is_enum_v<T>
Held<T> Decode(CallReplay&, Value v, Tag<T>) {
    if constexpr (std::is_same_v<T, bool>) {
        return {v.isBool() ? v.getBool() : Unsigned(v) != 0};
    } else if constexpr (std::is_floating_point_v<T>) {
        return {static_cast<T>(v.isFloat() ? v.getFloat() : 0.0)};
    } else {
        return {static_cast<T>(Unsigned(v))};
    }
}
constexpr Shape ShapeOf(Tag<std::string>) { return {Bit(schema::Value::TEXT), {}, false, "text"}; }
Held<std::string> Decode(CallReplay& x, Value v, Tag<std::string>);

// ---- Objects
using K = schema::ObjectKind;
// An object reference of `kind` (its id, raw number and parent), or a LogError saying what the log has instead.
values::ObjectValue ObjectOf(Value v, schema::ObjectKind kind, const char* what);
// A mesh is a device too: a single-device call given one names the mesh.
constexpr Shape ShapeOf(Tag<tm::IDevice*>) { return {Bit(schema::Value::OBJECT), K::DEVICE, true, "a device", K::MESH_DEVICE}; }
#if LTCAP_HAS_COMMAND_QUEUE
constexpr Shape ShapeOf(Tag<tm::CommandQueue>) { return ObjectShape(K::COMMAND_QUEUE, false, "a command queue"); }
#endif
constexpr Shape ShapeOf(Tag<tm::Program>) { return ObjectShape(K::PROGRAM, false, "a program"); }
constexpr Shape ShapeOf(Tag<tm::Buffer>) { return ObjectShape(K::BUFFER, true, "a buffer"); }
constexpr Shape ShapeOf(Tag<std::shared_ptr<tm::Buffer>>) { return ObjectShape(K::BUFFER, true, "a buffer"); }
constexpr Shape ShapeOf(Tag<api::BufRef>) { return ObjectShape(K::BUFFER, true, "a buffer"); }
#if LTCAP_HAS_EVENT
constexpr Shape ShapeOf(Tag<std::shared_ptr<tm::Event>>) { return ObjectShape(K::EVENT, true, "an event"); }
#endif
#if LTCAP_HAS_KERNEL_OBJECT
constexpr Shape ShapeOf(Tag<std::shared_ptr<tm::Kernel>>) { return ObjectShape(K::KERNEL, true, "a kernel"); }
#endif
constexpr Shape ShapeOf(Tag<std::vector<tm::IDevice*>>) { return {Bit(schema::Value::LIST), {}, false, "a list of devices"}; }
constexpr Shape ShapeOf(Tag<api::DeviceMap>) { return {Bit(schema::Value::LIST), {}, false, "a list of devices"}; }
Held<tm::IDevice*> Decode(CallReplay& x, Value v, Tag<tm::IDevice*>);
#if LTCAP_HAS_COMMAND_QUEUE
Ref<tm::CommandQueue> Decode(CallReplay& x, Value v, Tag<tm::CommandQueue>);
#endif
Ref<tm::Program> Decode(CallReplay& x, Value v, Tag<tm::Program>);
Ref<tm::Buffer> Decode(CallReplay& x, Value v, Tag<tm::Buffer>);
Held<std::shared_ptr<tm::Buffer>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<tm::Buffer>>);
Held<api::BufRef> Decode(CallReplay& x, Value v, Tag<api::BufRef>);
#if LTCAP_HAS_EVENT
Held<std::shared_ptr<tm::Event>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<tm::Event>>);
#endif
#if LTCAP_HAS_KERNEL_OBJECT
Held<std::shared_ptr<tm::Kernel>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<tm::Kernel>>);
#endif
Held<std::vector<tm::IDevice*>> Decode(CallReplay& x, Value v, Tag<std::vector<tm::IDevice*>>);
Held<api::DeviceMap> Decode(CallReplay& x, Value v, Tag<api::DeviceMap>);

// ---- Words, data, runtime args (runtime-arg words go through --remap-addresses)
constexpr Shape kWords{Bit(schema::Value::WORDS), {}, false, "words"};
constexpr Shape kList{Bit(schema::Value::LIST), {}, false, "a list"};
constexpr Shape ShapeOf(Tag<tt::stl::Span<const std::uint32_t>>) { return kWords; }
constexpr Shape ShapeOf(Tag<std::vector<std::uint32_t>>) { return kWords; }
constexpr Shape ShapeOf(Tag<std::vector<std::vector<std::uint32_t>>>) { return kList; }
constexpr Shape ShapeOf(Tag<tt::stl::Span<const std::uint8_t>>) { return {Bit(schema::Value::DATA), {}, false, "data"}; }
#if LTCAP_HAS_RUNTIME_ARGS_OBJECT
constexpr Shape ShapeOf(Tag<std::shared_ptr<tm::RuntimeArgs>>) { return {kWords.kinds | Bit(schema::Value::NONE), {}, false, "words"}; }
constexpr Shape ShapeOf(Tag<std::vector<std::shared_ptr<tm::RuntimeArgs>>>) { return kList; }
constexpr Shape ShapeOf(Tag<tm::TraceDescriptor>) { return kWords; }
#endif
constexpr Shape ShapeOf(Tag<tm::DispatchCoreConfig>) { return kWords; }
HeldSpan<const std::uint32_t> Decode(CallReplay& x, Value v, Tag<tt::stl::Span<const std::uint32_t>>);
#if LTCAP_HAS_INITIALIZER_LIST_ARGS
// SetRuntimeArgs' initializer_list form, called with the logged words: a list over words held here. Only the
// compiler makes an initializer_list; libstdc++'s is a (pointer, length) pair, built so (its layout checked).
struct HeldList {
    std::vector<std::uint32_t> items;
    std::initializer_list<std::uint32_t> list;
    std::initializer_list<std::uint32_t>& get();
};
constexpr Shape ShapeOf(Tag<std::initializer_list<std::uint32_t>>) { return kWords; }
HeldList Decode(CallReplay& x, Value v, Tag<std::initializer_list<std::uint32_t>>);
#endif
Held<std::vector<std::uint32_t>> Decode(CallReplay& x, Value v, Tag<std::vector<std::uint32_t>>);
Held<std::vector<std::vector<std::uint32_t>>> Decode(CallReplay& x, Value v, Tag<std::vector<std::vector<std::uint32_t>>>);
Held<tt::stl::Span<const std::uint8_t>> Decode(CallReplay& x, Value v, Tag<tt::stl::Span<const std::uint8_t>>);
#if LTCAP_HAS_RUNTIME_ARGS_OBJECT
Held<std::shared_ptr<tm::RuntimeArgs>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<tm::RuntimeArgs>>);
Held<std::vector<std::shared_ptr<tm::RuntimeArgs>>> Decode(CallReplay& x, Value v,
                                                            Tag<std::vector<std::shared_ptr<tm::RuntimeArgs>>>);
Held<tm::TraceDescriptor> Decode(CallReplay& x, Value v, Tag<tm::TraceDescriptor>);
#endif
Held<tm::DispatchCoreConfig> Decode(CallReplay& x, Value v, Tag<tm::DispatchCoreConfig>);

// ---- Cores
constexpr Shape kCores{Bit(schema::Value::CORES), {}, false, "cores"};
constexpr Shape ShapeOf(Tag<CoreCoord>) { return kCores; }
constexpr Shape ShapeOf(Tag<CoreRangeSet>) { return kCores; }
constexpr Shape ShapeOf(Tag<api::CoreSpec>) { return kCores; }
constexpr Shape ShapeOf(Tag<api::SemaphoreCores>) { return kCores; }
constexpr Shape ShapeOf(Tag<std::vector<CoreCoord>>) { return kList; }
Held<CoreCoord> Decode(CallReplay& x, Value v, Tag<CoreCoord>);
Held<CoreRangeSet> Decode(CallReplay& x, Value v, Tag<CoreRangeSet>);
Held<api::CoreSpec> Decode(CallReplay& x, Value v, Tag<api::CoreSpec>);
Held<api::SemaphoreCores> Decode(CallReplay& x, Value v, Tag<api::SemaphoreCores>);
Held<std::vector<CoreCoord>> Decode(CallReplay& x, Value v, Tag<std::vector<CoreCoord>>);
#if LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER
// A global circular buffer's sender → receivers mapping: (sender core, receiver cores) pairs.
constexpr Shape ShapeOf(Tag<api::CoreMapping>) { return {Bit(schema::Value::LIST), {}, false, "a core mapping"}; }
Held<api::CoreMapping> Decode(CallReplay& x, Value v, Tag<api::CoreMapping>);
constexpr Shape ShapeOf(Tag<tm::experimental::GlobalCircularBuffer>) {
    return ObjectShape(K::GLOBAL_CIRCULAR_BUFFER, true, "a global circular buffer");
}
Ref<tm::experimental::GlobalCircularBuffer> Decode(CallReplay& x, Value v, Tag<tm::experimental::GlobalCircularBuffer>);
#endif
#if LTCAP_HAS_METAL_ENV
// Never made by a call (the replay constructs it on first use), but never null: `this` of its members.
constexpr Shape ShapeOf(Tag<tm::MetalEnv>) {
    return {Bit(schema::Value::OBJECT), K::METAL_ENV, false, "a MetalEnv", K::NONE, nullptr, [](Value v) {
                if (v.getObject().getId() == 0) throw ImpossibleValue("a null MetalEnv");
            }};
}
Ref<tm::MetalEnv> Decode(CallReplay& x, Value v, Tag<tm::MetalEnv>);
#endif

// ---- Configs and small types
constexpr Shape ShapeOf(Tag<api::KernelConfig>) { return {Bit(schema::Value::KERNEL_CONFIG), {}, false, "a kernel config"}; }
// A buffer config a buffer is made from names its device (0 is none; other configs, a mesh's, name none).
void CheckConfigDevice(schema::Value::Reader v);
constexpr Shape ShapeOf(Tag<tm::InterleavedBufferConfig>) {
    return {Bit(schema::Value::BUFFER_CONFIG), {}, false, "a buffer config", {}, nullptr, CheckConfigDevice};
}
constexpr Shape ShapeOf(Tag<tm::ShardedBufferConfig>) {
    return {Bit(schema::Value::BUFFER_CONFIG), {}, false, "a buffer config", {}, nullptr, CheckConfigDevice};
}
constexpr Shape ShapeOf(Tag<tm::CircularBufferConfig>) { return {Bit(schema::Value::CB_CONFIG), {}, false, "a circular buffer config"}; }
constexpr Shape ShapeOf(Tag<tm::BufferRegion>) { return {Bit(schema::Value::REGION), {}, false, "a region"}; }
constexpr Shape ShapeOf(Tag<tm::SubDeviceId>) { return {kNumber, {}, false, "a sub-device id"}; }
constexpr Shape ShapeOf(Tag<api::SubIds>) { return {kList.kinds | Bit(schema::Value::NONE), {}, false, "sub-device ids"}; }
constexpr Shape ShapeOf(Tag<tm::ShardSpecBuffer>) { return {Bit(schema::Value::SHARD_SPEC), {}, false, "a shard spec"}; }
Held<api::KernelConfig> Decode(CallReplay& x, Value v, Tag<api::KernelConfig>);
Held<tm::InterleavedBufferConfig> Decode(CallReplay& x, Value v, Tag<tm::InterleavedBufferConfig>);
Held<tm::ShardedBufferConfig> Decode(CallReplay& x, Value v, Tag<tm::ShardedBufferConfig>);
Held<tm::CircularBufferConfig> Decode(CallReplay& x, Value v, Tag<tm::CircularBufferConfig>);
Held<tm::BufferRegion> Decode(CallReplay& x, Value v, Tag<tm::BufferRegion>);
Held<tm::SubDeviceId> Decode(CallReplay& x, Value v, Tag<tm::SubDeviceId>);
HeldSpan<const tm::SubDeviceId> Decode(CallReplay& x, Value v, Tag<api::SubIds>);
Held<tm::ShardSpecBuffer> Decode(CallReplay& x, Value v, Tag<tm::ShardSpecBuffer>);

// ---- Optionals: none, or the value as its type decodes
template <typename T>
constexpr Shape ShapeOf(Tag<std::optional<T>>) {
    Shape s = ShapeOf(Tag<T>{});
    s.kinds |= Bit(schema::Value::NONE);
    return s;
}
template <typename T>
Held<std::optional<T>> Decode(CallReplay& x, Value v, Tag<std::optional<T>>) {
    if (v.isNone()) return {std::nullopt};
    return {std::optional<T>(std::move(Decode(x, v, Tag<T>{}).get()))};
}

#if LTCAP_HAS_COORDINATE_SET_READS
// enqueue_read's coordinates: a list of single-coordinate ranges.
constexpr Shape ShapeOf(Tag<std::unordered_set<tm::distributed::MeshCoordinate>>) { return {Bit(schema::Value::LIST), {}, false, "a list of coordinates"}; }
Held<std::unordered_set<tm::distributed::MeshCoordinate>> Decode(CallReplay& x, Value v,
                                                                 Tag<std::unordered_set<tm::distributed::MeshCoordinate>>);
// The profiler's op names are not recorded (interpose/encode_values.cc): always none.
constexpr Shape ShapeOf(Tag<std::optional<ProfilerOptionalMetadata>>) { return {Bit(schema::Value::NONE), {}, false, "none"}; }
inline Held<std::optional<ProfilerOptionalMetadata>> Decode(CallReplay&, Value, Tag<std::optional<ProfilerOptionalMetadata>>) {
    return {std::nullopt};
}
#endif

// ---- The mesh API (replay_mesh.cc)
namespace dist = tm::distributed;
constexpr Shape ShapeOf(Tag<dist::MeshDevice*>) { return ObjectShape(K::MESH_DEVICE, true, "a mesh device"); }
constexpr Shape ShapeOf(Tag<dist::MeshDevice>) { return ObjectShape(K::MESH_DEVICE, true, "a mesh device"); }
constexpr Shape ShapeOf(Tag<api::SubDevices>) { return {Bit(schema::Value::LIST), {}, false, "a list of sub-devices"}; }
constexpr Shape ShapeOf(Tag<tm::SubDeviceManagerId>) {
    return ObjectShape(K::SUB_DEVICE_MANAGER, true, "a sub-device manager");
}
constexpr Shape ShapeOf(Tag<dist::MeshCommandQueue>) { return ObjectShape(K::MESH_COMMAND_QUEUE, false, "a mesh command queue"); }
constexpr Shape ShapeOf(Tag<dist::MeshBuffer>) { return ObjectShape(K::MESH_BUFFER, true, "a mesh buffer"); }
constexpr Shape ShapeOf(Tag<std::shared_ptr<dist::MeshBuffer>>) { return ObjectShape(K::MESH_BUFFER, true, "a mesh buffer"); }
constexpr Shape ShapeOf(Tag<dist::MeshWorkload>) { return ObjectShape(K::MESH_WORKLOAD, true, "a mesh workload"); }
constexpr Shape ShapeOf(Tag<dist::MeshEvent>) { return ObjectShape(K::MESH_EVENT, true, "a mesh event"); }
constexpr Shape ShapeOf(Tag<dist::MeshTraceId>) { return ObjectShape(K::MESH_TRACE, true, "a mesh trace"); }
constexpr Shape ShapeOf(Tag<dist::MeshDeviceConfig>) { return {Bit(schema::Value::MESH_DEVICE_CONFIG), {}, false, "a mesh device config"}; }
constexpr Shape ShapeOf(Tag<dist::MeshBufferConfig>) { return {Bit(schema::Value::MESH_BUFFER_CONFIG), {}, false, "a mesh buffer config"}; }
constexpr Shape ShapeOf(Tag<dist::DeviceLocalBufferConfig>) { return {Bit(schema::Value::BUFFER_CONFIG), {}, false, "a buffer config"}; }
constexpr Shape ShapeOf(Tag<dist::MeshCoordinateRange>) { return {Bit(schema::Value::MESH_RANGE), {}, false, "a mesh range"}; }
Held<dist::MeshDevice*> Decode(CallReplay& x, Value v, Tag<dist::MeshDevice*>);
Ref<dist::MeshDevice> Decode(CallReplay& x, Value v, Tag<dist::MeshDevice>);
HeldSpan<const tm::SubDevice> Decode(CallReplay& x, Value v, Tag<api::SubDevices>);
Held<tm::SubDeviceManagerId> Decode(CallReplay& x, Value v, Tag<tm::SubDeviceManagerId>);
Ref<dist::MeshCommandQueue> Decode(CallReplay& x, Value v, Tag<dist::MeshCommandQueue>);
Ref<dist::MeshBuffer> Decode(CallReplay& x, Value v, Tag<dist::MeshBuffer>);
Held<std::shared_ptr<dist::MeshBuffer>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<dist::MeshBuffer>>);
Ref<dist::MeshWorkload> Decode(CallReplay& x, Value v, Tag<dist::MeshWorkload>);
Ref<dist::MeshEvent> Decode(CallReplay& x, Value v, Tag<dist::MeshEvent>);
Held<dist::MeshTraceId> Decode(CallReplay& x, Value v, Tag<dist::MeshTraceId>);
Held<dist::MeshDeviceConfig> Decode(CallReplay& x, Value v, Tag<dist::MeshDeviceConfig>);
Held<dist::MeshBufferConfig> Decode(CallReplay& x, Value v, Tag<dist::MeshBufferConfig>);
Held<dist::DeviceLocalBufferConfig> Decode(CallReplay& x, Value v, Tag<dist::DeviceLocalBufferConfig>);
Held<dist::MeshCoordinateRange> Decode(CallReplay& x, Value v, Tag<dist::MeshCoordinateRange>);
// A ShardSpecBuffer from its log value (replay_decode.cc).
tm::ShardSpecBuffer DecodeShardSpec(const values::ShardValue& s);

// The bytes of a data reference (a LogError unless they are whole in the log); sets x.payload_bytes.
const std::uint8_t* DataBytes(CallReplay& x, Value v);

}  // namespace ltcap
