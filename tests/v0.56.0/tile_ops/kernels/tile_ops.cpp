// One tile of each family the tile_ops program checks: A, B, a scaler tile and a row-major block wait in CBs 0-3;
// each result goes to CB 16 in this order: A + rows(B), A × cols(B), A − B[0][0], transpose(A), row sums,
// column maxima, the sum of A (each reduction scaled), tilize(block), untilize(A), then A − B and B − A with A
// already in DST (binary_dest_reuse_tiles, DST as the left and as the right operand).
#include <cstdint>

#include "compute_kernel_api/bcast.h"
#include "compute_kernel_api/eltwise_binary.h"
#include "compute_kernel_api/reduce.h"
#include "compute_kernel_api/tile_move_copy.h"
#include "compute_kernel_api/tilize.h"
#include "compute_kernel_api/transpose_wh.h"
#include "compute_kernel_api/untilize.h"

namespace NAMESPACE {

constexpr uint32_t cb_a = 0, cb_b = 1, cb_scaler = 2, cb_block = 3, cb_out = 16;

// Runs `op` into DST 0 and packs the result as the next output tile.
template <typename Op>
void one(Op op) {
    tile_regs_acquire();
    op();
    tile_regs_commit();
    tile_regs_wait();
    cb_reserve_back(cb_out, 1);
    pack_tile(0, cb_out);
    cb_push_back(cb_out, 1);
    tile_regs_release();
}

void MAIN {
    for (uint32_t cb = 0; cb < 4; cb++) cb_wait_front(cb, 1);
    init_bcast<ELWADD, BroadcastType::ROW>(cb_a, cb_b, cb_out);
    one([] { add_tiles_bcast_rows(cb_a, cb_b, 0, 0, 0); });
    mul_bcast_cols_init_short(cb_a, cb_b);
    one([] { mul_tiles_bcast_cols(cb_a, cb_b, 0, 0, 0); });
    sub_tiles_bcast_scalar_init_short(cb_a, cb_b);
    one([] { sub_tiles_bcast<BroadcastType::SCALAR>(cb_a, cb_b, 0, 0, 0); });
    transpose_wh_init(cb_a, cb_out);
    one([] { transpose_wh_tile(cb_a, 0, 0); });
    reduce_init<true, PoolType::SUM, ReduceDim::REDUCE_ROW>(cb_a, cb_scaler, cb_out);
    one([] { reduce_tile<PoolType::SUM, ReduceDim::REDUCE_ROW>(cb_a, cb_scaler, 0, 0, 0); });
    one([] { reduce_tile<PoolType::MAX, ReduceDim::REDUCE_COL>(cb_a, cb_scaler, 0, 0, 0); });
    one([] { reduce_tile<PoolType::SUM, ReduceDim::REDUCE_SCALAR>(cb_a, cb_scaler, 0, 0, 0); });
    reduce_revert_delta<ReduceDim::REDUCE_SCALAR>(cb_out);

    tilize_init(cb_block, 1, cb_out);
    cb_reserve_back(cb_out, 1);
    tilize_block(cb_block, 1, cb_out);
    cb_push_back(cb_out, 1);
    tilize_uninit(cb_block, cb_out);

    untilize_init(cb_a, cb_out);
    cb_reserve_back(cb_out, 1);
    untilize_block(cb_a, 1, cb_out);
    cb_push_back(cb_out, 1);
    untilize_uninit(cb_a);

    binary_dest_reuse_tiles_init<ELWSUB, EltwiseBinaryReuseDestType::DEST_TO_SRCA>(cb_b);
    one([] {
        copy_tile_to_dst_init_short(cb_a);
        copy_tile(cb_a, 0, 0);
        binary_dest_reuse_tiles<ELWSUB, EltwiseBinaryReuseDestType::DEST_TO_SRCA>(cb_b, 0, 0);
    });
    one([] {
        copy_tile(cb_a, 0, 0);
        binary_dest_reuse_tiles<ELWSUB, EltwiseBinaryReuseDestType::DEST_TO_SRCB>(cb_b, 0, 0);
    });

    for (uint32_t cb = 0; cb < 4; cb++) cb_pop_front(cb, 1);
}

}  // namespace NAMESPACE
