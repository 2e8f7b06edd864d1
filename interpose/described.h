// Encoding a call as its description entry (profiles/v0.56.0/api/api_list.h) says, outside an interception:
// Described<api>::With evaluates the entry's argument expression — roles and the sizes they compute — over the given
// parameters and hands the arguments to `fn`, exactly as Intercept receives them. The snapshot's synthesized calls go
// through it, so they are encoded like the program's own.
// api::Described<layout::Api::enqueueWriteBuffer>::With([&](auto&&... args) { EncodeArgs(c, args...); }, cq,
// buffer_ref, payload, true);
#pragma once

#include "api/profile.h"
#include "api/api_types.h"
#include "api/preprocessor.h"
#include "api/roles.h"
#include "schema/trace_layout.h"

// In ltcap::api, where the entries' type names resolve (api_types.h).
namespace ltcap::api {

template <layout::Api kApi>
struct Described;

#define LTCAP_DESCRIBED(api, rules, result, Ret, name, params, args)                        \
    template <>                                                                              \
    struct Described<layout::Api::api> {                                                     \
        template <typename Fn>                                                               \
        static void With(Fn&& fn LTCAP_COMMA_ARGS params) {                             \
            fn(LTCAP_UNPAREN args);                                                \
        }                                                                                    \
    };

// A member entry: the object comes first, as `self`; a virtual entry is described on its interface.
#define LTCAP_DESCRIBED_MEMBER(api, rules, result, Ret, Class, method, qualifier, params, args) \
    template <>                                                                                 \
    struct Described<layout::Api::api> {                                                        \
        template <typename Fn>                                                                  \
        static void With(Fn&& fn, qualifier Class& self LTCAP_COMMA_ARGS params) {         \
            fn(LTCAP_UNPAREN args);                                                   \
        }                                                                                       \
    };

#define LTCAP_DESCRIBED_VIRTUAL(api, rules, result, Ret, Interface, Impl, OtherImpl, method, qualifier, params, args) \
    LTCAP_DESCRIBED_MEMBER(api, rules, result, Ret, Interface, method, qualifier, params, args)

LTCAP_EXPAND_CALLS(LTCAP_DESCRIBED, LTCAP_DESCRIBED_MEMBER, LTCAP_DESCRIBED_VIRTUAL)

#undef LTCAP_DESCRIBED
#undef LTCAP_DESCRIBED_MEMBER
#undef LTCAP_DESCRIBED_VIRTUAL

}  // namespace ltcap::api
