// Fills one 1 KiB page with the runtime arg 0 (the marker) and common runtime arg 0 alternately and writes it to page
// 0 of the buffer at runtime arg 1 (its accessor: the compile-time args).
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
    const uint32_t marker = get_arg_val<uint32_t>(0);
    const uint32_t addr = get_arg_val<uint32_t>(1);
    const uint32_t common = get_common_arg_val<uint32_t>(0);
    constexpr uint32_t cb = 0, page_bytes = 1024;
    constexpr auto args = TensorAccessorArgs<0>();
    const auto out = TensorAccessor(args, addr, page_bytes);
    cb_reserve_back(cb, 1);
    volatile uint32_t* words = reinterpret_cast<volatile uint32_t*>(get_write_ptr(cb));
    for (uint32_t i = 0; i < page_bytes / 4; i++) words[i] = i % 2 ? common : marker;
    noc_async_write_page(0, out, get_write_ptr(cb));
    noc_async_write_barrier();
}
