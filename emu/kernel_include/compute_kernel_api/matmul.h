// Tile matrix multiply, accumulating into DST.
#pragma once

#include "compute_kernel_api/common.h"

namespace ckernel {

// Initialisation calls configure the hardware; they have no effect on data.
ALWI void mm_init(uint32_t = 0, uint32_t = 1, uint32_t = 16, uint32_t = 0) {}
ALWI void mm_init_short(uint32_t = 0, uint32_t = 1, uint32_t = 0) {}
ALWI void mm_init_short_with_dt(uint32_t = 0, uint32_t = 1, uint32_t = 2, uint32_t = 0) {}
ALWI void mm_block_init(uint32_t = 0, uint32_t = 1, uint32_t = 16, const uint32_t = 0, uint32_t = 1, uint32_t = 1,
                        uint32_t = 1) {}
ALWI void mm_block_init_short(uint32_t = 0, uint32_t = 1, const uint32_t = 0, uint32_t = 1, uint32_t = 1,
                              uint32_t = 1) {}
ALWI void mm_block_init_short_with_dt(uint32_t = 0, uint32_t = 1, uint32_t = 2, const uint32_t = 0, uint32_t = 1,
                                      uint32_t = 1, uint32_t = 1) {}

// DST[idst] += A[ia] × B[ib] (32×32, logical order; B transposed first if asked).
TTEMU_LOOP_FN void matmul_tiles(uint32_t a, uint32_t b, uint32_t ia, uint32_t ib, uint32_t idst, const uint32_t transpose = 0) {
    float A[32][32], B[32][32];
    auto& st = ttemu_state();
    ttemu_check_dst(idst);
    uint32_t saved[kTileElems];
    memcpy(saved, st.dst[idst], sizeof saved);
    const bool saved_int = st.dst_int[idst];
    ttemu_unpack(int32_t(a), ia, idst);
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 32; c++) A[r][c] = ttemu_f(st.dst[idst][ttemu_face_index(r, c)]);
    ttemu_unpack(int32_t(b), ib, idst);
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 32; c++)
            B[r][c] = ttemu_f(st.dst[idst][transpose ? ttemu_face_index(c, r) : ttemu_face_index(r, c)]);
    for (uint32_t r = 0; r < 32; r++) {
        for (uint32_t c = 0; c < 32; c++) {
            float acc = saved_int ? 0.0f : ttemu_f(saved[ttemu_face_index(r, c)]);
            for (uint32_t k = 0; k < 32; k++) acc += A[r][k] * B[k][c];
            st.dst[idst][ttemu_face_index(r, c)] = ttemu_u(acc);
        }
    }
    st.dst_int[idst] = false;
}

// One inner-dimension step of a sub-block of rt_dim x ct_dim output tiles: DST[idst + r * ct_dim + c] +=
// A[ia + r * kt_dim] x B[ib + c] (A's block rows are kt_dim tiles apart, B's columns adjacent).
TTEMU_LOOP_FN void matmul_block(uint32_t a, uint32_t b, uint32_t ia, uint32_t ib, uint32_t idst, const uint32_t transpose,
                       uint32_t ct_dim, uint32_t rt_dim, uint32_t kt_dim) {
    for (uint32_t r = 0; r < rt_dim; r++)
        for (uint32_t c = 0; c < ct_dim; c++) matmul_tiles(a, b, ia + r * kt_dim, ib + c, idst + r * ct_dim + c, transpose);
}

}  // namespace ckernel
