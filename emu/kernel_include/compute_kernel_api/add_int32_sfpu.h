// Int32 addition between two DST tiles: DST[idst0] += DST[idst1], wrapping. With sign_magnitude_format the
// tiles hold sign-and-magnitude integers (bit 31 the sign), read and written as such.
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI uint32_t ttemu_from_sign_magnitude(uint32_t v) { return v >> 31 ? 0u - (v & 0x7fffffffu) : v; }
ALWI uint32_t ttemu_to_sign_magnitude(uint32_t v) { return int32_t(v) < 0 ? 0x80000000u | (0u - v) : v; }

// DST[odst] = op(DST[idst0], DST[idst1]) on 32-bit integers (odst left out: DST[idst0]).
template <bool sign_magnitude_format, typename Op>
TTEMU_LOOP_FN void ttemu_int32_binary(uint32_t idst0, uint32_t idst1, Op op, uint32_t odst = ~0u) {
    auto& st = ttemu_state();
    if (odst == ~0u) odst = idst0;
    ttemu_check_dst(idst0);
    ttemu_check_dst(idst1);
    ttemu_check_dst(odst);
    for (uint32_t i = 0; i < kTileElems; i++) {
        uint32_t x = st.dst[idst0][i], y = st.dst[idst1][i];
        if (sign_magnitude_format) x = ttemu_from_sign_magnitude(x), y = ttemu_from_sign_magnitude(y);
        const uint32_t r = op(x, y);
        st.dst[odst][i] = sign_magnitude_format ? ttemu_to_sign_magnitude(r) : r;
    }
    st.dst_int[odst] = true;
}

ALWI void add_int32_tile_init() {}
template <bool sign_magnitude_format = false>
ALWI void add_int32_tile(uint32_t idst0, uint32_t idst1) {
    ttemu_int32_binary<sign_magnitude_format>(idst0, idst1, [](uint32_t x, uint32_t y) { return x + y; });
}

}  // namespace ckernel
