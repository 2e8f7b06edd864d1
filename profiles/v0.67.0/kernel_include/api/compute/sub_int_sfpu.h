// tt-metal v0.67.0's integer subtraction of DST tiles (api/compute/sub_int_sfpu.h): DST[odst] = DST[idst0] -
// DST[idst1] (rsub: DST[idst1] - DST[idst0]) as 32-bit integers.
#pragma once

#include <compute_kernel_api/sub_int32_sfpu.h>

namespace ckernel {

ALWI void sub_int_tile_init() {}
ALWI void rsub_int_tile_init() {}
template <DataFormat data_format>
ALWI void sub_int_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_int32_binary<false>(idst0, idst1, [](uint32_t x, uint32_t y) { return x - y; }, odst);
}
template <DataFormat data_format>
ALWI void rsub_int_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_int32_binary<false>(idst0, idst1, [](uint32_t x, uint32_t y) { return y - x; }, odst);
}

}  // namespace ckernel
