// A helper kernels include through TT_METAL_HOME's include roots ("cpp/helpers/sequence.hpp" under home/ttnn), as
// ttnn's kernels include their shared helpers. It includes one file beside it and one from the tt_metal/ root, and
// expects dataflow_api.h to come first.
#pragma once

#include <stdint.h>

#include "sequence_step.hpp"
#include "sequence_offset.h"

inline uint32_t sequence_value(uint32_t i) { return i * kSequenceStep + kSequenceOffset; }

// The kernels' whole work (a data-movement kernel, which has dataflow_api.h): arguments dst, l1, n, first; writes
// sequence_value(first + i) for i in [0, n) to the DRAM buffer at dst, through L1.
inline void write_sequence_from_args() {
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
