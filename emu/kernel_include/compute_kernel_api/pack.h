// Packing DST tiles into an output circular buffer, converting to its data format.
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

// Initialisation calls configure the hardware; they have no effect on data.
ALWI void pack_tile_init() {}
ALWI void pack_reconfig_data_format(uint32_t, uint32_t = 0) {}

template <bool out_of_order_output = false>
ALWI void pack_tile(uint32_t idst, uint32_t ocb, uint32_t output_tile_index = 0) {
    auto& slot = ttemu_state().pack_slot[ocb & 31];
    if (out_of_order_output) {
        ttemu_pack(idst, int32_t(ocb), output_tile_index);
    } else {
        ttemu_pack(idst, int32_t(ocb), slot++);
    }
}

// Packs DST tiles ifrom_dst .. ifrom_dst + ntiles - 1 into `icb` in turn.
TTEMU_LOOP_FN void matmul_pack_tile(uint32_t ifrom_dst, uint32_t icb, uint32_t ntiles) {
    for (uint32_t i = 0; i < ntiles; i++) pack_tile(ifrom_dst + i, icb);
}

// With l1_acc_en set, later packs add to what the output CB's pages hold instead of overwriting them.
ALWI void pack_reconfig_l1_acc(const uint32_t l1_acc_en) { llk_pack_reconfig_l1_acc(l1_acc_en); }

}  // namespace ckernel
