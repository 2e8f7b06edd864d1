// Exporting one description entry as C++ (the exporter's counterpart of replay_entry.h): each parameter becomes an
// expression by its C++ type (cpp_emit.h: Emit), or by its role when the entry wraps it in one (EmitRole) — the role
// types are read off the entry's argument expression at compile time, as the player reads them — and the call is
// written as a statement that keeps what it made under a name of its own (EmitResult).
#pragma once

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "player/cpp_emit.h"

namespace ltcap {

// Object types an Emit overload names as an lvalue (a variable, or a part of one): passed to a parameter taking a
// non-const reference as they are. Any other value such a parameter takes is kept by the run (run.Keep).
template <typename T>
constexpr bool kEmitsLvalue = std::is_same_v<T, tm::Program> || std::is_same_v<T, tm::Buffer> ||
                              std::is_same_v<T, dist::MeshDevice> || std::is_same_v<T, dist::MeshCommandQueue> ||
                              std::is_same_v<T, dist::MeshBuffer> || std::is_same_v<T, dist::MeshWorkload> ||
                              std::is_same_v<T, dist::MeshEvent>
#if LTCAP_HAS_COMMAND_QUEUE
                              || std::is_same_v<T, tm::CommandQueue>
#endif
#if LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER
                              || std::is_same_v<T, tm::experimental::GlobalCircularBuffer>
#endif
#if LTCAP_HAS_METAL_ENV
                              || std::is_same_v<T, tm::MetalEnv>
#endif
    ;

// Parameter P, which the entry passes as RoleOrPlain.
template <typename P, typename RoleOrPlain>
std::string EmitArg(CppCall& x, Value v) {
    using R = std::remove_cvref_t<RoleOrPlain>;
    using T = std::remove_cvref_t<P>;
    if constexpr (Role<R>) {
        return EmitRole(x, v, Tag<R>{});
    } else {
        std::string e = Emit(x, v, Tag<T>{});
        if constexpr (std::is_rvalue_reference_v<P>) e = "std::move(" + e + ")";
        else if constexpr (std::is_lvalue_reference_v<P> && !std::is_const_v<std::remove_reference_t<P>> && !kEmitsLvalue<T>)
            e = "run.Keep(" + e + ")";
        return e;
    }
}

// The statement making a call that returned `Ret`, given as `call`, and the names of what it made.
std::string KeepResult(CppCall& x, schema::ObjectKind kind, const std::string& stem, const std::string& call);
std::string KeepExposedArgs(CppCall& x, const std::string& call, bool grid);
std::string KeepDeviceList(CppCall& x, const std::string& call, schema::ObjectKind kind);
std::string KeepPoolDevices(CppCall& x, const std::string& call);
// A value owning device buffers the log never names (a global semaphore: one; a global circular buffer: two), held
// in an optional the generated program can free when the log says its buffers went.
std::string KeepOwner(CppCall& x, schema::ObjectKind kind, const std::string& stem, int buffers, const std::string& call);

template <typename Result, typename Ret>
std::string EmitResult(CppCall& x, const std::string& call) {
    using T = std::remove_cvref_t<Ret>;
    if constexpr (std::is_same_v<Result, NewKernel>) {
        const std::string s = KeepResult(x, K::KERNEL, "kernel", call);
        x.p.kernel_program[x.ResultId()] = x.ArgId(K::PROGRAM);
        return s;
    } else if constexpr (std::is_same_v<Result, NewCb>) {
        return KeepResult(x, K::CIRCULAR_BUFFER, "cb", call);
    } else if constexpr (std::is_same_v<Result, NewTrace>) {
        return KeepResult(x, K::TRACE, "trace", call);
    } else if constexpr (std::is_same_v<Result, PoolDevices>) {
        return KeepPoolDevices(x, call);
    } else if constexpr (std::is_same_v<Result, NewSemaphore> || std::is_void_v<Ret>) {
        return "(void)" + call + ";";
    } else if constexpr (std::is_same_v<T, tm::IDevice*>) {
        return KeepResult(x, K::DEVICE, "device", call);
    } else if constexpr (std::is_same_v<T, std::shared_ptr<tm::Buffer>>) {
        return KeepResult(x, K::BUFFER, "buffer", call);
    } else if constexpr (std::is_same_v<T, tm::Program>) {
        return KeepResult(x, K::PROGRAM, "program", call);
    } else if constexpr (std::is_same_v<T, tm::GlobalSemaphore>) {
        return KeepOwner(x, K::GLOBAL_SEMAPHORE, "global_semaphore", 1, call);
#if LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER
    } else if constexpr (std::is_same_v<T, tm::experimental::GlobalCircularBuffer>) {
        return KeepOwner(x, K::GLOBAL_CIRCULAR_BUFFER, "global_cb", 2, call);
#endif
    } else if constexpr (std::is_same_v<T, api::DeviceMap>) {
        return KeepDeviceList(x, call, K::DEVICE);
    } else if constexpr (std::is_same_v<T, std::shared_ptr<dist::MeshDevice>>) {
        return KeepResult(x, K::MESH_DEVICE, "mesh", call);
#if LTCAP_HAS_UNIT_MESHES
    } else if constexpr (std::is_same_v<T, api::MeshMap>) {
        return KeepDeviceList(x, call, K::MESH_DEVICE);
#endif
    } else if constexpr (std::is_same_v<T, std::shared_ptr<dist::MeshBuffer>>) {
        return KeepResult(x, K::MESH_BUFFER, "mesh_buffer", call);
    } else if constexpr (std::is_same_v<T, dist::MeshEvent>) {
        return KeepResult(x, K::MESH_EVENT, "mesh_event", call);
    } else if constexpr (std::is_same_v<T, dist::MeshTraceId>) {
        return KeepResult(x, K::MESH_TRACE, "mesh_trace", call);
    } else if constexpr (std::is_same_v<T, tm::SubDeviceManagerId>) {
        return KeepResult(x, K::SUB_DEVICE_MANAGER, "sub_device_manager", call);
    } else if constexpr (std::is_same_v<T, dist::MeshWorkload>) {
        return KeepResult(x, K::MESH_WORKLOAD, "workload", call);
    } else if constexpr (std::is_same_v<T, tm::RuntimeArgsData>) {
        return KeepExposedArgs(x, call, false);
    } else if constexpr (std::is_same_v<T, api::ArgsGrid>) {
        return KeepExposedArgs(x, call, true);
    } else {
        return "(void)" + call + ";";
    }
}

// `fn`'s parameter types and the entry's roles give each argument's expression; `callee` is what is called
// ("tt::tt_metal::CreateKernel", "(*mesh_3).close"); `skip_self` leaves the first argument out of the list (a
// member's object, which `callee` already names).
template <typename Roles, typename... P, std::size_t... I>
std::vector<std::string> EmitArgs(CppCall& x, std::index_sequence<I...>) {
    return {EmitArg<P, std::tuple_element_t<I, Roles>>(x, x.Arg(I))...};
}

template <typename Result, typename Ret, typename... P, typename RolesOf>
std::string EmitEntry(CppCall& x, Ret (*)(P...), RolesOf, const std::string& callee, bool member) {
    using Roles = decltype(std::declval<RolesOf&>()(std::declval<P>()...));
    static_assert(std::tuple_size_v<Roles> == sizeof...(P), "an entry passes one argument per parameter");
    if (x.ArgCount() != sizeof...(P))
        throw LogError("has " + std::to_string(x.ArgCount()) + " arguments, its function takes " +
                       std::to_string(sizeof...(P)));
    const std::vector<std::string> args = EmitArgs<Roles, P...>(x, std::index_sequence_for<P...>{});
    std::string call = member ? "(" + args.at(0) + ")." + callee + "(" : callee + "(";
    for (std::size_t i = member ? 1 : 0; i < args.size(); i++) call += (i > (member ? 1u : 0u) ? ", " : "") + args[i];
    call += ")";
    if (x.Threw()) {
        const std::string what = x.ret.hasException() ? std::string(x.ret.getException().cStr()) : "";
        return "run.Throws(" + std::to_string(x.Seq()) + ", " + CppString(what.substr(0, 200)) + ", [&] { (void)" + call + "; });";
    }
    return EmitResult<Result, Ret>(x, call);
}

}  // namespace ltcap
