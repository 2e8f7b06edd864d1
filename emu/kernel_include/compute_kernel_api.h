// The unary (SFPU) ops tt-metal declares in compute_kernel_api.h itself (the others are in
// compute_kernel_api/eltwise_unary/).
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void exp2_tile_init() {}
ALWI void exp2_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return exp2f(x); }); }
ALWI void expm1_tile_init() {}
ALWI void expm1_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return expm1f(x); }); }
ALWI void rsqrt_tile_init() {}
template <bool fast_and_approx = false>
ALWI void rsqrt_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return 1.0f / sqrtf(x); }); }
ALWI void sigmoid_tile_init() {}
ALWI void sigmoid_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return 1.0f / (1.0f + expf(-x)); }); }
ALWI void log_tile_init() {}
ALWI void log_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return logf(x); }); }
ALWI void tanh_tile_init() {}
ALWI void tanh_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return tanhf(x); }); }
ALWI void abs_tile_init() {}
ALWI void abs_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return fabsf(x); }); }
ALWI void square_tile_init() {}
ALWI void square_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return x * x; }); }
ALWI void power_tile_init() {}
ALWI void power_tile(uint32_t idst, uint32_t power) {
    ttemu_unary(idst, [power](float x) { return powf(x, float(power)); });
}
ALWI void sign_tile_init() {}
ALWI void sign_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return float((x > 0.0f) - (x < 0.0f)); }); }


// Comparisons with zero and with a constant (param0: the constant's fp32 bits): 1.0 where true, else 0.0.
ALWI float ttemu_truth(bool b) { return b ? 1.0f : 0.0f; }
ALWI void ltz_tile_init() {}
ALWI void ltz_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return ttemu_truth(x < 0.0f); }); }
ALWI void lez_tile_init() {}
ALWI void lez_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return ttemu_truth(x <= 0.0f); }); }
ALWI void eqz_tile_init() {}
ALWI void eqz_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return ttemu_truth(x == 0.0f); }); }
ALWI void nez_tile_init() {}
ALWI void nez_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return ttemu_truth(x != 0.0f); }); }
ALWI void gtz_tile_init() {}
ALWI void gtz_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return ttemu_truth(x > 0.0f); }); }
ALWI void gez_tile_init() {}
ALWI void gez_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return ttemu_truth(x >= 0.0f); }); }
ALWI void unary_gt_tile_init() {}
ALWI void unary_gt_tile(uint32_t idst, uint32_t param0) {
    const float p = ttemu_f(param0);
    ttemu_unary(idst, [p](float x) { return ttemu_truth(x > p); });
}
ALWI void unary_lt_tile_init() {}
ALWI void unary_lt_tile(uint32_t idst, uint32_t param0) {
    const float p = ttemu_f(param0);
    ttemu_unary(idst, [p](float x) { return ttemu_truth(x < p); });
}
ALWI void unary_ne_tile_init() {}
ALWI void unary_ne_tile(uint32_t idst, uint32_t param0) {
    const float p = ttemu_f(param0);
    ttemu_unary(idst, [p](float x) { return ttemu_truth(x != p); });
}
// 1.0 where the sign bit is set (-0.0 included).
ALWI void signbit_tile_init() {}
// (The sign bit is read from the bits: gcc 12 fails vectorising std::signbit in this loop.)
ALWI void signbit_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return ttemu_truth(ttemu_u(x) >> 31); }); }
// 0 below zero, param0 (fp32 bits) at zero, 1 above.
ALWI void heaviside_tile_init() {}
ALWI void heaviside_tile(uint32_t idst, uint32_t param0) {
    const float p = ttemu_f(param0);
    ttemu_unary(idst, [p](float x) { return x < 0.0f ? 0.0f : x == 0.0f ? p : 1.0f; });
}

ALWI void asin_tile_init() {}
ALWI void asin_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return asinf(x); }); }
ALWI void acos_tile_init() {}
ALWI void acos_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return acosf(x); }); }
ALWI void atan_tile_init() {}
ALWI void atan_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return atanf(x); }); }
ALWI void silu_tile_init() {}
ALWI void silu_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return x / (1.0f + expf(-x)); }); }
// ln(x) × scale, where base_scale holds the fp16 bits of 1 / ln(base) (ttnn passes 0x3dc5 for log2).
ALWI void log_with_base_tile_init() {}
ALWI void log_with_base_tile(uint32_t idst, uint32_t base_scale) {
    const float scale = ttemu_half_to_f(uint16_t(base_scale));
    ttemu_unary(idst, [scale](float x) { return logf(x) * scale; });
}

// DST[idst0] = max(DST[idst0], DST[idst0 + 1]): as on the hardware, the second operand is the next tile and
// idst1 is not consulted.
ALWI void max_tile_init() {}
TTEMU_LOOP_FN void max_tile(uint32_t idst0, uint32_t idst1) {
    (void)idst1;
    auto& st = ttemu_state();
    ttemu_check_dst(idst0 + 1);
    const bool as_int = st.dst_int[idst0] && st.dst_int[idst0 + 1];
    for (uint32_t i = 0; i < kTileElems; i++) {
        const float a = ttemu_value(st.dst[idst0][i], st.dst_int[idst0]);
        const float b = ttemu_value(st.dst[idst0 + 1][i], st.dst_int[idst0 + 1]);
        if (as_int)
            st.dst[idst0][i] = uint32_t(int32_t(st.dst[idst0][i]) > int32_t(st.dst[idst0 + 1][i]) ? st.dst[idst0][i]
                                                                                               : st.dst[idst0 + 1][i]);
        else
            st.dst[idst0][i] = ttemu_u(a > b ? a : b);
    }
    st.dst_int[idst0] = as_int;
}

// |x| on an Int32 tile (wrapping, as two's complement does, for the most negative value).
ALWI void abs_tile_int32(uint32_t idst) {
    ttemu_unary_int(idst, [](uint32_t x) { return int32_t(x) < 0 ? 0u - x : x; });
}

}  // namespace ckernel
