// Reciprocal: 1/x.
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void recip_tile_init() {}
ALWI void recip_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return 1.0f / x; }); }

}  // namespace ckernel
