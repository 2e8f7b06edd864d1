// Untilizing on the packer: block_rt_dim rows of block_ct_dim tiles from the front of a CB become row-major data
// (block_rt_dim × 32 rows of block_ct_dim × 32 values) in the output CB's reserved pages. Only whole rows
// (full_ct_dim == block_ct_dim) are emulated.
#pragma once

#include "compute_kernel_api/untilize.h"

namespace ckernel {

// Initialisation calls configure the hardware; they have no effect on data.
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim>
ALWI void pack_untilize_init(uint32_t, uint32_t) {
    static_assert(full_ct_dim == block_ct_dim, "the emulator untilizes whole rows only (full_ct_dim == block_ct_dim)");
}
template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim>
ALWI void pack_untilize_init_short(uint32_t, uint32_t) {}
ALWI void pack_untilize_uninit(uint32_t = 16) {}

template <uint32_t block_ct_dim = 8, uint32_t full_ct_dim = block_ct_dim>
ALWI void pack_untilize_block(uint32_t icb, uint32_t block_rt_dim, uint32_t ocb) {
    static_assert(full_ct_dim == block_ct_dim, "the emulator untilizes whole rows only (full_ct_dim == block_ct_dim)");
    auto& slot = ttemu_state().pack_slot[ocb & 31];
    const uint32_t tile_bytes = 1024 * ttemu_elem_size(static_cast<DataFormat>(ttemu_api->cb_data_format(int32_t(ocb))));
    for (uint32_t r = 0; r < block_rt_dim; r++) {
        ttemu_untilize_rows(icb, r * block_ct_dim, block_ct_dim, ocb, slot * tile_bytes);
        slot += block_ct_dim;
    }
}

}  // namespace ckernel
