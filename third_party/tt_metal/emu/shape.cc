// Shape: a tensor's dimensions (rank, volume, rank changes, strides).
#include <ostream>

#include <tt-metalium/shape.hpp>

#include "third_party/tt_metal/core/errors.h"

namespace tt::tt_metal {

bool Shape::operator==(const Shape& other) const { return ShapeBase::operator==(other); }
// As tt-metal's: against the stored dimensions, leading 1s included (Shape({2, 3}) != SmallVector{2, 3}).
bool Shape::operator==(const ShapeBase::Container& other) const { return value_ == other; }

std::size_t Shape::rank() const { return size(); }

std::uint64_t Shape::volume() const {
    std::uint64_t v = 1;
    for (auto it = cbegin(); it != cend(); ++it) v *= *it;
    return v;
}

const std::uint32_t Shape::get_normalized_index(std::int64_t index) const {
    const auto r = static_cast<std::int64_t>(rank());
    const std::int64_t i = index < 0 ? r + index : index;
    if (i < 0 || i >= r) ttemu::Throw("Shape: index ", index, " is out of bounds for rank ", r);
    return static_cast<std::uint32_t>(i);
}

std::array<std::uint32_t, 4> Shape::to_array_4D() const {
    if (rank() != 4) ttemu::Throw("Shape::to_array_4D: ", *this, " has rank ", rank(), ", not 4");
    return {(*this)[0], (*this)[1], (*this)[2], (*this)[3]};
}

Shape Shape::to_rank(std::size_t new_rank) const {
    tt::stl::SmallVector<std::uint32_t> out(new_rank, 1);
    const std::size_t r = rank();
    const std::size_t kept = std::min(r, new_rank);
    for (std::size_t k = 1; k <= kept; k++) out[new_rank - k] = (*this)[static_cast<std::int32_t>(r - k)];
    for (std::size_t d = 0; d + kept < r; d++)
        if ((*this)[static_cast<std::int32_t>(d)] != 1)
            ttemu::Throw("Shape::to_rank: cannot drop dimension ", d, " of ", *this, " (not 1)");
    return Shape(std::move(out));
}

std::ostream& operator<<(std::ostream& os, const Shape& shape) {
    os << "Shape([";
    for (std::size_t d = 0; d < shape.rank(); d++) os << (d ? ", " : "") << shape[static_cast<std::int32_t>(d)];
    return os << "])";
}

tt::stl::SmallVector<std::uint32_t> compute_strides(const Shape& shape) {
    const std::size_t r = shape.rank();
    tt::stl::SmallVector<std::uint32_t> strides(r, 0);
    if (shape.volume() == 0) return strides;
    std::uint64_t stride = 1;
    for (std::size_t k = r; k-- > 0;) {
        strides[k] = static_cast<std::uint32_t>(stride);
        stride *= shape[static_cast<std::int32_t>(k)];
    }
    return strides;
}

}  // namespace tt::tt_metal
