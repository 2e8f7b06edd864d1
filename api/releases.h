// The tt-metal releases ltcap speaks, one row each: the tools built for it, and the facts of that release every
// tool needs without its headers — where its programs find libtt_metal.so and their kernel files, and which of its
// variables runs it on a mock device. Code asks these columns, never which release a row is.
//   const ltcap::ProfileTools* p = ltcap::FindProfile(log.header().getTtMetalVersion().cStr());
//   if (p && p->mock_variable) …
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ltcap {

// The tt-metal releases ltcap speaks, as a log's header names them (Header.ttMetalVersion).
inline constexpr const char* kProfileV056 = "v0.56.0";
inline constexpr const char* kProfileV067 = "v0.67.0";

// Where a release looks for a kernel file a program names by a relative path, in its order (an absolute path is
// taken as it is). The first folder holding the file is where tt-metal compiles it from.
enum class KernelDir : std::uint8_t {
    kNone,            // (an unused step)
    kWorkingDir,      // the path as given, relative to the working directory
    kMetalHome,       // $TT_METAL_HOME
    kKernelPath,      // $TT_METAL_KERNEL_PATH
    kSystemKernels,   // /usr/share/tenstorrent/kernels/, the kernels a system package installs
    kRuntimeRoot,     // the runtime root: $TT_METAL_RUNTIME_ROOT, else a package's /usr/libexec/tt-metalium, else the
                      // working directory when it holds tt_metal/ (common/kernel_sources.h: RuntimeRoot)
};

// Each release's tools (as installed in bin/ and lib/, and as `ltcap capture` / `ltcap replay` pick them) and facts.
struct ProfileTools {
    const char* release;
    const char* shim;
    const char* player;
    // The variable naming the tt-metal tree a program runs from: its build/lib holds the libtt_metal.so a build
    // from source makes, and kernels' quoted includes are found through its include roots.
    const char* root_variable;
    std::array<KernelDir, 5> kernel_search;
    // The folder whose include roots kernels' quoted includes reach (kMetalHome or kRuntimeRoot).
    KernelDir include_home;
    // Set (non-empty), the release runs on a mock device: no kernel runs and reads return no device data — unless
    // `mock_overridden_by` is set too. Null: the release has no mock device.
    const char* mock_variable;
    const char* mock_overridden_by;
};
inline constexpr ProfileTools kProfiles[] = {
    // tt-metal v0.56.0: jit_build/genfiles.cpp's get_absolute_path (the path as given, TT_METAL_HOME,
    // TT_METAL_KERNEL_PATH); the root is TT_METAL_HOME (llrt/rtoptions.cpp).
    {kProfileV056, "libltcap.so", "ltplay", "TT_METAL_HOME",
     {KernelDir::kWorkingDir, KernelDir::kMetalHome, KernelDir::kKernelPath}, KernelDir::kMetalHome, nullptr, nullptr},
    // tt-metal v0.67.0: impl/kernels/kernel.cpp's resolve_path; the root is TT_METAL_RUNTIME_ROOT, it does not read
    // TT_METAL_HOME (llrt/rtoptions.cpp); TT_METAL_MOCK_CLUSTER_DESC_PATH mocks the cluster, TT_METAL_SIMULATOR
    // takes precedence over it.
    {kProfileV067, "libltcap_v067.so", "ltplay_v067", "TT_METAL_RUNTIME_ROOT",
     {KernelDir::kWorkingDir, KernelDir::kKernelPath, KernelDir::kSystemKernels, KernelDir::kRuntimeRoot},
     KernelDir::kRuntimeRoot, "TT_METAL_MOCK_CLUSTER_DESC_PATH", "TT_METAL_SIMULATOR"},
};

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

// "v0.56.0, v0.67.0": the releases ltcap speaks, for messages.
inline std::string SupportedReleases() {
    std::string out;
    for (const ProfileTools& p : kProfiles) out += (out.empty() ? "" : ", ") + std::string(p.release);
    return out;
}

}  // namespace ltcap
