// Every interposed function, defined from the one description in api_list.h. This is the only file whose
// symbols libltcap.so exports (exports.lds); each definition forwards to the real function through Intercept.
// The shim is built with hidden visibility; the tt-metal declarations, and so their definitions here, are not.
#pragma GCC visibility push(default)
#include "interpose/api_list.h"
#pragma GCC visibility pop
#include "interpose/intercept.h"

using namespace ltcap::api;
using namespace ltcap;

#define LTCAP_UNPAREN(...) __VA_ARGS__
#define LTCAP_DEFINE(api, result_role, Ret, name, params, args)                                         \
    Ret name params {                                                                                    \
        using Fn = Ret(*) params;                                                                        \
        static ::ltcap::Next<Fn> next(static_cast<Fn>(&name));                                          \
        return ::ltcap::Intercept<::ltcap::layout::Api::api, ::ltcap::result_role>(next LTCAP_COMMA_ARGS args); \
    }
// A leading comma for non-empty argument lists.
#define LTCAP_COMMA_ARGS(...) __VA_OPT__(, ) __VA_ARGS__

#pragma GCC visibility push(default)
LTCAP_API_LIST(LTCAP_DEFINE)
#pragma GCC visibility pop
