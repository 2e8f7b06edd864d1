// The modified Bessel function of the first kind, order 1 (odd in x).
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void i1_tile_init() {}
TTEMU_LOOP_FN void i1_tile(uint32_t idst) {
    ttemu_unary(idst, [](float x) {
        // Power series: (x/2) × sum over k of ((x/2)^2k) / (k! (k+1)!).
        const double q = double(x) * x / 4.0;
        double term = 1.0, sum = 1.0;
        for (int k = 1; k < 60 && term > 1e-17 * sum; k++) term *= q / (double(k) * (k + 1)), sum += term;
        return float(sum * x / 2.0);
    });
}

}  // namespace ckernel
