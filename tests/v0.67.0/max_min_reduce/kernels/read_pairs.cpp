// Fills circular buffer 2 with one scaler tile of bfloat16 1.0, then pushes tile i of A and tile i of B together into
// circular buffer 0 (two pages) for each of runtime arg 2 pairs.
#include <cstdint>

void kernel_main() {
    const uint32_t a_addr = get_arg_val<uint32_t>(0);
    const uint32_t b_addr = get_arg_val<uint32_t>(1);
    const uint32_t pairs = get_arg_val<uint32_t>(2);
    constexpr uint32_t cb_in = 0, cb_scaler = 2;
    const uint32_t tile_bytes = get_tile_size(cb_in);
    constexpr auto a_args = TensorAccessorArgs<0>();
    constexpr auto b_args = TensorAccessorArgs<a_args.next_compile_time_args_offset()>();
    const auto a = TensorAccessor(a_args, a_addr, tile_bytes);
    const auto b = TensorAccessor(b_args, b_addr, tile_bytes);
    cb_reserve_back(cb_scaler, 1);
    volatile uint16_t* scaler = reinterpret_cast<volatile uint16_t*>(get_write_ptr(cb_scaler));
    for (uint32_t i = 0; i < 32 * 32; i++) scaler[i] = 0x3f80;
    cb_push_back(cb_scaler, 1);
    for (uint32_t i = 0; i < pairs; i++) {
        cb_reserve_back(cb_in, 2);
        noc_async_read_tile(i, a, get_write_ptr(cb_in));
        noc_async_read_tile(i, b, get_write_ptr(cb_in) + tile_bytes);
        noc_async_read_barrier();
        cb_push_back(cb_in, 2);
    }
}
