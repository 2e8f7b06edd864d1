// ReLU, and ReLU clamped at an upper bound.
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void relu_tile_init() {}
ALWI void relu_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return x > 0.0f ? x : 0.0f; }); }
ALWI void relu_max_tile_init() {}
ALWI void relu_max_tile(uint32_t idst, uint32_t upper) {
    const float hi = ttemu_f(upper);
    ttemu_unary(idst, [hi](float x) { return x < 0.0f ? 0.0f : (x > hi ? hi : x); });
}

}  // namespace ckernel
