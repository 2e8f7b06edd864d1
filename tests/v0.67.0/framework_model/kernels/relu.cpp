// out = max(in, 0) for each of the `n` tiles (compile-time arg 0): copy into DST, relu on the SFPU, pack.
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/eltwise_unary/eltwise_unary.h"
#include "api/compute/eltwise_unary/relu.h"
#include "api/compute/tile_move_copy.h"

void kernel_main() {
    constexpr uint32_t n = get_compile_time_arg_val(0);
    constexpr auto cb_in = tt::CBIndex::c_0, cb_out = tt::CBIndex::c_16;
    init_sfpu(cb_in, cb_out);
    relu_tile_init();
    for (uint32_t t = 0; t < n; t++) {
        cb_wait_front(cb_in, 1);
        cb_reserve_back(cb_out, 1);
        tile_regs_acquire();
        copy_tile(cb_in, 0, 0);
        relu_tile(0);
        tile_regs_commit();
        tile_regs_wait();
        pack_tile(0, cb_out);
        tile_regs_release();
        cb_pop_front(cb_in, 1);
        cb_push_back(cb_out, 1);
    }
}
