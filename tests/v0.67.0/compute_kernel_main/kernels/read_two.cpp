// Reads tile i of two interleaved DRAM buffers into circular buffers 0 and 1, for every tile: A's through its
// accessor, B's as one packet with the NOC state set first — in v0.67.0's form of that call, which takes a virtual
// channel before the NOC — and with v0.67.0's L1 data cache turned on around the loop.
#include <cstdint>

void kernel_main() {
    const uint32_t a_addr = get_arg_val<uint32_t>(0);
    const uint32_t b_addr = get_arg_val<uint32_t>(1);
    const uint32_t num_tiles = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb_a = 0, cb_b = 1;
    const uint32_t tile_bytes = get_tile_size(cb_a);
    constexpr auto a_args = TensorAccessorArgs<0>();
    constexpr auto b_args = TensorAccessorArgs<a_args.next_compile_time_args_offset()>();
    const auto a = TensorAccessor(a_args, a_addr, tile_bytes);
    const auto b = TensorAccessor(b_args, b_addr, tile_bytes);
    set_l1_data_cache<true>();
    for (uint32_t i = 0; i < num_tiles; i++) {
        cb_reserve_back(cb_a, 1);
        cb_reserve_back(cb_b, 1);
        noc_async_read_tile(i, a, get_write_ptr(cb_a));
        const uint64_t b_tile = b.get_noc_addr(i);
        noc_async_read_one_packet_set_state<true>(b_tile, tile_bytes, /*vc=*/1, noc_index);
        noc_async_read_one_packet_with_state(static_cast<uint32_t>(b_tile), get_write_ptr(cb_b));
        noc_async_read_barrier();
        invalidate_l1_cache();
        cb_push_back(cb_a, 1);
        cb_push_back(cb_b, 1);
    }
    set_l1_data_cache<false>();
}
