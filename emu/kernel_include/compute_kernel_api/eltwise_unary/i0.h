// The modified Bessel function of the first kind, order 0.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void i0_tile_init() {}
TTEMU_LOOP_FN void i0_tile(uint32_t idst) {
    ttemu_unary(idst, [](float x) {
        // Power series: sum over k of ((x/2)^2k) / (k!)^2.
        const double q = double(x) * x / 4.0;
        double term = 1.0, sum = 1.0;
        for (int k = 1; k < 60 && term > 1e-17 * sum; k++) term *= q / (double(k) * k), sum += term;
        return float(sum);
    });
}

}  // namespace ckernel
