// tt-metal v0.67.0's shifts between DST tiles (api/compute/binary_shift.h): DST[odst] = DST[idst0] shifted by
// DST[idst1] bits — left, arithmetic right, logical right (32 or more: 0, or the sign for arithmetic right).
#pragma once

#include <compute_kernel_api/binary_shift.h>

namespace ckernel {

template <DataFormat data_format>
ALWI void binary_left_shift_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_int32_binary<false>(idst0, idst1, [](uint32_t x, uint32_t n) { return n < 32 ? x << n : 0u; }, odst);
}
template <DataFormat data_format>
ALWI void binary_right_shift_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_int32_binary<false>(
        idst0, idst1, [](uint32_t x, uint32_t n) { return uint32_t(int32_t(x) >> (n < 32 ? n : 31)); }, odst);
}
template <DataFormat data_format>
ALWI void binary_logical_right_shift_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_int32_binary<false>(idst0, idst1, [](uint32_t x, uint32_t n) { return n < 32 ? x >> n : 0u; }, odst);
}

}  // namespace ckernel
