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

}  // namespace ckernel
