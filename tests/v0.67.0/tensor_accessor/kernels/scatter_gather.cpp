// Pages through three TensorAccessors: page p of the interleaved source goes to page p of the sharded buffer, then
// page p of the sharded buffer goes to page p of the interleaved output. The source's and output's arguments are
// compile-time; the sharded buffer's tensor shape and bank coordinates are common runtime arguments.
#include <cstdint>

void kernel_main() {
    const uint32_t src_addr = get_arg_val<uint32_t>(0);
    const uint32_t sharded_addr = get_arg_val<uint32_t>(1);
    const uint32_t out_addr = get_arg_val<uint32_t>(2);
    const uint32_t num_pages = get_arg_val<uint32_t>(3);
    const uint32_t page_bytes = get_arg_val<uint32_t>(4);
    constexpr uint32_t cb = 0;

    constexpr auto src_args = TensorAccessorArgs<0>();
    constexpr auto sharded_args = TensorAccessorArgs<src_args.next_compile_time_args_offset(), 0>();
    constexpr auto out_args = TensorAccessorArgs<sharded_args.next_compile_time_args_offset()>();
    const auto src = TensorAccessor(src_args, src_addr, page_bytes);
    const auto sharded = TensorAccessor(sharded_args, sharded_addr, page_bytes);
    const auto out = TensorAccessor(out_args, out_addr, page_bytes);

    cb_reserve_back(cb, 1);
    const uint32_t l1 = get_write_ptr(cb);
    for (uint32_t p = 0; p < num_pages; p++) {
        noc_async_read_page(p, src, l1);
        noc_async_read_barrier();
        noc_async_write_page(p, sharded, l1);
        noc_async_write_barrier();
    }
    for (uint32_t p = 0; p < num_pages; p++) {
        noc_async_read(get_noc_addr(p, sharded), l1, page_bytes);
        noc_async_read_barrier();
        noc_async_write_page(p, out, l1);
        noc_async_write_barrier();
    }
}
