// Out-of-line members of CoreCoord, CoreRange and CoreRangeSet, and the core list helpers.
#include <algorithm>

#include <tt-metalium/core_coord.hpp>

#include "errors.h"

std::string tt::umd::xy_pair::str() const { return "(x=" + std::to_string(x) + ",y=" + std::to_string(y) + ")"; }
std::string tt::umd::cxy_pair::str() const {
    return "(chip=" + std::to_string(chip) + ",x=" + std::to_string(x) + ",y=" + std::to_string(y) + ")";
}
std::string RelativeCoreCoord::str() const { return "(x=" + std::to_string(x) + ",y=" + std::to_string(y) + ")"; }

CoreCoord get_core_coord_from_relative(const RelativeCoreCoord& in, const CoreCoord& grid_size) {
    // Negative coordinates count back from the grid's size.
    return CoreCoord(static_cast<std::size_t>(in.x + (in.x < 0 ? static_cast<long>(grid_size.x) : 0)),
                     static_cast<std::size_t>(in.y + (in.y < 0 ? static_cast<long>(grid_size.y) : 0)));
}

CoreRange::CoreRange(const CoreCoord& point) : start_coord(point), end_coord(point) {}
CoreRange::CoreRange(const CoreCoord& start, const CoreCoord& end) : start_coord(start), end_coord(end) {
    if (end.x < start.x || end.y < start.y)
        ttemu::Throw("Invalid core range for start_coord: ", start.str(), ", end_coord: ", end.str());
}
bool CoreRange::contains(const CoreCoord& c) const {
    return c.x >= start_coord.x && c.x <= end_coord.x && c.y >= start_coord.y && c.y <= end_coord.y;
}
bool CoreRange::contains(const CoreRange& r) const { return contains(r.start_coord) && contains(r.end_coord); }
bool CoreRange::intersects(const CoreRange& r) const {
    return start_coord.x <= r.end_coord.x && r.start_coord.x <= end_coord.x && start_coord.y <= r.end_coord.y &&
           r.start_coord.y <= end_coord.y;
}
bool CoreRange::adjacent(const CoreRange& r) const {
    const bool x_touch = end_coord.x + 1 == r.start_coord.x || r.end_coord.x + 1 == start_coord.x;
    const bool y_touch = end_coord.y + 1 == r.start_coord.y || r.end_coord.y + 1 == start_coord.y;
    const bool x_overlap = start_coord.x <= r.end_coord.x && r.start_coord.x <= end_coord.x;
    const bool y_overlap = start_coord.y <= r.end_coord.y && r.start_coord.y <= end_coord.y;
    return (x_touch && y_overlap) || (y_touch && x_overlap);
}
std::size_t CoreRange::size() const { return (end_coord.x - start_coord.x + 1) * (end_coord.y - start_coord.y + 1); }
CoreCoord CoreRange::grid_size() const { return {end_coord.x - start_coord.x + 1, end_coord.y - start_coord.y + 1}; }
std::string CoreRange::str() const { return "[" + start_coord.str() + " - " + end_coord.str() + "]"; }

CoreRangeSet::CoreRangeSet() = default;
CoreRangeSet::CoreRangeSet(tt::stl::Span<const CoreRange> ranges) : ranges_(ranges.begin(), ranges.end()) {}
CoreRangeSet::CoreRangeSet(const std::set<CoreRange>& ranges) : ranges_(ranges.begin(), ranges.end()) {}
CoreRangeSet::CoreRangeSet(const CoreRange& range) : ranges_{range} {}
CoreRangeSet::CoreRangeSet(std::vector<CoreRange>&& ranges) : ranges_(std::move(ranges)) {}
CoreRangeSet::CoreRangeSet(const CoreRangeSet& other) {
    std::lock_guard lock(other.ranges_guard);
    ranges_ = other.ranges_;
}
CoreRangeSet& CoreRangeSet::operator=(const CoreRangeSet& other) {
    if (this == &other) return *this;
    std::scoped_lock lock(ranges_guard, other.ranges_guard);
    ranges_ = other.ranges_;
    return *this;
}
CoreRangeSet::CoreRangeSet(CoreRangeSet&& other) noexcept : ranges_(std::move(other.ranges_)) {}
CoreRangeSet& CoreRangeSet::operator=(CoreRangeSet&& other) noexcept {
    if (this != &other) ranges_ = std::move(other.ranges_);
    return *this;
}
const std::vector<CoreRange>& CoreRangeSet::ranges() const { return ranges_; }
bool CoreRangeSet::contains(const CoreCoord& c) const {
    return std::any_of(ranges_.begin(), ranges_.end(), [&](const CoreRange& r) { return r.contains(c); });
}
bool CoreRangeSet::contains(const CoreRange& r) const {
    for (std::size_t x = r.start_coord.x; x <= r.end_coord.x; x++)
        for (std::size_t y = r.start_coord.y; y <= r.end_coord.y; y++)
            if (!contains(CoreCoord{x, y})) return false;
    return true;
}
bool CoreRangeSet::intersects(const CoreCoord& c) const { return contains(c); }
bool CoreRangeSet::intersects(const CoreRange& r) const {
    return std::any_of(ranges_.begin(), ranges_.end(), [&](const CoreRange& o) { return o.intersects(r); });
}
bool CoreRangeSet::empty() const { return ranges_.empty(); }
std::uint32_t CoreRangeSet::num_cores() const {
    std::uint32_t n = 0;
    for (const auto& r : ranges_) n += static_cast<std::uint32_t>(r.size());
    return n;
}
CoreRange CoreRangeSet::bounding_box() const {
    if (ranges_.empty()) ttemu::Throw("CoreRangeSet::bounding_box: the set is empty");
    CoreCoord lo = ranges_[0].start_coord, hi = ranges_[0].end_coord;
    for (const auto& r : ranges_) {
        lo = {std::min(lo.x, r.start_coord.x), std::min(lo.y, r.start_coord.y)};
        hi = {std::max(hi.x, r.end_coord.x), std::max(hi.y, r.end_coord.y)};
    }
    return CoreRange(lo, hi);
}
CoreRangeSet CoreRangeSet::merge_ranges() const { return *this; }
std::string CoreRangeSet::str() const {
    std::string s = "{";
    for (std::size_t i = 0; i < ranges_.size(); i++) s += (i ? ", " : "") + ranges_[i].str();
    return s + "}";
}
bool CoreRangeSet::operator==(const CoreRangeSet& o) const { return ranges_ == o.ranges_; }

std::vector<CoreCoord> grid_to_cores(std::uint32_t num_cores, std::uint32_t grid_size_x, std::uint32_t grid_size_y,
                                     bool row_wise) {
    if (num_cores > grid_size_x * grid_size_y)
        ttemu::Throw("grid_to_cores: ", num_cores, " cores do not fit a ", grid_size_x, "x", grid_size_y, " grid");
    std::vector<CoreCoord> out;
    for (std::uint32_t i = 0; i < num_cores; i++)
        out.push_back(row_wise ? CoreCoord{i % grid_size_x, i / grid_size_x} : CoreCoord{i / grid_size_y, i % grid_size_y});
    return out;
}

std::vector<CoreCoord> grid_to_cores(CoreCoord start, CoreCoord end, bool row_wise) {
    std::vector<CoreCoord> out;
    if (row_wise) {
        for (std::size_t y = start.y; y <= end.y; y++)
            for (std::size_t x = start.x; x <= end.x; x++) out.push_back({x, y});
    } else {
        for (std::size_t x = start.x; x <= end.x; x++)
            for (std::size_t y = start.y; y <= end.y; y++) out.push_back({x, y});
    }
    return out;
}

std::vector<CoreCoord> corerange_to_cores(const CoreRangeSet& crs, std::optional<std::uint32_t> max_cores,
                                          bool row_wise) {
    std::vector<CoreCoord> out;
    for (const auto& r : crs.ranges())
        for (const auto& c : grid_to_cores(r.start_coord, r.end_coord, row_wise)) {
            if (max_cores && out.size() >= *max_cores) return out;
            out.push_back(c);
        }
    return out;
}
