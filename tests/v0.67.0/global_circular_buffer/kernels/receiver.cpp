// A receiver of global_circular_buffer: for each of runtime arg 1 pages, waits for it in remote circular buffer
// (compile-time arg 0), writes it to page (arg 2 + p) of the DRAM buffer at arg 0 and pops it, telling the sender
// (whose NOC x, y are args 3, 4 — checked against the interface the firmware set up). Then commits its FIFO pointer.
#include <cstdint>

#include "api/remote_circular_buffer.h"

void kernel_main() {
    constexpr uint32_t remote_cb = get_compile_time_arg_val(0);
    const uint32_t out_addr = get_arg_val<uint32_t>(0);
    const uint32_t pages = get_arg_val<uint32_t>(1);
    const uint32_t first = get_arg_val<uint32_t>(2);
    auto& cb = get_remote_receiver_cb_interface(remote_cb);
    if (cb.sender_noc_x != get_arg_val<uint32_t>(3) || cb.sender_noc_y != get_arg_val<uint32_t>(4))
        return;  // nothing written: the host sees the pages missing
    constexpr auto out_args = TensorAccessorArgs<1>();
    const auto out = TensorAccessor(out_args, out_addr, cb.fifo_page_size);
    for (uint32_t p = 0; p < pages; p++) {
        experimental::remote_cb_wait_front(remote_cb, 1);
        noc_async_write_page(first + p, out, cb.fifo_rd_ptr);
        noc_async_write_barrier();
        experimental::remote_cb_pop_front(remote_cb, 1);
    }
    experimental::update_remote_cb_config_in_l1(remote_cb);
}
