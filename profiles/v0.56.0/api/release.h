// tt-metal v0.56.0's row of the release table (api/releases.h) and its description's lists (api_list.h:
// LTCAP_V056_*_LIST).
#pragma once

#include "api/release_facts.h"
#include "profiles/v0.56.0/api/api_list.h"

namespace ltcap {
// jit_build/genfiles.cpp's get_absolute_path finds a kernel file as given, under TT_METAL_HOME, then under
// TT_METAL_KERNEL_PATH; the tree a program runs from is TT_METAL_HOME (llrt/rtoptions.cpp). No mock device.
// CreateDevice is declared in the inline namespace v0.
inline constexpr ProfileTools kReleaseV056 = {
    .release = LTCAP_V056_RELEASE,  // these four: profiles/releases.bzl (api/release_table.h)
    .shim = LTCAP_V056_SHIM,
    .player = LTCAP_V056_PLAYER,
    .runtime = LTCAP_V056_RUNTIME,
    .root_variable = "TT_METAL_HOME",
    .kernel_search = {KernelDir::kWorkingDir, KernelDir::kMetalHome, KernelDir::kKernelPath},
    .include_home = KernelDir::kMetalHome,
    .mock_variable = nullptr,
    .mock_overridden_by = nullptr,
    .probe_symbol = "_ZN2tt8tt_metal2v012CreateDeviceEihmmRKNS0_18DispatchCoreConfigERKSt6vectorIjSaIjEE",
    .later_symbol = nullptr,  // v0.67.0 and later declare CreateDevice otherwise: the probe tells them apart
    .later_what = nullptr,
};
}  // namespace ltcap
