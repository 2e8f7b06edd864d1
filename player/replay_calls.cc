// Every call of the description (profiles/v0.56.0/api/api_list.h) replayed from it: one generated entry per function
// (replay_entry.h), so a function the shim captures is one ltplay replays — a parameter type no decoder knows fails
// the build. The one entry that is not an API function, bufferReleased, is its own hook at the end.
#include "player/replay_calls.h"

#include <map>

#include "api/preprocessor.h"
#include "api/profile.h"
#include "player/replay_entry.h"
#include "schema/trace_layout.h"

namespace ltcap {

namespace {

using namespace api;
using Replay = void (*)(CallReplay&);

#define LTCAP_REPLAYER(api, rules, result, Ret, name, params, args)                                          \
    {layout::Api::api, [](CallReplay& x) {                                                                    \
         using Fn = Ret(*) params;                                                                            \
         ReplayEntry<result>(                                                                                 \
             x, static_cast<Fn>(&name), [](LTCAP_UNPAREN params) { return std::forward_as_tuple args; },      \
             [&x](LTCAP_UNPAREN params) { Invoke<result>(x, static_cast<Fn>(&name) LTCAP_COMMA_ARGS args); }); \
     }},

// A member is called on the object the log names first (profiles/v0.56.0/api/mesh_list.h).
template <auto kPmf>
struct MemberCall;
template <typename C, typename R, typename... P, R (C::*kPmf)(P...)>
struct MemberCall<kPmf> {
    static R Call(C& self, P... p) { return (self.*kPmf)(std::forward<P>(p)...); }
};
template <typename C, typename R, typename... P, R (C::*kPmf)(P...) const>
struct MemberCall<kPmf> {
    static R Call(const C& self, P... p) { return (self.*kPmf)(std::forward<P>(p)...); }
};

#define LTCAP_MEMBER_REPLAYER(api, rules, result, Ret, Class, method, qualifier, params, args)                    \
    {layout::Api::api, [](CallReplay& x) {                                                                         \
         using Fn = Ret (*)(qualifier Class & self LTCAP_COMMA_ARGS params);                                          \
         using Pmf = Ret (Class::*) params qualifier;                                                               \
         constexpr Fn fn = &MemberCall<static_cast<Pmf>(&Class::method)>::Call;                                     \
         ReplayEntry<result>(                                                                                       \
             x, fn, [](qualifier Class & self LTCAP_COMMA_ARGS params) { return std::forward_as_tuple args; },         \
             [&x](qualifier Class & self LTCAP_COMMA_ARGS params) { Invoke<result>(x, fn LTCAP_COMMA_ARGS args); });   \
     }},

// A virtual member is called on the object's interface, through its vtable (api/profile.h).
#define LTCAP_VIRTUAL_REPLAYER(api, rules, result, Ret, Interface, Impl, OtherImpl, method, qualifier, params, args) \
    LTCAP_MEMBER_REPLAYER(api, rules, result, Ret, Interface, method, qualifier, params, args)

// bufferReleased (interpose/destructor_hooks.cc records it from Buffer's destructor): the program dropped its last
// reference, so the player drops its own and tt-metal frees the buffer at the same point. Buffers tt-metal made for
// itself are not in the table.
void BufferReleased(CallReplay& x) {
    const std::uint64_t id = ObjectId(x.Arg(0));
    if (x.o.buffers.Has(id)) x.o.buffers.Erase(id);
    x.s.addresses.ForgetBuffer(id);
}

// meshBufferReleased, meshDeviceReleased (interpose/destructor_hooks.cc): the program dropped its last reference; the
// player drops its own (a mesh it made for itself is not in the table).
void MeshBufferReleased(CallReplay& x) {
    x.o.mesh_buffers.Erase(ObjectId(x.Arg(0)));
    x.o.buffers.Erase(ObjectId(x.Arg(0)));  // its backing buffer, if the table has it (replay_mesh.cc)
}
void MeshDeviceReleased(CallReplay& x) { x.o.mesh_devices.Erase(ObjectId(x.Arg(0))); }

const std::map<layout::Api, Replay>& Replayers() {
    static const std::map<layout::Api, Replay> replayers = {
        LTCAP_EXPAND_CALLS(LTCAP_REPLAYER, LTCAP_MEMBER_REPLAYER, LTCAP_VIRTUAL_REPLAYER)
        {layout::Api::bufferReleased, BufferReleased},
        {layout::Api::meshBufferReleased, MeshBufferReleased},
        {layout::Api::meshDeviceReleased, MeshDeviceReleased},
    };
    return replayers;
}

}  // namespace

void ReplayCall(ReplayServices& services, const CallEntries& c) {
    const auto& replayers = Replayers();
    auto it = replayers.find(static_cast<layout::Api>(c.call.function));
    if (it == replayers.end()) throw LogError("function " + c.call.Name() + " is not one this ltplay knows");
    CallReplay x(services, c);
    it->second(x);
}

}  // namespace ltcap
