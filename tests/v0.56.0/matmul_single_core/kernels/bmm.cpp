// C[m][n] = Σ_k A[m][k] × B[k][n], one output tile at a time, accumulated in DST.
#include <cstdint>

#include "compute_kernel_api/matmul.h"

namespace NAMESPACE {
void MAIN {
    constexpr uint32_t Mt = get_compile_time_arg_val(0);
    constexpr uint32_t Kt = get_compile_time_arg_val(1);
    constexpr uint32_t Nt = get_compile_time_arg_val(2);
    mm_init(tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_16);
    for (uint32_t m = 0; m < Mt; m++) {
        for (uint32_t n = 0; n < Nt; n++) {
            tile_regs_acquire();
            for (uint32_t k = 0; k < Kt; k++) {
                cb_wait_front(tt::CBIndex::c_0, 1);
                cb_wait_front(tt::CBIndex::c_1, 1);
                matmul_tiles(tt::CBIndex::c_0, tt::CBIndex::c_1, 0, 0, 0, false);
                cb_pop_front(tt::CBIndex::c_0, 1);
                cb_pop_front(tt::CBIndex::c_1, 1);
            }
            tile_regs_commit();
            cb_reserve_back(tt::CBIndex::c_16, 1);
            tile_regs_wait();
            pack_tile(0, tt::CBIndex::c_16);
            tile_regs_release();
            cb_push_back(tt::CBIndex::c_16, 1);
        }
    }
}
}  // namespace NAMESPACE
