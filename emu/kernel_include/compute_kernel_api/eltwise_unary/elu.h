// ELU: x for x > 0, alpha (float bits) × (e^x − 1) otherwise.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void elu_tile_init() {}
ALWI void elu_tile(uint32_t idst, uint32_t param0) {
    const float alpha = ttemu_f(param0);
    ttemu_unary(idst, [alpha](float x) { return x > 0.0f ? x : alpha * (expf(x) - 1.0f); });
}

}  // namespace ckernel
