// A compute kernel driving the LLK layer in v0.67.0's forms: for each tile pair (A in circular buffer 0, B in 1),
// A + B into circular buffer 16 (llk_math_eltwise_binary<ELWADD, NONE, DST_ACCUM_MODE, MATH_FIDELITY>), a copy of A
// into 17 (llk_math_eltwise_unary_datacopy<A2D, DST_ACCUM_MODE>), and A x B^T into 18 (the transpose asked by
// llk_math_matmul_init<MATH_FIDELITY>, which llk_math_matmul no longer takes); every pack llk_pack<DST_ACCUM_MODE,
// false, false>. The tile count is compile-time argument 0.
#include <cstdint>

#include "llk_math_binary_api.h"
#include "llk_math_common.h"
#include "llk_math_matmul_api.h"
#include "llk_math_unary_datacopy_api.h"
#include "llk_pack.h"
#include "llk_pack_common.h"
#include "llk_unpack_AB_api.h"
#include "llk_unpack_AB_matmul_api.h"
#include "llk_unpack_A_api.h"
#include "llk_unpack_common_api.h"

namespace {
// One DST section: `math` fills DST[0], which is packed to `out`.
template <class Math>
void Section(uint32_t out, Math math) {
    llk_math_wait_for_dest_available();
    math();
    llk_math_dest_section_done<DST_ACCUM_MODE>();
    llk_packer_wait_for_math_done();
    llk_wait_for_free_tiles<false, false, false>(out, 1);
    llk_pack<DST_ACCUM_MODE, false, false>(0, out);
    llk_push_tiles<false, false>(out, 1);
    llk_pack_dest_section_done<DST_ACCUM_MODE>();
}
}  // namespace

void kernel_main() {
    constexpr uint32_t num_tiles = get_compile_time_arg_val(0);
    llk_unpack_hw_configure<DST_ACCUM_MODE>(0, 1);
    llk_math_hw_configure<DST_ACCUM_MODE>(0, 1);
    llk_math_pack_sync_init<DST_ACCUM_MODE>();
    llk_pack_hw_configure<DST_ACCUM_MODE>(16);
    llk_pack_dest_init<DST_ACCUM_MODE, false>();
    for (uint32_t t = 0; t < num_tiles; t++) {
        llk_wait_tiles(0, 1);
        llk_wait_tiles(1, 1);
        Section(16, [] {
            llk_math_eltwise_binary_init<ELWADD, BroadcastType::NONE, MATH_FIDELITY>();
            llk_unpack_AB(0, 1, 0, 0);
            llk_math_eltwise_binary<ELWADD, BroadcastType::NONE, DST_ACCUM_MODE, MATH_FIDELITY>(0);
        });
        Section(17, [] {
            llk_math_eltwise_unary_datacopy_init<A2D, DST_ACCUM_MODE, BroadcastType::NONE>(0);
            llk_unpack_A(0, 0);
            llk_math_eltwise_unary_datacopy<A2D, DST_ACCUM_MODE, BroadcastType::NONE>(0);
        });
        Section(18, [] {
            llk_math_matmul_init<MATH_FIDELITY>(0, 1, /*transpose=*/1);
            llk_unpack_AB_matmul(0, 1, 0, 0);
            llk_math_matmul<MATH_FIDELITY>(0);
        });
        llk_pop_tiles(0, 1);
        llk_pop_tiles(1, 1);
    }
}
