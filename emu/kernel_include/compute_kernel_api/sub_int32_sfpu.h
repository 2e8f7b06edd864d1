// Int32 subtraction between two DST tiles: DST[idst0] -= DST[idst1], wrapping (sign-magnitude as in add_int32).
#pragma once

#include "compute_kernel_api/add_int32_sfpu.h"

namespace ckernel {

ALWI void sub_int32_tile_init() {}
template <bool sign_magnitude_format = false>
ALWI void sub_int32_tile(uint32_t idst0, uint32_t idst1) {
    ttemu_int32_binary<sign_magnitude_format>(idst0, idst1, [](uint32_t x, uint32_t y) { return x - y; });
}

}  // namespace ckernel
