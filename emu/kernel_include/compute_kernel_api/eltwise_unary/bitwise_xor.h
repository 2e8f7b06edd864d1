// Bitwise xor of 32-bit integer elements with a constant.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void bitwise_xor_tile_init() {}
ALWI void bitwise_xor_tile(uint32_t idst, uint32_t param0) {
    ttemu_unary_int(idst, [param0](uint32_t x) { return x ^ param0; });
}

}  // namespace ckernel
