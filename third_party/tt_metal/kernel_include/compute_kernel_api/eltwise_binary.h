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

// DST[idst] = A[ia] op B[ib]. Integer tiles combine as integers.
template <typename Op>
ALWI void ttemu_binary(uint32_t a, uint32_t b, uint32_t ia, uint32_t ib, uint32_t idst, Op op) {
    static uint32_t scratch_a[kTileElems], scratch_b[kTileElems];
    auto& st = ttemu_state();
    ttemu_check_dst(idst);
    // Unpack both operands through DST[idst] so format handling is in one place.
    ttemu_unpack(int32_t(a), ia, idst);
    const bool ia_int = st.dst_int[idst];
    memcpy(scratch_a, st.dst[idst], sizeof scratch_a);
    ttemu_unpack(int32_t(b), ib, idst);
    const bool ib_int = st.dst_int[idst];
    memcpy(scratch_b, st.dst[idst], sizeof scratch_b);
    const bool both_int = ia_int && ib_int;
    for (uint32_t i = 0; i < kTileElems; i++) {
        if (both_int) {
            st.dst[idst][i] = uint32_t(op(int64_t(int32_t(scratch_a[i])), int64_t(int32_t(scratch_b[i]))));
        } else {
            const float x = ia_int ? float(int32_t(scratch_a[i])) : ttemu_f(scratch_a[i]);
            const float y = ib_int ? float(int32_t(scratch_b[i])) : ttemu_f(scratch_b[i]);
            st.dst[idst][i] = ttemu_u(float(op(x, y)));
        }
    }
    st.dst_int[idst] = both_int;
}
ALWI void add_tiles(uint32_t a, uint32_t b, uint32_t ia, uint32_t ib, uint32_t idst) {
    ttemu_binary(a, b, ia, ib, idst, [](auto x, auto y) { return x + y; });
}
ALWI void sub_tiles(uint32_t a, uint32_t b, uint32_t ia, uint32_t ib, uint32_t idst) {
    ttemu_binary(a, b, ia, ib, idst, [](auto x, auto y) { return x - y; });
}
ALWI void mul_tiles(uint32_t a, uint32_t b, uint32_t ia, uint32_t ib, uint32_t idst) {
    ttemu_binary(a, b, ia, ib, idst, [](auto x, auto y) { return x * y; });
}

}  // namespace ckernel
