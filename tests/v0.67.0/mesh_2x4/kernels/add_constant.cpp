// Adds a constant to every 32-bit word of pages [first_page, first_page + num_pages) of the input buffer, writing
// the output buffer; both interleaved, addressed through TensorAccessors.
#include <cstdint>

void kernel_main() {
    const uint32_t in_addr = get_arg_val<uint32_t>(0);
    const uint32_t out_addr = get_arg_val<uint32_t>(1);
    const uint32_t first_page = get_arg_val<uint32_t>(2);
    const uint32_t num_pages = get_arg_val<uint32_t>(3);
    const uint32_t addend = get_arg_val<uint32_t>(4);
    const uint32_t page_bytes = get_arg_val<uint32_t>(5);
    constexpr uint32_t cb = 0;

    constexpr auto in_args = TensorAccessorArgs<0>();
    constexpr auto out_args = TensorAccessorArgs<in_args.next_compile_time_args_offset()>();
    const auto in = TensorAccessor(in_args, in_addr, page_bytes);
    const auto out = TensorAccessor(out_args, out_addr, page_bytes);

    cb_reserve_back(cb, 1);
    const uint32_t l1 = get_write_ptr(cb);
    volatile uint32_t* words = reinterpret_cast<volatile uint32_t*>(l1);
    for (uint32_t p = first_page; p < first_page + num_pages; p++) {
        noc_async_read_page(p, in, l1);
        noc_async_read_barrier();
        for (uint32_t i = 0; i < page_bytes / 4; i++) words[i] = words[i] + addend;
        noc_async_write_page(p, out, l1);
        noc_async_write_barrier();
    }
}
