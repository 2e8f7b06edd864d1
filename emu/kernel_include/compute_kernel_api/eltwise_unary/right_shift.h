// Arithmetic right shift of 32-bit integer elements.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void right_shift_tile_init() {}
ALWI void right_shift_tile(uint32_t idst, uint32_t param0) {
    ttemu_unary_int(idst, [param0](uint32_t x) { return uint32_t(int32_t(x) >> (param0 >= 32 ? 31 : param0)); });
}

}  // namespace ckernel
