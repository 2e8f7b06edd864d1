// Writes sequence_value(i) for i in [0, n) to a DRAM buffer, page by page through L1. The helper comes from
// TT_METAL_HOME's include roots, not from beside this file.
#include <stdint.h>

#include "dataflow_api.h"
#include "cpp/helpers/sequence.hpp"

void kernel_main() {
    const uint32_t dst = get_arg_val<uint32_t>(0);
    const uint32_t l1 = get_arg_val<uint32_t>(1);
    const uint32_t n = get_arg_val<uint32_t>(2);
    const uint32_t first = get_arg_val<uint32_t>(3);
    volatile uint32_t* words = reinterpret_cast<volatile uint32_t*>(l1);
    for (uint32_t i = 0; i < n; i++) words[i] = sequence_value(first + i);
    const InterleavedAddrGen<true> out = {.bank_base_address = dst, .page_size = n * 4};
    noc_async_write(l1, out.get_noc_addr(0), n * 4);
    noc_async_write_barrier();
}
