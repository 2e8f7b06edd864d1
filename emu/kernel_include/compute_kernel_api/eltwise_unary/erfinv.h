// The inverse error function on (−1, 1); ±inf at ±1, NaN outside.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

TTEMU_LOOP_FN float ttemu_erfinv(float y) {
    if (y <= -1.0f) return y == -1.0f ? -INFINITY : NAN;
    if (y >= 1.0f) return y == 1.0f ? INFINITY : NAN;
    // An initial guess from the logarithmic approximation, refined by Newton steps on erf.
    const double a = 0.147, ln = log(1.0 - double(y) * y), t = 2.0 / (3.14159265358979323846 * a) + ln / 2.0;
    double x = copysign(sqrt(sqrt(t * t - ln / a) - t), double(y));
    for (int i = 0; i < 4; i++) x -= (erf(x) - y) / (1.12837916709551257390 * exp(-x * x));
    return float(x);
}
ALWI void erfinv_tile_init() {}
ALWI void erfinv_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return ttemu_erfinv(x); }); }

}  // namespace ckernel
