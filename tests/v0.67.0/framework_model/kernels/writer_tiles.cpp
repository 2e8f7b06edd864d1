// Drains CB 16 into tiles [start, start + n) of the output tensor, whose accessor (DRAM or L1, interleaved) is the
// compile-time arguments: the host builds the kernel for the memory its output is in.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
    const uint32_t dst = get_arg_val<uint32_t>(0);
    const uint32_t n = get_arg_val<uint32_t>(1);
    const uint32_t start = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb = tt::CBIndex::c_16;
    constexpr auto out_args = TensorAccessorArgs<0>();
    const auto out = TensorAccessor(out_args, dst, get_tile_size(cb));
    for (uint32_t i = start; i < start + n; i++) {
        cb_wait_front(cb, 1);
        noc_async_write_tile(i, out, get_read_ptr(cb));
        noc_async_write_barrier();
        cb_pop_front(cb, 1);
    }
}
