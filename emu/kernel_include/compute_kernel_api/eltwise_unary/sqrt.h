// Square root.
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void sqrt_tile_init() {}
ALWI void sqrt_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return sqrtf(x); }); }

}  // namespace ckernel
