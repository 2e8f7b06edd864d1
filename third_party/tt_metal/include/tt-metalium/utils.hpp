// Small utilities tt-metal's headers share. As in tt-metal, this header makes std::string visible as `string`
// in the global namespace; programs rely on it.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <type_traits>

using std::string;

namespace tt::utils {

template <typename T>
void hash_combine(std::size_t& seed, const T& value) {
    seed ^= std::hash<T>{}(value) + 0x9e3779b9 + (seed << 6) + (seed >> 2);
}

template <typename E, std::enable_if_t<std::is_enum<E>::value, bool> = true>
auto underlying_type(const E& e) {
    return static_cast<std::underlying_type_t<E>>(e);
}

}  // namespace tt::utils
