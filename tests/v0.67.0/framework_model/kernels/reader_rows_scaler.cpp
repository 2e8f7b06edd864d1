// Puts the reduction's scaler tile (page 0 of the scaler tensor) into CB 2 once, then streams the `tiles` tiles of
// an interleaved tensor into CB 0 in order. The input's accessor comes first in the compile-time args, the scaler's
// after it.
#include <cstdint>

#include "api/dataflow/dataflow_api.h"

void kernel_main() {
    const uint32_t src = get_arg_val<uint32_t>(0);
    const uint32_t scaler = get_arg_val<uint32_t>(1);
    const uint32_t tiles = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_scaler = tt::CBIndex::c_2;
    constexpr auto in_args = TensorAccessorArgs<0>();
    constexpr auto scaler_args = TensorAccessorArgs<in_args.next_compile_time_args_offset()>();
    const auto scaler_tensor = TensorAccessor(scaler_args, scaler, get_tile_size(cb_scaler));
    cb_reserve_back(cb_scaler, 1);
    noc_async_read_tile(0, scaler_tensor, get_write_ptr(cb_scaler));
    noc_async_read_barrier();
    cb_push_back(cb_scaler, 1);

    const auto in = TensorAccessor(in_args, src, get_tile_size(cb_in));
    for (uint32_t i = 0; i < tiles; i++) {
        cb_reserve_back(cb_in, 1);
        noc_async_read_tile(i, in, get_write_ptr(cb_in));
        noc_async_read_barrier();
        cb_push_back(cb_in, 1);
    }
}
