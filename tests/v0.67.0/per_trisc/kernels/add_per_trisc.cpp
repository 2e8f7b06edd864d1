// A compute kernel written for tt-metal's build of one firmware per TRISC: one run_trisc() per TRISC, each under
// its own #ifdef, called from kernel_main, and one more part per TRISC called through UNPACK(...), MATH(...) and
// PACK(...), which only that TRISC's build expands (each names a function only that build declares). Unpack loads A
// (circular buffer 0) and B (1), math adds them into DST, pack writes DST to circular buffer 16 — the three handing
// over srcA/srcB and DST as on the device. The tile count is compile-time argument 0.
#include <cstdint>

#include "llk_math_binary_api.h"
#include "llk_math_common.h"
#include "llk_pack.h"
#include "llk_pack_common.h"
#include "llk_unpack_AB_api.h"
#include "llk_unpack_common_api.h"

constexpr uint32_t kTiles = get_compile_time_arg_val(0);

#ifdef TRISC_UNPACK
void configure_unpacker() { llk_unpack_hw_configure<DST_ACCUM_MODE>(0, 1); }
void run_trisc() {
    for (uint32_t t = 0; t < kTiles; t++) {
        llk_wait_tiles(0, 1);
        llk_wait_tiles(1, 1);
        llk_unpack_AB(0, 1, 0, 0);
        llk_pop_tiles(0, 1);
        llk_pop_tiles(1, 1);
    }
}
#endif

#ifdef TRISC_MATH
void configure_math() { llk_math_eltwise_binary_init<ELWADD, BroadcastType::NONE, MATH_FIDELITY>(); }
void run_trisc() {
    for (uint32_t t = 0; t < kTiles; t++) {
        llk_math_wait_for_dest_available();
        MATH((llk_math_eltwise_binary<ELWADD, BroadcastType::NONE, DST_ACCUM_MODE, MATH_FIDELITY>(0)));
        llk_math_dest_section_done<DST_ACCUM_MODE>();
    }
}
#endif

#ifdef TRISC_PACK
void configure_packer() { llk_pack_hw_configure<DST_ACCUM_MODE>(16); }
void run_trisc() {
    for (uint32_t t = 0; t < kTiles; t++) {
        llk_packer_wait_for_math_done();
        llk_wait_for_free_tiles<false, false, false>(16, 1);
        llk_pack<DST_ACCUM_MODE, false, false>(0, 16);
        llk_push_tiles<false, false>(16, 1);
        llk_pack_dest_section_done<DST_ACCUM_MODE>();
    }
}
#endif

void kernel_main() {
    UNPACK((configure_unpacker()));
    MATH((configure_math()));
    PACK((configure_packer()));
    run_trisc();
}
