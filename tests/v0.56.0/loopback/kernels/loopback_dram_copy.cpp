// Copies a buffer DRAM → L1 → DRAM in chunks of the L1 buffer's size.
#include <stdint.h>

#include "dataflow_api.h"

void kernel_main() {
    const uint32_t l1_buffer_addr = get_arg_val<uint32_t>(0);
    const uint32_t src_addr = get_arg_val<uint32_t>(1);
    const uint32_t src_bank = get_arg_val<uint32_t>(2);
    const uint32_t dst_addr = get_arg_val<uint32_t>(3);
    const uint32_t dst_bank = get_arg_val<uint32_t>(4);
    const uint32_t size = get_arg_val<uint32_t>(5);

    const uint64_t src_noc = get_noc_addr_from_bank_id<true>(src_bank, src_addr);
    noc_async_read(src_noc, l1_buffer_addr, size);
    noc_async_read_barrier();

    const uint64_t dst_noc = get_noc_addr_from_bank_id<true>(dst_bank, dst_addr);
    noc_async_write(l1_buffer_addr, dst_noc, size);
    noc_async_write_barrier();
}
