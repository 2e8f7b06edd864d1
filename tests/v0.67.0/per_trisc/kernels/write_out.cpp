// Writes every tile of circular buffer 16 to an interleaved DRAM buffer (runtime arg 0), tile i at page i, for each
// of runtime arg 1's tiles.
#include <cstdint>

void kernel_main() {
    const uint32_t num_tiles = get_arg_val<uint32_t>(1);
    const uint32_t tile_bytes = get_tile_size(16);
    constexpr auto out_args = TensorAccessorArgs<0>();
    const auto out = TensorAccessor(out_args, get_arg_val<uint32_t>(0), tile_bytes);
    for (uint32_t i = 0; i < num_tiles; i++) {
        cb_wait_front(16, 1);
        noc_async_write_tile(i, out, get_read_ptr(16));
        noc_async_write_barrier();
        cb_pop_front(16, 1);
    }
}
