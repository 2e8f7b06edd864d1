// ttsl::Span is std::span since tt-metal v0.62: Span<const uint32_t> in an exported signature mangles as
// std::span<unsigned int const, 18446744073709551615ul>. tt::stl is kept as a deprecated alias of ttsl.
//   void SetRuntimeArgs(..., ttsl::Span<const uint32_t> args);   SetRuntimeArgs(..., vec);
#pragma once

#include <cstddef>
#include <iterator>
#include <span>
#include <type_traits>

namespace ttsl {

template <typename T, std::size_t Extent = std::dynamic_extent>
using Span = std::span<T, Extent>;

// A read-only or writable view over a container's elements.
template <class Container>
auto make_const_span(const Container& c) {
    using T = std::remove_reference_t<decltype(*std::begin(std::declval<Container&>()))>;
    return Span<const T>(c.data(), c.size());
}
template <class Container>
auto make_span(Container& c) {
    using T = std::remove_reference_t<decltype(*std::begin(std::declval<Container&>()))>;
    return Span<T>(c.data(), c.size());
}
template <class T>
auto as_bytes(Span<T> s) noexcept {
    return Span<const std::byte>(reinterpret_cast<const std::byte*>(s.data()), s.size_bytes());
}
template <class T>
auto as_writable_bytes(Span<T> s) noexcept {
    return Span<std::byte>(reinterpret_cast<std::byte*>(s.data()), s.size_bytes());
}

}  // namespace ttsl

namespace tt {
namespace [[deprecated("Use ttsl namespace instead")]] stl {
using namespace ::ttsl;
}  // namespace stl
}  // namespace tt
