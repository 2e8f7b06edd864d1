// tt::stl::overloaded: one visitor out of several lambdas, for std::visit over the API's variants.
//   std::visit(tt::stl::overloaded{[](const CoreCoord&) {...}, [](const CoreRange&) {...}}, spec);
// A non-copyable function object passed by lvalue is held by reference.
#pragma once

#include <functional>
#include <type_traits>

namespace tt::stl {

namespace detail {
template <typename T>
struct overloaded_holder {
    using type = std::remove_cvref_t<T>;
};
template <typename T>
    requires(!std::is_copy_constructible_v<T>)
struct overloaded_holder<T&> {
    using type = std::reference_wrapper<T>;
};
}  // namespace detail

template <typename... Ts>
struct overloaded : detail::overloaded_holder<Ts>::type... {
    using detail::overloaded_holder<Ts>::type::operator()...;
};

template <typename... Ts>
overloaded(Ts&&...) -> overloaded<Ts...>;

}  // namespace tt::stl
