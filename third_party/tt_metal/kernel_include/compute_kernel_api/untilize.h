// Untilizing: `block` tiles at the front of a CB become 32 rows of block × 32 row-major values, written in turn
// into the output CB's reserved pages (`block` pages of one tile each). pack_untilize_block does the same for
// block_rt_dim rows of block_ct_dim tiles. The kernel waits, pops, reserves and pushes around them.
#pragma once

#include "compute_kernel_api/tilize.h"

namespace ckernel {

// Rows of `tiles` tiles from the front of `icb` (from tile `first`), written row-major at byte `out_offset` of
// `ocb`'s write position.
ALWI void ttemu_untilize_rows(uint32_t icb, uint32_t first, uint32_t tiles, uint32_t ocb, uint32_t out_offset) {
    static uint32_t tile[kTileElems];
    const auto out_fmt = static_cast<DataFormat>(ttemu_api->cb_data_format(int32_t(ocb)));
    const uint32_t esize = ttemu_elem_size(out_fmt), width = tiles * 32;
    const uint32_t start = ttemu_api->cb_write_ptr(int32_t(ocb));
    for (uint32_t t = 0; t < tiles; t++) {
        const bool is_int = ttemu_unpack_to(int32_t(icb), first + t, tile);
        for (uint32_t r = 0; r < 32; r++)
            for (uint32_t c = 0; c < 32; c++) {
                uint8_t* p = ttemu_cb_byte(int32_t(ocb), start, out_offset + (r * width + t * 32 + c) * esize);
                ttemu_store(out_fmt, p, 0, tile[ttemu_face_index(r, c)], is_int);
            }
    }
}

// Initialisation calls configure the hardware; they have no effect on data.
ALWI void untilize_init(uint32_t, uint32_t = 16) {}
ALWI void untilize_init_short(uint32_t) {}
ALWI void untilize_uninit(uint32_t) {}

template <int N = 1>
ALWI void untilize_block(uint32_t icb, uint32_t block, uint32_t ocb) {
    auto& slot = ttemu_state().pack_slot[ocb & 31];
    const auto out_fmt = static_cast<DataFormat>(ttemu_api->cb_data_format(int32_t(ocb)));
    ttemu_untilize_rows(icb, 0, block, ocb, slot * 1024 * ttemu_elem_size(out_fmt));
    slot += block;
}

}  // namespace ckernel
