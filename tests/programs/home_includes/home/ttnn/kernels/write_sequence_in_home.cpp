// The same sequence writer as a kernel that itself lies in TT_METAL_HOME: the program names it relative to the home,
// and it reaches the helper both through the include roots and beside itself ("../cpp/...").
#include <stdint.h>

#include "dataflow_api.h"
#include "cpp/helpers/sequence.hpp"
#include "../cpp/helpers/sequence_step.hpp"

void kernel_main() {
    const uint32_t dst = get_arg_val<uint32_t>(0);
    const uint32_t l1 = get_arg_val<uint32_t>(1);
    const uint32_t n = get_arg_val<uint32_t>(2);
    const uint32_t first = get_arg_val<uint32_t>(3);
    volatile uint32_t* words = reinterpret_cast<volatile uint32_t*>(l1);
    for (uint32_t i = 0; i < n; i++) words[i] = sequence_value(first + i) + kSequenceStep * 0;
    const InterleavedAddrGen<true> out = {.bank_base_address = dst, .page_size = n * 4};
    noc_async_write(l1, out.get_noc_addr(0), n * 4);
    noc_async_write_barrier();
}
