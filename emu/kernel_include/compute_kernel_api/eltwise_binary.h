// Element-wise binary ops on two input tiles: add, subtract, multiply.
#pragma once

#include "compute_kernel_api/common.h"

namespace ckernel {

// Initialisation calls configure the hardware; they have no effect on data.
ALWI void binary_op_init_common(uint32_t, uint32_t, uint32_t = 16) {}
ALWI void add_tiles_init(uint32_t = 0, uint32_t = 1, bool = false) {}
ALWI void sub_tiles_init(uint32_t = 0, uint32_t = 1, bool = false) {}
ALWI void mul_tiles_init(uint32_t = 0, uint32_t = 1) {}
ALWI void add_tiles_init_nof() {}
ALWI void sub_tiles_init_nof() {}
ALWI void mul_tiles_init_f() {}
template <bool full_init = false, EltwiseBinaryType eltwise_binary_type = ELWADD>
ALWI void binary_op_specific_init(uint32_t = 0, uint32_t = 1) {}
// v0.67.0's name for the same (the last argument is the caller's line, for tt-metal's state checks).
template <bool full_init, EltwiseBinaryType eltwise_binary_type>
ALWI void binary_tiles_init(uint32_t = 0, uint32_t = 1, bool = false, uint32_t = 0) {}

// DST[idst] = x op y for two unpacked tiles (float bits, or integers when the flag says so); integer tiles
// combine as integers.
template <typename Op>
TTEMU_LOOP_FN void ttemu_combine(const uint32_t* x, bool x_int, const uint32_t* y, bool y_int, uint32_t idst, Op op) {
    auto& st = ttemu_state();
    const bool both_int = x_int && y_int;
    for (uint32_t i = 0; i < kTileElems; i++) {
        if (both_int) {
            st.dst[idst][i] = uint32_t(op(int64_t(int32_t(x[i])), int64_t(int32_t(y[i]))));
        } else {
            const float a = x_int ? float(int32_t(x[i])) : ttemu_f(x[i]);
            const float b = y_int ? float(int32_t(y[i])) : ttemu_f(y[i]);
            st.dst[idst][i] = ttemu_u(float(op(a, b)));
        }
    }
    st.dst_int[idst] = both_int;
}

// DST[idst] = A[ia] op B[ib].
template <typename Op>
ALWI void ttemu_binary(uint32_t a, uint32_t b, uint32_t ia, uint32_t ib, uint32_t idst, Op op) {
    uint32_t scratch_a[kTileElems], scratch_b[kTileElems];
    ttemu_check_dst(idst);
    const bool a_int = ttemu_unpack_to(int32_t(a), ia, scratch_a);
    const bool b_int = ttemu_unpack_to(int32_t(b), ib, scratch_b);
    ttemu_combine(scratch_a, a_int, scratch_b, b_int, idst, op);
}

template <EltwiseBinaryType type>
ALWI auto ttemu_binary_op() {
    static_assert(type == ELWADD || type == ELWSUB || type == ELWMUL, "binary ops are add, sub and mul");
    return [](auto x, auto y) { return type == ELWADD ? x + y : type == ELWSUB ? x - y : x * y; };
}

ALWI void add_tiles(uint32_t a, uint32_t b, uint32_t ia, uint32_t ib, uint32_t idst) {
    ttemu_binary(a, b, ia, ib, idst, ttemu_binary_op<ELWADD>());
}
ALWI void sub_tiles(uint32_t a, uint32_t b, uint32_t ia, uint32_t ib, uint32_t idst) {
    ttemu_binary(a, b, ia, ib, idst, ttemu_binary_op<ELWSUB>());
}
ALWI void mul_tiles(uint32_t a, uint32_t b, uint32_t ia, uint32_t ib, uint32_t idst) {
    ttemu_binary(a, b, ia, ib, idst, ttemu_binary_op<ELWMUL>());
}

template <EltwiseBinaryType eltwise_binary_type = ELWADD,
          EltwiseBinaryReuseDestType binary_reuse_dest = EltwiseBinaryReuseDestType::NONE>
ALWI void binary_dest_reuse_tiles_init(uint32_t) {}

// DST[idst] = DST[idst] op in[itile] (DEST_TO_SRCA: DST is the left operand) or in[itile] op DST[idst]
// (DEST_TO_SRCB). With NONE the tile meets itself, as the hardware would unpack it into both sources.
template <EltwiseBinaryType eltwise_binary_type = ELWADD,
          EltwiseBinaryReuseDestType binary_reuse_dest = EltwiseBinaryReuseDestType::NONE>
ALWI void binary_dest_reuse_tiles(uint32_t in_cb_id, uint32_t in_tile_index, uint32_t dst_tile_index) {
    uint32_t from_dst[kTileElems], from_cb[kTileElems];
    ttemu_check_dst(dst_tile_index);
    auto& st = ttemu_state();
    const bool cb_int = ttemu_unpack_to(int32_t(in_cb_id), in_tile_index, from_cb);
    const auto op = ttemu_binary_op<eltwise_binary_type>();
    if (binary_reuse_dest == EltwiseBinaryReuseDestType::NONE) {
        ttemu_combine(from_cb, cb_int, from_cb, cb_int, dst_tile_index, op);
        return;
    }
    memcpy(from_dst, st.dst[dst_tile_index], sizeof from_dst);
    const bool dst_int = st.dst_int[dst_tile_index];
    if (binary_reuse_dest == EltwiseBinaryReuseDestType::DEST_TO_SRCA)
        ttemu_combine(from_dst, dst_int, from_cb, cb_int, dst_tile_index, op);
    else
        ttemu_combine(from_cb, cb_int, from_dst, dst_int, dst_tile_index, op);
}

}  // namespace ckernel
