// Reads this core's DRAM shard (bank `bank`, `pages` pages) page by page with the DRAM-sharded stateful reads, adds
// `bank` to every word, and writes page j to page `first_out + j` of the interleaved output with stateful one-packet
// writes.
#include <stdint.h>

#include "dataflow_api.h"

void kernel_main() {
    const uint32_t shard_addr = get_arg_val<uint32_t>(0);
    const uint32_t bank = get_arg_val<uint32_t>(1);
    const uint32_t pages = get_arg_val<uint32_t>(2);
    const uint32_t page_size = get_arg_val<uint32_t>(3);
    const uint32_t out_addr = get_arg_val<uint32_t>(4);
    const uint32_t first_out = get_arg_val<uint32_t>(5);
    const uint32_t scratch = get_arg_val<uint32_t>(6);

    const uint32_t base = noc_async_read_tile_dram_sharded_set_state<true>(shard_addr, page_size, bank);
    for (uint32_t j = 0; j < pages; j++)
        noc_async_read_tile_dram_sharded_with_state(base, j * page_size, scratch + j * page_size);
    noc_async_read_barrier();

    volatile tt_l1_ptr uint32_t* words = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(scratch);
    for (uint32_t i = 0; i < pages * page_size / 4; i++) words[i] = words[i] + bank;

    const InterleavedAddrGen<true> out = {.bank_base_address = out_addr, .page_size = page_size};
    for (uint32_t j = 0; j < pages; j++) {
        const uint64_t dst = get_noc_addr(first_out + j, out);
        noc_async_write_one_packet_set_state(dst, page_size);
        noc_async_write_one_packet_with_state(scratch + j * page_size, uint32_t(dst));
    }
    noc_async_write_barrier();
}
