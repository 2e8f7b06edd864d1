// Streams tiles [start, start + n) of two interleaved DRAM buffers into CBs 0 and 1, one tile at a time.
#include <stdint.h>

#include "dataflow_api.h"

void kernel_main() {
    const uint32_t src0 = get_arg_val<uint32_t>(0);
    const uint32_t src1 = get_arg_val<uint32_t>(1);
    const uint32_t n = get_arg_val<uint32_t>(2);
    const uint32_t start = get_arg_val<uint32_t>(3);
    constexpr uint32_t cb0 = tt::CBIndex::c_0, cb1 = tt::CBIndex::c_1;

    const InterleavedAddrGenFast<true> in0 = {
        .bank_base_address = src0, .page_size = get_tile_size(cb0), .data_format = get_dataformat(cb0)};
    const InterleavedAddrGenFast<true> in1 = {
        .bank_base_address = src1, .page_size = get_tile_size(cb1), .data_format = get_dataformat(cb1)};
    for (uint32_t i = start; i < start + n; i++) {
        cb_reserve_back(cb0, 1);
        cb_reserve_back(cb1, 1);
        noc_async_read_tile(i, in0, get_write_ptr(cb0));
        noc_async_read_tile(i, in1, get_write_ptr(cb1));
        noc_async_read_barrier();
        cb_push_back(cb0, 1);
        cb_push_back(cb1, 1);
    }
}
