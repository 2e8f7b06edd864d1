// Mesh coordinates (v0.56.0): MeshShape, MeshCoordinate, MeshCoordinateRange (row-major iteration over an
// inclusive box), MeshCoordinateRangeSet and subtract() — the members every profile shares, plus this release's own
// (free is_line_topology and to_linear_index, size_t indexing, ranges that never wrap).
#include <algorithm>
#include <ostream>

#include <tt-metalium/mesh_coord.hpp>

#include "emu/core/errors.h"

namespace tt::tt_metal::distributed {

namespace ttemu_stl = ::tt::stl;
constexpr bool kShapeNeedsDims = false;  // v0.56.0 makes a shape of no dimension
#include "emu/shared/api/mesh_coord.inc"

bool is_line_topology(const MeshShape& shape) { return LineTopology(shape); }

std::uint32_t MeshCoordinate::operator[](std::size_t dim) const {
    if (dim >= value_.size()) ttemu::Throw("MeshCoordinate: dimension ", dim, " of a ", value_.size(), "-D coordinate");
    return value_[dim];
}

std::size_t to_linear_index(const MeshShape& shape, const MeshCoordinate& coord) { return LinearIndex(shape, coord); }

MeshCoordinateRange::MeshCoordinateRange(const MeshCoordinate& start, const MeshCoordinate& end)
    : start_(start), end_(end) {
    SameDims(start, end, "MeshCoordinateRange");
    for (std::size_t d = 0; d < start.dims(); d++)
        if (start[d] > end[d]) ttemu::Throw("Start coordinate ", start, " is after end coordinate ", end);
}
MeshCoordinateRange::MeshCoordinateRange(const MeshShape& shape)
    : start_(MeshCoordinate::zero_coordinate(shape.dims())),
      end_(shape.mesh_size() ? LastOf(shape) : MeshCoordinate::zero_coordinate(shape.dims())) {}

bool MeshCoordinateRange::contains(const MeshCoordinate& coord) const {
    SameDims(start_, coord, "MeshCoordinateRange::contains");
    for (std::size_t d = 0; d < coord.dims(); d++)
        if (coord[d] < start_[d] || coord[d] > end_[d]) return false;
    return true;
}
bool MeshCoordinateRange::contains(const MeshCoordinateRange& range) const {
    return contains(range.start_) && contains(range.end_);
}
bool MeshCoordinateRange::intersects(const MeshCoordinateRange& range) const {
    return intersection(range).has_value();
}
std::optional<MeshCoordinateRange> MeshCoordinateRange::intersection(const MeshCoordinateRange& range) const {
    const auto box = BoxIntersection(start_, end_, range.start_, range.end_);
    if (!box) return std::nullopt;
    return MeshCoordinateRange(box->first, box->second);
}

MeshCoordinateRange::Iterator::Iterator(const MeshCoordinateRange* range, const MeshCoordinate& current_coord,
                                        std::size_t linear_index)
    : range_(range), current_coord_(current_coord), linear_index_(linear_index) {}
MeshCoordinateRange::Iterator& MeshCoordinateRange::Iterator::operator++() {
    ++linear_index_;
    tt::stl::SmallVector<std::uint32_t> next(current_coord_.coords().begin(), current_coord_.coords().end());
    for (std::size_t d = next.size(); d-- > 0;) {  // the last dimension moves fastest
        if (next[d] < range_->end_[d]) {
            ++next[d];
            break;
        }
        next[d] = range_->start_[d];
    }
    current_coord_ = CoordinateOf(next);
    return *this;
}
const MeshCoordinate& MeshCoordinateRange::Iterator::operator*() const { return current_coord_; }
bool MeshCoordinateRange::Iterator::operator==(const Iterator& other) const {
    return range_ == other.range_ && linear_index_ == other.linear_index_;
}
bool MeshCoordinateRange::Iterator::operator!=(const Iterator& other) const { return !(*this == other); }
MeshCoordinateRange::Iterator MeshCoordinateRange::begin() const { return Iterator(this, start_, 0); }
MeshCoordinateRange::Iterator MeshCoordinateRange::end() const {
    std::size_t count = 1;
    for (std::size_t d = 0; d < dims(); d++) count *= end_[d] - start_[d] + 1;
    return Iterator(this, start_, count);  // one full turn past the end lands on start again
}
bool operator==(const MeshCoordinateRange& lhs, const MeshCoordinateRange& rhs) {
    return lhs.start_ == rhs.start_ && lhs.end_ == rhs.end_;
}

// v0.56.0's merge: the range absorbs, one after another, every range it lines up with (LineUp), and goes last.
void MeshCoordinateRangeSet::merge(const MeshCoordinateRange& range) {
    CheckMergeDims(ranges_, range);
    MeshCoordinateRange merged = range;
    for (bool absorbed = true; absorbed;) {
        absorbed = false;
        for (auto it = ranges_.begin(); it != ranges_.end(); ++it) {
            if (!LineUp(merged, *it)) continue;
            merged = Hull(merged, *it);
            ranges_.erase(it);
            absorbed = true;
            break;
        }
    }
    ranges_.push_back(merged);
}

}  // namespace tt::tt_metal::distributed
