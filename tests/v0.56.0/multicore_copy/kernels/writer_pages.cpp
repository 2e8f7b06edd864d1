// Writes pages [start, start + count) of an interleaved DRAM buffer from circular buffer 0.
#include <stdint.h>

#include "dataflow_api.h"

void kernel_main() {
    const uint32_t dst_addr = get_arg_val<uint32_t>(0);
    const uint32_t start = get_arg_val<uint32_t>(1);
    const uint32_t count = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb_out = get_compile_time_arg_val(0);

    const InterleavedAddrGenFast<true> dst = {
        .bank_base_address = dst_addr, .page_size = get_tile_size(cb_out), .data_format = get_dataformat(cb_out)};
    for (uint32_t i = start; i < start + count; i++) {
        cb_wait_front(cb_out, 1);
        noc_async_write_tile(i, dst, get_read_ptr(cb_out));
        noc_async_write_barrier();
        cb_pop_front(cb_out, 1);
    }
}
