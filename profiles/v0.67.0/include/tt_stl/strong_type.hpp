// ttsl::StrongType<T, Tag>: a T that is a type of its own per Tag (SubDeviceId, MeshTraceId, …). One member,
// trivially copyable; mangles as ttsl::StrongType<T, Tag> in exported signatures.
//   using MeshTraceId = ttsl::StrongType<uint32_t, struct MeshTraceIdTag>;  MeshTraceId id{3};  *id == 3
#pragma once

#include <compare>
#include <concepts>
#include <cstddef>
#include <functional>
#include <ostream>
#include <tuple>
#include <utility>

namespace ttsl {

template <typename T, typename Tag>
class StrongType {
public:
    using value_type = T;
    using tag_type = Tag;

    constexpr StrongType() noexcept
        requires std::default_initializable<T>
        : value_(T{}) {}
    constexpr explicit StrongType(T v) noexcept : value_(std::move(v)) {}
    constexpr const T& operator*() const { return value_; }
    constexpr const T& get() const { return value_; }
    constexpr auto operator<=>(const StrongType&) const = default;

    static constexpr auto attribute_names = std::forward_as_tuple("value");
    constexpr auto attribute_values() const { return std::forward_as_tuple(value_); }

private:
    T value_;
};

}  // namespace ttsl

template <typename T, typename Tag>
std::ostream& operator<<(std::ostream& os, const ttsl::StrongType<T, Tag>& v) {
    return os << *v;
}

template <typename T, typename Tag>
struct std::hash<ttsl::StrongType<T, Tag>> {
    std::size_t operator()(const ttsl::StrongType<T, Tag>& v) const noexcept { return std::hash<T>{}(*v); }
};

namespace tt {
namespace [[deprecated("Use ttsl namespace instead")]] stl {
using namespace ::ttsl;
}  // namespace stl
}  // namespace tt
