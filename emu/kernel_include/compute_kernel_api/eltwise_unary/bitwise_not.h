// Bitwise not of 32-bit integer elements.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void bitwise_not_tile_init() {}
ALWI void bitwise_not_tile(uint32_t idst) { ttemu_unary_int(idst, [](uint32_t x) { return ~x; }); }

}  // namespace ckernel
