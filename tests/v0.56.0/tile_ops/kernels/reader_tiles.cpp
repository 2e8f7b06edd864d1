// Reads one tile from each of the interleaved DRAM buffers given as runtime args 0..n-1 into CBs 0..n-1.
#include <stdint.h>

#include "dataflow_api.h"

void kernel_main() {
    const uint32_t n = get_compile_time_arg_val(0);
    for (uint32_t cb = 0; cb < n; cb++) {
        const InterleavedAddrGenFast<true> src = {
            .bank_base_address = get_arg_val<uint32_t>(cb), .page_size = get_tile_size(cb), .data_format = get_dataformat(cb)};
        cb_reserve_back(cb, 1);
        noc_async_read_tile(0, src, get_write_ptr(cb));
        noc_async_read_barrier();
        cb_push_back(cb, 1);
    }
}
