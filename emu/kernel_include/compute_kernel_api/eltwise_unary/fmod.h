// C fmod by a scalar (param0: the divisor as float bits; param1: its reciprocal, unused).
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void fmod_tile_init() {}
ALWI void fmod_tile(uint32_t idst, uint32_t param0, uint32_t) {
    const float d = ttemu_f(param0);
    ttemu_unary(idst, [d](float x) { return fmodf(x, d); });
}

}  // namespace ckernel
