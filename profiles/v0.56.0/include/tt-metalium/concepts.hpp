// Concepts shared by tt-metal's containers (tt::stl::concepts).
//   static_assert(tt::stl::concepts::always_false_v<T>, "no overload for T");  // only fails when instantiated
//
// tt-metal defines Reflectable with the third-party `reflect` library (any aggregate whose fields it can walk);
// that library is not part of this stand-in, so here Reflectable means "an aggregate", which is what it checks
// for the types programs pass.
#pragma once

#include <type_traits>

namespace tt::stl::concepts {

template <typename... T>
inline constexpr bool always_false_v = false;

template <typename T>
concept Reflectable = std::is_aggregate_v<std::decay_t<T>>;

}  // namespace tt::stl::concepts
