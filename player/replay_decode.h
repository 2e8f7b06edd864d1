// Log values back into tt-metal arguments, by the parameter's C++ type — the player's half of what
// interpose/encode.cc records by type. Decode(x, value, Tag<T>) returns a holder whose get() is what the function
// takes (the object itself, or a reference into the replay's tables). Object references are told apart by their
// kind in the log. A type with no Decode overload fails the build where the description names it: every described
// function can be replayed, or the player does not compile.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "api/api_types.h"
#include "player/call_replay.h"

namespace ltcap {

namespace tm = ::tt::tt_metal;
using Value = schema::Value::Reader;

template <typename T>
struct Tag {};

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
Held<T> Decode(CallReplay&, Value v, Tag<T>) {
    if constexpr (std::is_same_v<T, bool>) {
        return {v.isBool() ? v.getBool() : Unsigned(v) != 0};
    } else if constexpr (std::is_floating_point_v<T>) {
        return {static_cast<T>(v.isFloat() ? v.getFloat() : 0.0)};
    } else {
        return {static_cast<T>(Unsigned(v))};
    }
}
Held<std::string> Decode(CallReplay& x, Value v, Tag<std::string>);

// ---- Objects
Held<tm::IDevice*> Decode(CallReplay& x, Value v, Tag<tm::IDevice*>);
Ref<tm::CommandQueue> Decode(CallReplay& x, Value v, Tag<tm::CommandQueue>);
Ref<tm::Program> Decode(CallReplay& x, Value v, Tag<tm::Program>);
Ref<tm::Buffer> Decode(CallReplay& x, Value v, Tag<tm::Buffer>);
Held<std::shared_ptr<tm::Buffer>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<tm::Buffer>>);
Held<api::BufRef> Decode(CallReplay& x, Value v, Tag<api::BufRef>);
Held<std::shared_ptr<tm::Event>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<tm::Event>>);
Held<std::shared_ptr<tm::Kernel>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<tm::Kernel>>);
Held<std::vector<tm::IDevice*>> Decode(CallReplay& x, Value v, Tag<std::vector<tm::IDevice*>>);
Held<api::DeviceMap> Decode(CallReplay& x, Value v, Tag<api::DeviceMap>);

// ---- Words, data, runtime args (runtime-arg words go through --remap-addresses)
HeldSpan<const std::uint32_t> Decode(CallReplay& x, Value v, Tag<tt::stl::Span<const std::uint32_t>>);
Held<std::vector<std::uint32_t>> Decode(CallReplay& x, Value v, Tag<std::vector<std::uint32_t>>);
Held<std::vector<std::vector<std::uint32_t>>> Decode(CallReplay& x, Value v, Tag<std::vector<std::vector<std::uint32_t>>>);
Held<tt::stl::Span<const std::uint8_t>> Decode(CallReplay& x, Value v, Tag<tt::stl::Span<const std::uint8_t>>);
Held<std::shared_ptr<tm::RuntimeArgs>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<tm::RuntimeArgs>>);
Held<std::vector<std::shared_ptr<tm::RuntimeArgs>>> Decode(CallReplay& x, Value v,
                                                            Tag<std::vector<std::shared_ptr<tm::RuntimeArgs>>>);
Held<tm::TraceDescriptor> Decode(CallReplay& x, Value v, Tag<tm::TraceDescriptor>);
Held<tm::DispatchCoreConfig> Decode(CallReplay& x, Value v, Tag<tm::DispatchCoreConfig>);

// ---- Cores
Held<CoreCoord> Decode(CallReplay& x, Value v, Tag<CoreCoord>);
Held<CoreRangeSet> Decode(CallReplay& x, Value v, Tag<CoreRangeSet>);
Held<api::CoreSpec> Decode(CallReplay& x, Value v, Tag<api::CoreSpec>);
Held<api::SemaphoreCores> Decode(CallReplay& x, Value v, Tag<api::SemaphoreCores>);
Held<std::vector<CoreCoord>> Decode(CallReplay& x, Value v, Tag<std::vector<CoreCoord>>);

// ---- Configs and small types
Held<api::KernelConfig> Decode(CallReplay& x, Value v, Tag<api::KernelConfig>);
Held<tm::InterleavedBufferConfig> Decode(CallReplay& x, Value v, Tag<tm::InterleavedBufferConfig>);
Held<tm::ShardedBufferConfig> Decode(CallReplay& x, Value v, Tag<tm::ShardedBufferConfig>);
Held<tm::CircularBufferConfig> Decode(CallReplay& x, Value v, Tag<tm::CircularBufferConfig>);
Held<tm::BufferRegion> Decode(CallReplay& x, Value v, Tag<tm::BufferRegion>);
Held<tm::SubDeviceId> Decode(CallReplay& x, Value v, Tag<tm::SubDeviceId>);
HeldSpan<const tm::SubDeviceId> Decode(CallReplay& x, Value v, Tag<api::SubIds>);
Held<std::optional<std::uint8_t>> Decode(CallReplay& x, Value v, Tag<std::optional<std::uint8_t>>);

// The bytes of a data reference (a LogError unless they are whole in the log); sets x.payload_bytes.
const std::uint8_t* DataBytes(CallReplay& x, Value v);

}  // namespace ltcap
