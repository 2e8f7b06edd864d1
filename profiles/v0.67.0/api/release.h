// tt-metal v0.67.0's row of the release table (api/releases.h) and its description's lists (api_list.h:
// LTCAP_V067_*_LIST).
#pragma once

#include "api/release_facts.h"
#include "profiles/v0.67.0/api/api_list.h"

namespace ltcap {
// impl/kernels/kernel.cpp's resolve_path finds a kernel file as given, under TT_METAL_KERNEL_PATH, among the
// system's kernels, then under the runtime root; the root is TT_METAL_RUNTIME_ROOT (the release does not read
// TT_METAL_HOME: llrt/rtoptions.cpp). TT_METAL_MOCK_CLUSTER_DESC_PATH mocks the cluster; TT_METAL_SIMULATOR takes
// precedence over it. CreateDevice takes a worker_l1_size.
inline constexpr ProfileTools kReleaseV067 = {
    .release = LTCAP_V067_RELEASE,  // these four: profiles/releases.bzl (api/release_table.h)
    .shim = LTCAP_V067_SHIM,
    .player = LTCAP_V067_PLAYER,
    .runtime = LTCAP_V067_RUNTIME,
    .root_variable = "TT_METAL_RUNTIME_ROOT",
    .kernel_search = {KernelDir::kWorkingDir, KernelDir::kKernelPath, KernelDir::kSystemKernels,
                      KernelDir::kRuntimeRoot},
    .include_home = KernelDir::kRuntimeRoot,
    .mock_variable = "TT_METAL_MOCK_CLUSTER_DESC_PATH",
    .mock_overridden_by = "TT_METAL_SIMULATOR",
    .probe_symbol = "_ZN2tt8tt_metal12CreateDeviceEihmmRKNS0_18DispatchCoreConfigERKSt6vectorIjSaIjEEm",
    // tt-metal v0.68.0-rc1 declares CreateDevice as v0.67.0 does, and adds experimental/context/metal_env.hpp.
    .later_symbol = "_ZN2tt8tt_metal8MetalEnvD1Ev",
    .later_what = "tt::tt_metal::MetalEnv (v0.68.0-rc1 and later)",
};
}  // namespace ltcap
