// A v0.67.0 compute kernel (a global kernel_main): out = 2 * max(a + b, 0) per element — the sum on the FPU
// (add_tiles), the rest as a custom SFPU function in SFPI (predicated: v_if).
#include <cstdint>

#include "api/compute/common.h"
#include "api/compute/eltwise_binary.h"
#include "api/compute/tile_move_copy.h"

#ifdef TRISC_MATH
inline void relu_double_face() {
    for (int i = 0; i < 8; i++) {
        vFloat x = dst_reg[i];
        v_if(x < 0.0f) { x = 0.0f; }
        v_endif;
        dst_reg[i] = x * 2.0f;
    }
}
#endif

void kernel_main() {
    const uint32_t num_tiles = get_arg_val<uint32_t>(0);
    constexpr auto cb_a = tt::CBIndex::c_0;
    constexpr auto cb_b = tt::CBIndex::c_1;
    constexpr auto cb_out = tt::CBIndex::c_16;

    binary_op_init_common(cb_a, cb_b, cb_out);
    add_tiles_init(cb_a, cb_b);
    for (uint32_t i = 0; i < num_tiles; i++) {
        cb_wait_front(cb_a, 1);
        cb_wait_front(cb_b, 1);
        tile_regs_acquire();
        add_tiles(cb_a, cb_b, 0, 0, 0);
        MATH(_llk_math_eltwise_unary_sfpu_params_<false>(relu_double_face, 0, VectorMode::RC));
        tile_regs_commit();
        tile_regs_wait();
        cb_reserve_back(cb_out, 1);
        pack_tile_block(0, cb_out, 1);  // v0.67.0's name for packing DST tiles in turn
        cb_push_back(cb_out, 1);
        tile_regs_release();
        cb_pop_front(cb_a, 1);
        cb_pop_front(cb_b, 1);
    }
}
