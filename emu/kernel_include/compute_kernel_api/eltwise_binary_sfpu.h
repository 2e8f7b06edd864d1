// SFPU binary ops between two DST tiles: DST[odst] = DST[idst0] op DST[idst1] (rsub: DST[idst1] - DST[idst0];
// power: DST[idst0] ^ DST[idst1]); without odst, the result replaces DST[idst0]. Integer tiles combine as integers (add, sub, mul; div and power in float).
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void add_binary_tile_init() {}
ALWI void sub_binary_tile_init() {}
ALWI void mul_binary_tile_init() {}
ALWI void div_binary_tile_init() {}
ALWI void rsub_binary_tile_init() {}
ALWI void power_binary_tile_init() {}
ALWI void eq_binary_tile_init() {}

// DST[odst] = DST[idst0] op DST[idst1] (v0.67.0's three-operand forms); the two-operand forms write DST[idst0].
ALWI void add_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return x + y; }, [](uint32_t x, uint32_t y) { return x + y; },
                     odst);
}
ALWI void sub_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return x - y; }, [](uint32_t x, uint32_t y) { return x - y; },
                     odst);
}
ALWI void mul_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return x * y; }, [](uint32_t x, uint32_t y) { return x * y; },
                     odst);
}
ALWI void rsub_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return y - x; }, [](uint32_t x, uint32_t y) { return y - x; },
                     odst);
}
ALWI void div_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return x / y; },
                     [](uint32_t x, uint32_t y) { return ttemu_u(float(int32_t(x)) / float(int32_t(y))); }, odst);
    ttemu_state().dst_int[odst] = false;
}
ALWI void power_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return powf(x, y); },
                     [](uint32_t x, uint32_t y) { return ttemu_u(powf(float(int32_t(x)), float(int32_t(y)))); }, odst);
    ttemu_state().dst_int[odst] = false;
}
// 1.0 where the elements are equal, 0.0 elsewhere.
ALWI void eq_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return x == y ? 1.0f : 0.0f; },
                     [](uint32_t x, uint32_t y) { return ttemu_u(x == y ? 1.0f : 0.0f); }, odst);
    ttemu_state().dst_int[odst] = false;
}
ALWI void add_binary_tile(uint32_t idst0, uint32_t idst1) { add_binary_tile(idst0, idst1, idst0); }
ALWI void sub_binary_tile(uint32_t idst0, uint32_t idst1) { sub_binary_tile(idst0, idst1, idst0); }
ALWI void mul_binary_tile(uint32_t idst0, uint32_t idst1) { mul_binary_tile(idst0, idst1, idst0); }
ALWI void rsub_binary_tile(uint32_t idst0, uint32_t idst1) { rsub_binary_tile(idst0, idst1, idst0); }
ALWI void div_binary_tile(uint32_t idst0, uint32_t idst1) { div_binary_tile(idst0, idst1, idst0); }
ALWI void power_binary_tile(uint32_t idst0, uint32_t idst1) { power_binary_tile(idst0, idst1, idst0); }

}  // namespace ckernel
