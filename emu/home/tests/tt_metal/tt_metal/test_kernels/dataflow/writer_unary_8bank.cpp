// Stand-in (see emu/home/README.md): writes the tiles the compute kernel pushes into circular
// buffer 16 to an interleaved buffer, one tile at a time, in order.
// Runtime args: 0 the buffer's address, 2 the tile count (1 is an unused bank id). Compile-time arg 0, if given:
// whether the buffer is in DRAM (default) or L1.
#include <stdint.h>

#include "dataflow_api.h"

void kernel_main() {
    const uint32_t address = get_arg_val<uint32_t>(0);
    const uint32_t tiles = get_arg_val<uint32_t>(2);
    constexpr uint32_t kOut = 16;
#ifdef KERNEL_COMPILE_TIME_ARG_0
    constexpr bool kDram = get_compile_time_arg_val(0);
#else
    constexpr bool kDram = true;
#endif
    const InterleavedAddrGenFast<kDram> to = {
        .bank_base_address = address, .page_size = get_tile_size(kOut), .data_format = get_dataformat(kOut)};
    for (uint32_t t = 0; t < tiles; t++) {
        cb_wait_front(kOut, 1);
        noc_async_write_tile(t, to, get_read_ptr(kOut));
        noc_async_write_barrier();
        cb_pop_front(kOut, 1);
    }
}
