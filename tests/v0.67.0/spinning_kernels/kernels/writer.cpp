// Pushes runtime arg 1 numbered pages (page i holds i) through circular buffer 0, then spins on the CB's raw
// counters until the reader has popped them all, and raises a flag in this core's L1 (the word runtime arg 0 points
// at, read as a pointer) for the reader, which spins on it. Then it records what it saw in the words after the
// flag: the received and acked counters and its view of the CB interface.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
    volatile uint32_t* shared = get_arg_val<uint32_t*>(0);
    const uint32_t pages = get_arg_val<uint32_t>(1);
    for (uint32_t i = 0; i < pages; i++) {
        cb_reserve_back(0, 1);
        *reinterpret_cast<volatile uint32_t*>(get_write_ptr(0)) = i;
        cb_push_back(0, 1);
    }
    // No API call in this loop: on the device the reader runs beside it; here the writer must yield while it spins.
    while (*get_cb_tiles_acked_ptr(0) != *get_cb_tiles_received_ptr(0)) {
    }
    const LocalCBInterface& cb = get_local_cb_interface(0);
    shared[2] = *get_cb_tiles_received_ptr(0);
    shared[3] = *get_cb_tiles_acked_ptr(0);
    shared[4] = cb.fifo_num_pages;
    shared[5] = cb.fifo_page_size;
    shared[6] = cb.fifo_size;
    shared[7] = cb.fifo_limit - cb.fifo_size == get_write_ptr(0) - (pages % cb.fifo_num_pages) * cb.fifo_page_size;
    shared[8] = cb.fifo_wr_ptr == get_write_ptr(0) && cb.fifo_rd_ptr == get_read_ptr(0);
    shared[0] = 0xf1a9;
}
