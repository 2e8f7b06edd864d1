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
#define LTCAP_PROFILE_ROW_OF(tag) kRelease##tag
#define LTCAP_PROFILE_ROW(tag) LTCAP_PROFILE_ROW_OF(tag)
// The build's release's row of the release table, and its name ("v0.67.0").
inline constexpr const ProfileTools& kProfileRow = LTCAP_PROFILE_ROW(LTCAP_PROFILE_LIST);
inline constexpr const char* kProfile = kProfileRow.release;
#undef LTCAP_PROFILE_ROW
#undef LTCAP_PROFILE_ROW_OF
}  // namespace ltcap
