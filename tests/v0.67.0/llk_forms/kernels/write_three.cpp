// Writes the tiles of circular buffers 16, 17 and 18 to three interleaved DRAM buffers (runtime args 0-2), tile i
// of each at page i, for each of runtime arg 3's tiles; then the sum of its own compile-time arguments — taken as
// the std::array v0.67.0 makes kernel_compile_time_args — as the first word of the buffer at runtime arg 4, through
// circular buffer 24.
#include <array>
#include <cstdint>

template <size_t N>
constexpr uint32_t SumOf(const std::array<uint32_t, N>& values) {
    uint32_t sum = 0;
    for (size_t i = 0; i < N; i++) sum += values[i];
    return sum;
}

void kernel_main() {
    const uint32_t num_tiles = get_arg_val<uint32_t>(3);
    const uint32_t tile_bytes = get_tile_size(16);
    constexpr auto sum_args = TensorAccessorArgs<0>();
    constexpr auto copy_args = TensorAccessorArgs<sum_args.next_compile_time_args_offset()>();
    constexpr auto matmul_args = TensorAccessorArgs<copy_args.next_compile_time_args_offset()>();
    constexpr auto words_args = TensorAccessorArgs<matmul_args.next_compile_time_args_offset()>();
    const auto sum = TensorAccessor(sum_args, get_arg_val<uint32_t>(0), tile_bytes);
    const auto copy = TensorAccessor(copy_args, get_arg_val<uint32_t>(1), tile_bytes);
    const auto matmul = TensorAccessor(matmul_args, get_arg_val<uint32_t>(2), tile_bytes);
    for (uint32_t i = 0; i < num_tiles; i++) {
        cb_wait_front(16, 1);
        noc_async_write_tile(i, sum, get_read_ptr(16));
        cb_wait_front(17, 1);
        noc_async_write_tile(i, copy, get_read_ptr(17));
        cb_wait_front(18, 1);
        noc_async_write_tile(i, matmul, get_read_ptr(18));
        noc_async_write_barrier();
        cb_pop_front(16, 1);
        cb_pop_front(17, 1);
        cb_pop_front(18, 1);
    }
    constexpr uint32_t total = SumOf(kernel_compile_time_args);
    static_assert(kernel_compile_time_args.size() == words_args.next_compile_time_args_offset());
    cb_reserve_back(24, 1);
    *reinterpret_cast<volatile uint32_t*>(get_write_ptr(24)) = total;
    const auto words = TensorAccessor(words_args, get_arg_val<uint32_t>(4), 1024);
    noc_async_write_page(0, words, get_write_ptr(24));
    noc_async_write_barrier();
}
