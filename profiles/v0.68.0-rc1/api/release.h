// tt-metal v0.68.0-rc1's row of the release table (api/releases.h) and its description's lists (api_list.h:
// LTCAP_V068_*_LIST).
#pragma once

#include "api/release_facts.h"
#include "profiles/v0.68.0-rc1/api/api_list.h"

namespace ltcap {
// The kernel API whose meaning changed from v0.67.0 (tt_metal/hw/inc; the rest of its 97 changed files add names,
// change types a kernel's source still compiles against alike, or are other architectures').
inline constexpr KernelChange kKernelChangesV068[] = {
    {"TensorAccessorArgs",
     "its compile-time arguments hold the buffer's aligned page size after the config word, and a TensorAccessor's "
     "page size defaults to it (#38958)",
     RecordedWords::kTensorAccessorArgs},
    {},
};

// Kernels and mock mode as v0.67.0 (rtoptions.cpp unchanged in what ltcap reads). CreateDevice is declared as in
// v0.67.0, so the release is told by what it adds: experimental/context/metal_env.hpp's MetalEnv.
inline constexpr ProfileTools kReleaseV068 = {
    .release = LTCAP_V068_RELEASE,  // these four: profiles/releases.bzl (api/release_table.h)
    .shim = LTCAP_V068_SHIM,
    .player = LTCAP_V068_PLAYER,
    .runtime = LTCAP_V068_RUNTIME,
    .root_variable = "TT_METAL_RUNTIME_ROOT",
    .kernel_search = {KernelDir::kWorkingDir, KernelDir::kKernelPath, KernelDir::kSystemKernels,
                      KernelDir::kRuntimeRoot},
    .include_home = KernelDir::kRuntimeRoot,
    .mock_variable = "TT_METAL_MOCK_CLUSTER_DESC_PATH",
    .mock_overridden_by = "TT_METAL_SIMULATOR",
    .probe_symbol = "_ZN2tt8tt_metal8MetalEnvD1Ev",
    // v0.69.0-dev20260324 (the next tag) adds the non-virtual MeshDevice::is_remote_only(); a release's package
    // version, where it lies with the library, says the rest (cli/which_tt_metal.h).
    .later_symbol = "_ZNK2tt8tt_metal11distributed10MeshDevice14is_remote_onlyEv",
    .later_what = "MeshDevice::is_remote_only() (v0.69.0-dev20260324 and later)",
    .kernel_changes = kKernelChangesV068,
};
}  // namespace ltcap
