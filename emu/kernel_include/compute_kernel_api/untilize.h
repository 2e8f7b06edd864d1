// Untilizing: `block` tiles at the front of a CB become 32 rows of block × 32 row-major values, written in turn
// into the output CB's reserved pages (`block` pages of one tile each). pack_untilize_block does the same for
// block_rt_dim rows of block_ct_dim tiles. The kernel waits, pops, reserves and pushes around them.
#pragma once

#include "compute_kernel_api/tilize.h"

namespace ckernel {

// Writes `tiles` tiles side by side as 32 row-major rows, each row `row_tiles` tiles wide, starting `col_tile`
// tiles in, at byte `out_offset` of `ocb`'s write position. tile_of(t, values) fills tile t's values (face layout)
// and says whether they are integers.
template <typename TileOf>
TTEMU_LOOP_FN void ttemu_untilize_tiles(TileOf tile_of, uint32_t tiles, uint32_t row_tiles, uint32_t col_tile, uint32_t ocb,
                               uint32_t out_offset) {
    uint32_t tile[kTileElems];
    const auto out_fmt = static_cast<DataFormat>(ttemu_api->cb_data_format(int32_t(ocb)));
    const uint32_t esize = ttemu_elem_size(out_fmt), width = row_tiles * 32;
    const uint32_t start = ttemu_api->cb_write_ptr(int32_t(ocb));
    for (uint32_t t = 0; t < tiles; t++) {
        const bool is_int = tile_of(t, tile);
        for (uint32_t r = 0; r < 32; r++)
            for (uint32_t c = 0; c < 32; c++) {
                const uint32_t at = out_offset + (r * width + (col_tile + t) * 32 + c) * esize;
                ttemu_store(out_fmt, ttemu_cb_byte(int32_t(ocb), start, at), 0, tile[ttemu_face_index(r, c)], is_int);
            }
    }
}

// Rows of `tiles` tiles from the front of `icb` (from tile `first`), `row_tiles` tiles wide (default: just these),
// written row-major at byte `out_offset` of `ocb`'s write position.
ALWI void ttemu_untilize_rows(uint32_t icb, uint32_t first, uint32_t tiles, uint32_t ocb, uint32_t out_offset,
                              uint32_t row_tiles = 0) {
    ttemu_untilize_tiles([&](uint32_t t, uint32_t* d) { return ttemu_unpack_to(int32_t(icb), first + t, d); }, tiles,
                         row_tiles ? row_tiles : tiles, 0, ocb, out_offset);
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
