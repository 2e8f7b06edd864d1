// Pops runtime arg 1 pages from circular buffer 0 and checks they arrive in order, then spins on the flag the writer
// raises in this core's L1 (runtime arg 0, read as a pointer) and writes the shared words — the flag, whether every
// page came in order, and what the writer recorded — to the DRAM buffer at runtime arg 2.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
    volatile uint32_t* shared = get_arg_val<uint32_t*>(0);
    const uint32_t pages = get_arg_val<uint32_t>(1);
    const uint32_t out = get_arg_val<uint32_t>(2);
    uint32_t in_order = 1;
    for (uint32_t i = 0; i < pages; i++) {
        cb_wait_front(0, 1);
        in_order &= *reinterpret_cast<volatile uint32_t*>(get_read_ptr(0)) == i;
        cb_pop_front(0, 1);
    }
    while (shared[0] != 0xf1a9) {  // raw L1, no API call: the writer runs only because this kernel yields
    }
    shared[1] = in_order;
    const InterleavedAddrGen<true> dram{.bank_base_address = out, .page_size = 64};
    noc_async_write(reinterpret_cast<uintptr_t>(shared), dram.get_noc_addr(0), 64);
    noc_async_write_barrier();
}
