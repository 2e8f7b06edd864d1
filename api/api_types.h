// The types the build's API description spells (api/expand.h), for the translation units that expand its type
// columns: each profile's own header (the tt-metal headers, and aliases for types whose spelling has a comma — a
// macro argument cannot), over what every profile spells alike (api_types_common.h). Aliases do not change mangled
// names.
#pragma once

#ifdef LTCAP_TT_METAL_V067
#include "profiles/v0.67.0/api/api_types.h"
#else
#include "profiles/v0.56.0/api/api_types.h"
#endif
