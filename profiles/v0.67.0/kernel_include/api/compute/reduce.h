// tt-metal v0.67.0 names this compute API header api/compute/reduce.h; the emulator's is compute_kernel_api/reduce.h.
// v0.67.0 reordered reduce_init's template parameters (the operation and dimension first, an fp32-accumulation flag
// last; no `at_start`) and gave it a call-line argument: that form is declared here next to v0.56.0's. Both only
// configure the hardware, so neither has an effect on data. (A call naming no template argument can only be the
// v0.67.0 form: v0.56.0's `at_start` cannot be deduced.)
#pragma once

#include <compute_kernel_api/reduce.h>

namespace ckernel {

template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM, bool enforce_fp32_accumulation = false>
ALWI void reduce_init(uint32_t, uint32_t, uint32_t, uint32_t = 0) {}

}  // namespace ckernel
