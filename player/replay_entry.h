// Replaying one description entry (profiles/v0.56.0/api/api_list.h) — the player's counterpart of
// interpose/intercept.h. For a call of `fn`: 1. each parameter is decoded from the log's value by its C++ type
// (replay_decode.h), or by its role when the entry wraps it in one (replay_roles.h: DecodeRole) — the role types are
// read off the entry's argument expression at compile time; 2. the entry's argument expression is evaluated over the
// decoded parameters, as the shim evaluated it over the
//      program's: roles whose sizes depend on other parameters (a read of WholeBuffer(buffer)) get them the same;
//   3. each argument is prepared (a read destination of that size, a payload checked to hold it, a launch's
//      in-place runtime-arg edits applied), the function is called, what it created is recorded, and each role
//      finishes (a closed device leaves the tables, read words are kept for verification).
#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include "player/replay_roles.h"

namespace ltcap {

// Decodes parameter P, which the entry passes as RoleOrPlain.
template <typename P, typename RoleOrPlain>
auto DecodeArg(CallReplay& x, Value v) {
    using R = std::remove_cvref_t<RoleOrPlain>;
    if constexpr (Role<R>) return DecodeRole(x, v, Tag<R>{});
    else return Decode(x, v, Tag<std::remove_cvref_t<P>>{});
}

// Step 3: the arguments as the entry's expression made them.
template <typename ResultRole, typename Ret, typename... P, typename... A>
void Invoke(CallReplay& x, Ret (*fn)(P...), A&&... args) {
    std::tuple<decltype(Prepare(x, std::forward<A>(args)))...> given{Prepare(x, std::forward<A>(args))...};
    if constexpr (std::is_void_v<Ret>) {
        std::apply(fn, std::move(given));
        if constexpr (kResultAfterVoidCall<ResultRole>) Record(x, ResultRole{}, args...);
    } else {
        Ret result = std::apply(fn, std::move(given));
        Record(x, ResultRole{}, std::forward<Ret>(result));
    }
    (Finished(x, args), ...);
}

template <typename Roles, typename... P, typename Call, std::size_t... I>
void ReplayDecoded(CallReplay& x, Call& call, std::index_sequence<I...>) {
    std::tuple<decltype(DecodeArg<P, std::tuple_element_t<I, Roles>>(x, x.Arg(I)))...> held{
        DecodeArg<P, std::tuple_element_t<I, Roles>>(x, x.Arg(I))...};
    call(static_cast<P&&>(std::get<I>(held).get())...);
}

// `roles_of` returns the entry's arguments as a tuple of references (only its type is used); `call` evaluates the
// entry's arguments over the parameters it is given and invokes.
template <typename ResultRole, typename Ret, typename... P, typename RolesOf, typename Call>
void ReplayEntry(CallReplay& x, Ret (*)(P...), RolesOf, Call call) {
    using Roles = decltype(std::declval<RolesOf&>()(std::declval<P>()...));
    static_assert(std::tuple_size_v<Roles> == sizeof...(P), "an entry passes one argument per parameter");
    if (x.ArgCount() != sizeof...(P))
        throw LogError("has " + std::to_string(x.ArgCount()) + " arguments, its function takes " +
                       std::to_string(sizeof...(P)));
    ReplayDecoded<Roles, P...>(x, call, std::index_sequence_for<P...>{});
}

}  // namespace ltcap
