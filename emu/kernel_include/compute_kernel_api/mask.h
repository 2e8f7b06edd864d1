// Masking a DST tile by the tile after it, as the hardware reads the mask (idst2_mask is not consulted):
// mask_tile zeroes DST[idst_data] where the mask is 0, mask_posinf_tile sets it to +inf there.
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void mask_tile_init() {}
// Where the next tile is 0, DST[idst] becomes `fill` (an integer tile: 0, or INT32_MAX for +inf).
TTEMU_LOOP_FN void ttemu_mask(uint32_t idst, float fill) {
    auto& st = ttemu_state();
    ttemu_check_dst(idst + 1);
    const uint32_t bits = !st.dst_int[idst] ? ttemu_u(fill) : fill == 0.0f ? 0u : 0x7fffffffu;
    for (uint32_t i = 0; i < kTileElems; i++)
        if (ttemu_value(st.dst[idst + 1][i], st.dst_int[idst + 1]) == 0.0f) st.dst[idst][i] = bits;
}
ALWI void mask_tile(uint32_t idst_data, uint32_t idst2_mask, DataFormat data_format = DataFormat::Float16_b) {
    (void)idst2_mask, (void)data_format;
    ttemu_mask(idst_data, 0.0f);
}
ALWI void mask_posinf_tile(uint32_t idst_data, uint32_t idst2_mask) {
    (void)idst2_mask;
    ttemu_mask(idst_data, __builtin_inff());
}

}  // namespace ckernel
