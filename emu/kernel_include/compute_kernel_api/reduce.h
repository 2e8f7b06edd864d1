// Reductions of a tile along its rows (REDUCE_ROW: one value per row, in column 0), its columns (REDUCE_COL: one
// value per column, in row 0) or entirely (REDUCE_SCALAR: element (0, 0)), each value multiplied by the scaler (the
// first element of the scaler tile; AVG is SUM with a scaler of 1/n). Results accumulate in DST across calls: SUM
// adds, MAX keeps the larger, starting from the zeros DST holds after tile_regs_acquire.
// The operation and dimension default to the kernel's REDUCE_OP and REDUCE_DIM defines, as in tt-metal.
#pragma once

#include "compute_kernel_api/common.h"

#ifndef REDUCE_OP
#define REDUCE_OP PoolType::SUM
#endif
#ifndef REDUCE_DIM
#define REDUCE_DIM ReduceDim::REDUCE_SCALAR
#endif

namespace ckernel {

// Initialisation calls configure the hardware; they have no effect on data.
template <bool at_start, PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM>
ALWI void reduce_init(uint32_t, uint32_t, uint32_t) {}
template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM>
ALWI void reduce_init_short(uint32_t, uint32_t, uint32_t) {}
template <bool at_start, PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM>
ALWI void reduce_init_delta(uint32_t, uint32_t, uint32_t) {}
template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM>
ALWI void reduce_init_delta_no_pack(uint32_t, uint32_t) {}
template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM>
ALWI void reduce_init_delta_math() {}
template <ReduceDim reduce_dim = REDUCE_DIM>
ALWI void reduce_revert_delta(uint32_t = 16) {}
ALWI void reduce_uninit() {}

template <PoolType reduce_type = REDUCE_OP, ReduceDim reduce_dim = REDUCE_DIM>
TTEMU_LOOP_FN void reduce_tile(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
    uint32_t in[kTileElems], scaler_tile[kTileElems];
    ttemu_check_dst(idst);
    auto& st = ttemu_state();
    const bool in_int = ttemu_unpack_to(int32_t(icb0), itile0, in);
    const bool scaler_int = ttemu_unpack_to(int32_t(icb1), itile1, scaler_tile);
    const float scaler = ttemu_value(scaler_tile[0], scaler_int);
    uint32_t* d = st.dst[idst];
    if (st.dst_int[idst]) {
        for (uint32_t i = 0; i < kTileElems; i++) d[i] = ttemu_u(float(int32_t(d[i])));
        st.dst_int[idst] = false;
    }
    auto fold = [](float acc, float v) { return reduce_type == PoolType::MAX ? (v > acc ? v : acc) : acc + v; };
    auto combine = [&](uint32_t r, uint32_t c, float v) {
        const uint32_t at = ttemu_face_index(r, c);
        d[at] = ttemu_u(fold(ttemu_f(d[at]), v * scaler));
    };
    auto value = [&](uint32_t r, uint32_t c) { return ttemu_value(in[ttemu_face_index(r, c)], in_int); };
    if (reduce_dim == ReduceDim::REDUCE_ROW) {
        for (uint32_t r = 0; r < 32; r++) {
            float acc = value(r, 0);
            for (uint32_t c = 1; c < 32; c++) acc = fold(acc, value(r, c));
            combine(r, 0, acc);
        }
    } else if (reduce_dim == ReduceDim::REDUCE_COL) {
        for (uint32_t c = 0; c < 32; c++) {
            float acc = value(0, c);
            for (uint32_t r = 1; r < 32; r++) acc = fold(acc, value(r, c));
            combine(0, c, acc);
        }
    } else {
        float acc = value(0, 0);
        for (uint32_t i = 1; i < kTileElems; i++) acc = fold(acc, ttemu_value(in[i], in_int));
        combine(0, 0, acc);
    }
}

}  // namespace ckernel
