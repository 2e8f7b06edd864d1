// tt-metal v0.67.0's api/compute/reduce_custom.h: the maximum along each row of a block of `block_ct_dim` tiles of
// a circular buffer (tiles row_start_index, row_start_index + 1, …), into column 0 of DST[idst], as that many
// row-wise MAX reduce_tile calls would leave it (the scaler is tile 0 of icb_scaler). The init and uninit calls
// configure the hardware and have no effect on data here.
#pragma once

#include "api/compute/common.h"
#include "api/compute/reduce.h"

namespace ckernel {

template <uint32_t block_ct_dim>
ALWI void reduce_block_max_row_init() {}

template <uint32_t block_ct_dim>
ALWI void reduce_block_max_row(uint32_t icb, uint32_t icb_scaler, uint32_t row_start_index, uint32_t idst) {
    for (uint32_t t = 0; t < block_ct_dim; t++)
        reduce_tile<PoolType::MAX, ReduceDim::REDUCE_ROW>(icb, icb_scaler, row_start_index + t, 0, idst);
}

template <uint32_t block_ct_dim>
ALWI void reduce_block_max_row_reinit_short() {}

template <bool clear_fp32_accumulation = false>
ALWI void reduce_block_max_row_uninit(uint32_t = 0) {}

}  // namespace ckernel
