// Shapes and mesh coordinates: ShapeBase, Shape2D, MeshShape, MeshCoordinate, MeshCoordinateRange (row-major
// iteration over an inclusive box), MeshCoordinateRangeSet and subtract().
#include <algorithm>
#include <ostream>

#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/shape2d.hpp>

#include "third_party/tt_metal/core/errors.h"

namespace tt::tt_metal {

// As tt-metal's: value_ holds at least four dimensions, the given ones after leading 1s; size(), view() and the
// iterators see the given ones, and negative indices reach into the padding (a rank-1 shape's [-2] is 1).
void ShapeBase::init() {
    original_size_ = value_.size();
    if (value_.size() < 4) value_.insert(value_.begin(), 4 - value_.size(), 1u);
}
std::size_t ShapeBase::size() const { return original_size_; }
bool ShapeBase::empty() const { return original_size_ == 0; }
bool ShapeBase::operator==(const ShapeBase& other) const {
    return value_ == other.value_ && original_size_ == other.original_size_;
}
bool ShapeBase::operator==(const Container& other) const {
    const auto v = view();
    return std::equal(v.begin(), v.end(), other.begin(), other.end());
}
bool ShapeBase::operator==(const std::vector<std::uint32_t>& other) const {
    const auto v = view();
    return std::equal(v.begin(), v.end(), other.begin(), other.end());
}
std::uint32_t ShapeBase::operator[](std::int32_t index) const {
    return const_cast<ShapeBase&>(*this)[index];
}
std::uint32_t& ShapeBase::operator[](std::int32_t index) {
    const auto full = static_cast<std::int64_t>(value_.size()), given = static_cast<std::int64_t>(original_size_);
    const std::int64_t at = index < 0 ? full + index : index + (full - given);
    if (at < 0 || at >= full)
        ttemu::Throw("ShapeBase[] index out of range. ", index, " not in [", -full, ", ", given, ")");
    return value_[static_cast<std::size_t>(at)];
}
ShapeBase::Container::const_iterator ShapeBase::cbegin() const {
    return value_.cbegin() + static_cast<std::ptrdiff_t>(value_.size() - original_size_);
}
ShapeBase::Container::const_iterator ShapeBase::cend() const { return value_.cend(); }
tt::stl::Span<const std::uint32_t> ShapeBase::view() const {
    return {value_.data() + (value_.size() - original_size_), original_size_};
}

Shape2D::Shape2D(std::size_t height, std::size_t width) : height_(height), width_(width) {}
Shape2D::Shape2D(const std::pair<std::size_t, std::size_t>& size) : Shape2D(size.first, size.second) {}
Shape2D::Shape2D(const std::array<std::size_t, 2>& size) : Shape2D(size[0], size[1]) {}
Shape2D::Shape2D(const std::array<std::uint32_t, 2>& size) : Shape2D(size[0], size[1]) {}
Shape2D::operator std::pair<std::size_t, std::size_t>() const { return {height_, width_}; }
Shape2D::operator std::array<std::size_t, 2>() const { return {height_, width_}; }
Shape2D::operator std::array<std::uint32_t, 2>() const {
    return {static_cast<std::uint32_t>(height_), static_cast<std::uint32_t>(width_)};
}
Shape2D Shape2D::operator*(std::size_t scalar) const { return {height_ * scalar, width_ * scalar}; }
bool Shape2D::operator==(const Shape2D& rhs) const { return height_ == rhs.height_ && width_ == rhs.width_; }
std::size_t Shape2D::height() const { return height_; }
std::size_t Shape2D::width() const { return width_; }
std::ostream& operator<<(std::ostream& os, const Shape2D& size) {
    return os << "Shape2D(" << size.height() << ", " << size.width() << ")";
}

namespace distributed {

namespace {
// A coordinate from values worked out in a SmallVector.
MeshCoordinate CoordinateOf(const tt::stl::SmallVector<std::uint32_t>& values) {
    return MeshCoordinate(tt::stl::Span<const std::uint32_t>(values.data(), values.size()));
}
}  // namespace

MeshShape::MeshShape(std::uint32_t x) : MeshShape(tt::stl::SmallVector<std::uint32_t>{x}) {}
MeshShape::MeshShape(std::uint32_t x, std::uint32_t y) : MeshShape(tt::stl::SmallVector<std::uint32_t>{x, y}) {}
MeshShape::MeshShape(std::uint32_t x, std::uint32_t y, std::uint32_t z)
    : MeshShape(tt::stl::SmallVector<std::uint32_t>{x, y, z}) {}
MeshShape::MeshShape(const tt::stl::SmallVector<std::uint32_t>& shape) : ShapeBase(shape) { compute_strides(); }
MeshShape::MeshShape(tt::stl::SmallVector<std::uint32_t>&& shape) : ShapeBase(std::move(shape)) { compute_strides(); }
MeshShape::MeshShape(std::initializer_list<std::uint32_t> ilist) : ShapeBase(ilist) { compute_strides(); }
MeshShape::MeshShape(tt::stl::Span<const std::uint32_t> span) : ShapeBase(span) { compute_strides(); }

void MeshShape::compute_strides() {
    strides_.resize(dims());
    std::size_t stride = 1;
    for (std::size_t d = dims(); d-- > 0;) {
        strides_[d] = stride;
        stride *= (*this)[static_cast<std::int32_t>(d)];
    }
}
std::size_t MeshShape::dims() const { return size(); }
std::size_t MeshShape::get_stride(std::size_t dim) const {
    if (dim >= strides_.size()) ttemu::Throw("MeshShape: dimension ", dim, " of a ", dims(), "-D shape");
    return strides_[dim];
}
std::size_t MeshShape::mesh_size() const {
    if (empty()) return 0;
    std::size_t n = 1;
    for (std::uint32_t v : value_) n *= v;
    return n;
}
bool operator==(const MeshShape& lhs, const MeshShape& rhs) {
    return lhs.ShapeBase::operator==(rhs) && lhs.strides_ == rhs.strides_;
}
bool operator!=(const MeshShape& lhs, const MeshShape& rhs) { return !(lhs == rhs); }
std::ostream& operator<<(std::ostream& os, const MeshShape& shape) {
    os << "MeshShape([";
    for (std::size_t d = 0; d < shape.dims(); d++) os << (d ? ", " : "") << shape[static_cast<std::int32_t>(d)];
    return os << "])";
}
bool is_line_topology(const MeshShape& shape) {
    std::size_t non_unit = 0;
    for (std::size_t d = 0; d < shape.dims(); d++) non_unit += shape[static_cast<std::int32_t>(d)] != 1;
    return non_unit <= 1;
}

MeshCoordinate::MeshCoordinate(std::uint32_t x) : value_{x} {}
MeshCoordinate::MeshCoordinate(std::uint32_t x, std::uint32_t y) : value_{x, y} {}
MeshCoordinate::MeshCoordinate(std::uint32_t x, std::uint32_t y, std::uint32_t z) : value_{x, y, z} {}
MeshCoordinate::MeshCoordinate(tt::stl::Span<const std::uint32_t> coords) : value_(coords.begin(), coords.end()) {}
MeshCoordinate MeshCoordinate::zero_coordinate(std::size_t dimensions) {
    tt::stl::SmallVector<std::uint32_t> zeros(dimensions, 0);
    return CoordinateOf(zeros);
}
std::size_t MeshCoordinate::dims() const { return value_.size(); }
tt::stl::Span<const std::uint32_t> MeshCoordinate::coords() const { return {value_.data(), value_.size()}; }
std::uint32_t MeshCoordinate::operator[](std::size_t dim) const {
    if (dim >= value_.size()) ttemu::Throw("MeshCoordinate: dimension ", dim, " of a ", value_.size(), "-D coordinate");
    return value_[dim];
}

namespace {
void SameDims(const MeshCoordinate& a, const MeshCoordinate& b, const char* what) {
    if (a.dims() != b.dims())
        ttemu::Throw(what, ": coordinates of different dimensions (", a.dims(), " and ", b.dims(), ")");
}
bool Less(const MeshCoordinate& a, const MeshCoordinate& b) {
    SameDims(a, b, "MeshCoordinate comparison");
    const auto x = a.coords(), y = b.coords();
    return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
}
}  // namespace

bool operator==(const MeshCoordinate& lhs, const MeshCoordinate& rhs) {
    const auto x = lhs.coords(), y = rhs.coords();
    return x.size() == y.size() && std::equal(x.begin(), x.end(), y.begin());
}
bool operator!=(const MeshCoordinate& lhs, const MeshCoordinate& rhs) { return !(lhs == rhs); }
bool operator<(const MeshCoordinate& lhs, const MeshCoordinate& rhs) { return Less(lhs, rhs); }
bool operator>(const MeshCoordinate& lhs, const MeshCoordinate& rhs) { return Less(rhs, lhs); }
bool operator<=(const MeshCoordinate& lhs, const MeshCoordinate& rhs) { return !Less(rhs, lhs); }
bool operator>=(const MeshCoordinate& lhs, const MeshCoordinate& rhs) { return !Less(lhs, rhs); }
std::ostream& operator<<(std::ostream& os, const MeshCoordinate& coord) {
    os << "MeshCoordinate([";
    for (std::size_t d = 0; d < coord.dims(); d++) os << (d ? ", " : "") << coord[d];
    return os << "])";
}

std::size_t to_linear_index(const MeshShape& shape, const MeshCoordinate& coord) {
    if (shape.dims() != coord.dims())
        ttemu::Throw("Shape and coordinate dimensions do not match: ", shape.dims(), " != ", coord.dims());
    std::size_t index = 0;
    for (std::size_t d = 0; d < coord.dims(); d++) {
        if (coord[d] >= shape[static_cast<std::int32_t>(d)])
            ttemu::Throw("Coordinate ", coord, " is out of bounds for shape ", shape);
        index += coord[d] * shape.get_stride(d);
    }
    return index;
}

MeshCoordinateRange::MeshCoordinateRange(const MeshCoordinate& start, const MeshCoordinate& end)
    : start_(start), end_(end) {
    SameDims(start, end, "MeshCoordinateRange");
    for (std::size_t d = 0; d < start.dims(); d++)
        if (start[d] > end[d]) ttemu::Throw("Start coordinate ", start, " is after end coordinate ", end);
}
namespace {
MeshCoordinate LastOf(const MeshShape& shape) {
    tt::stl::SmallVector<std::uint32_t> last;
    for (std::size_t d = 0; d < shape.dims(); d++) {
        const std::uint32_t n = shape[static_cast<std::int32_t>(d)];
        if (n == 0) ttemu::Throw("MeshCoordinateRange over ", shape, ": a dimension is 0");
        last.push_back(n - 1);
    }
    return CoordinateOf(last);
}
}  // namespace
MeshCoordinateRange::MeshCoordinateRange(const MeshShape& shape)
    : start_(MeshCoordinate::zero_coordinate(shape.dims())),
      end_(shape.mesh_size() ? LastOf(shape) : MeshCoordinate::zero_coordinate(shape.dims())) {}

std::size_t MeshCoordinateRange::dims() const { return start_.dims(); }
const MeshCoordinate& MeshCoordinateRange::start_coord() const { return start_; }
const MeshCoordinate& MeshCoordinateRange::end_coord() const { return end_; }
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
    SameDims(start_, range.start_, "MeshCoordinateRange::intersection");
    tt::stl::SmallVector<std::uint32_t> lo, hi;
    for (std::size_t d = 0; d < dims(); d++) {
        lo.push_back(std::max(start_[d], range.start_[d]));
        hi.push_back(std::min(end_[d], range.end_[d]));
        if (lo.back() > hi.back()) return std::nullopt;
    }
    return MeshCoordinateRange(CoordinateOf(lo), CoordinateOf(hi));
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
bool operator!=(const MeshCoordinateRange& lhs, const MeshCoordinateRange& rhs) { return !(lhs == rhs); }
std::ostream& operator<<(std::ostream& os, const MeshCoordinateRange& range) {
    return os << "MeshCoordinateRange(start=" << range.start_ << ", end=" << range.end_ << ")";
}

void MeshCoordinateRangeSet::merge(const MeshCoordinateRange& range) {
    // Absorb ranges it covers; skip it when one range already covers it. (Adjacent boxes are kept apart.)
    for (const MeshCoordinateRange& r : ranges_)
        if (r.contains(range)) return;
    ranges_.erase(std::remove_if(ranges_.begin(), ranges_.end(),
                                 [&](const MeshCoordinateRange& r) { return range.contains(r); }),
                  ranges_.end());
    ranges_.push_back(range);
}

MeshCoordinateRangeSet subtract(const MeshCoordinateRange& parent, const MeshCoordinateRange& intersection) {
    MeshCoordinateRangeSet out;
    const auto cut = parent.intersection(intersection);
    if (!cut) {
        out.merge(parent);
        return out;
    }
    // Slab by slab along each dimension: the parts of what is left below and above the cut.
    tt::stl::SmallVector<std::uint32_t> lo(parent.start_coord().coords().begin(), parent.start_coord().coords().end());
    tt::stl::SmallVector<std::uint32_t> hi(parent.end_coord().coords().begin(), parent.end_coord().coords().end());
    auto box = [](const auto& a, const auto& b) { return MeshCoordinateRange(CoordinateOf(a), CoordinateOf(b)); };
    for (std::size_t d = 0; d < parent.dims(); d++) {
        const std::uint32_t c0 = cut->start_coord()[d], c1 = cut->end_coord()[d];
        if (lo[d] < c0) {
            auto h = hi;
            h[d] = c0 - 1;
            out.merge(box(lo, h));
        }
        if (c1 < hi[d]) {
            auto l = lo;
            l[d] = c1 + 1;
            out.merge(box(l, hi));
        }
        lo[d] = c0;
        hi[d] = c1;
    }
    return out;
}

}  // namespace distributed
}  // namespace tt::tt_metal
