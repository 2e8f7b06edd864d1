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
