// For each of `num_pages` pages (runtime arg 2, each of runtime arg 4's bytes): reads the page of the source buffer,
// sets every 32-bit word w to w * factor (runtime arg 3) + 1, and writes it to the same page of the destination; then
// writes the number of pages done to the L1 word at runtime arg 5. Both buffers' accessors are the compile-time
// arguments, the source's first.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
    const uint32_t src_addr = get_arg_val<uint32_t>(0);
    const uint32_t dst_addr = get_arg_val<uint32_t>(1);
    const uint32_t num_pages = get_arg_val<uint32_t>(2);
    const uint32_t factor = get_arg_val<uint32_t>(3);
    const uint32_t page_bytes = get_arg_val<uint32_t>(4);
    const uint32_t marker = get_arg_val<uint32_t>(5);
    constexpr uint32_t cb = 0;
    constexpr auto src_args = TensorAccessorArgs<0>();
    constexpr auto dst_args = TensorAccessorArgs<src_args.next_compile_time_args_offset()>();
    const auto src = TensorAccessor(src_args, src_addr, page_bytes);
    const auto dst = TensorAccessor(dst_args, dst_addr, page_bytes);

    cb_reserve_back(cb, 1);
    const uint32_t l1 = get_write_ptr(cb);
    volatile uint32_t* words = reinterpret_cast<volatile uint32_t*>(l1);
    for (uint32_t page = 0; page < num_pages; page++) {
        noc_async_read_page(page, src, l1);
        noc_async_read_barrier();
        for (uint32_t i = 0; i < page_bytes / 4; i++) words[i] = words[i] * factor + 1;
        noc_async_write_page(page, dst, l1);
        noc_async_write_barrier();
    }
    *reinterpret_cast<volatile uint32_t*>(marker) = num_pages;
}
