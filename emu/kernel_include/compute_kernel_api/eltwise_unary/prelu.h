// PReLU: x for x ≥ 0, slope (float bits) × x otherwise.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void prelu_tile_init() {}
ALWI void prelu_tile(uint32_t idst, uint32_t param0) {
    const float slope = ttemu_f(param0);
    ttemu_unary(idst, [slope](float x) { return x < 0.0f ? slope * x : x; });
}

}  // namespace ckernel
