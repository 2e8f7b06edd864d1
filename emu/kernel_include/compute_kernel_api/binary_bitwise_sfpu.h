// Bitwise and/or/xor between two integer DST tiles: DST[idst0] = DST[idst0] op DST[idst1].
#pragma once

#include "compute_kernel_api/add_int32_sfpu.h"

namespace ckernel {

ALWI void binary_bitwise_tile_init() {}
ALWI void and_binary_tile(uint32_t idst0, uint32_t idst1) {
    ttemu_int32_binary<false>(idst0, idst1, [](uint32_t x, uint32_t y) { return x & y; });
}
ALWI void or_binary_tile(uint32_t idst0, uint32_t idst1) {
    ttemu_int32_binary<false>(idst0, idst1, [](uint32_t x, uint32_t y) { return x | y; });
}
ALWI void xor_binary_tile(uint32_t idst0, uint32_t idst1) {
    ttemu_int32_binary<false>(idst0, idst1, [](uint32_t x, uint32_t y) { return x ^ y; });
}

}  // namespace ckernel
