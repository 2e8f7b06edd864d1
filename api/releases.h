// The tt-metal releases ltcap speaks, one row each (api/release_facts.h), gathered from their folders
// (profiles/releases.bzl): the tools built for it, and the facts of that release every tool needs without its
// headers — where its programs find libtt_metal.so and their kernel files, which of its variables runs it on a mock
// device, which name its library exports. Code asks these columns, never which release a row is.
//   const ltcap::ProfileTools* p = ltcap::FindProfile(log.header().getTtMetalVersion().cStr());
//   if (p && p->mock_variable) …
#pragma once

#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "api/release_facts.h"
#include "api/release_table.h"  // generated from profiles/releases.bzl: every release's row and lists

namespace ltcap {

#define LTCAP_RELEASE_ROW(tag) kRelease##tag,
inline constexpr ProfileTools kProfiles[] = {LTCAP_RELEASES(LTCAP_RELEASE_ROW)};
#undef LTCAP_RELEASE_ROW
inline constexpr std::size_t kReleaseCount = std::size(kProfiles);

// The release of a log whose header names none, and of a run ltcap cannot tell the release of: the oldest.
inline constexpr const char* kFallbackRelease = kProfiles[0].release;

// The row of `release` ("v0.67.0"), or null for a release ltcap does not speak.
constexpr const ProfileTools* FindProfile(std::string_view release) {
    for (const ProfileTools& p : kProfiles)
        if (release == p.release) return &p;
    return nullptr;
}

// Whether a run of `release` with the environment `env` (name, value pairs: a log's Header.environment) used a mock
// device: "NAME=value" of the variable that made it one, or "" if it did not.
inline std::string MockDevice(std::string_view release, const std::vector<std::pair<std::string, std::string>>& env) {
    const ProfileTools* p = FindProfile(release);
    if (!p || !p->mock_variable) return "";
    std::string mock;
    bool overridden = false;
    for (const auto& [name, value] : env) {
        if (name == p->mock_variable && !value.empty()) mock = name + "=" + value;
        if (p->mock_overridden_by && name == p->mock_overridden_by && !value.empty()) overridden = true;
    }
    return overridden ? "" : mock;
}

// The kernel API changes between two releases ltcap speaks, either order: those of every release after the older
// one up to the newer one. Empty for an unknown release.
inline std::vector<KernelChange> KernelChangesBetween(std::string_view a, std::string_view b) {
    const ProfileTools* pa = FindProfile(a);
    const ProfileTools* pb = FindProfile(b);
    if (!pa || !pb) return {};
    if (pa > pb) std::swap(pa, pb);
    std::vector<KernelChange> out;
    for (const ProfileTools* p = pa + 1; p <= pb; p++)
        for (const KernelChange* c = p->kernel_changes; c && c->name; c++) out.push_back(*c);
    return out;
}

// "v0.56.0, v0.67.0": the releases ltcap speaks, for messages.
inline std::string SupportedReleases() {
    std::string out;
    for (const ProfileTools& p : kProfiles) out += (out.empty() ? "" : ", ") + std::string(p.release);
    return out;
}

}  // namespace ltcap
