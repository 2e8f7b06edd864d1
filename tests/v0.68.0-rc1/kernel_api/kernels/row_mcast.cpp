// On a row of three cores: core 0 writes 7 to the row's semaphore with one noc_inline_mcast_dw_write over the row's
// rectangle; cores 1 and 2 wait for it. Each then writes the value its own semaphore holds to its page of the
// results buffer (core 0's is untouched by its own multicast: 0). get_semaphore returns a uintptr_t in this release.
// Runtime arguments: results address, semaphore id, index in the row, the row's first and last NOC x and y.
#include <cstdint>
#include <type_traits>

#include "experimental/core_local_mem.h"

void kernel_main() {
    const uint32_t results_addr = get_arg_val<uint32_t>(0);
    const uint32_t semaphore_id = get_arg_val<uint32_t>(1);
    const uint32_t index = get_arg_val<uint32_t>(2);
    const uint32_t x0 = get_arg_val<uint32_t>(3), y0 = get_arg_val<uint32_t>(4);
    const uint32_t x1 = get_arg_val<uint32_t>(5), y1 = get_arg_val<uint32_t>(6);
    constexpr uint32_t cb = 0;

    static_assert(std::is_same_v<decltype(get_semaphore(0)), uintptr_t>, "get_semaphore returns a uintptr_t");
    const uintptr_t semaphore = get_semaphore(semaphore_id);
    if (index == 0) {
        noc_inline_mcast_dw_write(get_noc_multicast_addr(x0, y0, x1, y1, static_cast<uint32_t>(semaphore)), 7);
    } else {
        noc_semaphore_wait(reinterpret_cast<volatile uint32_t*>(semaphore), 7);
    }

    constexpr auto results_args = TensorAccessorArgs<0>();
    const auto results = TensorAccessor(results_args, results_addr);
    cb_reserve_back(cb, 1);
    experimental::CoreLocalMem<uint32_t> report(get_write_ptr(cb));
    {
        auto lock = report.scoped_lock(1);
        report[0] = *reinterpret_cast<volatile uint32_t*>(semaphore);
    }
    noc_async_write_page(index, results, report.get_address());
    noc_async_write_barrier();
    cb_push_back(cb, 1);
}
