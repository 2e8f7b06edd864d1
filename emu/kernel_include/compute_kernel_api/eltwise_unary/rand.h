// Random tiles: rand_tile(idst, from, scale) fills DST with uniform floats in [from, from + scale) (both given as
// float bits), from the SFPU's generator that rand_tile_init(seed) seeds. The emulator's generator is a 32-bit
// xorshift, not the hardware's: the same seed gives the same values on every emulated run, not the chip's values.
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI uint32_t ttemu_prng_next() {
    uint32_t& x = ttemu_state().prng;
    if (x == 0) x = 0x9e3779b9u;  // never stuck at zero
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}

ALWI void rand_tile_init(uint32_t seed) { ttemu_state().prng = seed; }

TTEMU_LOOP_FN void rand_tile(uint32_t idst, uint32_t from, uint32_t scale) {
    const float lo = ttemu_f(from), width = ttemu_f(scale);
    auto& st = ttemu_state();
    ttemu_check_dst(idst);
    for (uint32_t i = 0; i < kTileElems; i++) {
        // A float in [1, 2) from 23 random mantissa bits, less 1: uniform in [0, 1).
        const float unit = ttemu_f(0x3f800000u | (ttemu_prng_next() >> 9)) - 1.0f;
        st.dst[idst][i] = ttemu_u(unit * width + lo);
    }
    st.dst_int[idst] = false;
}

}  // namespace ckernel
