#include "player/check_calls.h"

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include <magic_enum/magic_enum.hpp>

#include <map>
#include <optional>
#include <tuple>

#include "api/preprocessor.h"
#include "api/profile.h"
#include "player/device_limits.h"
#include "player/format.h"
#include "player/replay_roles.h"
#include "schema/trace_layout.h"

namespace ltcap {
namespace {

using namespace api;

// Objects a call may only name once the log made them (the others come to be on first use: programs, queues, the
// event a recording makes, metal traces a window opened after).
bool MustBeMade(schema::ObjectKind kind) {
    using K = schema::ObjectKind;
    return kind == K::DEVICE || kind == K::BUFFER || kind == K::KERNEL || kind == K::CIRCULAR_BUFFER ||
           kind == K::EVENT || kind == K::GLOBAL_SEMAPHORE || kind == K::MESH_DEVICE || kind == K::MESH_BUFFER ||
           kind == K::MESH_WORKLOAD || kind == K::MESH_EVENT || kind == K::MESH_TRACE || kind == K::SUB_DEVICE_MANAGER ||
           kind == K::GLOBAL_CIRCULAR_BUFFER;
}

// Which argument a check is of: "argument NAME: " in front of what it finds wrong, made only then (a string per
// argument checked was a tenth of a call-bound log's checking).
struct Where {
    const char* name;
    std::string Text() const { return std::string("argument ") + (name ? name : "?") + ": "; }
};
std::string operator+(const Where& w, const std::string& s) { return w.Text() + s; }
std::string operator+(const Where& w, const char* s) { return w.Text() + s; }

void CheckMade(const CallChecker& k, schema::ObjectKind kind, std::uint64_t id, const Where& where) {
    if (!id || !MustBeMade(kind) || k.WasMade(kind, id)) return;
    std::string why = where + "refers to " + FormatObject(kind, id) + ", which the log never made";
    if (kind == schema::ObjectKind::KERNEL && k.format() && k.format() < 4)
        why += " (a format " + std::to_string(k.format()) +
               " log names a Kernel object argument by its address alone; such calls replay from format 4 on)";
    throw UnknownObject(why);
}

// Runs a device_limits.h check or a value reader, naming the argument in the ImpossibleValue it throws.
template <typename Fn>
void CheckValue(const Where& where, Fn&& check) {
    try {
        check();
    } catch (const ImpossibleValue& e) {
        throw ImpossibleValue(where + e.what());
    }
}

// A parameter or config field of an enum type holds one of the enumerators this profile's tt-metal headers declare:
// tt-metal switches over them and indexes its tables by them, so another number is no call any device takes.
template <typename E>
void CheckEnumerator(std::uint64_t n, const std::string& number, const std::string& what) {
    using U = std::underlying_type_t<E>;
    if (static_cast<std::uint64_t>(static_cast<U>(n)) == n && magic_enum::enum_contains(static_cast<E>(n))) return;
    throw ImpossibleValue(what + number + " is no " + std::string(magic_enum::enum_type_name<E>()) + " tt-metal has");
}
template <typename E>
void CheckEnumerator(std::uint64_t n, const std::string& what = "") { CheckEnumerator<E>(n, std::to_string(n), what); }
template <typename E>
void CheckEnumArg(Value v) {
    if (!v.isUint() && !v.isInt()) return;  // a bool or none decodes to 0 (the shape allows no other kind)
    CheckEnumerator<E>(values::ReadUnsigned(v), v.isInt() ? std::to_string(v.getInt()) : std::to_string(v.getUint()), "");
}

// The enum fields of the configs a call hands tt-metal.
void CheckShardEnums(const values::ShardValue& s) {
    CheckEnumerator<tm::ShardOrientation>(s.orientation, "a shard orientation of ");
#if LTCAP_HAS_SHARD_MODE
    CheckEnumerator<tm::ShardMode>(s.mode, "a shard mode of ");
#endif
}
void CheckBufferConfigEnums(const values::BufferConfigValue& b) {
    CheckEnumerator<tm::BufferType>(b.buffer_type, "a buffer type of ");
    CheckEnumerator<tm::TensorMemoryLayout>(b.layout, "a memory layout of ");
    if (b.sharded) CheckShardEnums(b.shard);
}
void CheckKernelConfigEnums(Value v) {
    const values::KernelConfigValue c = values::ReadKernelConfig(v);
    if (c.kind == layout::KernelKind::compute) {
        CheckEnumerator<MathFidelity>(c.math_fidelity, "a math fidelity of ");
        for (auto m : c.unpack_to_dest_mode) CheckEnumerator<UnpackToDestMode>(m, "an unpack-to-dest mode of ");
        return;
    }
    CheckEnumerator<tm::DataMovementProcessor>(c.processor, "a processor of ");
    CheckEnumerator<tm::NOC>(c.noc, "a NOC of ");
    if (c.kind == layout::KernelKind::dataMovement) CheckEnumerator<tm::NOC_MODE>(c.noc_mode, "a NOC mode of ");
#if LTCAP_HAS_ETHERNET_KERNEL_CONFIG
    else CheckEnumerator<tm::Eth>(c.eth_mode, "an Ethernet mode of ");
#endif
}

// A circular buffer config's indices: below 64 (no core has more circular buffers; tt-metal indexes per-core arrays
// by them), each with a data format tt-metal declares (it indexes its format tables by it).
void CheckCbIndices(schema::CbConfig::Reader c) {
    constexpr unsigned kMaxCircularBuffers = 64;
    for (auto i : c.getIndices()) {
        if (i.getIndex() >= kMaxCircularBuffers)
            throw ImpossibleValue("circular buffer index " + std::to_string(i.getIndex()) + ": no core has " +
                                  std::to_string(kMaxCircularBuffers) + " circular buffers");
        if (!values::IsTtEnumerator("DataFormat", i.getDataFormat()))
            throw ImpossibleValue("a data format of " + std::to_string(i.getDataFormat()) +
                                  " is no tt::DataFormat tt-metal has");
    }
}

// A value reader's LogError with `where` in front (its ImpossibleValue passes through, to be named by CheckValue).
template <typename Fn>
auto ReadingAsReplay(const Where& where, Fn&& read) {
    try {
        return read();
    } catch (const ImpossibleValue&) {
        throw;
    } catch (const LogError& e) {
        throw LogError(where + e.what());
    }
}

// Object references nested inside a value (lists, configs), a buffer config's pages, and the device memory it asks
// for when the call allocates (not at an address).
void CheckNested(const CallChecker& k, Value v, const Where& where, bool allocates, unsigned depth = 0) {
    if (depth > 64) throw LogError(where + "values nested more than 64 deep");
    switch (v.which()) {
        case schema::Value::OBJECT: CheckMade(k, v.getObject().getKind(), v.getObject().getId(), where); break;
        case schema::Value::LIST:
            for (auto e : v.getList()) CheckNested(k, e, where, allocates, depth + 1);
            break;
        case schema::Value::BUFFER_CONFIG: {
            const auto b = v.getBufferConfig();
            CheckMade(k, schema::ObjectKind::DEVICE, b.getDevice(), where);
#if !LTCAP_HAS_DISTRIBUTION_SPEC
            if (b.hasDistribution()) throw LogError(where + "an N-D distribution spec, which v0.56.0 does not have");
#endif
            CheckValue(where, [&] {
                // Its shard grid and N-D spec, read as the replay reads them.
                const values::BufferConfigValue config = ReadingAsReplay(where, [&] { return values::ReadBufferConfig(v); });
                CheckBufferConfigEnums(config);
                CheckBufferPages(b.getSize(), b.getPageSize());
                if (allocates) CheckDeviceBytes(b.getSize(), "a buffer of");
            });
            break;
        }
        case schema::Value::MESH_BUFFER_CONFIG: {
            const auto c = values::ReadMeshBufferConfig(v);
            CheckValue(where, [&] {
                CheckMeshBufferConfig(c.sharded, c.size, c.global_height, c.global_width, c.shard_height, c.shard_width,
                                      c.orientation, allocates);
            });
            break;
        }
        case schema::Value::SHARD_SPEC:
            CheckValue(where, [&] { CheckShardEnums(values::ReadShardSpec(v.getShardSpec())); });
            break;
        // Ranges no device has (values/cores.h); the log checker left them to this one, which knows if the call threw.
        case schema::Value::CORES: CheckValue(where, [&] { values::ReadCores(v); }); break;
        case schema::Value::KERNEL_CONFIG:
            // (The buffers its TensorAccessorArgs record names need not be the log's: a window may open after they
            // were freed. Only a replay across releases uses them, and refuses one the log does not make.)
            CheckValue(where, [&] { ReadingAsReplay(where, [&] { CheckKernelConfigEnums(v); }); });
            break;
        case schema::Value::CB_CONFIG:
            CheckMade(k, schema::ObjectKind::BUFFER, v.getCbConfig().getGlobalBuffer(), where);
            CheckValue(where, [&] { CheckCbIndices(v.getCbConfig()); });
            break;
        // A mesh shard's coordinate and region, a mesh range, a buffer region: read as the replay reads them, and
        // within device memory.
        case schema::Value::SHARD_TRANSFER:
            CheckValue(where, [&] {
                const values::ShardTransferValue t = ReadingAsReplay(where, [&] { return values::ReadShardTransfer(v); });
                if (t.region) CheckBufferRegion(t.region->offset, t.region->size);
            });
            break;
        case schema::Value::MESH_RANGE: ReadingAsReplay(where, [&] { return values::ReadMeshRange(v); }); break;
        case schema::Value::REGION:
            CheckValue(where, [&] {
                const values::RegionValue r = values::ReadRegion(v);
                CheckBufferRegion(r.offset, r.size);
            });
            break;
        default: break;
    }
}

void CheckArg(CallChecker& k, Value v, const Shape& shape, const char* name, bool allocates) {
    const Where where{name};
    if (!(Bit(v.which()) & shape.kinds)) throw LogError(where + "expected " + shape.what + ", the log has " + FormatValue(v));
    if (shape.check && v.isUint()) CheckValue(where, [&] { shape.check(v.getUint()); });
    if (shape.check_value) CheckValue(where, [&] { ReadingAsReplay(where, [&] { shape.check_value(v); }); });
    if (v.isObject()) {
        const auto o = v.getObject();
        if (o.getKind() != shape.object && (shape.also == schema::ObjectKind::NONE || o.getKind() != shape.also))
            throw LogError(where + "expected " + shape.what + ", the log has " + FormatValue(v));
        if (o.getKind() == schema::ObjectKind::COMMAND_QUEUE || o.getKind() == schema::ObjectKind::MESH_COMMAND_QUEUE) {
            // A queue is looked up through its device at every use: one of no device is no queue.
            if (!o.getParent()) throw UnknownObject(where + FormatValue(v) + " is the queue of no device the log made");
            CheckValue(where, [&] { CheckQueueIndex(o.getRaw()); });
            CheckMade(k, o.getKind() == schema::ObjectKind::COMMAND_QUEUE ? schema::ObjectKind::DEVICE
                                                                          : schema::ObjectKind::MESH_DEVICE,
                      o.getParent(), where);
        }
        if (shape.made_before) CheckMade(k, o.getKind(), o.getId(), where);
        else k.Made(o.getKind(), o.getId());  // comes to be on first use
        return;
    }
    CheckNested(k, v, where, allocates);
}

template <typename P, typename RoleOrPlain>
constexpr Shape ShapeFor() {
    using R = std::remove_cvref_t<RoleOrPlain>;
    if constexpr (Role<R>) return ShapeOf(Tag<R>{});
    else return ShapeOf(Tag<std::remove_cvref_t<P>>{});
}

// Where role R is in a call's roles (their count if none is R).
template <typename Roles, typename R, std::size_t... I>
constexpr std::size_t RoleIndex(std::index_sequence<I...>) {
    std::size_t at = sizeof...(I);
    ((std::is_same_v<std::remove_cvref_t<std::tuple_element_t<I, Roles>>, R> ? (at = I) : 0), ...);
    return at;
}

// Every argument is checked, so a call that threw during capture still has each of its values checked for what
// would be wrong whether or not it threw; the first argument that is wrong unless it threw is reported at the end.
// (A function without parameters uses none of them: [[maybe_unused]].)
template <typename Roles, typename... P, std::size_t... I>
void CheckArgs([[maybe_unused]] CallChecker& k, [[maybe_unused]] capnp::List<schema::Value>::Reader args,
               [[maybe_unused]] const CallModel& model, std::index_sequence<I...> all) {
    std::optional<WrongUnlessThrew> deferred;
    constexpr bool kAtAddress = (std::is_same_v<std::remove_cvref_t<std::tuple_element_t<I, Roles>>, BankAddress> || ...);
    [[maybe_unused]] const auto one = [&]<typename Param, typename RoleOrPlain>(Value v, const char* name) {
        try {
            CheckArg(k, v, ShapeFor<Param, RoleOrPlain>(), name, !kAtAddress);
            using E = std::remove_cvref_t<Param>;
            if constexpr (std::is_enum_v<E> && !Role<std::remove_cvref_t<RoleOrPlain>>)
                CheckValue(Where{name}, [&] { CheckEnumArg<E>(v); });
        } catch (const WrongUnlessThrew& e) {
            if (!deferred) deferred.emplace(e);
        }
    };
    (one.template operator()<P, std::tuple_element_t<I, Roles>>(args[I], model.ParamName(I)), ...);
    // A size the call allocates is whole pages of the call's page size.
    constexpr std::size_t kBytes = RoleIndex<Roles, DeviceBytes>(all), kPage = RoleIndex<Roles, PageSize>(all);
    if constexpr (kBytes < sizeof...(I) && kPage < sizeof...(I)) {
        try {
            if (args[kBytes].isUint() && args[kPage].isUint())
                CheckValue(Where{model.ParamName(kPage)},
                           [&] { CheckBufferPages(args[kBytes].getUint(), args[kPage].getUint()); });
        } catch (const WrongUnlessThrew& e) {
            if (!deferred) deferred.emplace(e);
        }
    }
    if (deferred) throw *deferred;
}

template <typename Ret, typename... P, typename RolesOf>
void CheckEntry(CallChecker& k, const DecodedCall& call, Ret (*)(P...), RolesOf) {
    using Roles = decltype(std::declval<RolesOf&>()(std::declval<P>()...));
    if (call.args.size() != sizeof...(P))
        throw LogError("has " + std::to_string(call.args.size()) + " arguments, its function takes " + std::to_string(sizeof...(P)));
    CheckArgs<Roles, P...>(k, call.args, *call.model, std::index_sequence_for<P...>{});
}

using Check = void (*)(CallChecker&, const DecodedCall&);

#define LTCAP_CHECKER(api, rules, result, Ret, name, params, args)                                               \
    {layout::Api::api, [](CallChecker& k, const DecodedCall& call) {                                            \
         using Fn = Ret(*) params;                                                                              \
         CheckEntry(k, call, static_cast<Fn>(nullptr), [](LTCAP_UNPAREN params) { return std::forward_as_tuple args; }); \
     }},

#define LTCAP_MEMBER_CHECKER(api, rules, result, Ret, Class, method, qualifier, params, args)                \
    {layout::Api::api, [](CallChecker& k, const DecodedCall& call) {                                        \
         using Fn = Ret (*)(qualifier Class & self LTCAP_COMMA_ARGS params);                                   \
         CheckEntry(k, call, static_cast<Fn>(nullptr),                                                       \
                    [](qualifier Class & self LTCAP_COMMA_ARGS params) { return std::forward_as_tuple args; }); \
     }},

// A virtual member is checked as its interface's (api/profile.h).
#define LTCAP_VIRTUAL_CHECKER(api, rules, result, Ret, Interface, Impl, OtherImpl, method, qualifier, params, args) \
    LTCAP_MEMBER_CHECKER(api, rules, result, Ret, Interface, method, qualifier, params, args)

// bufferReleased: the buffer may be one tt-metal made for itself, which the log never saw made.
void CheckBufferReleased(CallChecker&, const DecodedCall& call) {
    if (call.args.size() != 1 || !call.args[0].isObject() || call.args[0].getObject().getKind() != schema::ObjectKind::BUFFER)
        throw LogError("expected one buffer argument");
}

// meshBufferReleased, meshDeviceReleased: one object of that kind (tt-metal may have made it for itself).
template <schema::ObjectKind kKind>
void CheckReleased(CallChecker&, const DecodedCall& call) {
    if (call.args.size() != 1 || !call.args[0].isObject() || call.args[0].getObject().getKind() != kKind)
        throw LogError("expected one " + values::EnumName(kKind) + " argument");
}

const std::map<layout::Api, Check>& Checks() {
    static const std::map<layout::Api, Check> checks = {
        LTCAP_EXPAND_CALLS(LTCAP_CHECKER, LTCAP_MEMBER_CHECKER, LTCAP_VIRTUAL_CHECKER)
        {layout::Api::bufferReleased, CheckBufferReleased},
        {layout::Api::meshBufferReleased, CheckReleased<schema::ObjectKind::MESH_BUFFER>},
        {layout::Api::meshDeviceReleased, CheckReleased<schema::ObjectKind::MESH_DEVICE>},
    };
    return checks;
}

// What a function's Return can hold, by its description: nothing (a void call that ends in its own entry; a Return
// comes only when its end was not known in time, or it threw), a number or flag (the replay registers no object
// from it: naming one is wrong), objects of the kind the replay keeps from it (replay_roles.h: ResultObjectsOf), or
// another value (a config, a reference into a program: it may name objects, none of which it makes).
enum class ResultKind : std::uint8_t { kEndsInPlace, kNumber, kMakes, kOther };
struct ResultOf {
    ResultKind kind;
    ResultObjects objects;
};
template <typename Result, typename Ret>
constexpr ResultOf kResultOf = {
    ResultObjectsOf<Result, Ret>().kind != K::NONE                                                 ? ResultKind::kMakes
    : !std::is_same_v<Result, PlainResult>                                                          ? ResultKind::kNumber
    : std::is_void_v<Ret>                                                                           ? ResultKind::kEndsInPlace
    : std::is_arithmetic_v<std::remove_cvref_t<Ret>> || std::is_enum_v<std::remove_cvref_t<Ret>> ? ResultKind::kNumber
                                                                                                    : ResultKind::kOther,
    ResultObjectsOf<Result, Ret>()};
#define LTCAP_RESULT_OF(api, rules, result, Ret, ...) {layout::Api::api, kResultOf<result, Ret>},

ResultOf ResultOfApi(schema::Api function) {
    static const std::map<layout::Api, ResultOf> results = {
        LTCAP_EXPAND_CALLS(LTCAP_RESULT_OF, LTCAP_RESULT_OF, LTCAP_RESULT_OF)};
    auto it = results.find(static_cast<layout::Api>(function));
    return it == results.end() ? ResultOf{ResultKind::kEndsInPlace, {}} : it->second;  // the released-object calls
}

// Every object a value names (lists and their lists), to `fn`.
template <typename Fn>
void ForEachObject(Value v, Fn&& fn, unsigned depth = 0) {
    if (depth > 64) throw LogError("a result nested more than 64 deep");
    if (v.isObject()) fn(v.getObject());
    if (v.isList())
        for (auto e : v.getList()) ForEachObject(e, fn, depth + 1);
}

// A Return of a function that makes `objects`: each object it names is of that kind (the replay would keep another
// under the function's kind), at the top of its list for a list; each is made (id 0 is none).
void MadeBy(CallChecker& k, Value v, ResultObjects objects, const std::string& name) {
    const auto wrong = [&] {
        return LogError(name + "names " + FormatValue(v) + ", but its function makes " +
                        (objects.list ? "a list of " + values::EnumName(objects.kind) + " objects"
                                     : "a " + values::EnumName(objects.kind)));
    };
    const auto made = [&](schema::ObjectRef::Reader o) {
        if (o.getKind() != objects.kind) throw wrong();
        if (!o.getId()) return;
        k.Made(o.getKind(), o.getId());
        // A mesh is a device too (a buffer config may name it as one).
        if (o.getKind() == K::MESH_DEVICE) k.Made(K::DEVICE, o.getId());
        // A mesh's devices, a mesh buffer's device buffers, are made with it (ObjectRef.members, formats 12, 13).
        if (values::MemberKind(o.getKind()) != o.getKind())
            for (const std::uint64_t member : o.getMembers())
                if (member) k.Made(values::MemberKind(o.getKind()), member);
#if LTCAP_HAS_MESH_BACKING_BUFFER
        // A mesh buffer's backing buffer goes by the mesh buffer's id (interpose/encode_mesh.cc; replay_mesh.cc).
        if (o.getKind() == K::MESH_BUFFER) k.Made(K::BUFFER, o.getId());
#endif
    };
    // An object where the function makes none (deeper than it makes them, or alone for a list) is wrong too.
    const auto none = [&](Value e) { ForEachObject(e, [&](auto) { throw wrong(); }); };
    const auto one = [&](Value e) { e.isObject() ? made(e.getObject()) : none(e); };
    if (!objects.list) return one(v);
    if (!v.isList()) return none(v);
    for (auto e : v.getList()) one(e);
}

}  // namespace

void CallChecker::OnCall(const DecodedCall& call) {
    const auto& checks = Checks();
    auto it = checks.find(static_cast<layout::Api>(call.function));
    const std::string name = "call #" + std::to_string(call.seq) + " " + call.Name() + ": ";
    if (it == checks.end() || !call.model) throw LogError(name + "a function this ltplay does not know (a newer log?)");
    // A call whose Return is to come (unless the log ends first): what that Return may name. One call per thread at
    // most awaits its return.
    if (ResultOfApi(call.function).kind != ResultKind::kEndsInPlace || !call.ended_in_place()) {
        if (awaiting_.size() >= kMaxPending)
            throw LogError(name + "more than " + std::to_string(kMaxPending) + " calls await their returns");
        awaiting_[call.seq] = call.function;
    }
    try {
        it->second(*this, call);
    } catch (const WrongUnlessThrew& e) {
        // Only a call that threw may name an object the log never made, or a value no device takes; whether it did,
        // its return says (a call that returned normally has its end in its own entry: it did not throw).
        if (call.ended_in_place() || unknown_.size() >= kMaxPending) throw LogError(name + e.what());
        unknown_[call.seq] = name + e.what();
    } catch (const LogError& e) {
        throw LogError(name + e.what());
    }
}

void CallChecker::End() {
    // A call still waiting for its return did not throw as far as the log says, and the replay runs it.
    if (!unknown_.empty()) throw LogError(unknown_.begin()->second + " (the call has no return in the log)");
}

void CallChecker::OnReturn(const DecodedReturn& ret) {
    if (auto it = unknown_.find(ret.seq); it != unknown_.end()) {
        const std::string why = it->second;
        unknown_.erase(it);
        if (!ret.threw) throw LogError(why);
    }
    // Only the first Return of a call the log has is its return (the replay's too); one of no call makes nothing.
    auto awaiting = awaiting_.find(ret.seq);
    if (awaiting == awaiting_.end()) return;
    const schema::Api function = awaiting->second;
    awaiting_.erase(awaiting);
    const ResultOf result = ResultOfApi(function);
    const std::string name = "the return of call #" + std::to_string(ret.seq) + " " + ApiName(function) + " ";
    if (result.kind == ResultKind::kNumber)
        ForEachObject(ret.result, [&](auto) {
            throw LogError(name + "names " + FormatValue(ret.result) + ", but its function returns a number");
        });
    if (result.kind == ResultKind::kMakes && !ret.threw) MadeBy(*this, ret.result, result.objects, name);
}

}  // namespace ltcap
