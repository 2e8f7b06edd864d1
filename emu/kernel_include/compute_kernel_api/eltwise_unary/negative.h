// Negation.
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void negative_tile_init() {}
ALWI void negative_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return -x; }); }

}  // namespace ckernel
