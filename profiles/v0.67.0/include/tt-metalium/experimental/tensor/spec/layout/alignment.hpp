// tt::tt_metal::Alignment: what each of a tensor's innermost dimensions is padded to a multiple of (the last value
// for the innermost one), as a ShapeBase with read-only access.
//   Alignment a({32, 32});  a[-1] == 32;  a == std::array<uint32_t, 2>{32, 32}
#pragma once

#include <algorithm>
#include <array>
#include <ostream>
#include <tuple>

#include <tt-metalium/shape_base.hpp>
#include <tt_stl/small_vector.hpp>

namespace tt::tt_metal {

class Alignment final : protected ShapeBase {
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
    bool operator==(const Alignment& other) const;
    bool operator==(const ttsl::SmallVector<std::uint32_t>& other) const;

    static constexpr auto attribute_names = std::forward_as_tuple("value");
    auto attribute_values() const { return std::forward_as_tuple(this->value_); }

    friend std::ostream& operator<<(std::ostream& os, const Alignment& alignment);  // "Alignment([32, 32])"
};

std::ostream& operator<<(std::ostream& os, const tt::tt_metal::Alignment& alignment);

}  // namespace tt::tt_metal
