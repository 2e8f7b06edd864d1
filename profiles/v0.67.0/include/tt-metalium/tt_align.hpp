// tt::align: rounds an address up to a multiple of a power-of-two alignment.
#pragma once

#include <cstdint>
#include <type_traits>

namespace tt {
template <typename T1, typename T2>
constexpr std::common_type_t<T1, T2> align(T1 addr, T2 alignment) {
    static_assert(std::is_integral_v<T1> && std::is_integral_v<T2>, "align() takes integers");
    using T = std::common_type_t<T1, T2>;
    return ((static_cast<T>(addr) - 1) | (static_cast<T>(alignment) - 1)) + 1;
}
}  // namespace tt
