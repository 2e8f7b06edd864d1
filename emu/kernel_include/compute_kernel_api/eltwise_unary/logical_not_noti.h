// Logical not: 1.0 where the element is zero, 0.0 elsewhere.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void logical_not_unary_tile_init() {}
ALWI void logical_not_unary_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return x == 0.0f ? 1.0f : 0.0f; }); }

}  // namespace ckernel
