// The API profile a build speaks: the description of one tt-metal release, chosen by the build through the
// profile's features header (ltcap_profile.h, from its :features library: profiles/<release>/api/features/). The
// shim and the player are built once per profile from the same sources; they expand the build's profile through
// api/expand.h (LTCAP_EXPAND_CALLS), never a release's own lists, and ask what it has by LTCAP_HAS_*, never which
// release it is. The tools that only read logs (api/rules.h) know every profile; the table of releases is
// api/releases.h.
#pragma once

#include "ltcap_profile.h"
#include "api/expand.h"
#include "api/releases.h"

namespace ltcap {
inline constexpr const char* kProfile = LTCAP_PROFILE_NAME;
}  // namespace ltcap
