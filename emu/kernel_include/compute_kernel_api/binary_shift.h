// Shifts between two integer DST tiles: DST[idst0] shifted by DST[idst1] bits (left: zeros in; right: the sign
// bit in, as for Int32). A shift count outside 0..31 gives 0 (or -1 for a negative value shifted right).
#pragma once

#include "compute_kernel_api/add_int32_sfpu.h"

namespace ckernel {

ALWI void binary_shift_tile_init() {}
ALWI void binary_left_shift_tile(uint32_t idst0, uint32_t idst1) {
    ttemu_int32_binary<false>(idst0, idst1, [](uint32_t x, uint32_t n) { return n < 32 ? x << n : 0u; });
}
ALWI void binary_right_shift_tile(uint32_t idst0, uint32_t idst1) {
    ttemu_int32_binary<false>(idst0, idst1, [](uint32_t x, uint32_t n) {
        return uint32_t(int32_t(x) >> (n < 32 ? n : 31));
    });
}

}  // namespace ckernel
