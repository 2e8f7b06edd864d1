// The API profile a build speaks: the description of one tt-metal release, chosen by the build (LTCAP_TT_METAL_V067
// selects v0.67.0; without it, v0.56.0). The shim and the player are built once per profile from the same sources;
// they expand these lists, never a release's own. The tools that only read logs (api/rules.h) know every profile.
//   LTCAP_PROFILE_API_LIST       free functions and static members   X(api, rules, result, Ret, name, params, args)
//   LTCAP_PROFILE_MEMBER_LIST    non-static members                  X(api, rules, result, Ret, Class, method, …)
//   LTCAP_PROFILE_VIRTUAL_LIST   virtual members by implementation   X(api, …, Interface, Impl, OtherImpl, method, …)
//   LTCAP_PROFILE_IRREGULAR_LIST destructors' entries                X(api, rules)
#pragma once

#include "api/api_list.h"
#include "profiles/v0.67.0/api/api_list.h"

#define LTCAP_NO_ENTRIES(X)

#ifdef LTCAP_TT_METAL_V067
#define LTCAP_PROFILE_API_LIST LTCAP_V067_API_LIST
#define LTCAP_PROFILE_MEMBER_LIST LTCAP_V067_MEMBER_LIST
#define LTCAP_PROFILE_VIRTUAL_LIST LTCAP_V067_VIRTUAL_LIST
#define LTCAP_PROFILE_IRREGULAR_LIST LTCAP_V067_IRREGULAR_LIST
#else
#define LTCAP_PROFILE_API_LIST LTCAP_API_LIST
#define LTCAP_PROFILE_MEMBER_LIST LTCAP_MEMBER_LIST
#define LTCAP_PROFILE_VIRTUAL_LIST LTCAP_NO_ENTRIES
#define LTCAP_PROFILE_IRREGULAR_LIST LTCAP_IRREGULAR_LIST
#endif

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
