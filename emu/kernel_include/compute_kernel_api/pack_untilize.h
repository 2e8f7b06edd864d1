// Untilizing on the packer: block_rt_dim rows of block_ct_dim tiles become row-major data (32 rows per row of
// tiles) in the output CB's reserved pages, each output row full_ct_dim tiles wide. pack_untilize_block takes the
// tiles from the front of a CB and fills a row's first block_ct_dim tiles; pack_untilize_dst takes them from DST
// (tile r * block_ct_dim + c) and fills column block block_c_index, so a row full_ct_dim tiles wide is assembled
// from several calls before the push. Tiles are 32x32 (face_r_dim 16, four faces); diagonal and narrow-row
// packing are not emulated.
#pragma once

#include "compute_kernel_api/untilize.h"

namespace ckernel {

// Initialisation calls configure the hardware; they have no effect on data.
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim>
ALWI void pack_untilize_init(uint32_t, uint32_t) {
    static_assert(full_ct_dim >= block_ct_dim, "a row (full_ct_dim) holds at least one block (block_ct_dim)");
}
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim, bool diagonal = false,
          bool narrow_row = false, uint32_t row_num_datums = 32>
ALWI void pack_untilize_dst_init_short(uint32_t, uint32_t = 16, uint32_t = 4) {
    static_assert(!diagonal && !narrow_row, "diagonal and narrow-row untilizing are not emulated");
}
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim>
ALWI void pack_untilize_init_short(uint32_t, uint32_t) {}
ALWI void pack_untilize_uninit(uint32_t = 16) {}

template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim>
TTEMU_LOOP_FN void pack_untilize_block(uint32_t icb, uint32_t block_rt_dim, uint32_t ocb) {
    static_assert(full_ct_dim >= block_ct_dim, "a row (full_ct_dim) holds at least one block (block_ct_dim)");
    auto& slot = ttemu_state().pack_slot[ocb & 31];
    const uint32_t tile_bytes = 1024 * ttemu_elem_size(static_cast<DataFormat>(ttemu_api->cb_data_format(int32_t(ocb))));
    for (uint32_t r = 0; r < block_rt_dim; r++) {
        ttemu_untilize_rows(icb, r * block_ct_dim, block_ct_dim, ocb, slot * tile_bytes, full_ct_dim);
        slot += full_ct_dim;
    }
}

template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim, bool diagonal = false,
          bool narrow_row = false, uint32_t row_num_datums = 32>
TTEMU_LOOP_FN void pack_untilize_dst(uint32_t ocb, uint32_t block_rt_dim = 1, uint32_t block_c_index = 0,
                            uint32_t face_r_dim = 16, uint32_t num_faces = 4) {
    static_assert(full_ct_dim >= block_ct_dim, "a row (full_ct_dim) holds at least one block (block_ct_dim)");
    static_assert(!diagonal && !narrow_row, "diagonal and narrow-row untilizing are not emulated");
    if (face_r_dim != 16 || num_faces != 4) ttemu_api->fail("pack_untilize_dst: only 32x32 tiles are emulated");
    if ((block_c_index + 1) * block_ct_dim > full_ct_dim) ttemu_api->fail("pack_untilize_dst: block_c_index past the row");
    auto& st = ttemu_state();
    const uint32_t tile_bytes = 1024 * ttemu_elem_size(static_cast<DataFormat>(ttemu_api->cb_data_format(int32_t(ocb))));
    for (uint32_t r = 0; r < block_rt_dim; r++) {
        auto from_dst = [&](uint32_t c, uint32_t* d) {
            const uint32_t idst = r * block_ct_dim + c;
            ttemu_check_dst(idst);
            memcpy(d, st.dst[idst], sizeof st.dst[idst]);
            return st.dst_int[idst];
        };
        ttemu_untilize_tiles(from_dst, block_ct_dim, full_ct_dim, block_c_index * block_ct_dim, ocb,
                             r * full_ct_dim * tile_bytes);
    }
}

}  // namespace ckernel
