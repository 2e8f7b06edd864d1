// The architecture of the chips this process would run on (tt::tt_metal::get_platform_architecture). tt-metal asks
// the simulator or the PCIe devices; the emulated platform is Wormhole B0 (an n150 per device).
//   if (tt::tt_metal::get_platform_architecture() == tt::ARCH::WORMHOLE_B0) { ... }
#pragma once

#include <umd/device/tt_soc_descriptor.h>

#include <cstdlib>
#include <tt-metalium/assert.hpp>
#include <tt-metalium/rtoptions.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::tt_metal {

inline tt::ARCH get_platform_architecture() { return tt::ARCH::WORMHOLE_B0; }

}  // namespace tt::tt_metal
