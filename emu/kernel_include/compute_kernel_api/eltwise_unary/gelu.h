// GELU, the tanh approximation or the exact erf form.
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

template <bool fast_and_approx = true>
ALWI void gelu_tile_init() {}
template <bool fast_and_approx = true>
ALWI void gelu_tile(uint32_t idst) {
    ttemu_unary(idst, [](float x) {
        if (fast_and_approx) return 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
        return 0.5f * x * (1.0f + erff(x * 0.70710678f));
    });
}

}  // namespace ckernel
