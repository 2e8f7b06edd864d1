// Sine and cosine.
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void sin_tile_init() {}
ALWI void sin_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return sinf(x); }); }
ALWI void cos_tile_init() {}
ALWI void cos_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return cosf(x); }); }

}  // namespace ckernel
