// Writes the tiles the compute kernel produces in CB 16, in turn, to tiles 0..n-1 of an interleaved DRAM buffer.
#include <stdint.h>

#include "dataflow_api.h"

void kernel_main() {
    const uint32_t dst = get_arg_val<uint32_t>(0);
    const uint32_t n = get_arg_val<uint32_t>(1);
    constexpr uint32_t cb = tt::CBIndex::c_16;
    const InterleavedAddrGenFast<true> out = {
        .bank_base_address = dst, .page_size = get_tile_size(cb), .data_format = get_dataformat(cb)};
    for (uint32_t i = 0; i < n; i++) {
        cb_wait_front(cb, 1);
        noc_async_write_tile(i, out, get_read_ptr(cb));
        noc_async_write_barrier();
        cb_pop_front(cb, 1);
    }
}
