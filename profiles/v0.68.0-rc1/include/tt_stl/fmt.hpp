// ttsl's fmt formatters (tt-metal v0.68.0-rc1, new in this release): what a program includes to pass enumerations and
// the standard containers to fmt::format / fmt::print without the whole reflection header set.
//   fmt::print("{} {}\n", std::vector<int>{1, 2}, tt::tt_metal::BufferType::DRAM);
// The stand-in prints them as reflection.hpp's stream operators do, so both headers may be
// included together: the enumeration and attribute formatters are reflection.hpp's, the container ones are here.
#pragma once

#include <fmt/format.h>

#include <array>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include <tt_stl/reflection.hpp>

namespace ttsl::detail {
// Formats a value through reflection's stream operators.
struct StreamedFormatter {
    constexpr auto parse(fmt::format_parse_context& ctx) { return ctx.begin(); }
    template <typename T>
    auto format(const T& value, fmt::format_context& ctx) const {
        std::ostringstream s;
        ::ttsl::reflection::operator<<(s, value);
        return fmt::format_to(ctx.out(), "{}", s.str());
    }
};
}  // namespace ttsl::detail

template <typename T>
struct fmt::formatter<std::vector<T>> : ttsl::detail::StreamedFormatter {};
template <typename T, std::size_t N>
struct fmt::formatter<std::array<T, N>> : ttsl::detail::StreamedFormatter {};
template <typename T>
struct fmt::formatter<std::optional<T>> : ttsl::detail::StreamedFormatter {};
template <typename T>
struct fmt::formatter<std::set<T>> : ttsl::detail::StreamedFormatter {};
template <typename K, typename V>
struct fmt::formatter<std::map<K, V>> : ttsl::detail::StreamedFormatter {};
template <typename K, typename V>
struct fmt::formatter<std::unordered_map<K, V>> : ttsl::detail::StreamedFormatter {};
template <typename... Ts>
struct fmt::formatter<std::variant<Ts...>> : ttsl::detail::StreamedFormatter {};
template <typename A, typename B>
struct fmt::formatter<std::pair<A, B>> : ttsl::detail::StreamedFormatter {};
template <typename... Ts>
struct fmt::formatter<std::tuple<Ts...>> : ttsl::detail::StreamedFormatter {};
