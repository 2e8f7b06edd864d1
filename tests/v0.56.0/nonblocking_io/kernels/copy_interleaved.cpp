// Copies `pages` pages between two interleaved buffers (either may be DRAM or L1) through circular buffer 0.
#include <stdint.h>

#include "dataflow_api.h"

template <bool SrcDram, bool DstDram>
void copy(uint32_t src_addr, uint32_t dst_addr, uint32_t pages, uint32_t page_bytes) {
    const InterleavedAddrGen<SrcDram> src = {.bank_base_address = src_addr, .page_size = page_bytes};
    const InterleavedAddrGen<DstDram> dst = {.bank_base_address = dst_addr, .page_size = page_bytes};
    constexpr uint32_t cb = 0;
    for (uint32_t i = 0; i < pages; i++) {
        cb_reserve_back(cb, 1);
        const uint32_t l1 = get_write_ptr(cb);
        noc_async_read(get_noc_addr(i, src), l1, page_bytes);
        noc_async_read_barrier();
        noc_async_write(l1, get_noc_addr(i, dst), page_bytes);
        noc_async_write_barrier();
        cb_push_back(cb, 1);
        cb_wait_front(cb, 1);
        cb_pop_front(cb, 1);
    }
}

void kernel_main() {
    const uint32_t src_addr = get_arg_val<uint32_t>(0);
    const uint32_t src_is_dram = get_arg_val<uint32_t>(1);
    const uint32_t dst_addr = get_arg_val<uint32_t>(2);
    const uint32_t pages = get_arg_val<uint32_t>(3);
    const uint32_t page_bytes = get_arg_val<uint32_t>(4);
    if (src_is_dram) {
        copy<true, true>(src_addr, dst_addr, pages, page_bytes);
    } else {
        copy<false, true>(src_addr, dst_addr, pages, page_bytes);
    }
}
