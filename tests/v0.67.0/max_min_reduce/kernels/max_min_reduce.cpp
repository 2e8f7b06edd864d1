// For each pair of tiles (A, B) at the front of circular buffer 0: max(A, B) and min(A, B) element by element
// (binary_max_tile / binary_min_tile of api/compute/binary_max_min.h), then the maximum of each row across the block
// of the two tiles (reduce_block_max_row<2> of api/compute/reduce_custom.h, scaled by CB 2's tile of ones) — three
// output tiles per pair in circular buffer 16.
#include <cstdint>

#include "api/compute/binary_max_min.h"
#include "api/compute/common.h"
#include "api/compute/reduce_custom.h"
#include "api/compute/tile_move_copy.h"

void kernel_main() {
    const uint32_t pairs = get_arg_val<uint32_t>(0);
    constexpr uint32_t cb_in = 0, cb_scaler = 2, cb_out = 16;
    cb_wait_front(cb_scaler, 1);
    for (uint32_t p = 0; p < pairs; p++) {
        cb_wait_front(cb_in, 2);
        tile_regs_acquire();
        copy_tile_to_dst_init_short(cb_in);
        copy_tile(cb_in, 0, 0);
        copy_tile(cb_in, 1, 1);
        binary_max_tile_init();
        binary_max_tile(0, 1, 2);
        binary_min_tile_init();
        binary_min_tile(0, 1, 3);
        reduce_block_max_row_init<2>();
        reduce_block_max_row<2>(cb_in, cb_scaler, 0, 4);
        reduce_block_max_row_uninit(cb_in);
        tile_regs_commit();
        tile_regs_wait();
        cb_reserve_back(cb_out, 3);
        for (uint32_t t = 2; t < 5; t++) pack_tile(t, cb_out);
        cb_push_back(cb_out, 3);
        tile_regs_release();
        cb_pop_front(cb_in, 2);
    }
}
