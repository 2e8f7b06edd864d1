// A sharded tensor's shard already sits in this core's L1, where CB 0 is placed (a globally allocated CB): the
// reader only announces its `n` tiles to the compute kernel.
#include <stdint.h>

#include "dataflow_api.h"

void kernel_main() {
    const uint32_t n = get_arg_val<uint32_t>(0);
    constexpr uint32_t cb = tt::CBIndex::c_0;
    cb_reserve_back(cb, n);
    cb_push_back(cb, n);
}
