// Transposing a tile in place in DST.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void transpose_wh_dest_init_short() {}
TTEMU_LOOP_FN void transpose_wh_dest(uint32_t idst) {
    ttemu_check_dst(idst);
    uint32_t* d = ttemu_state().dst[idst];
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = r + 1; c < 32; c++) {
            const uint32_t a = ttemu_face_index(r, c), b = ttemu_face_index(c, r), t = d[a];
            d[a] = d[b], d[b] = t;
        }
}

}  // namespace ckernel
