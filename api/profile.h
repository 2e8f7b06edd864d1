// The API profile a build speaks: the description of one tt-metal release, chosen by the build (LTCAP_TT_METAL_V067
// selects v0.67.0; without it, v0.56.0). The shim and the player are built once per profile from the same sources;
// they expand the build's profile through api/expand.h (LTCAP_EXPAND_CALLS), never a release's own lists. The
// tools that only read logs (api/rules.h) know every profile.
#pragma once

#include "api/expand.h"

#include <string>
#include <string_view>

namespace ltcap {
// The tt-metal releases ltcap speaks, as a log's header names them (Header.ttMetalVersion).
inline constexpr const char* kProfileV056 = "v0.56.0";
inline constexpr const char* kProfileV067 = "v0.67.0";

// Each profile's shim and player, as installed (lib/, bin/) and as `ltcap capture` / `ltcap replay` pick them.
struct ProfileTools {
    const char* release;
    const char* shim;
    const char* player;
};
inline constexpr ProfileTools kProfiles[] = {
    {kProfileV056, "libltcap.so", "ltplay"},
    {kProfileV067, "libltcap_v067.so", "ltplay_v067"},
};
// The tools of `release` ("v0.67.0"), or null for a release ltcap does not speak.
constexpr const ProfileTools* FindProfile(std::string_view release) {
    for (const ProfileTools& p : kProfiles)
        if (release == p.release) return &p;
    return nullptr;
}
// "v0.56.0, v0.67.0": the releases ltcap speaks, for messages.
inline std::string SupportedReleases() {
    std::string out;
    for (const ProfileTools& p : kProfiles) out += (out.empty() ? "" : ", ") + std::string(p.release);
    return out;
}
#ifdef LTCAP_TT_METAL_V067
inline constexpr const char* kProfile = kProfileV067;
#else
inline constexpr const char* kProfile = kProfileV056;
#endif
}  // namespace ltcap
