// A small header with magic_enum's public API (enum_name, enum_cast, enum_values, enum_count, enum_entries, …),
// written for this project so programs written against a real tt-metal install, which ships magic_enum, compile
// here unchanged. Enumerator names are read at compile time from the compiler's spelling of a template argument
// (__PRETTY_FUNCTION__), for values in [MAGIC_ENUM_RANGE_MIN, MAGIC_ENUM_RANGE_MAX] as magic_enum does.
//   for (auto op : magic_enum::enum_values<Op>()) std::cout << magic_enum::enum_name(op) << "\n";
#pragma once

#include <array>
#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

#ifndef MAGIC_ENUM_RANGE_MIN
#define MAGIC_ENUM_RANGE_MIN -128
#endif
#ifndef MAGIC_ENUM_RANGE_MAX
#define MAGIC_ENUM_RANGE_MAX 127
#endif

namespace magic_enum {

template <typename E>
using underlying_type_t = std::underlying_type_t<E>;

namespace detail {

template <typename E>
concept Enum = std::is_enum_v<E>;

// The enumerator's unqualified name, or "" when V names no enumerator (the compiler then spells a cast).
constexpr std::string_view name_from_signature(std::string_view sig) {
    const auto at = sig.find("V = ");
    if (at == std::string_view::npos) return {};
    sig.remove_prefix(at + 4);
    const auto end = sig.find_first_of(";],");
    if (end != std::string_view::npos) sig = sig.substr(0, end);
    if (sig.empty() || sig.front() == '(' || (sig.front() >= '0' && sig.front() <= '9') || sig.front() == '-') return {};
    const auto colon = sig.rfind("::");
    if (colon != std::string_view::npos) sig.remove_prefix(colon + 2);
    return sig;
}

template <typename E, E V>
constexpr std::string_view value_name() {
    return name_from_signature(__PRETTY_FUNCTION__);
}

template <typename E>
constexpr std::string_view type_name_from_signature(std::string_view sig) {
    const auto at = sig.find("E = ");
    if (at == std::string_view::npos) return {};
    sig.remove_prefix(at + 4);
    const auto end = sig.find_first_of(";],");
    if (end != std::string_view::npos) sig = sig.substr(0, end);
    const auto colon = sig.rfind("::");
    if (colon != std::string_view::npos) sig.remove_prefix(colon + 2);
    return sig;
}

template <typename E>
constexpr std::string_view type_name() {
    return type_name_from_signature<E>(__PRETTY_FUNCTION__);
}

template <typename E>
constexpr long long range_min() {
    using U = underlying_type_t<E>;
    return std::is_signed_v<U> ? MAGIC_ENUM_RANGE_MIN : (MAGIC_ENUM_RANGE_MIN < 0 ? 0 : MAGIC_ENUM_RANGE_MIN);
}

template <typename E>
constexpr std::size_t range_size() {
    return static_cast<std::size_t>(MAGIC_ENUM_RANGE_MAX - range_min<E>() + 1);
}

template <typename E, std::size_t... I>
constexpr auto names_in_range(std::index_sequence<I...>) {
    return std::array<std::string_view, sizeof...(I)>{
        value_name<E, static_cast<E>(range_min<E>() + static_cast<long long>(I))>()...};
}

template <typename E>
inline constexpr auto kRangeNames = names_in_range<E>(std::make_index_sequence<range_size<E>()>{});

template <typename E>
constexpr std::size_t count_valid() {
    std::size_t n = 0;
    for (auto name : kRangeNames<E>) n += !name.empty();
    return n;
}

template <typename E>
inline constexpr std::size_t kCount = count_valid<E>();

template <typename E>
constexpr auto make_entries() {
    std::array<std::pair<E, std::string_view>, kCount<E>> out{};
    std::size_t n = 0;
    for (std::size_t i = 0; i < kRangeNames<E>.size(); i++)
        if (!kRangeNames<E>[i].empty())
            out[n++] = {static_cast<E>(range_min<E>() + static_cast<long long>(i)), kRangeNames<E>[i]};
    return out;
}

template <typename E>
inline constexpr auto kEntries = make_entries<E>();

}  // namespace detail

// Number of named values of E within the range.
template <detail::Enum E>
constexpr std::size_t enum_count() noexcept {
    return detail::kCount<E>;
}

// Named values in ascending order, each with its name.
template <detail::Enum E>
constexpr const auto& enum_entries() noexcept {
    return detail::kEntries<E>;
}

template <detail::Enum E>
constexpr auto enum_values() noexcept {
    std::array<E, detail::kCount<E>> out{};
    for (std::size_t i = 0; i < out.size(); i++) out[i] = detail::kEntries<E>[i].first;
    return out;
}

template <detail::Enum E>
constexpr auto enum_names() noexcept {
    std::array<std::string_view, detail::kCount<E>> out{};
    for (std::size_t i = 0; i < out.size(); i++) out[i] = detail::kEntries<E>[i].second;
    return out;
}

template <detail::Enum E>
constexpr underlying_type_t<E> enum_integer(E value) noexcept {
    return static_cast<underlying_type_t<E>>(value);
}

template <detail::Enum E>
constexpr std::optional<std::size_t> enum_index(E value) noexcept {
    for (std::size_t i = 0; i < detail::kCount<E>; i++)
        if (detail::kEntries<E>[i].first == value) return i;
    return std::nullopt;
}

// The enumerator's name; empty when the value has none within the range.
template <detail::Enum E>
constexpr std::string_view enum_name(E value) noexcept {
    const auto index = enum_index(value);
    return index ? detail::kEntries<E>[*index].second : std::string_view{};
}

template <auto V>
    requires detail::Enum<decltype(V)>
constexpr std::string_view enum_name() noexcept {
    return detail::value_name<decltype(V), V>();
}

template <detail::Enum E>
constexpr std::string_view enum_type_name() noexcept {
    return detail::type_name<E>();
}

template <detail::Enum E>
constexpr std::optional<E> enum_cast(std::string_view name) noexcept {
    for (const auto& [value, value_name] : detail::kEntries<E>)
        if (value_name == name) return value;
    return std::nullopt;
}

template <detail::Enum E, typename BinaryPredicate>
constexpr std::optional<E> enum_cast(std::string_view name, BinaryPredicate equal) noexcept {
    for (const auto& [value, value_name] : detail::kEntries<E>) {
        if (value_name.size() != name.size()) continue;
        bool same = true;
        for (std::size_t i = 0; i < name.size() && same; i++) same = equal(value_name[i], name[i]);
        if (same) return value;
    }
    return std::nullopt;
}

template <detail::Enum E>
constexpr std::optional<E> enum_cast(underlying_type_t<E> integer) noexcept {
    const auto value = static_cast<E>(integer);
    return enum_index(value) ? std::optional<E>(value) : std::nullopt;
}

template <detail::Enum E>
constexpr bool enum_contains(E value) noexcept {
    return enum_index(value).has_value();
}

template <detail::Enum E>
constexpr bool enum_contains(std::string_view name) noexcept {
    return enum_cast<E>(name).has_value();
}

template <detail::Enum E>
constexpr E enum_value(std::size_t index) noexcept {
    return detail::kEntries<E>[index].first;
}

namespace ostream_operators {
template <typename Char, typename Traits, detail::Enum E>
std::basic_ostream<Char, Traits>& operator<<(std::basic_ostream<Char, Traits>& os, E value) {
    const auto name = enum_name(value);
    if (!name.empty()) {
        for (char c : name) os.put(os.widen(c));
        return os;
    }
    return os << static_cast<long long>(enum_integer(value));
}
}  // namespace ostream_operators

}  // namespace magic_enum
