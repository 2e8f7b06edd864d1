// The API profile a build speaks: the description of one tt-metal release, chosen by the build (LTCAP_TT_METAL_V067
// selects v0.67.0; without it, v0.56.0). The shim and the player are built once per profile from the same sources;
// they expand the build's profile through api/expand.h (LTCAP_EXPAND_CALLS), never a release's own lists. The
// tools that only read logs (api/rules.h) know every profile; the table of releases is api/releases.h.
#pragma once

#include "api/expand.h"
#include "api/releases.h"

namespace ltcap {
#ifdef LTCAP_TT_METAL_V067
inline constexpr const char* kProfile = kProfileV067;
#else
inline constexpr const char* kProfile = kProfileV056;
#endif
}  // namespace ltcap
