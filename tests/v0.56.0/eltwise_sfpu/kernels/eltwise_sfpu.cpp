// Applies SFPU_OP_CHAIN_0 (from the host's defines) to each tile: copy into DST, run the chain, pack.
#include <cstdint>

#include "compute_kernel_api/common.h"
#include "compute_kernel_api/eltwise_unary/eltwise_unary.h"
#include "compute_kernel_api/eltwise_unary/sfpu_split_includes.h"
#include "compute_kernel_api/tile_move_copy.h"

namespace NAMESPACE {
void MAIN {
    constexpr uint32_t n_blocks = get_compile_time_arg_val(0);
    constexpr uint32_t tiles_per_block = get_compile_time_arg_val(1);
    init_sfpu(tt::CBIndex::c_0, tt::CBIndex::c_16);
    for (uint32_t block = 0; block < n_blocks; block++) {
        cb_reserve_back(tt::CBIndex::c_16, tiles_per_block);
        for (uint32_t t = 0; t < tiles_per_block; t++) {
            tile_regs_acquire();
            cb_wait_front(tt::CBIndex::c_0, 1);
            copy_tile(tt::CBIndex::c_0, 0, 0);
#ifdef SFPU_OP_CHAIN_0
            SFPU_OP_CHAIN_0
#endif
            tile_regs_commit();
            tile_regs_wait();
            pack_tile(0, tt::CBIndex::c_16);
            cb_pop_front(tt::CBIndex::c_0, 1);
            tile_regs_release();
        }
        cb_push_back(tt::CBIndex::c_16, tiles_per_block);
    }
}
}  // namespace NAMESPACE
