// Rounds an address up to a power-of-two alignment; an address of 0 stays 0.
#pragma once

#include <cstdint>

namespace tt {
inline constexpr std::uint32_t align(std::uint32_t addr, std::uint32_t alignment) {
    return ((addr - 1) | (alignment - 1)) + 1;
}
}  // namespace tt
