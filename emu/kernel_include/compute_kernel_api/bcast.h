// Binary ops with the second operand broadcast: its first row (ROW) down every row, its first column (COL) across
// every column, or its first element (SCALAR) everywhere. DST[idst] = A[itile0] op broadcast(B[itile1]).
#pragma once

#include "compute_kernel_api/common.h"

namespace ckernel {

template <EltwiseBinaryType op, BroadcastType dim>
TTEMU_LOOP_FN void ttemu_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
    uint32_t a[kTileElems], b[kTileElems];
    ttemu_check_dst(idst);
    auto& st = ttemu_state();
    const bool a_int = ttemu_unpack_to(int32_t(icb0), itile0, a);
    const bool b_int = ttemu_unpack_to(int32_t(icb1), itile1, b);
    for (uint32_t r = 0; r < 32; r++) {
        for (uint32_t c = 0; c < 32; c++) {
            const uint32_t br = dim == BroadcastType::ROW || dim == BroadcastType::SCALAR ? 0 : r;
            const uint32_t bc = dim == BroadcastType::COL || dim == BroadcastType::SCALAR ? 0 : c;
            const float x = ttemu_value(a[ttemu_face_index(r, c)], a_int);
            const float y = ttemu_value(b[ttemu_face_index(br, bc)], b_int);
            const float v = op == ELWADD ? x + y : op == ELWSUB ? x - y : x * y;
            st.dst[idst][ttemu_face_index(r, c)] = ttemu_u(v);
        }
    }
    st.dst_int[idst] = false;
}

// Initialisation calls configure the hardware; they have no effect on data.
template <EltwiseBinaryType tBcastOp, BroadcastType tBcastDim>
ALWI void init_bcast(uint32_t, uint32_t, uint32_t) {}
template <BroadcastType bcast_type>
ALWI void unary_bcast_init(uint32_t, uint32_t) {}
template <BroadcastType old_bcast_type, BroadcastType new_bcast_type>
ALWI void reconfigure_unary_bcast(uint32_t, uint32_t, uint32_t, uint32_t) {}
ALWI void add_bcast_rows_init_short(uint32_t = 0, uint32_t = 1) {}
ALWI void add_bcast_cols_init_short(uint32_t = 0, uint32_t = 1) {}
ALWI void add_bcast_scalar_init_short(uint32_t = 0, uint32_t = 1) {}
ALWI void sub_bcast_cols_init_short(uint32_t = 0, uint32_t = 1) {}
ALWI void sub_tiles_bcast_scalar_init_short(uint32_t = 0, uint32_t = 1) {}
ALWI void mul_bcast_cols_init_short(uint32_t = 0, uint32_t = 1) {}
ALWI void mul_bcast_rows_init_short(uint32_t = 0, uint32_t = 1) {}
ALWI void mul_tiles_bcast_scalar_init_short(uint32_t = 0, uint32_t = 1) {}

template <EltwiseBinaryType tBcastOp, BroadcastType tBcastDim>
ALWI void any_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
    ttemu_bcast<tBcastOp, tBcastDim>(icb0, icb1, itile0, itile1, idst);
}
template <BroadcastType tBcastDim>
ALWI void add_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
    ttemu_bcast<ELWADD, tBcastDim>(icb0, icb1, itile0, itile1, idst);
}
template <BroadcastType tBcastDim>
ALWI void sub_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
    ttemu_bcast<ELWSUB, tBcastDim>(icb0, icb1, itile0, itile1, idst);
}
template <BroadcastType tBcastDim>
ALWI void mul_tiles_bcast(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
    ttemu_bcast<ELWMUL, tBcastDim>(icb0, icb1, itile0, itile1, idst);
}
ALWI void add_tiles_bcast_rows(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
    ttemu_bcast<ELWADD, BroadcastType::ROW>(icb0, icb1, itile0, itile1, idst);
}
ALWI void add_tiles_bcast_cols(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
    ttemu_bcast<ELWADD, BroadcastType::COL>(icb0, icb1, itile0, itile1, idst);
}
ALWI void add_tiles_bcast_scalar(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
    ttemu_bcast<ELWADD, BroadcastType::SCALAR>(icb0, icb1, itile0, itile1, idst);
}
ALWI void sub_tiles_bcast_cols(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
    ttemu_bcast<ELWSUB, BroadcastType::COL>(icb0, icb1, itile0, itile1, idst);
}
ALWI void sub_tiles_bcast_scalar(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
    ttemu_bcast<ELWSUB, BroadcastType::SCALAR>(icb0, icb1, itile0, itile1, idst);
}
ALWI void mul_tiles_bcast_cols(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
    ttemu_bcast<ELWMUL, BroadcastType::COL>(icb0, icb1, itile0, itile1, idst);
}
ALWI void mul_tiles_bcast_rows(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
    ttemu_bcast<ELWMUL, BroadcastType::ROW>(icb0, icb1, itile0, itile1, idst);
}
ALWI void mul_tiles_bcast_scalar(uint32_t icb0, uint32_t icb1, uint32_t itile0, uint32_t itile1, uint32_t idst) {
    ttemu_bcast<ELWMUL, BroadcastType::SCALAR>(icb0, icb1, itile0, itile1, idst);
}

// DST[idst] = broadcast(tile `itile` of `icb`).
template <BroadcastType bcast_type>
TTEMU_LOOP_FN void unary_bcast(uint32_t icb, uint32_t itile, uint32_t idst) {
    uint32_t b[kTileElems];
    ttemu_check_dst(idst);
    auto& st = ttemu_state();
    st.dst_int[idst] = ttemu_unpack_to(int32_t(icb), itile, b);
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 32; c++) {
            const uint32_t br = bcast_type == BroadcastType::ROW || bcast_type == BroadcastType::SCALAR ? 0 : r;
            const uint32_t bc = bcast_type == BroadcastType::COL || bcast_type == BroadcastType::SCALAR ? 0 : c;
            st.dst[idst][ttemu_face_index(r, c)] = b[ttemu_face_index(br, bc)];
        }
}

}  // namespace ckernel
