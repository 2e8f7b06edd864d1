// Shape, ShapeBase and Shape2D (v0.67.0): the members every profile shares, plus this release's own — iterators,
// the out-of-range report behind the inline indexing, size_t strides, flat indices and JSON.
#include <algorithm>
#include <ostream>

#include <nlohmann/json.hpp>
#include <tt-metalium/shape.hpp>
#include <tt-metalium/shape2d.hpp>

#include "emu/core/errors.h"

namespace tt::tt_metal {

namespace ttemu_stl = ::ttsl;
#include "emu/shared/api/shape.inc"

namespace detail {
void normalized_index_out_of_range(std::int32_t index, std::int32_t full_size, std::int32_t orig_size) {
    ttemu::Throw("ShapeBase[] index out of range. ", index, " not in [", -full_size, ", ", orig_size, ")");
}
}  // namespace detail

ShapeBase::Container::const_iterator ShapeBase::begin() const { return cbegin(); }
ShapeBase::Container::const_iterator ShapeBase::end() const { return cend(); }

std::uint32_t Shape::get_normalized_index(std::int64_t index) const {
    const auto r = static_cast<std::int64_t>(rank());
    const std::int64_t i = index < 0 ? r + index : index;
    if (i < 0 || i >= r) ttemu::Throw("Index is out of bounds for the rank, should be between ", -r, " and ", r - 1,
                                      " however is ", index);
    return static_cast<std::uint32_t>(i);
}

ttsl::SmallVector<std::size_t> compute_strides(const Shape& shape) { return RowMajorStrides<std::size_t>(shape); }

std::size_t compute_flat_indices(ttsl::Span<const std::uint32_t> indices, ttsl::Span<const std::size_t> strides) {
    std::size_t flat = 0;
    const std::size_t n = std::min(indices.size(), strides.size());
    for (std::size_t i = 0; i < n; i++) flat += indices[i] * strides[i];
    return flat;
}

}  // namespace tt::tt_metal

nlohmann::json ttsl::json::to_json_t<tt::tt_metal::Shape>::operator()(const tt::tt_metal::Shape& shape) const {
    return nlohmann::json(std::vector<std::uint32_t>(shape.cbegin(), shape.cend()));
}
tt::tt_metal::Shape ttsl::json::from_json_t<tt::tt_metal::Shape>::operator()(const nlohmann::json& json) const {
    const auto dims = json.get<std::vector<std::uint32_t>>();
    return tt::tt_metal::Shape(ttsl::SmallVector<std::uint32_t>(dims.begin(), dims.end()));
}
