// Every call of the description exported as C++ (the exporter's counterpart of replay_calls.cc): one generated entry
// per function, so a function the player replays is one the exporter writes. The entries that are not API functions
// (bufferReleased and the mesh's) are hooks of their own at the end.
#include "player/cpp_calls.h"

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include <map>

#include "api/preprocessor.h"
#include "api/profile.h"
#include "api/rules.h"
#include "player/cpp_entry.h"
#include "schema/trace_layout.h"

namespace ltcap {

namespace {

using namespace api;
using Exporter = std::string (*)(CppCall&);

// How many free functions (and static members) of the description share a name: an overloaded one is called through
// a cast to its exact type, so the generated call picks the overload the program called.
const std::map<std::string, int>& FreeNames() {
    static const std::map<std::string, int> names = [] {
        std::map<std::string, int> n;
#define LTCAP_COUNT_FREE(api, rules, result, Ret, name, params, args) n[#name]++;
        LTCAP_EXPAND_CALLS(LTCAP_COUNT_FREE, LTCAP_NO_ENTRY, LTCAP_NO_ENTRY)
#undef LTCAP_COUNT_FREE
        return n;
    }();
    return names;
}

template <typename Fn>
std::string Callee(const char* name) {
    if (FreeNames().at(name) < 2) return name;
    return "static_cast<" + TypeName<Fn>() + ">(&" + name + ")";
}

#define LTCAP_CPP_EXPORTER(api, rules, result, Ret, name, params, args)                                             \
    {layout::Api::api, [](CppCall& x) {                                                                              \
         using Fn = Ret(*) params;                                                                                   \
         return EmitEntry<result>(x, static_cast<Fn>(&name),                                                         \
                                  [](LTCAP_UNPAREN params) { return std::forward_as_tuple args; }, Callee<Fn>(#name), \
                                  false);                                                                            \
     }},

#define LTCAP_CPP_MEMBER_EXPORTER(api, rules, result, Ret, Class, method, qualifier, params, args)                    \
    {layout::Api::api, [](CppCall& x) {                                                                               \
         using Fn = Ret (*)(qualifier Class & self LTCAP_COMMA_ARGS params);                                            \
         return EmitEntry<result>(                                                                                    \
             x, static_cast<Fn>(nullptr),                                                                             \
             [](qualifier Class & self LTCAP_COMMA_ARGS params) { return std::forward_as_tuple args; }, #method, true); \
     }},

#define LTCAP_CPP_VIRTUAL_EXPORTER(api, rules, result, Ret, Interface, Impl, OtherImpl, method, qualifier, params, args) \
    LTCAP_CPP_MEMBER_EXPORTER(api, rules, result, Ret, Interface, method, qualifier, params, args)

// bufferReleased, meshBufferReleased, meshDeviceReleased (interpose/destructor_hooks.cc): the program dropped its last
// reference; so does the generated one, at the same point (a buffer tt-metal owns, a mesh buffer's, is not its).
std::string Released(CppCall& x, schema::ObjectKind kind) {
    const std::uint64_t id = x.ArgCount() && x.Arg(0).isObject() ? x.Arg(0).getObject().getId() : 0;
    if (!x.p.Has(kind, id) && kind != K::MESH_DEVICE) {
        // A buffer no call made: one of an object the program holds by value, which went (newest first).
        auto& owners = x.p.owners;
        if (!owners.empty() && owners.back().pending > 0) {
            if (--owners.back().pending == 0) owners.pop_back();
            return "// freed with the object above";
        }
        if (owners.empty()) return "// a buffer tt-metal made for itself";
        const std::string statement = owners.back().name + ".reset();  // it owned this buffer";
        owners.back().pending = owners.back().buffers - 1;
        if (owners.back().pending == 0) owners.pop_back();
        return statement;
    }
    if (!x.p.Owned(kind, id)) return "// " + x.call.Text() + ": not the program's own";
    std::string statement = x.p.Name(kind, id) + ".reset();";
    // A program holding the buffer went too (its last reference went with them).
    if (auto held = x.p.held_by_program.find(id); kind == K::BUFFER && held != x.p.held_by_program.end()) {
        if (x.p.Has(K::PROGRAM, held->second) && x.p.Owned(K::PROGRAM, held->second))
            statement += " " + x.p.Name(K::PROGRAM, held->second) + " = " + TypeName<tm::Program>() + "();  // it held the buffer";
        x.p.held_by_program.erase(held);
    }
    x.p.Unbind(kind, id);
    if (kind == K::MESH_BUFFER && x.p.Has(K::BUFFER, id) && !x.p.Owned(K::BUFFER, id)) x.p.Unbind(K::BUFFER, id);
    return statement;
}

const std::map<layout::Api, Exporter>& Exporters() {
    static const std::map<layout::Api, Exporter> exporters = {
        LTCAP_EXPAND_CALLS(LTCAP_CPP_EXPORTER, LTCAP_CPP_MEMBER_EXPORTER, LTCAP_CPP_VIRTUAL_EXPORTER)
        {layout::Api::bufferReleased, [](CppCall& x) { return Released(x, K::BUFFER); }},
        {layout::Api::meshBufferReleased, [](CppCall& x) { return Released(x, K::MESH_BUFFER); }},
        {layout::Api::meshDeviceReleased, [](CppCall& x) { return Released(x, K::MESH_DEVICE); }},
    };
    return exporters;
}

// The devices (or meshes) a result list names, paired with the entries of the map the call returned: in its order,
// the order of its keys, the call's device numbers (its first argument, or the first after a member's `this`) sorted.
std::vector<int> SortedNumbers(CppCall& x) {
    std::vector<int> numbers;
    const unsigned at = x.ArgCount() && x.Arg(0).isObject() ? 1 : 0;
    if (x.ArgCount() > at && x.Arg(at).isList())
        for (auto e : x.Arg(at).getList()) numbers.push_back(static_cast<int>(values::ReadUnsigned(e)));
    std::sort(numbers.begin(), numbers.end());
    numbers.erase(std::unique(numbers.begin(), numbers.end()), numbers.end());
    return numbers;
}

// The i-th coordinate of a mesh in row-major order, as the generated program finds it.
std::string NthCoordinate(const std::string& mesh_buffer, unsigned i) {
    return "[&] { " + TypeName<dist::MeshCoordinateRange>() + " r(" + mesh_buffer +
           "->device()->shape()); auto c = r.begin(); for (int k = 0; k < " + std::to_string(i) +
           "; k++) ++c; return *c; }()";
}

}  // namespace

// The devices listed with a mesh the call made (ObjectRef.members), or a mesh buffer's buffers on its devices: each
// named through the object that holds it (tt-metal owns them).
void BindMembers(CppCall& x, schema::ObjectRef::Reader o, const std::string& name) {
    const auto ids = o.getMembers();
    for (unsigned i = 0; i < ids.size(); i++) {
        if (!ids[i] || ids[i] == o.getId()) continue;
        if (o.getKind() == K::MESH_DEVICE)
            x.p.Bind(K::DEVICE, ids[i], name + "->get_devices()[" + std::to_string(i) + "]", false);
        else if (o.getKind() == K::MESH_BUFFER)
            x.p.Bind(K::BUFFER, ids[i], "ltcap_repro::Raw(" + name + "->get_device_buffer(" + NthCoordinate(name, i) + "))",
                     false);
    }
}

std::string KeepResult(CppCall& x, schema::ObjectKind kind, const std::string& stem, const std::string& call) {
    const std::uint64_t id = x.ResultId();
    if (!id) return "(void)" + call + ";";
    const std::string name = x.p.Variable(stem, id);
    x.p.Bind(kind, id, name);
    if (x.has_return && x.ret.hasResult() && x.ret.getResult().isObject()) BindMembers(x, x.ret.getResult().getObject(), name);
#if LTCAP_HAS_MESH_BACKING_BUFFER
    // A mesh buffer's backing buffer, as the capture knows it: by the mesh buffer's id.
    if (kind == K::MESH_BUFFER && !x.p.Has(K::BUFFER, id)) x.p.Bind(K::BUFFER, id, name + "->get_backing_buffer()", false);
#endif
    return "auto " + name + " = " + call + ";";
}

std::string KeepOwner(CppCall& x, schema::ObjectKind kind, const std::string& stem, int buffers, const std::string& call) {
    const std::uint64_t id = x.ResultId();
    if (!id) return "(void)" + call + ";";
    const std::string name = x.p.Variable(stem, id);
    x.p.Bind(kind, id, "(*" + name + ")");
    x.p.owners.push_back({name, buffers, 0});
    return "auto " + name + " = std::make_optional(" + call + ");";
}

std::string KeepDeviceList(CppCall& x, const std::string& call, schema::ObjectKind kind) {
    const std::string name = x.p.Variable(kind == K::MESH_DEVICE ? "meshes" : "devices", x.Seq());
    const std::vector<int> numbers = SortedNumbers(x);
    if (x.has_return && x.ret.hasResult() && x.ret.getResult().isList()) {
        const auto results = x.ret.getResult().getList();
        if (results.size() != numbers.size())
            throw LogError("made " + std::to_string(results.size()) + " devices for " + std::to_string(numbers.size()) +
                           " device numbers");
        for (unsigned i = 0; i < results.size(); i++) {
            if (!results[i].isObject() || results[i].getObject().getKind() != kind || !results[i].getObject().getId()) continue;
            const std::string entry = name + ".at(" + std::to_string(numbers[i]) + ")";
            x.p.Bind(kind, results[i].getObject().getId(), entry, kind == K::MESH_DEVICE);
            BindMembers(x, results[i].getObject(), entry);
        }
    }
    return "auto " + name + " = " + call + ";";
}

std::string KeepPoolDevices(CppCall& x, const std::string& call) {
    std::vector<int> numbers;
    if (x.ArgCount() && x.Arg(0).isList())
        for (auto e : x.Arg(0).getList()) numbers.push_back(static_cast<int>(values::ReadUnsigned(e)));
    if (x.has_return && x.ret.hasResult() && x.ret.getResult().isList()) {
        const auto results = x.ret.getResult().getList();
        for (unsigned i = 0; i < results.size() && i < numbers.size(); i++)
            if (results[i].isObject() && results[i].getObject().getId())
                x.p.Bind(K::DEVICE, results[i].getObject().getId(),
                         "tt::DevicePool::instance().get_active_device(" + std::to_string(numbers[i]) + ")", false);
    }
    return call + ";";
}

// GetRuntimeArgs: the reference the program edits its args through before a launch (cpp_emit.cc: ArgsChanged).
std::string KeepExposedArgs(CppCall& x, const std::string& call, bool grid) {
    const std::string name = x.p.Variable("runtime_args", x.Seq());
    const std::uint64_t kernel = x.ArgId(K::KERNEL);
    if (grid) {
        x.p.exposed_grids[kernel] = name;
    } else {
        bool common = true;
        std::uint32_t cx = 0, cy = 0;
        for (auto a : x.call.args)
            if (a.isCores() && a.getCores().getRanges().size()) {
                common = false;
                cx = a.getCores().getRanges()[0].getStartX(), cy = a.getCores().getRanges()[0].getStartY();
            }
        x.p.exposed_args[{kernel, common, cx, cy}] = name;
    }
    return "auto& " + name + " = " + call + ";";
}

std::string ExportCall(CppProgram& program, const DecodedCall& call, schema::Return::Reader ret, bool has_return,
                       std::vector<std::string>& statements) {
    const auto& exporters = Exporters();
    auto it = exporters.find(static_cast<layout::Api>(call.function));
    if (it == exporters.end()) throw LogError("function " + call.Name() + " is not one this exporter knows");
    CppCall x(program, call, ret, has_return);
    const std::string statement = it->second(x);
    for (auto& s : x.before) statements.push_back(std::move(s));
    statements.push_back(statement);
    for (auto& s : x.after) statements.push_back(std::move(s));
    for (auto& [kind, id, name] : x.rebinds) program.Bind(kind, id, name, false);
    // A setting of a program naming a buffer (AssignGlobalBufferToProgram): the program holds the buffer from now on.
    if (RulesOf(static_cast<layout::Api>(call.function)).keep == Keep::kSetsProgram && x.ArgId(K::BUFFER) &&
        x.ArgId(K::PROGRAM) && !x.Threw())
        program.held_by_program[x.ArgId(K::BUFFER)] = x.ArgId(K::PROGRAM);
    return statement;
}

}  // namespace ltcap
