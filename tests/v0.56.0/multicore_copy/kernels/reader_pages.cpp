// Reads pages [start, start + count) of an interleaved DRAM buffer into circular buffer 0, one page at a time.
#include <stdint.h>

#include "dataflow_api.h"

void kernel_main() {
    const uint32_t src_addr = get_arg_val<uint32_t>(0);
    const uint32_t start = get_arg_val<uint32_t>(1);
    const uint32_t count = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb_in = get_compile_time_arg_val(0);
    const uint32_t page_bytes = get_tile_size(cb_in);

    const InterleavedAddrGen<true> src = {.bank_base_address = src_addr, .page_size = page_bytes};
    for (uint32_t i = start; i < start + count; i++) {
        cb_reserve_back(cb_in, 1);
        noc_async_read_page(i, src, get_write_ptr(cb_in));
        noc_async_read_barrier();
        cb_push_back(cb_in, 1);
    }
}
