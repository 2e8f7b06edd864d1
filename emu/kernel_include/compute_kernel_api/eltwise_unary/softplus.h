// Softplus: log(1 + e^(beta·x)) / beta, or x once beta·x exceeds the threshold (all float bits).
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void softplus_tile_init() {}
ALWI void softplus_tile(uint32_t idst, uint32_t beta, uint32_t beta_reciprocal, uint32_t threshold) {
    const float b = ttemu_f(beta), rb = ttemu_f(beta_reciprocal), t = ttemu_f(threshold);
    ttemu_unary(idst, [b, rb, t](float x) { return b * x > t ? x : log1pf(expf(b * x)) * rb; });
}

}  // namespace ckernel
