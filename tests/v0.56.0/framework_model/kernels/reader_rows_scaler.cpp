// Streams an interleaved tensor (in DRAM or L1: compile-time arg 0) of Mt × Nt tiles into CB 0, row of tiles by
// row of tiles, after putting the reduction's scaler tile (one DRAM page) into CB 2 once.
#include <stdint.h>

#include "dataflow_api.h"

void kernel_main() {
    constexpr bool src_is_dram = get_compile_time_arg_val(0) == 1;
    const uint32_t src = get_arg_val<uint32_t>(0);
    const uint32_t scaler = get_arg_val<uint32_t>(1);
    const uint32_t tiles = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb_in = tt::CBIndex::c_0, cb_scaler = tt::CBIndex::c_2;

    const InterleavedAddrGenFast<true> scaler_gen = {
        .bank_base_address = scaler, .page_size = get_tile_size(cb_scaler), .data_format = get_dataformat(cb_scaler)};
    cb_reserve_back(cb_scaler, 1);
    noc_async_read_tile(0, scaler_gen, get_write_ptr(cb_scaler));
    noc_async_read_barrier();
    cb_push_back(cb_scaler, 1);

    const InterleavedAddrGenFast<src_is_dram> in = {
        .bank_base_address = src, .page_size = get_tile_size(cb_in), .data_format = get_dataformat(cb_in)};
    for (uint32_t i = 0; i < tiles; i++) {
        cb_reserve_back(cb_in, 1);
        noc_async_read_tile(i, in, get_write_ptr(cb_in));
        noc_async_read_barrier();
        cb_push_back(cb_in, 1);
    }
}
