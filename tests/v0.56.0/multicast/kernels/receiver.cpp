// A receiver: tells the sender it is ready (increments the sender's semaphore), waits for its own semaphore to become
// VALID, then writes the block the sender multicast into its L1 to its slot of the output DRAM buffer.
// Runtime args: sender NOC x, y, the two semaphore ids, L1 address, bytes, output DRAM address, slot.
#include <stdint.h>

#include "dataflow_api.h"
#include "hostdevcommon/common_values.hpp"

void kernel_main() {
    const uint32_t sender_x = get_arg_val<uint32_t>(0), sender_y = get_arg_val<uint32_t>(1);
    const uint32_t ready_sem = get_semaphore(get_arg_val<uint32_t>(2));
    volatile tt_l1_ptr uint32_t* valid = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(get_semaphore(get_arg_val<uint32_t>(3)));
    const uint32_t l1_addr = get_arg_val<uint32_t>(4), bytes = get_arg_val<uint32_t>(5);
    const uint32_t out_addr = get_arg_val<uint32_t>(6), slot = get_arg_val<uint32_t>(7);

    noc_semaphore_inc(get_noc_addr(sender_x, sender_y, ready_sem), 1);
    noc_semaphore_wait(valid, VALID);
    const InterleavedAddrGen<true> out = {.bank_base_address = out_addr, .page_size = bytes};
    noc_async_write(l1_addr, get_noc_addr(slot, out), bytes);
    noc_async_write_barrier();
}
