// Row sums of an Mt × Nt tile tensor: for each row of tiles, the Nt tiles are reduced into one DST tile (the sums
// land in its column 0, each multiplied by the scaler in CB 2) and packed to CB 16.
#include <cstdint>

#include "compute_kernel_api/reduce.h"

namespace NAMESPACE {
void MAIN {
    constexpr uint32_t Mt = get_compile_time_arg_val(0);
    constexpr uint32_t Nt = get_compile_time_arg_val(1);
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_scaler = tt::CBIndex::c_2, cb_out = tt::CBIndex::c_16;

    reduce_init<true, PoolType::SUM, ReduceDim::REDUCE_ROW>(cb_in, cb_scaler, cb_out);
    cb_wait_front(cb_scaler, 1);
    for (uint32_t m = 0; m < Mt; m++) {
        tile_regs_acquire();
        for (uint32_t n = 0; n < Nt; n++) {
            cb_wait_front(cb_in, 1);
            reduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW>(cb_in, cb_scaler, 0, 0, 0);
            cb_pop_front(cb_in, 1);
        }
        tile_regs_commit();
        cb_reserve_back(cb_out, 1);
        tile_regs_wait();
        pack_tile(0, cb_out);
        tile_regs_release();
        cb_push_back(cb_out, 1);
    }
    reduce_revert_delta<ReduceDim::REDUCE_ROW>(cb_out);
}
}  // namespace NAMESPACE
