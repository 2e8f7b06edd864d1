// SFPU binary ops between two DST tiles: DST[idst0] = DST[idst0] op DST[idst1] (rsub: DST[idst1] - DST[idst0];
// power: DST[idst0] ^ DST[idst1]). Integer tiles combine as integers (add, sub, mul; div and power in float).
#pragma once

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void add_binary_tile_init() {}
ALWI void sub_binary_tile_init() {}
ALWI void mul_binary_tile_init() {}
ALWI void div_binary_tile_init() {}
ALWI void rsub_binary_tile_init() {}
ALWI void power_binary_tile_init() {}

ALWI void add_binary_tile(uint32_t idst0, uint32_t idst1) {
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return x + y; }, [](uint32_t x, uint32_t y) { return x + y; });
}
ALWI void sub_binary_tile(uint32_t idst0, uint32_t idst1) {
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return x - y; }, [](uint32_t x, uint32_t y) { return x - y; });
}
ALWI void mul_binary_tile(uint32_t idst0, uint32_t idst1) {
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return x * y; }, [](uint32_t x, uint32_t y) { return x * y; });
}
ALWI void rsub_binary_tile(uint32_t idst0, uint32_t idst1) {
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return y - x; }, [](uint32_t x, uint32_t y) { return y - x; });
}
ALWI void div_binary_tile(uint32_t idst0, uint32_t idst1) {
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return x / y; },
                     [](uint32_t x, uint32_t y) { return ttemu_u(float(int32_t(x)) / float(int32_t(y))); });
    ttemu_state().dst_int[idst0] = false;
}
ALWI void power_binary_tile(uint32_t idst0, uint32_t idst1) {
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return powf(x, y); },
                     [](uint32_t x, uint32_t y) { return ttemu_u(powf(float(int32_t(x)), float(int32_t(y)))); });
    ttemu_state().dst_int[idst0] = false;
}

}  // namespace ckernel
