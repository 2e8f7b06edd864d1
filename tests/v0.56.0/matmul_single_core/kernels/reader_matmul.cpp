// For every output tile (m, n) of C = A × B, streams A[m][k] and B[k][n] for k = 0 .. Kt-1 into CBs 0 and 1.
#include <stdint.h>

#include "dataflow_api.h"
#include "tile_order.h"

void kernel_main() {
    const uint32_t a_addr = get_arg_val<uint32_t>(0), b_addr = get_arg_val<uint32_t>(1);
    const uint32_t Mt = get_arg_val<uint32_t>(2), Kt = get_arg_val<uint32_t>(3), Nt = get_arg_val<uint32_t>(4);
    constexpr uint32_t cb_a = tt::CBIndex::c_0, cb_b = tt::CBIndex::c_1;
    const InterleavedAddrGenFast<true> a = {
        .bank_base_address = a_addr, .page_size = get_tile_size(cb_a), .data_format = get_dataformat(cb_a)};
    const InterleavedAddrGenFast<true> b = {
        .bank_base_address = b_addr, .page_size = get_tile_size(cb_b), .data_format = get_dataformat(cb_b)};
    for (uint32_t m = 0; m < Mt; m++) {
        for (uint32_t n = 0; n < Nt; n++) {
            for (uint32_t k = 0; k < Kt; k++) {
                cb_reserve_back(cb_a, 1);
                noc_async_read_tile(tile_at(m, k, Kt), a, get_write_ptr(cb_a));
                cb_reserve_back(cb_b, 1);
                noc_async_read_tile(tile_at(k, n, Nt), b, get_write_ptr(cb_b));
                noc_async_read_barrier();
                cb_push_back(cb_a, 1);
                cb_push_back(cb_b, 1);
            }
        }
    }
}
