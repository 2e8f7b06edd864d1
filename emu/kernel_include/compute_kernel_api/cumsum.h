// Column-wise (top to bottom) cumulative sum of a DST tile. For a column longer than one tile, the tiles come in
// turn with first = false after the first: each column's sum so far carries over from the tile before.
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void cumsum_tile_init() {}
TTEMU_LOOP_FN void cumsum_tile(uint32_t idst, bool first = true) {
    auto& st = ttemu_state();
    ttemu_check_dst(idst);
    for (uint32_t c = 0; c < 32; c++) {
        float sum = first ? 0.0f : st.cumsum_carry[c];
        for (uint32_t r = 0; r < 32; r++) {
            uint32_t& v = st.dst[idst][ttemu_face_index(r, c)];
            sum += ttemu_value(v, st.dst_int[idst]);
            v = ttemu_u(sum);
        }
        st.cumsum_carry[c] = sum;
    }
    st.dst_int[idst] = false;
}

}  // namespace ckernel
