// Copying a tile from a circular buffer into DST.
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

// Initialisation calls configure the hardware; they have no effect on data.
ALWI void copy_tile_to_dst_init_short(uint32_t = 0, uint32_t = 0) {}
ALWI void copy_tile_init(uint32_t = 0) {}
ALWI void copy_tile_to_dst_init_short_with_dt(uint32_t, uint32_t, uint32_t = 0) {}

ALWI void copy_tile(uint32_t cb, uint32_t itile, uint32_t idst) { ttemu_unpack(int32_t(cb), itile, idst); }

// ntiles consecutive tiles from the CB into consecutive DST tiles.
TTEMU_LOOP_FN void copy_block_matmul_partials(uint32_t in_cb_id, uint32_t start_in_tile_index, uint32_t start_dst_tile_index,
                                     uint32_t ntiles) {
    for (uint32_t i = 0; i < ntiles; i++) copy_tile(in_cb_id, start_in_tile_index + i, start_dst_tile_index + i);
}

}  // namespace ckernel
