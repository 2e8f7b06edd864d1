// ttsl::overloaded: one visitor made of several lambdas (std::visit over the API's variants). A non-copyable
// function object passed as an lvalue is held by reference.
//   std::visit(ttsl::overloaded{[](const CoreCoord&) {...}, [](const CoreRange&) {...}}, spec);
#pragma once

#include <functional>
#include <type_traits>

namespace ttsl {

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

}  // namespace ttsl

namespace tt {
namespace [[deprecated("Use ttsl namespace instead")]] stl {
using namespace ::ttsl;
}  // namespace stl
}  // namespace tt
