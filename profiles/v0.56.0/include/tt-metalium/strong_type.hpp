// tt::stl::StrongType<T, Tag>: a T that is a type of its own per Tag (SubDeviceId, MeshTraceId, …). One member,
// trivially copyable; mangles as tt::stl::StrongType<T, Tag> in exported signatures.
#pragma once

#include <compare>
#include <cstddef>
#include <functional>
#include <ostream>
#include <tuple>
#include <utility>

namespace tt::stl {

template <typename T, typename Tag>
class StrongType {
public:
    using value_type = T;
    constexpr StrongType() = default;
    constexpr explicit StrongType(T v) noexcept : value_(std::move(v)) {}
    constexpr const T& operator*() const noexcept { return value_; }
    constexpr T& operator*() noexcept { return value_; }
    constexpr auto operator<=>(const StrongType&) const = default;
    static constexpr auto attribute_names = std::forward_as_tuple("value");
    auto attribute_values() const { return std::forward_as_tuple(value_); }

private:
    T value_{};
};

}  // namespace tt::stl

template <typename T, typename Tag>
std::ostream& operator<<(std::ostream& os, const tt::stl::StrongType<T, Tag>& v) {
    return os << *v;
}

template <typename T, typename Tag>
struct std::hash<tt::stl::StrongType<T, Tag>> {
    std::size_t operator()(const tt::stl::StrongType<T, Tag>& v) const noexcept { return std::hash<T>{}(*v); }
};
