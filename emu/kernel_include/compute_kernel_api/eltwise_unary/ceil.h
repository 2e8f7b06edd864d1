// Rounding up to an integer value.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void ceil_tile_init() {}
ALWI void ceil_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return ceilf(x); }); }
ALWI void ceil_tile_float32(uint32_t idst) { ceil_tile(idst); }

}  // namespace ckernel
