// Out-of-line members of CoreCoord, CoreRange and CoreRangeSet, the core list helpers, their hashes, fmt formatters
// and JSON forms, behaving as tt-metal v0.56.0's (same results, same decompositions into rectangles).
#include <algorithm>
#include <iterator>
#include <limits>

#include <tt-metalium/core_coord.hpp>

#include "emu/core/errors.h"

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

CoreRangeSet::CoreRangeSet(tt::stl::Span<const CoreRange> ranges) : ranges_(ranges.begin(), ranges.end()) {
    validate_no_overlap();
}
CoreRangeSet::CoreRangeSet(const std::set<CoreRange>& ranges) : ranges_(ranges.begin(), ranges.end()) {
    validate_no_overlap();
}
CoreRangeSet::CoreRangeSet(std::vector<CoreRange>&& ranges) : ranges_(std::move(ranges)) { validate_no_overlap(); }
CoreRangeSet::CoreRangeSet(const CoreRange& range) : ranges_{range} {}
void swap(CoreRangeSet& first, CoreRangeSet& second) {
    std::scoped_lock lock(first.ranges_guard, second.ranges_guard);
    std::swap(first.ranges_, second.ranges_);
}
CoreRangeSet::CoreRangeSet(const CoreRangeSet& other) {
    std::lock_guard lock(other.ranges_guard);
    ranges_ = other.ranges_;
}
CoreRangeSet& CoreRangeSet::operator=(const CoreRangeSet& other) {
    std::lock_guard lock(other.ranges_guard);
    ranges_ = other.ranges_;
    return *this;
}
CoreRangeSet::CoreRangeSet(CoreRangeSet&& other) noexcept { swap(*this, other); }
CoreRangeSet& CoreRangeSet::operator=(CoreRangeSet&& other) noexcept {
    swap(*this, other);
    return *this;
}


#include "emu/shared/api/core_coord.inc"

// ---- fmt, hashes, JSON

namespace ttemu_cc {
using ::CoreCoord;
using ::CoreRange;
using ::CoreRangeSet;
}  // namespace ttemu_cc
namespace ttemu_json = ::tt::stl::json;
#include "emu/shared/api/core_coord_io.inc"

std::size_t std::hash<RelativeCoreCoord>::operator()(const RelativeCoreCoord& o) const {
    return static_cast<std::size_t>(o.x) ^ (static_cast<std::size_t>(o.y) << 1);
}
namespace tt::stl::json {
nlohmann::json to_json_t<RelativeCoreCoord>::operator()(const RelativeCoreCoord& c) noexcept {
    return {{"x", to_json(c.x)}, {"y", to_json(c.y)}};
}
RelativeCoreCoord from_json_t<RelativeCoreCoord>::operator()(const nlohmann::json& j) noexcept {
    return {from_json<int32_t>(j.at("x")), from_json<int32_t>(j.at("y"))};
}
}  // namespace tt::stl::json
