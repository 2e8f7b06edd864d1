// Stand-in (see emu/home/README.md): reads two interleaved DRAM buffers of 2 KiB pages tile by
// tile into circular buffers 0 and 1, one tile at a time, for the compute kernel.
// Runtime args: 0 first buffer's address, 2 its tile count, 3 second buffer's address, 5 its tile count
// (1 and 4 are unused bank ids; 6 unused).
#include <stdint.h>

#include "dataflow_api.h"

namespace {

void ReadOneTile(uint32_t cb, const InterleavedPow2AddrGen<true>& from, uint32_t tile) {
    cb_reserve_back(cb, 1);
    noc_async_read(get_noc_addr(tile, from), get_write_ptr(cb), get_tile_size(cb));
    noc_async_read_barrier();
    cb_push_back(cb, 1);
}

}  // namespace

void kernel_main() {
    const uint32_t a_address = get_arg_val<uint32_t>(0);
    const uint32_t a_tiles = get_arg_val<uint32_t>(2);
    const uint32_t b_address = get_arg_val<uint32_t>(3);
    const uint32_t b_tiles = get_arg_val<uint32_t>(5);
    constexpr uint32_t kLog2PageBytes = 11;  // 2048-byte pages (one bfloat16 tile)
    const InterleavedPow2AddrGen<true> a = {.bank_base_address = a_address, .log_base_2_of_page_size = kLog2PageBytes};
    const InterleavedPow2AddrGen<true> b = {.bank_base_address = b_address, .log_base_2_of_page_size = kLog2PageBytes};
    const uint32_t tiles = a_tiles > b_tiles ? a_tiles : b_tiles;
    for (uint32_t t = 0; t < tiles; t++) {
        if (t < a_tiles) ReadOneTile(0, a, t);
        if (t < b_tiles) ReadOneTile(1, b, t);
    }
}
