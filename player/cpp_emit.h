// The reproducer exporter's per-call half (ltcap export --format cpp): each call of the log written back as C++ that
// makes it again through tt-metal's public API — the exporter's counterpart of replay_decode.h and replay_roles.h.
// Emit(x, value, Tag<T>) is a C++ expression of type T that rebuilds the log's value (an object the program made is
// named by the variable the exporter gave it); EmitRole does the same for a parameter the description wraps in a
// role, adding the statements the role needs around the call (where a read lands, the check of what it read).
// A type with no Emit overload fails the build where the description names it: every call the player replays, the
// exporter writes, or the player does not compile. What the log cannot say in C++ (a read whose bytes were not
// recorded, an old format's pointer) is a LogError naming the call.
#pragma once

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include "api/api_types.h"
#include "api/roles.h"
#include "player/decoded_call.h"
#include "player/replay_roles.h"  // Tag, Value, Role
#include "schema/trace.capnp.h"
#include "schema/values/cores.h"
#include "schema/values/mesh.h"
#include "schema/values/scalars.h"
#include "schema/values/shard_spec.h"

namespace ltcap {

// T's name as C++ spells it, fully qualified ("tt::tt_metal::BufferType"), read off the compiler's signature of a
// function of T: the generated program names every type by it, whatever alias the description spelled.
template <typename T>
std::string TypeName() {
    std::string_view p = __PRETTY_FUNCTION__;
    const std::size_t b = p.find("T = ") + 4;
    std::size_t e = b, depth = 0;
    for (; e < p.size(); e++) {  // to the `;` or `]` that ends T, past any inside template arguments
        if (p[e] == '<' || p[e] == '(' || p[e] == '[') depth++;
        else if ((p[e] == '>' || p[e] == ')') && depth) depth--;
        else if (p[e] == ']' && depth) depth--;
        else if ((p[e] == ';' || p[e] == ']') && !depth) break;
    }
    return std::string(p.substr(b, e - b));
}

// A C++ string literal holding `s` (escaped so any bytes survive).
std::string CppString(std::string_view s);

class CppProgram;

// One call being exported: its entries, the program written so far, and the statements the call's arguments add.
class CppCall {
public:
    CppCall(CppProgram& program, const DecodedCall& call, schema::Return::Reader ret, bool has_return);

    CppProgram& p;
    const DecodedCall& call;
    schema::Return::Reader ret;
    bool has_return;

    Value Arg(unsigned i) const;
    unsigned ArgCount() const { return call.args.size(); }
    std::uint64_t Seq() const { return call.seq; }
    bool Threw() const { return has_return && ret.getThrew(); }
    // The object the call created, as its Return records it (0: none).
    std::uint64_t ResultId() const;
    // The id of the call's first argument that is an object of this kind (0: none).
    std::uint64_t ArgId(schema::ObjectKind kind) const;
    // "call #12 enqueueReadBuffer"
    std::string What() const { return "call #" + std::to_string(Seq()) + " " + call.Name(); }

    std::vector<std::string> before;  // statements ahead of the call (declarations it needs)
    std::vector<std::string> after;   // statements after it (the reads' checks)
    // Objects the call moves (a program given to a workload): the names they have once it returned.
    std::vector<std::tuple<schema::ObjectKind, std::uint64_t, std::string>> rebinds;
};

// The generated program as it grows: the name each object of the log has in it, the files it reads, its statements.
class CppProgram {
public:
    // The C++ expression naming object `id` of `kind` (a variable, or a part of one), or a LogError saying the log
    // names an object no call made.
    const std::string& Name(schema::ObjectKind kind, std::uint64_t id) const;
    bool Has(schema::ObjectKind kind, std::uint64_t id) const { return names_.count({kind, id}) != 0; }
    void Bind(schema::ObjectKind kind, std::uint64_t id, std::string expression, bool owned = true);
    void Unbind(schema::ObjectKind kind, std::uint64_t id) { names_.erase({kind, id}); }
    // Whether the expression naming a buffer is the program's own shared_ptr (else a raw Buffer* tt-metal owns).
    bool Owned(schema::ObjectKind kind, std::uint64_t id) const;
    // A new variable's name: "buffer_2", or "buffer_2_1" when one already has that name.
    std::string Variable(const std::string& stem, std::uint64_t id);

    // The program a kernel handle belongs to.
    std::map<std::uint64_t, std::uint64_t> kernel_program;
    // References GetRuntimeArgs handed out, by (kernel, common, x, y): a launch writes in-place edits through them.
    std::map<std::tuple<std::uint64_t, bool, std::uint32_t, std::uint32_t>, std::string> exposed_args;
    // GetRuntimeArgs(program, kernel) grids, by kernel.
    std::map<std::uint64_t, std::string> exposed_grids;
    // Recorded read pieces, by call: (offset, size, blob) each; filled before the calls are exported.
    std::map<std::uint64_t, std::vector<std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>>> reads;
    // Kernel sources: id → (the file to pass, relative to the export; the path as the program gave it).
    std::map<std::uint64_t, std::pair<std::string, std::string>> kernels;
    // Buffers a program holds a reference to (a call that sets its program naming the buffer: AssignGlobalBufferToProgram),
    // by buffer: the buffer goes only when both do.
    std::map<std::uint64_t, std::uint64_t> held_by_program;
    // Objects the program holds by value that own device buffers it never named (a global semaphore's, a global
    // circular buffer's), newest last: a release of a buffer no call made is theirs, as a scope ending frees them
    // newest first. `pending`: releases still expected of the one being freed.
    struct Owner {
        std::string name;
        int buffers = 1;
        int pending = 0;
    };
    std::vector<Owner> owners;
    std::set<std::uint64_t> blobs_used;  // data/blob<N>.bin the program reads
    bool uses_home = false;               // a kernel includes a file of the captured TT_METAL_HOME

private:
    std::map<std::pair<schema::ObjectKind, std::uint64_t>, std::pair<std::string, bool>> names_;
    std::set<std::string> variables_;
};

using K = schema::ObjectKind;

// ---- Plain values, by the parameter's C++ type
template <typename T>
    requires std::is_arithmetic_v<T> || std::is_enum_v<T>
std::string Emit(CppCall&, Value v, Tag<T>) {
    if constexpr (std::is_same_v<T, bool>) {
        return values::ReadBool(v) ? "true" : "false";
    } else if constexpr (std::is_floating_point_v<T>) {
        return "static_cast<" + TypeName<T>() + ">(" + std::to_string(values::ReadFloat(v)) + ")";
    } else if constexpr (std::is_enum_v<T>) {
        return "static_cast<" + TypeName<T>() + ">(" + std::to_string(values::ReadUnsigned(v)) + ")";
    } else {  // a literal converts to the parameter (an overloaded function is called through its exact type)
        const std::uint64_t n = values::ReadUnsigned(v);
        if constexpr (std::is_signed_v<T>) return std::to_string(static_cast<std::int64_t>(static_cast<T>(n)));
        return std::to_string(n) + (n > 0x7fffffffu ? "ull" : "");
    }
}
std::string Emit(CppCall& x, Value v, Tag<std::string>);

// ---- Objects: the variable (or part of one) the program holds it in
std::string Emit(CppCall& x, Value v, Tag<tm::IDevice*>);
#if LTCAP_HAS_COMMAND_QUEUE
std::string Emit(CppCall& x, Value v, Tag<tm::CommandQueue>);
#endif
std::string Emit(CppCall& x, Value v, Tag<tm::Program>);
std::string Emit(CppCall& x, Value v, Tag<tm::Buffer>);
std::string Emit(CppCall& x, Value v, Tag<std::shared_ptr<tm::Buffer>>);
std::string Emit(CppCall& x, Value v, Tag<api::BufRef>);
#if LTCAP_HAS_EVENT
std::string Emit(CppCall& x, Value v, Tag<std::shared_ptr<tm::Event>>);
#endif
#if LTCAP_HAS_KERNEL_OBJECT
std::string Emit(CppCall& x, Value v, Tag<std::shared_ptr<tm::Kernel>>);
#endif
std::string Emit(CppCall& x, Value v, Tag<std::vector<tm::IDevice*>>);
std::string Emit(CppCall& x, Value v, Tag<api::DeviceMap>);

// ---- Words, data, runtime args
std::string Emit(CppCall& x, Value v, Tag<tt::stl::Span<const std::uint32_t>>);
#if LTCAP_HAS_INITIALIZER_LIST_ARGS
std::string Emit(CppCall& x, Value v, Tag<std::initializer_list<std::uint32_t>>);
#endif
std::string Emit(CppCall& x, Value v, Tag<std::vector<std::uint32_t>>);
std::string Emit(CppCall& x, Value v, Tag<std::vector<std::vector<std::uint32_t>>>);
std::string Emit(CppCall& x, Value v, Tag<tt::stl::Span<const std::uint8_t>>);
#if LTCAP_HAS_RUNTIME_ARGS_OBJECT
std::string Emit(CppCall& x, Value v, Tag<std::shared_ptr<tm::RuntimeArgs>>);
std::string Emit(CppCall& x, Value v, Tag<std::vector<std::shared_ptr<tm::RuntimeArgs>>>);
std::string Emit(CppCall& x, Value v, Tag<tm::TraceDescriptor>);
#endif
std::string Emit(CppCall& x, Value v, Tag<tm::DispatchCoreConfig>);

// ---- Cores
std::string Emit(CppCall& x, Value v, Tag<CoreCoord>);
std::string Emit(CppCall& x, Value v, Tag<CoreRangeSet>);
std::string Emit(CppCall& x, Value v, Tag<api::CoreSpec>);
std::string Emit(CppCall& x, Value v, Tag<api::SemaphoreCores>);
std::string Emit(CppCall& x, Value v, Tag<std::vector<CoreCoord>>);
#if LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER
std::string Emit(CppCall& x, Value v, Tag<api::CoreMapping>);
std::string Emit(CppCall& x, Value v, Tag<tm::experimental::GlobalCircularBuffer>);
#endif
#if LTCAP_HAS_METAL_ENV
std::string Emit(CppCall& x, Value v, Tag<tm::MetalEnv>);
#endif

// ---- Configs and small types
std::string Emit(CppCall& x, Value v, Tag<api::KernelConfig>);
std::string Emit(CppCall& x, Value v, Tag<tm::InterleavedBufferConfig>);
std::string Emit(CppCall& x, Value v, Tag<tm::ShardedBufferConfig>);
std::string Emit(CppCall& x, Value v, Tag<tm::CircularBufferConfig>);
std::string Emit(CppCall& x, Value v, Tag<tm::BufferRegion>);
std::string Emit(CppCall& x, Value v, Tag<tm::SubDeviceId>);
std::string Emit(CppCall& x, Value v, Tag<api::SubIds>);
std::string Emit(CppCall& x, Value v, Tag<tm::ShardSpecBuffer>);
std::string EmitShardSpec(const values::ShardValue& s);
std::string EmitCores(const std::vector<values::Rect>& ranges);  // a CoreRangeSet

template <typename T>
std::string Emit(CppCall& x, Value v, Tag<std::optional<T>>) {
    if (v.isNone()) return "std::optional<" + TypeName<T>() + ">()";
    return "std::optional<" + TypeName<T>() + ">(" + Emit(x, v, Tag<T>{}) + ")";
}

#if LTCAP_HAS_COORDINATE_SET_READS
std::string Emit(CppCall& x, Value v, Tag<std::unordered_set<tm::distributed::MeshCoordinate>>);
inline std::string Emit(CppCall&, Value, Tag<std::optional<ProfilerOptionalMetadata>>) {
    return "std::optional<" + TypeName<ProfilerOptionalMetadata>() + ">()";
}
#endif

// ---- The mesh API (cpp_emit_mesh.cc)
namespace dist = tm::distributed;
std::string Emit(CppCall& x, Value v, Tag<dist::MeshDevice*>);
std::string Emit(CppCall& x, Value v, Tag<dist::MeshDevice>);
std::string Emit(CppCall& x, Value v, Tag<api::SubDevices>);
std::string Emit(CppCall& x, Value v, Tag<tm::SubDeviceManagerId>);
std::string Emit(CppCall& x, Value v, Tag<dist::MeshCommandQueue>);
std::string Emit(CppCall& x, Value v, Tag<dist::MeshBuffer>);
std::string Emit(CppCall& x, Value v, Tag<std::shared_ptr<dist::MeshBuffer>>);
std::string Emit(CppCall& x, Value v, Tag<dist::MeshWorkload>);
std::string Emit(CppCall& x, Value v, Tag<dist::MeshEvent>);
std::string Emit(CppCall& x, Value v, Tag<dist::MeshTraceId>);
std::string Emit(CppCall& x, Value v, Tag<dist::MeshDeviceConfig>);
std::string Emit(CppCall& x, Value v, Tag<dist::MeshBufferConfig>);
std::string Emit(CppCall& x, Value v, Tag<dist::DeviceLocalBufferConfig>);
std::string Emit(CppCall& x, Value v, Tag<dist::MeshCoordinateRange>);
std::string EmitCoordinate(const values::Coord& c);  // a MeshCoordinate

// ---- Roles (api/roles.h)
std::string EmitRole(CppCall& x, Value v, Tag<KernelRef>);
std::string EmitRole(CppCall& x, Value v, Tag<SetsArgsOf>);
std::string EmitRole(CppCall& x, Value v, Tag<ExposesArgsOf>);
std::string EmitRole(CppCall& x, Value v, Tag<CbRef>);
std::string EmitRole(CppCall& x, Value v, Tag<TraceRef>);
std::string EmitRole(CppCall& x, Value v, Tag<LoadsTrace>);
std::string EmitRole(CppCall& x, Value v, Tag<DeviceNumber>);
std::string EmitRole(CppCall& x, Value v, Tag<DeviceNumbers>);
std::string EmitRole(CppCall& x, Value v, Tag<KernelFile>);
std::string EmitRole(CppCall& x, Value v, Tag<KernelText>);
std::string EmitRole(CppCall& x, Value v, Tag<LaunchOf>);
std::string EmitRole(CppCall& x, Value v, Tag<LaunchOfShared>);
#if LTCAP_HAS_COMMAND_QUEUE
std::string EmitRole(CppCall& x, Value v, Tag<FinishesQueue>);
std::string EmitRole(CppCall& x, Value v, Tag<Payload>);
#endif
std::string EmitRole(CppCall& x, Value v, Tag<ClosesDevice>);
std::string EmitRole(CppCall& x, Value v, Tag<ClosesDevices>);
std::string EmitRole(CppCall& x, Value v, Tag<SynchronizesDevice>);
#if LTCAP_HAS_EVENT
std::string EmitRole(CppCall& x, Value v, Tag<SynchronizesEvent>);
std::string EmitRole(CppCall& x, Value v, Tag<RecordsEvent>);
#endif
std::string EmitRole(CppCall& x, Value v, Tag<Blocking>);
std::string EmitRole(CppCall& x, Value v, Tag<MeshQueueIndex>);
std::string EmitRole(CppCall& x, Value v, Tag<Golden>);
std::string EmitRole(CppCall& x, Value v, Tag<ShardInto>);
std::string EmitRole(CppCall& x, Value v, Tag<OutWords>);
std::string EmitRole(CppCall& x, Value v, Tag<OutWord>);
std::string EmitRole(CppCall& x, Value v, Tag<SpanInto>);
std::string EmitRole(CppCall& x, Value v, Tag<HostBytes>);
std::string EmitRole(CppCall& x, Value v, Tag<ShardWrites>);
std::string EmitRole(CppCall& x, Value v, Tag<ShardReads>);
#if LTCAP_HAS_DISTRIBUTED_HOST_BUFFER
std::string EmitRole(CppCall& x, Value v, Tag<HostShardWrites>);
std::string EmitRole(CppCall& x, Value v, Tag<HostShardReads>);
#endif
#if LTCAP_HAS_CHOSEN_TRACE_ID
std::string EmitRole(CppCall& x, Value v, Tag<ChosenTrace>);
#endif
std::string EmitRole(CppCall& x, Value v, Tag<AddsTo>);
std::string EmitRole(CppCall& x, Value v, Tag<FinishesMeshQueue>);
std::string EmitRole(CppCall& x, Value v, Tag<SynchronizesMesh>);
std::string EmitRole(CppCall& x, Value v, Tag<SynchronizesMeshEvent>);
// A read destination of pointer type P: room the run keeps for the call, the size its recorded pieces cover.
std::string ReadRoom(CppCall& x, Value v, const std::string& pointer_type);
template <typename P>
std::string EmitRole(CppCall& x, Value v, Tag<ReadInto<P>>) {
    return ReadRoom(x, v, TypeName<P*>());
}
// A number recorded as it is: emitted as its parameter's type.
template <RecordedAsValue R>
std::string EmitRole(CppCall& x, Value v, Tag<R>) {
    return Emit(x, v, Tag<std::remove_cvref_t<decltype(std::declval<R&>().value)>>{});
}

// ---- Results: the statement that makes the call, keeping what it made under a name of its own
// `call` is the call expression; the returned statement ends with ';'.
template <typename Result, typename Ret>
std::string EmitResult(CppCall& x, const std::string& call);

}  // namespace ltcap
