// Mesh coordinates (v0.67.0): the members every profile shares, plus this release's own — signed indexing,
// member to_linear_index and is_line_topology, neighbours with a boundary mode, ranges that wrap around a shape
// (rings and tori), range shapes and ordering, coordinate lists and hashes.
#include <algorithm>
#include <ostream>

#include <tt-metalium/mesh_coord.hpp>

#include "emu/core/errors.h"

namespace tt::tt_metal::distributed {

namespace ttemu_stl = ::ttsl;
constexpr bool kShapeNeedsDims = true;  // v0.67.0 refuses a shape of no dimension
#include "emu/shared/api/mesh_coord.inc"

bool MeshShape::is_line_topology() const { return LineTopology(*this); }

namespace {
std::size_t Dim(std::int32_t dim, std::size_t dims) {
    const auto n = static_cast<std::int64_t>(dims);
    const std::int64_t d = dim < 0 ? n + dim : dim;
    if (d < 0 || d >= n) ttemu::Throw("MeshCoordinate: dimension ", dim, " of a ", dims, "-D coordinate");
    return static_cast<std::size_t>(d);
}
}  // namespace

std::uint32_t MeshCoordinate::operator[](std::int32_t dim) const { return value_[Dim(dim, value_.size())]; }
std::uint32_t& MeshCoordinate::operator[](std::int32_t dim) { return value_[Dim(dim, value_.size())]; }
std::size_t MeshCoordinate::to_linear_index(const MeshShape& shape) const { return LinearIndex(shape, *this); }

std::optional<MeshCoordinate> MeshCoordinate::get_neighbor(const MeshShape& shape, std::int32_t offset,
                                                           std::int32_t dim, BoundaryMode mode) const {
    if (shape.dims() != dims())
        ttemu::Throw("Shape and coordinate dimensions do not match: ", shape.dims(), " != ", dims());
    const std::size_t d = Dim(dim, dims());
    const auto size = static_cast<std::int64_t>(shape[static_cast<std::int32_t>(d)]);
    if (value_[d] >= size) ttemu::Throw("Coordinate ", *this, " is out of bounds for shape ", shape);
    std::int64_t v = static_cast<std::int64_t>(value_[d]) + offset;
    switch (mode) {
        case BoundaryMode::WRAP: v = ((v % size) + size) % size; break;
        case BoundaryMode::CLAMP: v = std::clamp<std::int64_t>(v, 0, size - 1); break;
        case BoundaryMode::NONE:
            if (v < 0 || v >= size) return std::nullopt;
            break;
    }
    MeshCoordinate out = *this;
    out.value_[d] = static_cast<std::uint32_t>(v);
    return out;
}

// ---- ranges

MeshCoordinateRange::MeshCoordinateRange(const MeshCoordinate& start, const MeshCoordinate& end)
    : start_(start), end_(end) {
    SameDims(start, end, "MeshCoordinateRange");
    for (std::size_t d = 0; d < start.dims(); d++)
        if (At(start, d) > At(end, d)) ttemu::Throw("Start coordinate ", start, " is after end coordinate ", end);
}
MeshCoordinateRange::MeshCoordinateRange(const MeshCoordinate& start, const MeshCoordinate& end,
                                         const MeshShape& wraparound_shape)
    : start_(start), end_(end), wraparound_shape_(wraparound_shape) {
    SameDims(start, end, "MeshCoordinateRange");
    if (wraparound_shape.dims() != start.dims())
        ttemu::Throw("MeshCoordinateRange: a ", wraparound_shape.dims(), "-D wraparound shape for ", start.dims(),
                     "-D coordinates");
    for (std::size_t d = 0; d < start.dims(); d++) {
        const std::uint32_t n = wraparound_shape[static_cast<std::int32_t>(d)];
        if (At(start, d) >= n || At(end, d) >= n)
            ttemu::Throw("MeshCoordinateRange: ", start, " to ", end, " lies outside the wraparound shape ",
                         wraparound_shape);
    }
}
MeshCoordinateRange::MeshCoordinateRange(const MeshShape& shape)
    : start_(MeshCoordinate::zero_coordinate(shape.dims())),
      end_(shape.mesh_size() ? LastOf(shape) : MeshCoordinate::zero_coordinate(shape.dims())) {}
MeshCoordinateRange::MeshCoordinateRange(const MeshCoordinate& coord) : start_(coord), end_(coord) {}

namespace {
bool Wraps(const MeshCoordinate& start, const MeshCoordinate& end, std::size_t d) { return At(end, d) < At(start, d); }
// The range's extent along d: end - start + 1, or around the wraparound shape when end comes before start.
std::uint32_t Extent(const MeshCoordinateRange& r, std::size_t d) {
    const std::uint32_t s = At(r.start_coord(), d), e = At(r.end_coord(), d);
    if (e >= s) return e - s + 1;
    return (*r.wraparound_shape())[static_cast<std::int32_t>(d)] - s + e + 1;
}
bool AnyWrap(const MeshCoordinateRange& r) {
    for (std::size_t d = 0; d < r.dims(); d++)
        if (Wraps(r.start_coord(), r.end_coord(), d)) return true;
    return false;
}
}  // namespace

MeshShape MeshCoordinateRange::shape() const {
    ttsl::SmallVector<std::uint32_t> extents;
    for (std::size_t d = 0; d < dims(); d++) extents.push_back(Extent(*this, d));
    return MeshShape(extents);
}
MeshCoordinate::BoundaryMode MeshCoordinateRange::get_boundary_mode() const {
    return wraparound_shape_ ? MeshCoordinate::BoundaryMode::WRAP : MeshCoordinate::BoundaryMode::NONE;
}
bool MeshCoordinateRange::contains(const MeshCoordinate& coord) const {
    SameDims(start_, coord, "MeshCoordinateRange::contains");
    for (std::size_t d = 0; d < coord.dims(); d++) {
        const std::uint32_t c = At(coord, d), s = At(start_, d), e = At(end_, d);
        const bool in = e >= s ? (c >= s && c <= e) : (c >= s || c <= e);
        if (!in) return false;
    }
    return true;
}
bool MeshCoordinateRange::contains(const MeshCoordinateRange& range) const {
    return contains(range.start_) && contains(range.end_);
}
namespace {
// Of two ranges, the one with fewer coordinates (`b` on a tie), which intersects and intersection walk.
bool FirstIsSmaller(const MeshCoordinateRange& a, const MeshCoordinateRange& b) {
    return a.shape().mesh_size() < b.shape().mesh_size();
}
}  // namespace
bool MeshCoordinateRange::intersects(const MeshCoordinateRange& range) const {
    if (range.dims() != dims()) ttemu::Throw("Coordinate dimensions do not match: ", range.dims(), " != ", dims());
    const bool this_smaller = FirstIsSmaller(*this, range);
    const MeshCoordinateRange& walked = this_smaller ? *this : range;
    const MeshCoordinateRange& other = this_smaller ? range : *this;
    if (!AnyWrap(walked) && !AnyWrap(other)) return BoxIntersection(start_, end_, range.start_, range.end_).has_value();
    for (const MeshCoordinate& c : walked)
        if (other.contains(c)) return true;
    return false;
}
// The box spanning the coordinates both hold, with the larger range's wraparound shape.
std::optional<MeshCoordinateRange> MeshCoordinateRange::intersection(const MeshCoordinateRange& range) const {
    if (!intersects(range)) return std::nullopt;
    const bool this_smaller = FirstIsSmaller(*this, range);
    const MeshCoordinateRange& walked = this_smaller ? *this : range;
    const MeshCoordinateRange& other = this_smaller ? range : *this;
    ttemu_stl::SmallVector<std::uint32_t> lo, hi;
    if (!AnyWrap(walked) && !AnyWrap(other)) {
        const auto box = BoxIntersection(start_, end_, range.start_, range.end_);
        lo.assign(box->first.coords().begin(), box->first.coords().end());
        hi.assign(box->second.coords().begin(), box->second.coords().end());
    } else {
        for (const MeshCoordinate& c : walked) {
            if (!other.contains(c)) continue;
            if (lo.empty()) {
                lo.assign(c.coords().begin(), c.coords().end());
                hi = lo;
                continue;
            }
            for (std::size_t d = 0; d < c.dims(); d++) {
                lo[d] = std::min(lo[d], At(c, d));
                hi[d] = std::max(hi[d], At(c, d));
            }
        }
    }
    if (other.wraparound_shape_) return MeshCoordinateRange(CoordinateOf(lo), CoordinateOf(hi), *other.wraparound_shape_);
    return MeshCoordinateRange(CoordinateOf(lo), CoordinateOf(hi));
}

MeshCoordinateRange::Iterator::Iterator(const MeshCoordinateRange* range, const MeshCoordinate& current_coord,
                                        std::size_t linear_index)
    : range_(range), current_coord_(current_coord), linear_index_(linear_index) {
    for (std::size_t d = 0; d < range->dims(); d++) {
        lengths_.push_back(Extent(*range, d));
        local_pos_.push_back(0);
    }
}
MeshCoordinateRange::Iterator& MeshCoordinateRange::Iterator::operator++() {
    ++linear_index_;
    for (std::size_t d = local_pos_.size(); d-- > 0;) {  // the last dimension moves fastest
        if (++local_pos_[d] < lengths_[d]) break;
        local_pos_[d] = 0;
    }
    ttsl::SmallVector<std::uint32_t> next;
    for (std::size_t d = 0; d < local_pos_.size(); d++) {
        std::uint32_t v = At(range_->start_, d) + local_pos_[d];
        if (range_->wraparound_shape_) v %= (*range_->wraparound_shape_)[static_cast<std::int32_t>(d)];
        next.push_back(v);
    }
    current_coord_ = CoordinateOf(next);
    return *this;
}
MeshCoordinateRange::Iterator MeshCoordinateRange::Iterator::operator++(int) {
    Iterator before = *this;
    ++*this;
    return before;
}
const MeshCoordinate& MeshCoordinateRange::Iterator::operator*() const { return current_coord_; }
bool MeshCoordinateRange::Iterator::operator==(const Iterator& other) const {
    return range_ == other.range_ && linear_index_ == other.linear_index_;
}
bool MeshCoordinateRange::Iterator::operator!=(const Iterator& other) const { return !(*this == other); }
MeshCoordinateRange::Iterator MeshCoordinateRange::begin() const { return Iterator(this, start_, 0); }
MeshCoordinateRange::Iterator MeshCoordinateRange::end() const {
    std::size_t count = 1;
    for (std::size_t d = 0; d < dims(); d++) count *= Extent(*this, d);
    return Iterator(this, start_, count);  // one full turn past the end lands on start again
}
bool operator==(const MeshCoordinateRange& lhs, const MeshCoordinateRange& rhs) {
    return lhs.start_coord() == rhs.start_coord() && lhs.end_coord() == rhs.end_coord() &&
           lhs.wraparound_shape() == rhs.wraparound_shape();
}
bool operator<(const MeshCoordinateRange& lhs, const MeshCoordinateRange& rhs) {
    if (lhs.start_coord() != rhs.start_coord()) return lhs.start_coord() < rhs.start_coord();
    return lhs.end_coord() < rhs.end_coord();
}

MeshCoordinateRangeSet::MeshCoordinateRangeSet(const MeshCoordinateRange& range) { merge(range); }

// v0.67.0's merge: the range absorbs every range it lines up with or that one of them contains; a range it only
// overlaps is taken apart, and its coordinates outside the merged range are merged again one by one. The set is then
// kept sorted, and becomes one range when its ranges tile their bounding box.
void MeshCoordinateRangeSet::merge(const MeshCoordinateRange& range) {
    CheckMergeDims(ranges_, range);
    MeshCoordinateRange merged = range;
    std::vector<MeshCoordinateRange> leftovers;
    for (bool absorbed = true; absorbed;) {
        absorbed = false;
        for (auto it = ranges_.begin(); it != ranges_.end();) {
            if (LineUp(merged, *it) || merged.contains(*it) || it->contains(merged)) {
                merged = Hull(merged, *it);
                ranges_.erase(it);
                absorbed = true;
                break;
            }
            if (merged.intersects(*it) || it->intersects(merged)) {
                for (const MeshCoordinate& c : *it)
                    if (!merged.contains(c)) leftovers.emplace_back(c);
                it = ranges_.erase(it);
            } else {
                ++it;
            }
        }
    }
    ranges_.push_back(merged);
    for (const MeshCoordinateRange& r : leftovers) merge(r);
    std::sort(ranges_.begin(), ranges_.end());
    if (ranges_.size() < 2) return;
    MeshCoordinateRange box = ranges_.front();
    std::uint64_t covered = 0;
    for (const MeshCoordinateRange& r : ranges_) {
        box = Hull(box, r);
        covered += r.shape().mesh_size();
    }
    if (covered == box.shape().mesh_size()) ranges_.assign(1, box);
}
std::vector<MeshCoordinate> MeshCoordinateRangeSet::coords() const {
    std::vector<MeshCoordinate> out;
    for (const MeshCoordinateRange& r : ranges_)
        for (const MeshCoordinate& c : r) out.push_back(c);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}
bool operator==(const MeshCoordinateRangeSet& lhs, const MeshCoordinateRangeSet& rhs) {
    return lhs.ranges() == rhs.ranges();
}
bool operator!=(const MeshCoordinateRangeSet& lhs, const MeshCoordinateRangeSet& rhs) { return !(lhs == rhs); }
std::ostream& operator<<(std::ostream& os, const MeshCoordinateRangeSet& set) {
    os << "MeshCoordinateRangeSet([";
    for (std::size_t i = 0; i < set.ranges().size(); i++) os << (i ? ", " : "") << set.ranges()[i];
    return os << "])";
}

}  // namespace tt::tt_metal::distributed

namespace {
std::size_t Mix(std::size_t seed, std::size_t h) { return seed ^ (h + 0x9e3779b9 + (seed << 6) + (seed >> 2)); }
}  // namespace

std::size_t std::hash<tt::tt_metal::distributed::MeshCoordinate>::operator()(
    const tt::tt_metal::distributed::MeshCoordinate& coord) const noexcept {
    std::size_t seed = coord.dims();
    for (std::uint32_t v : coord.coords()) seed = Mix(seed, v);
    return seed;
}
std::size_t std::hash<tt::tt_metal::distributed::MeshCoordinateRange>::operator()(
    const tt::tt_metal::distributed::MeshCoordinateRange& range) const noexcept {
    std::hash<tt::tt_metal::distributed::MeshCoordinate> h;
    return Mix(h(range.start_coord()), h(range.end_coord()));
}
std::size_t std::hash<tt::tt_metal::distributed::MeshCoordinateRangeSet>::operator()(
    const tt::tt_metal::distributed::MeshCoordinateRangeSet& set) const noexcept {
    std::size_t seed = 0;
    std::hash<tt::tt_metal::distributed::MeshCoordinateRange> h;
    for (const auto& r : set.ranges()) seed = Mix(seed, h(r));
    return seed;
}
