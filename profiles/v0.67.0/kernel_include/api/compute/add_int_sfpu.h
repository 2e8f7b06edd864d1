// tt-metal v0.67.0's integer addition of DST tiles (api/compute/add_int_sfpu.h): DST[odst] = DST[idst0] + DST[idst1]
// as 32-bit integers (Int32, UInt32 and UInt16 tiles wrap alike).
#pragma once

#include <compute_kernel_api/add_int32_sfpu.h>

namespace ckernel {

ALWI void add_int_tile_init() {}
template <DataFormat data_format>
ALWI void add_int_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_int32_binary<false>(idst0, idst1, [](uint32_t x, uint32_t y) { return x + y; }, odst);
}

}  // namespace ckernel
