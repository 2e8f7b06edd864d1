// Set-up for unary (SFPU) ops: the ops themselves are in the headers beside this one and compute_kernel_api.h.
#pragma once

#include "compute_kernel_api/common.h"

namespace ckernel {

// Initialisation calls configure the hardware; they have no effect on data.
ALWI void unary_op_init_common(uint32_t, uint32_t = 16) {}
ALWI void init_sfpu(uint32_t, uint32_t = 16) {}

}  // namespace ckernel
