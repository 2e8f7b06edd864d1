// The types the build's API description spells (api/expand.h), for the translation units that expand its type
// columns: each profile's own header (the tt-metal headers, and aliases for types whose spelling has a comma — a
// macro argument cannot), over what every profile spells alike (api_types_common.h). Aliases do not change mangled
// names.
#pragma once

#include "ltcap_profile.h"
#include LTCAP_PROFILE_API_TYPES
