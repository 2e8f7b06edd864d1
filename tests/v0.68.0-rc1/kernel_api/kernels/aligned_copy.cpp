// Copies `num_pages` pages from src to dst through circular buffer 0 with TensorAccessors made without a page size
// (v0.68.0-rc1: they take the aligned page size the arguments carry), then writes both views of that size to page 3
// of the results buffer. Compile-time arguments: the three buffers' TensorAccessorArgs, one after the other.
#include <cstdint>
#include <type_traits>

void kernel_main() {
    const uint32_t src_addr = get_arg_val<uint32_t>(0);
    const uint32_t dst_addr = get_arg_val<uint32_t>(1);
    const uint32_t results_addr = get_arg_val<uint32_t>(2);
    const uint32_t num_pages = get_arg_val<uint32_t>(3);
    constexpr uint32_t cb = 0;

    constexpr auto src_args = TensorAccessorArgs<0>();
    constexpr auto dst_args = TensorAccessorArgs<src_args.next_compile_time_args_offset()>();
    constexpr auto results_args = TensorAccessorArgs<dst_args.next_compile_time_args_offset()>();
    const auto src = TensorAccessor(src_args, src_addr);
    const auto dst = TensorAccessor(dst_args, dst_addr);
    const auto results = TensorAccessor(results_args, results_addr, 32);

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

    cb_reserve_back(cb, 1);
    volatile uint32_t* report = reinterpret_cast<volatile uint32_t*>(get_write_ptr(cb));
    report[0] = src_args.get_aligned_page_size();
    report[1] = src.get_aligned_page_size();
    noc_async_write_page(3, results, get_write_ptr(cb));
    noc_async_write_barrier();
    cb_push_back(cb, 1);
}
