// Left shift of 32-bit integer elements.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void left_shift_tile_init() {}
ALWI void left_shift_tile(uint32_t idst, uint32_t param0) {
    ttemu_unary_int(idst, [param0](uint32_t x) { return param0 >= 32 ? 0u : x << param0; });
}

}  // namespace ckernel
