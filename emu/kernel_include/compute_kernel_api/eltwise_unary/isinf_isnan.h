// Classification: 1.0 where the test holds, 0.0 elsewhere.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void isinf_tile_init() {}
ALWI void isinf_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return isinf(x) ? 1.0f : 0.0f; }); }
ALWI void isposinf_tile_init() {}
ALWI void isposinf_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return isinf(x) && x > 0 ? 1.0f : 0.0f; }); }
ALWI void isneginf_tile_init() {}
ALWI void isneginf_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return isinf(x) && x < 0 ? 1.0f : 0.0f; }); }
ALWI void isnan_tile_init() {}
ALWI void isnan_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return isnan(x) ? 1.0f : 0.0f; }); }
ALWI void isfinite_tile_init() {}
ALWI void isfinite_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return isfinite(x) ? 1.0f : 0.0f; }); }

}  // namespace ckernel
