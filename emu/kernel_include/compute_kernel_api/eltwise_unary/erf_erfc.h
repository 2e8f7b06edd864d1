// The error function and its complement.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

template <bool fast_and_approx = true>
ALWI void erf_tile_init() {}
template <bool fast_and_approx = true>
ALWI void erf_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return erff(x); }); }
template <bool fast_and_approx = true>
ALWI void erfc_tile_init() {}
template <bool fast_and_approx = true>
ALWI void erfc_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return erfcf(x); }); }

}  // namespace ckernel
