// Drains CB 16 into tiles [start, start + n) of an interleaved buffer: in DRAM, or in L1 when the host defines
// DST_IN_L1 (a framework builds the kernel for the memory its output tensor is in).
#include <stdint.h>

#include "dataflow_api.h"

void kernel_main() {
#ifdef DST_IN_L1
    constexpr bool dst_is_dram = false;
#else
    constexpr bool dst_is_dram = true;
#endif
    const uint32_t dst = get_arg_val<uint32_t>(0);
    const uint32_t n = get_arg_val<uint32_t>(1);
    const uint32_t start = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb = tt::CBIndex::c_16;
    const InterleavedAddrGenFast<dst_is_dram> out = {
        .bank_base_address = dst, .page_size = get_tile_size(cb), .data_format = get_dataformat(cb)};
    for (uint32_t i = start; i < start + n; i++) {
        cb_wait_front(cb, 1);
        noc_async_write_tile(i, out, get_read_ptr(cb));
        noc_async_write_barrier();
        cb_pop_front(cb, 1);
    }
}
