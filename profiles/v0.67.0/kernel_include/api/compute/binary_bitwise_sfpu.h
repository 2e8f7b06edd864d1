// tt-metal v0.67.0's bitwise operations between DST tiles (api/compute/binary_bitwise_sfpu.h):
// DST[odst] = DST[idst0] & | ^ DST[idst1] on the elements' 32 bits; v0.56.0's two-operand names stay available.
#pragma once

#include <compute_kernel_api/binary_bitwise_sfpu.h>

namespace ckernel {

template <DataFormat data_format>
ALWI void bitwise_and_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_int32_binary<false>(idst0, idst1, [](uint32_t x, uint32_t y) { return x & y; }, odst);
}
template <DataFormat data_format>
ALWI void bitwise_or_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_int32_binary<false>(idst0, idst1, [](uint32_t x, uint32_t y) { return x | y; }, odst);
}
template <DataFormat data_format>
ALWI void bitwise_xor_binary_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_int32_binary<false>(idst0, idst1, [](uint32_t x, uint32_t y) { return x ^ y; }, odst);
}

}  // namespace ckernel
