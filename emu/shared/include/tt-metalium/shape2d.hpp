// tt::tt_metal::Shape2D: height × width, as MeshBuffer's sharded configurations give shapes; the same in every release
// ltcap speaks, so one header serves all profiles. Exported members.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <tuple>
#include <utility>

namespace tt::tt_metal {

class Shape2D final {
public:
    Shape2D(std::size_t height, std::size_t width);
    Shape2D(const std::pair<std::size_t, std::size_t>& size);
    Shape2D(const std::array<std::size_t, 2>& size);
    Shape2D(const std::array<std::uint32_t, 2>& size);

    operator std::pair<std::size_t, std::size_t>() const;
    operator std::array<std::size_t, 2>() const;
    operator std::array<std::uint32_t, 2>() const;

    Shape2D operator*(std::size_t scalar) const;
    bool operator==(const Shape2D& rhs) const;

    [[nodiscard]] std::size_t height() const;
    [[nodiscard]] std::size_t width() const;

    static constexpr auto attribute_names = std::forward_as_tuple("height", "width");
    auto attribute_values() const { return std::forward_as_tuple(height_, width_); }

    template <std::size_t I>
    std::size_t get() const {
        static_assert(I < 2, "Shape2D has two dimensions");
        if constexpr (I == 0) return height_;
        else return width_;
    }

private:
    std::size_t height_ = 0;
    std::size_t width_ = 0;
};

std::ostream& operator<<(std::ostream& os, const Shape2D& size);

}  // namespace tt::tt_metal

template <>
struct std::tuple_size<tt::tt_metal::Shape2D> : std::integral_constant<std::size_t, 2> {};
template <std::size_t I>
struct std::tuple_element<I, tt::tt_metal::Shape2D> {
    using type = std::size_t;
};
