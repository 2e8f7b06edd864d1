// Transposing a tile (rows become columns) on its way into DST.
#pragma once

#include "compute_kernel_api/common.h"

namespace ckernel {

// Initialisation calls configure the hardware; they have no effect on data.
ALWI void transpose_wh_init(uint32_t = 0, uint32_t = 16) {}
ALWI void transpose_wh_init_short(uint32_t = 0) {}

// DST[idst] = the transpose of tile `itile` at the front of `icb`.
TTEMU_LOOP_FN void transpose_wh_tile(uint32_t icb, uint32_t itile, uint32_t idst) {
    uint32_t tile[kTileElems];
    ttemu_check_dst(idst);
    auto& st = ttemu_state();
    st.dst_int[idst] = ttemu_unpack_to(int32_t(icb), itile, tile);
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 32; c++) st.dst[idst][ttemu_face_index(r, c)] = tile[ttemu_face_index(c, r)];
}

}  // namespace ckernel
