// Rounding down to an integer value.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void floor_tile_init() {}
ALWI void floor_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return floorf(x); }); }
ALWI void floor_tile_float32(uint32_t idst) { floor_tile(idst); }

}  // namespace ckernel
