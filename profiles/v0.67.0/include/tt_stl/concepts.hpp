// ttsl::concepts: always_false_v for static_asserts in templates, and Reflectable (tt-metal checks it with the
// third-party `reflect` library; this stand-in has none, so it means "an aggregate", which is what it tests for
// the types programs pass).
#pragma once

#include <type_traits>

namespace ttsl::concepts {

template <typename... T>
inline constexpr bool always_false_v = false;

template <typename T>
concept Reflectable = std::is_aggregate_v<std::decay_t<T>>;

}  // namespace ttsl::concepts

namespace tt {
namespace [[deprecated("Use ttsl namespace instead")]] stl {
using namespace ::ttsl;
}  // namespace stl
}  // namespace tt
