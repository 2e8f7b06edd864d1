// The sender of global_circular_buffer: for each of runtime arg 0 pages, fills staging circular buffer 0 with the
// slice of each receiver — word w of receiver i's page p in run (arg 1) is (run+1)·10⁶ + (i+1)·10⁴ + p·100 + w —
// waits for room at every receiver and pushes the page to them over remote circular buffer (compile-time arg 0).
// Then waits until both acknowledged every page and commits its FIFO pointer for the next run.
#include <cstdint>

#include "api/remote_circular_buffer.h"

void kernel_main() {
    constexpr uint32_t remote_cb = get_compile_time_arg_val(0);
    const uint32_t pages = get_arg_val<uint32_t>(0);
    const uint32_t run = get_arg_val<uint32_t>(1);
    const uint32_t page_size = get_remote_sender_cb_interface(remote_cb).fifo_page_size;
    const uint32_t receivers = get_remote_sender_cb_interface(remote_cb).num_receivers;
    for (uint32_t p = 0; p < pages; p++) {
        cb_reserve_back(0, 1);
        volatile uint32_t* staging = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
        for (uint32_t i = 0; i < receivers; i++)
            for (uint32_t w = 0; w < page_size / 4; w++)
                staging[i * page_size / 4 + w] = (run + 1) * 1000000 + (i + 1) * 10000 + p * 100 + w;
        experimental::remote_cb_reserve_back(remote_cb, 1);
        experimental::remote_cb_push_back_and_write_pages(remote_cb, get_write_ptr(0), 1, 1, 1, page_size);
    }
    experimental::remote_cb_sender_barrier(remote_cb);
    experimental::update_remote_cb_config_in_l1(remote_cb);
}
