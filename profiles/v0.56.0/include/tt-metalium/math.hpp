// Integer rounding helpers (tt::div_up, round_up, round_down, positive_pow_of_2).
//   std::uint32_t tiles = tt::div_up(bytes, tile_bytes);
#pragma once

#include <math.h>

#include <cstdint>

#include <tt-metalium/assert.hpp>

namespace tt {

inline std::uint32_t div_up(std::uint32_t a, std::uint32_t b) {
    TT_FATAL(b > 0, "Divide by 0 error");
    return static_cast<std::uint32_t>((std::uint64_t(a) + b - 1) / b);
}
inline std::uint32_t round_up(std::uint32_t a, std::uint32_t b) { return b * div_up(a, b); }
inline constexpr std::uint32_t round_down(std::uint32_t a, std::uint32_t b) { return a / b * b; }
inline std::uint32_t positive_pow_of_2(std::uint32_t exponent) {
    TT_FATAL(exponent < 32, "Exponent {} out of bounds.", exponent);
    return std::uint32_t(1) << exponent;
}

}  // namespace tt
