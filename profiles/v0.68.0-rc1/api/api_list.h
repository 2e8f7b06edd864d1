// The one description of the interposed tt-metal v0.68.0-rc1 host API, as a change to v0.67.0's
// (profiles/v0.67.0/api/api_list.h, whose columns it shares). None of the calls v0.67.0's description lists changed
// its declaration (the same mangled names: ../shared/reference/tt-metal-v0.68.0-rc1.md), so every row is inherited
// and keeps its Api value and rules; compiled against this release's headers, each gets this release's vtable slots.
// What v0.68.0-rc1 adds (MetalEnv's device makers, experimental::CreateGlobalSemaphore at an address) is not
// described yet: a program making its meshes through MetalEnv is captured from its first call on such a mesh.
#pragma once

#include "profiles/v0.67.0/api/api_list.h"

#define LTCAP_V068_API_LIST(X) LTCAP_V067_API_LIST(X)
#define LTCAP_V068_MEMBER_LIST(X) LTCAP_V067_MEMBER_LIST(X)
#define LTCAP_V068_VIRTUAL_LIST(X) LTCAP_V067_VIRTUAL_LIST(X)
#define LTCAP_V068_IRREGULAR_LIST(X) LTCAP_V067_IRREGULAR_LIST(X)
