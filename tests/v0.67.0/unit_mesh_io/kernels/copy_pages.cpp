// Copies `num_pages` pages from the source buffer to the destination buffer through a circular buffer, reading
// and writing with TensorAccessors (both buffers interleaved; their arguments are the kernel's compile-time
// arguments, one after the other). The page count is a named compile-time argument.
#include <cstdint>

void kernel_main() {
    const uint32_t src_addr = get_arg_val<uint32_t>(0);
    const uint32_t dst_addr = get_arg_val<uint32_t>(1);
    constexpr uint32_t num_pages = get_named_compile_time_arg_val("num_pages");
    constexpr uint32_t cb = 0;
    const uint32_t page_bytes = get_tile_size(cb);

    constexpr auto src_args = TensorAccessorArgs<0>();
    constexpr auto dst_args = TensorAccessorArgs<src_args.next_compile_time_args_offset()>();
    const auto src = TensorAccessor(src_args, src_addr, page_bytes);
    const auto dst = TensorAccessor(dst_args, dst_addr, page_bytes);

    for (uint32_t page = 0; page < num_pages; page++) {
        cb_reserve_back(cb, 1);
        const uint32_t l1 = get_write_ptr(cb);
        noc_async_read_page(page, src, l1);
        noc_async_read_barrier();
        noc_async_write_page(page, dst, l1);
        noc_async_write_barrier();
        cb_push_back(cb, 1);
        cb_wait_front(cb, 1);
        cb_pop_front(cb, 1);
    }
}
