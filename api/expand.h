// The one expansion of an API profile's description. A profile's lists (profiles/<release>/api/api_list.h:
// LTCAP_<tag>_API_LIST, _MEMBER_LIST, _VIRTUAL_LIST, _IRREGULAR_LIST) are only ever expanded through these macros;
// a consumer supplies one macro per entry shape and states below what it generates.
//
//   LTCAP_EXPAND_CALLS(FREE, MEMBER, VIRTUAL)        every call of this build's profile (api/profile.h), in list order:
//       FREE(api, rules, result, Ret, name, params, args)                         free functions, static members
//       MEMBER(api, rules, result, Ret, Class, method, qualifier, params, args)   non-static members
//       VIRTUAL(api, rules, result, Ret, Interface, Impl, OtherImpl, method, qualifier, params, args)
//   LTCAP_EXPAND_CALLS_OF(P, FREE, MEMBER, VIRTUAL)  the same for profile P (a tag of LTCAP_RELEASES), whatever the
//                                                    build speaks
//   LTCAP_EXPAND_ENTRIES_OF(P, ROW)                  every entry of P, destructor hooks included: ROW(api, rules, ...)
//   LTCAP_NO_ENTRY                                   a shape a consumer generates nothing for
//   LTCAP_VIRTUAL_DECLARATION                        a VIRTUAL entry as a member declaration (inside a class body)
//
// The consumers, and what each generates:
//   interpose/interpose.cc              the shim's definitions: one interposer per function, member, and virtual
//                                       implementation (and the declarations naming those implementations)
//   interpose/described.h               Described<api>::With, encoding a call the shim synthesizes as its entry says
//   player/check_calls.cc               the checker's table: each call's arguments against its parameter list
//   player/replay_calls.cc              the player's dispatch table: each call decoded and reissued
//   api/rules.h                         the rules table of every profile, with its consistency checks
//   profiles/v0.67.0/abi/abi_probe.cc   references compiled against the real headers, for their mangled names
#pragma once

#include "api/release_table.h"  // every release's lists (generated from profiles/releases.bzl)

#define LTCAP_NO_ENTRY(...)
#define LTCAP_VIRTUAL_DECLARATION(api, rules, result, Ret, Interface, Impl, OtherImpl, method, qualifier, params, args) \
    Ret method params qualifier;

#define LTCAP_EXPAND_LIST_NAME(P, KIND) LTCAP_##P##_##KIND##_LIST
#define LTCAP_EXPAND_LIST(P, KIND) LTCAP_EXPAND_LIST_NAME(P, KIND)

#define LTCAP_EXPAND_CALLS_OF(P, F, M, V) \
    LTCAP_EXPAND_LIST(P, API)(F) LTCAP_EXPAND_LIST(P, MEMBER)(M) LTCAP_EXPAND_LIST(P, VIRTUAL)(V)
#define LTCAP_EXPAND_ENTRIES_OF(P, ROW)                                                          \
    LTCAP_EXPAND_LIST(P, API)(ROW) LTCAP_EXPAND_LIST(P, MEMBER)(ROW) LTCAP_EXPAND_LIST(P, VIRTUAL)(ROW) \
    LTCAP_EXPAND_LIST(P, IRREGULAR)(ROW)

// The build's profile's lists (LTCAP_PROFILE_LIST, from its ltcap_profile.h, which a profile's build includes
// before it expands them: api/profile.h, api/api_types.h).
#define LTCAP_EXPAND_CALLS(F, M, V) LTCAP_EXPAND_CALLS_OF(LTCAP_PROFILE_LIST, F, M, V)
