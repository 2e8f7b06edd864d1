// A tensor shape (tt::tt_metal::Shape): the dimensions, outermost first, indexable from the end with negative
// indices. Members not defined here are exported by libtt_metal.so.
//   Shape s({2, 3, 32, 32});  s.rank() == 4;  s.volume() == 6144;  s[-1] == 32;  s.to_rank(2) throws (2*3 != 1)
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <iosfwd>
#include <tuple>

#include <tt-metalium/shape_base.hpp>

namespace tt::tt_metal {

class Shape final : protected ShapeBase {
public:
    using ShapeBase::ShapeBase;
    using ShapeBase::operator[];
    using ShapeBase::cbegin;
    using ShapeBase::cend;
    using ShapeBase::empty;
    using ShapeBase::size;
    using ShapeBase::view;

    template <std::size_t N>
    bool operator==(const std::array<std::uint32_t, N>& other) const {
        return value_.size() == N && std::equal(value_.begin(), value_.end(), other.begin());
    }
    bool operator==(const Shape& other) const;
    bool operator==(const ShapeBase::Container& other) const;

    [[nodiscard]] std::size_t rank() const;
    [[nodiscard]] std::uint64_t volume() const;  // the product of the dimensions; 1 for rank 0
    // index, or rank + index if negative; throws unless it names a dimension.
    const std::uint32_t get_normalized_index(std::int64_t index) const;

    static constexpr auto attribute_names = std::forward_as_tuple("value");
    auto attribute_values() const { return std::forward_as_tuple(value_); }

    std::array<std::uint32_t, 4> to_array_4D() const;  // throws unless rank 4
    // Padded with leading 1s, or with leading dimensions dropped (they must be 1).
    Shape to_rank(std::size_t new_rank) const;

    friend std::ostream& operator<<(std::ostream& os, const Shape& shape);  // Shape([2, 3, 32, 32])
};

std::ostream& operator<<(std::ostream& os, const tt::tt_metal::Shape& shape);

// Row-major strides in elements: {2, 3, 4} -> {12, 4, 1}; all zero when the volume is zero.
tt::stl::SmallVector<std::uint32_t> compute_strides(const tt::tt_metal::Shape& shape);

}  // namespace tt::tt_metal
