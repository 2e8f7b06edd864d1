// Quantization between DST tiles, the scale in DST[idst1] and the zero point (float bits) from the op's init:
//   quant:   DST[idst0] = int8(round(DST[idst0] * scale + zero_point))     (float in, integer out)
//   requant: DST[idst0] = int8(round(int(DST[idst0]) * scale + zero_point)) (integer in and out)
//   dequant: DST[idst0] = (int(DST[idst0]) + zero_point) * scale            (integer in, float out; the host passes
//            the negated zero point for dequantizing, as tt-metal's callers do)
// int8 results round to nearest even and saturate to the sign-magnitude int8 range [-127, 127].
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void quant_tile_init(const uint32_t zero_point) { ttemu_state().quant_zero_point = zero_point; }
ALWI void requant_tile_init(const uint32_t zero_point) { ttemu_state().quant_zero_point = zero_point; }
ALWI void dequant_tile_init(const uint32_t zero_point) { ttemu_state().quant_zero_point = zero_point; }

ALWI uint32_t ttemu_to_int8(float x) {
    const float r = nearbyintf(x);
    return uint32_t(int32_t(r > 127.0f ? 127.0f : r < -127.0f ? -127.0f : r));
}

template <typename Fn>
TTEMU_LOOP_FN void ttemu_quant_op(uint32_t idst0, uint32_t idst1, bool out_int, Fn fn) {
    auto& st = ttemu_state();
    ttemu_check_dst(idst0);
    ttemu_check_dst(idst1);
    const float zero_point = ttemu_f(st.quant_zero_point);
    for (uint32_t i = 0; i < kTileElems; i++) {
        const float x = ttemu_value(st.dst[idst0][i], st.dst_int[idst0]);
        const float scale = ttemu_value(st.dst[idst1][i], st.dst_int[idst1]);
        st.dst[idst0][i] = fn(x, scale, zero_point);
    }
    st.dst_int[idst0] = out_int;
}

ALWI void quant_tile(uint32_t idst0, uint32_t idst1) {
    ttemu_quant_op(idst0, idst1, true, [](float x, float s, float z) { return ttemu_to_int8(x * s + z); });
}
ALWI void requant_tile(uint32_t idst0, uint32_t idst1) {
    ttemu_quant_op(idst0, idst1, true, [](float x, float s, float z) { return ttemu_to_int8(x * s + z); });
}
ALWI void dequant_tile(uint32_t idst0, uint32_t idst1) {
    ttemu_quant_op(idst0, idst1, false, [](float x, float s, float z) { return ttemu_u((x + z) * s); });
}

}  // namespace ckernel
