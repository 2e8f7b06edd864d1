// Exponential: e^x.
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

template <bool approx = false>
ALWI void exp_tile_init() {}
template <bool approx = false>
ALWI void exp_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return expf(x); }); }

}  // namespace ckernel
