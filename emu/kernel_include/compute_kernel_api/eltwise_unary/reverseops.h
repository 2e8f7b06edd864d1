// Reverse subtraction: the scalar (float bits) minus x.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void rsub_tile_init() {}
ALWI void rsub_tile(uint32_t idst, uint32_t param0) {
    const float s = ttemu_f(param0);
    ttemu_unary(idst, [s](float x) { return s - x; });
}

}  // namespace ckernel
