// Arithmetic with a scalar (float bits): x + s, x − s, x × s, x ÷ s, s − x.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void binop_with_scalar_tile_init() {}
ALWI void add_unary_tile(uint32_t idst, uint32_t param1) {
    const float s = ttemu_f(param1);
    ttemu_unary(idst, [s](float x) { return x + s; });
}
ALWI void sub_unary_tile(uint32_t idst, uint32_t param1) {
    const float s = ttemu_f(param1);
    ttemu_unary(idst, [s](float x) { return x - s; });
}
ALWI void mul_unary_tile(uint32_t idst, uint32_t param1) {
    const float s = ttemu_f(param1);
    ttemu_unary(idst, [s](float x) { return x * s; });
}
ALWI void div_unary_tile(uint32_t idst, uint32_t param1) {
    const float s = ttemu_f(param1);
    ttemu_unary(idst, [s](float x) { return x / s; });
}
ALWI void rsub_unary_tile(uint32_t idst, uint32_t param1) {
    const float s = ttemu_f(param1);
    ttemu_unary(idst, [s](float x) { return s - x; });
}

}  // namespace ckernel
