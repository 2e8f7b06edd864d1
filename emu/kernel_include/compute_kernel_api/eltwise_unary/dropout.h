// Dropout on a DST tile: each element is zeroed with probability probability / INT_MAX, otherwise multiplied by
// scale_factor (float bits). The generator is the one rand_tile uses (rand.h), seeded by dropout_kernel_init(seed):
// which elements drop is reproducible on the emulator, not equal to the chip's choice.
#pragma once

#include "compute_kernel_api/common_globals.h"
#include "compute_kernel_api/eltwise_unary/rand.h"

namespace ckernel {

ALWI void dropout_kernel_init(uint32_t seed) { ttemu_state().prng = seed; }

TTEMU_LOOP_FN void dropout_tile(uint32_t idst, uint32_t probability, uint32_t scale_factor) {
    const float scale = ttemu_f(scale_factor);
    auto& st = ttemu_state();
    ttemu_check_dst(idst);
    for (uint32_t i = 0; i < kTileElems; i++) {
        const bool drop = (ttemu_prng_next() & 0x7fffffffu) < probability;
        const float x = ttemu_value(st.dst[idst][i], st.dst_int[idst]);
        st.dst[idst][i] = ttemu_u(drop ? 0.0f : x * scale);
    }
    st.dst_int[idst] = false;
}

}  // namespace ckernel
