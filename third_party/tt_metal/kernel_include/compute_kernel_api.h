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

}  // namespace ckernel
