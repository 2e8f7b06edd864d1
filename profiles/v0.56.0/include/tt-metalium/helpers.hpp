// Size literals and rounding for host code: 64_KB, 1_MB, 2_GB (as uint32_t) and round_size(size, alignment).
//   uint32_t l1 = 1_MB + 512_KB;  uint32_t padded = round_size(100, 32);  // 128
#pragma once

#include <cstdint>

namespace tt::tt_metal {

constexpr std::uint32_t operator""_KB(unsigned long long v) { return static_cast<std::uint32_t>(v * 1024); }
constexpr std::uint32_t operator""_MB(unsigned long long v) { return static_cast<std::uint32_t>(v * 1024 * 1024); }
constexpr std::uint32_t operator""_GB(unsigned long long v) {
    return static_cast<std::uint32_t>(v * 1024 * 1024 * 1024);
}

// The smallest multiple of alignment that holds sz bytes.
inline std::uint32_t round_size(std::uint32_t sz, std::uint32_t alignment) {
    return (sz + alignment - 1) / alignment * alignment;
}

}  // namespace tt::tt_metal
