// Alignment helpers kernels share with tt-metal's firmware.
#pragma once

#include <stdint.h>

// `addr` rounded up to a multiple of `alignment`, which must be a power of two.
inline __attribute__((always_inline)) constexpr uint32_t align_power_of_2(uint32_t addr, uint32_t alignment) {
    return (addr + alignment - 1) & ~(alignment - 1);
}
// `addr` rounded up to a multiple of `alignment`.
inline __attribute__((always_inline)) constexpr uint32_t align(uint32_t addr, uint32_t alignment) {
    return (addr + alignment - 1) / alignment * alignment;
}
inline __attribute__((always_inline)) constexpr bool is_power_of_2(uint32_t n) { return (n & (n - 1)) == 0; }
