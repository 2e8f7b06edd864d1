// Every element set to one value (given as float bits).
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void fill_tile_init() {}
ALWI void fill_tile(uint32_t idst, uint32_t param0) {
    const float v = ttemu_f(param0);
    ttemu_unary(idst, [v](float) { return v; });
}

}  // namespace ckernel
