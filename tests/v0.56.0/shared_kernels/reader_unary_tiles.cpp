// Streams tiles [start, start + n) of an interleaved DRAM buffer into CB 0.
#include <stdint.h>

#include "dataflow_api.h"

void kernel_main() {
    const uint32_t src = get_arg_val<uint32_t>(0);
    const uint32_t n = get_arg_val<uint32_t>(1);
    const uint32_t start = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb = tt::CBIndex::c_0;
    const InterleavedAddrGenFast<true> in = {
        .bank_base_address = src, .page_size = get_tile_size(cb), .data_format = get_dataformat(cb)};
    for (uint32_t i = start; i < start + n; i++) {
        cb_reserve_back(cb, 1);
        noc_async_read_tile(i, in, get_write_ptr(cb));
        noc_async_read_barrier();
        cb_push_back(cb, 1);
    }
}
