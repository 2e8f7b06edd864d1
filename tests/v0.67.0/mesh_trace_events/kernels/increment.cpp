// Adds 1 to every 32-bit word of one page of a DRAM buffer (interleaved, through a TensorAccessor).
#include <cstdint>

void kernel_main() {
    const uint32_t addr = get_arg_val<uint32_t>(0);
    const uint32_t page_bytes = get_arg_val<uint32_t>(1);
    constexpr uint32_t cb = 0;
    constexpr auto args = TensorAccessorArgs<0>();
    const auto buffer = TensorAccessor(args, addr, page_bytes);

    cb_reserve_back(cb, 1);
    const uint32_t l1 = get_write_ptr(cb);
    noc_async_read_page(0, buffer, l1);
    noc_async_read_barrier();
    volatile uint32_t* words = reinterpret_cast<volatile uint32_t*>(l1);
    for (uint32_t i = 0; i < page_bytes / 4; i++) words[i] = words[i] + 1;
    noc_async_write_page(0, buffer, l1);
    noc_async_write_barrier();
}
