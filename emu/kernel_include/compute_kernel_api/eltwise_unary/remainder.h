// Remainder with the sign of the divisor, x − floor(x/d)·d (param0: d as float bits; param1 unused).
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void remainder_tile_init() {}
ALWI void remainder_tile(uint32_t idst, uint32_t param0, uint32_t) {
    const float d = ttemu_f(param0);
    ttemu_unary(idst, [d](float x) { return x - floorf(x / d) * d; });
}

}  // namespace ckernel
