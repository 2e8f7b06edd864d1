// Shape, ShapeBase and Shape2D (v0.56.0): the members every profile shares, plus this release's own: ShapeBase's
// out-of-line indexing, Shape::get_normalized_index returning const, uint32 strides.
#include <algorithm>
#include <ostream>

#include <tt-metalium/shape.hpp>
#include <tt-metalium/shape2d.hpp>

#include "emu/core/errors.h"

namespace tt::tt_metal {

namespace ttemu_stl = ::tt::stl;
#include "emu/shared/api/shape.inc"

std::uint32_t ShapeBase::operator[](std::int32_t index) const { return const_cast<ShapeBase&>(*this)[index]; }
std::uint32_t& ShapeBase::operator[](std::int32_t index) {
    const auto full = static_cast<std::int64_t>(value_.size()), given = static_cast<std::int64_t>(original_size_);
    const std::int64_t at = index < 0 ? full + index : index + (full - given);
    if (at < 0 || at >= full)
        ttemu::Throw("ShapeBase[] index out of range. ", index, " not in [", -full, ", ", given, ")");
    return value_[static_cast<std::size_t>(at)];
}

const std::uint32_t Shape::get_normalized_index(std::int64_t index) const {
    const auto r = static_cast<std::int64_t>(rank());
    const std::int64_t i = index < 0 ? r + index : index;
    if (i < 0 || i >= r) ttemu::Throw("Shape: index ", index, " is out of bounds for rank ", r);
    return static_cast<std::uint32_t>(i);
}

tt::stl::SmallVector<std::uint32_t> compute_strides(const Shape& shape) { return RowMajorStrides<std::uint32_t>(shape); }

}  // namespace tt::tt_metal
