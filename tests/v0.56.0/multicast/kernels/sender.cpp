// The sender: reads a block from DRAM into its L1, waits until every receiver has said it is ready (each increments
// the sender's semaphore), multicasts the block to the same L1 address on the receivers' rectangle, then sets the
// receivers' semaphore to VALID by multicast. Runtime args: DRAM address, bytes, L1 address, the rectangle's NOC
// corners (x0, y0, x1, y1), number of receivers, the two semaphore ids.
#include <stdint.h>

#include "dataflow_api.h"
#include "hostdevcommon/common_values.hpp"

void kernel_main() {
    const uint32_t dram_addr = get_arg_val<uint32_t>(0), bytes = get_arg_val<uint32_t>(1);
    const uint32_t l1_addr = get_arg_val<uint32_t>(2);
    const uint32_t x0 = get_arg_val<uint32_t>(3), y0 = get_arg_val<uint32_t>(4);
    const uint32_t x1 = get_arg_val<uint32_t>(5), y1 = get_arg_val<uint32_t>(6);
    const uint32_t receivers = get_arg_val<uint32_t>(7);
    volatile tt_l1_ptr uint32_t* ready = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_semaphore(get_arg_val<uint32_t>(8)));
    const uint32_t valid_sem = get_semaphore(get_arg_val<uint32_t>(9));

    const InterleavedAddrGen<true> src = {.bank_base_address = dram_addr, .page_size = bytes};
    noc_async_read(get_noc_addr(0, src), l1_addr, bytes);
    noc_async_read_barrier();

    noc_semaphore_wait(ready, receivers);
    noc_semaphore_set(ready, 0);
    noc_async_write_multicast(l1_addr, get_noc_multicast_addr(x0, y0, x1, y1, l1_addr), bytes, receivers);
    // The receivers' semaphore gets VALID from this core's copy of it.
    volatile tt_l1_ptr uint32_t* valid = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(valid_sem);
    *valid = VALID;
    noc_semaphore_set_multicast(valid_sem, get_noc_multicast_addr(x0, y0, x1, y1, valid_sem), receivers);
    noc_async_write_barrier();
}
