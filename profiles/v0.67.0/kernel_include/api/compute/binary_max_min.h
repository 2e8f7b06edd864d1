// tt-metal v0.67.0's api/compute/binary_max_min.h: element-wise maximum and minimum of two DST tiles into a third
// (SFPU binaries), as floats, signed 32-bit or unsigned 32-bit integers. Only the whole-tile vector mode (RC) is
// emulated.
#pragma once

#include <math.h>

#include "api/compute/common.h"
#include "compute_kernel_api/eltwise_binary_sfpu.h"
#include "sfpi.h"  // VectorMode

namespace ckernel {

ALWI void ttemu_whole_tile_only(int vector_mode) {
    if (vector_mode != static_cast<int>(VectorMode::RC))
        ttemu_api->fail("binary_max_tile/binary_min_tile: only the whole-tile vector mode (RC) is emulated");
}

ALWI void binary_max_tile_init() {}
ALWI void binary_min_tile_init() {}
ALWI void binary_max_int32_tile_init() {}
ALWI void binary_min_int32_tile_init() {}
ALWI void binary_max_uint32_tile_init() {}
ALWI void binary_min_uint32_tile_init() {}

ALWI void binary_max_tile(uint32_t idst0, uint32_t idst1, uint32_t odst, int vector_mode = (int)VectorMode::RC) {
    ttemu_whole_tile_only(vector_mode);
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return fmaxf(x, y); },
                     [](uint32_t x, uint32_t y) { return int32_t(x) > int32_t(y) ? x : y; }, odst);
}
ALWI void binary_min_tile(uint32_t idst0, uint32_t idst1, uint32_t odst, int vector_mode = (int)VectorMode::RC) {
    ttemu_whole_tile_only(vector_mode);
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return fminf(x, y); },
                     [](uint32_t x, uint32_t y) { return int32_t(x) < int32_t(y) ? x : y; }, odst);
}
// The int32 forms are the default ones' integer side: int32 tiles compare as signed integers there.
ALWI void binary_max_int32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) { binary_max_tile(idst0, idst1, odst); }
ALWI void binary_min_int32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) { binary_min_tile(idst0, idst1, odst); }
ALWI void binary_max_uint32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return fmaxf(x, y); },
                     [](uint32_t x, uint32_t y) { return x > y ? x : y; }, odst);
}
ALWI void binary_min_uint32_tile(uint32_t idst0, uint32_t idst1, uint32_t odst) {
    ttemu_binary_dst(idst0, idst1, [](float x, float y) { return fminf(x, y); },
                     [](uint32_t x, uint32_t y) { return x < y ? x : y; }, odst);
}

}  // namespace ckernel
