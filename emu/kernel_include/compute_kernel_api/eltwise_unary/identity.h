// Identity: DST is left as it is.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void identity_tile_init() {}
ALWI void identity_tile(uint32_t idst) { ttemu_check_dst(idst); }
ALWI void identity_tile_uint32(uint32_t idst) { ttemu_check_dst(idst); }

}  // namespace ckernel
