// The preprocessor helpers every expansion of the API lists uses (api/expand.h's consumers: the shim's interposers
// and Described, the checker, the replayer, the ABI probe): one definition each.
#pragma once

// A parenthesised column (`params`, `args`) without its parentheses.
#define LTCAP_UNPAREN(...) __VA_ARGS__
// A leading comma before a non-empty list: `f(first LTCAP_COMMA_ARGS(rest))`.
#define LTCAP_COMMA_ARGS(...) __VA_OPT__(, ) __VA_ARGS__
// Token pasting after expansion.
#define LTCAP_CAT_NOW(a, b) a##b
#define LTCAP_CAT(a, b) LTCAP_CAT_NOW(a, b)

// A release's description as a change to an earlier one's (profiles/<release>/api/api_list.h). The earlier release
// writes its rows as R(X, api, ...) in LTCAP_<tag>_*_ROWS(R, X) — its own lists are those rows with R = LTCAP_ROW —
// and a later one inherits them through a filter that drops the rows it names: a row `api` is dropped when
// `<prefix>api` is defined as LTCAP_DROPPED (the later release removed the call, or describes it anew).
//   #define LTCAP_V067_DROPS_enqueueProgram LTCAP_DROPPED
//   #define LTCAP_V067_INHERITED(X, api, ...) LTCAP_INHERIT_UNLESS(LTCAP_V067_DROPS_, X, api, __VA_ARGS__)
//   #define LTCAP_V067_API_LIST(X) LTCAP_V056_API_ROWS(LTCAP_V067_INHERITED, X) …its own rows…
#define LTCAP_ROW(X, ...) X(__VA_ARGS__)
#define LTCAP_DROPPED() ~, 1
#define LTCAP_PP_SECOND(a, b, ...) b
#define LTCAP_PP_IS_DROPPED(...) LTCAP_PP_SECOND(__VA_ARGS__, 0, 0)
#define LTCAP_PP_CALL(m, args) m args
#define LTCAP_PP_IS_DROPPED_NAME(name) LTCAP_PP_CALL(LTCAP_PP_IS_DROPPED, (name()))
#define LTCAP_PP_IF_0(keep, drop) keep
#define LTCAP_PP_IF_1(keep, drop) drop
#define LTCAP_PP_DROP_ROW(...)
#define LTCAP_INHERIT_UNLESS(prefix, X, api, ...) \
    LTCAP_CAT(LTCAP_PP_IF_, LTCAP_PP_IS_DROPPED_NAME(prefix##api))(X, LTCAP_PP_DROP_ROW)(api, __VA_ARGS__)
