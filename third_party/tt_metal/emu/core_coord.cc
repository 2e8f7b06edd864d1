// Out-of-line members of CoreCoord, CoreRange and CoreRangeSet, the core list helpers, their hashes, fmt formatters
// and JSON forms, behaving as tt-metal v0.56.0's (same results, same decompositions into rectangles).
#include <algorithm>
#include <iterator>
#include <limits>

#include <tt-metalium/core_coord.hpp>

#include "third_party/tt_metal/core/errors.h"

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

// ---- CoreRange

CoreRange::CoreRange(const CoreCoord& point) : start_coord(point), end_coord(point) {}
CoreRange::CoreRange(const CoreCoord& start, const CoreCoord& end) : start_coord(start), end_coord(end) {
    if (end.x < start.x || end.y < start.y)
        ttemu::Throw("Invalid core range for start_coord: ", start.str(), ", end_coord: ", end.str());
}
bool CoreRange::intersects(const CoreRange& r) const {
    return start_coord.x <= r.end_coord.x && r.start_coord.x <= end_coord.x && start_coord.y <= r.end_coord.y &&
           r.start_coord.y <= end_coord.y;
}
std::optional<CoreRange> CoreRange::intersection(const CoreRange& r) const {
    if (!intersects(r)) return std::nullopt;
    return CoreRange({std::max(start_coord.x, r.start_coord.x), std::max(start_coord.y, r.start_coord.y)},
                     {std::min(end_coord.x, r.end_coord.x), std::min(end_coord.y, r.end_coord.y)});
}
bool CoreRange::adjacent(const CoreRange& r) const {
    const bool x_touch = end_coord.x + 1 == r.start_coord.x || r.end_coord.x + 1 == start_coord.x;
    const bool y_touch = end_coord.y + 1 == r.start_coord.y || r.end_coord.y + 1 == start_coord.y;
    const bool x_overlap = start_coord.x <= r.end_coord.x && r.start_coord.x <= end_coord.x;
    const bool y_overlap = start_coord.y <= r.end_coord.y && r.start_coord.y <= end_coord.y;
    return (x_touch && y_overlap) || (y_touch && x_overlap);
}
bool CoreRange::contains(const CoreCoord& c) const {
    return c.x >= start_coord.x && c.x <= end_coord.x && c.y >= start_coord.y && c.y <= end_coord.y;
}
bool CoreRange::contains(const CoreRange& r) const { return contains(r.start_coord) && contains(r.end_coord); }
bool CoreRange::contains(const CoreRangeSet& s) const {
    const auto& rs = s.ranges();
    return std::all_of(rs.begin(), rs.end(), [this](const CoreRange& r) { return contains(r); });
}
std::optional<CoreRange> CoreRange::merge(const CoreRange& r) const {
    if (!intersects(r) && !adjacent(r)) return std::nullopt;
    if (start_coord.x == r.start_coord.x && end_coord.x == r.end_coord.x)  // one above the other
        return CoreRange({start_coord.x, std::min(start_coord.y, r.start_coord.y)},
                         {end_coord.x, std::max(end_coord.y, r.end_coord.y)});
    if (start_coord.y == r.start_coord.y && end_coord.y == r.end_coord.y)  // side by side
        return CoreRange({std::min(start_coord.x, r.start_coord.x), start_coord.y},
                         {std::max(end_coord.x, r.end_coord.x), end_coord.y});
    return std::nullopt;
}
std::string CoreRange::str() const { return "[" + start_coord.str() + " - " + end_coord.str() + "]"; }
std::size_t CoreRange::size() const { return (end_coord.x - start_coord.x + 1) * (end_coord.y - start_coord.y + 1); }
CoreCoord CoreRange::grid_size() const { return {end_coord.x - start_coord.x + 1, end_coord.y - start_coord.y + 1}; }

CoreRange::CoreIterator::CoreIterator(const CoreCoord& current, const CoreRange& core_range)
    : current_(current), range_(core_range) {}
CoreCoord& CoreRange::CoreIterator::operator*() { return current_; }
CoreRange::CoreIterator& CoreRange::CoreIterator::operator++() {
    if (current_.x == range_.end_coord.x) current_ = {range_.start_coord.x, current_.y + 1};
    else current_.x++;
    return *this;
}
bool CoreRange::CoreIterator::operator==(const CoreIterator& other) const { return current_ == other.current_; }
bool CoreRange::CoreIterator::operator!=(const CoreIterator& other) const { return !(*this == other); }
CoreRange::CoreIterator CoreRange::begin() const { return CoreIterator(start_coord, *this); }
CoreRange::CoreIterator CoreRange::end() const { return CoreIterator({start_coord.x, end_coord.y + 1}, *this); }

// ---- CoreRangeSet

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

void CoreRangeSet::validate_no_overlap() {
    for (std::size_t i = 0; i < ranges_.size(); i++)
        for (std::size_t j = i + 1; j < ranges_.size(); j++)
            if (ranges_[i].intersects(ranges_[j]))
                ttemu::Throw("Cannot create CoreRangeSet with specified core ranges because core ranges ",
                             ranges_[i].str(), " and ", ranges_[j].str(), " overlap!");
}

bool CoreRangeSet::empty() const { return ranges_.empty(); }
std::size_t CoreRangeSet::size() const { return ranges_.size(); }
const std::vector<CoreRange>& CoreRangeSet::ranges() const { return ranges_; }

namespace {

// The cores of `ranges` as rectangles, built a row at a time from the top: each row's maximal runs of cores, where a
// run lined up with a rectangle ending in the row above (same columns) extends it downwards.
CoreRangeSet MergeRows(const std::set<CoreRange>& ranges) {
    if (ranges.empty()) return CoreRangeSet(ranges);
    std::size_t min_x = std::numeric_limits<std::size_t>::max(), min_y = min_x, max_x = 0, max_y = 0;
    for (const auto& r : ranges) {
        min_x = std::min(min_x, r.start_coord.x), max_x = std::max(max_x, r.end_coord.x);
        min_y = std::min(min_y, r.start_coord.y), max_y = std::max(max_y, r.end_coord.y);
    }
    const std::size_t width = max_x - min_x + 1;
    std::vector<bool> occupied(width * (max_y - min_y + 1), false);
    for (const auto& r : ranges)
        for (std::size_t y = r.start_coord.y; y <= r.end_coord.y; y++)
            for (std::size_t x = r.start_coord.x; x <= r.end_coord.x; x++) occupied[(y - min_y) * width + x - min_x] = true;
    const auto at = [&](std::size_t x, std::size_t y) { return occupied[(y - min_y) * width + x - min_x]; };

    std::set<CoreRange> built;
    for (std::size_t y = min_y; y <= max_y; y++) {
        std::set<CoreRange> replaced, grown;
        for (std::size_t x = min_x; x <= max_x; x++) {
            if (!at(x, y)) continue;
            const std::size_t first = x;
            while (x + 1 <= max_x && at(x + 1, y)) x++;
            const CoreRange run({first, y}, {x, y});
            for (const auto& earlier : built)
                if (auto merged = run.merge(earlier)) {
                    grown.insert(*merged);
                    replaced.insert(earlier);
                    replaced.insert(run);
                }
            built.insert(run);
        }
        for (const auto& r : replaced) built.erase(r);
        built.insert(grown.begin(), grown.end());
    }
    return CoreRangeSet(built);
}

}  // namespace

template <typename T>
CoreRangeSet CoreRangeSet::merge(const T& other) const {
    std::set<CoreRange> all(ranges_.begin(), ranges_.end());
    all.insert(other.begin(), other.end());
    return MergeRows(all);
}
template CoreRangeSet CoreRangeSet::merge<std::vector<CoreRange>>(const std::vector<CoreRange>& other) const;
template CoreRangeSet CoreRangeSet::merge<std::set<CoreRange>>(const std::set<CoreRange>& other) const;
template <>
CoreRangeSet CoreRangeSet::merge<CoreRangeSet>(const CoreRangeSet& other) const {
    return merge(other.ranges());
}

CoreRangeSet CoreRangeSet::merge_ranges() const { return ranges_.size() <= 1 ? *this : CoreRangeSet().merge(*this); }

bool CoreRangeSet::intersects(const CoreCoord& c) const { return contains(c); }
bool CoreRangeSet::intersects(const CoreRange& r) const {
    return std::any_of(ranges_.begin(), ranges_.end(), [&r](const CoreRange& o) { return o.intersects(r); });
}
bool CoreRangeSet::intersects(const CoreRangeSet& other) const {
    const auto& rs = other.ranges();
    return std::any_of(rs.begin(), rs.end(), [this](const CoreRange& r) { return intersects(r); });
}
CoreRangeSet CoreRangeSet::intersection(const CoreRangeSet& other) const {
    std::vector<CoreRange> common;
    for (const auto& mine : ranges_)
        for (const auto& theirs : other.ranges())
            if (auto both = mine.intersection(theirs)) common.push_back(*both);
    return CoreRangeSet(std::move(common));
}

bool CoreRangeSet::contains(const CoreCoord& c) const {
    return std::any_of(ranges_.begin(), ranges_.end(), [&c](const CoreRange& r) { return r.contains(c); });
}
// A set's ranges never overlap, so the cores `other` shares with this set add up range by range.
bool CoreRangeSet::contains(const CoreRange& other) const { return contains(CoreRangeSet(other)); }
bool CoreRangeSet::contains(const CoreRangeSet& other) const {
    const std::uint64_t wanted = other.num_cores();
    if (wanted > num_cores()) return false;
    std::uint64_t shared = 0;
    for (const auto& mine : ranges_)
        for (const auto& theirs : other.ranges())
            if (auto both = mine.intersection(theirs)) shared += both->size();
    return shared == wanted;
}

std::string CoreRangeSet::str() const {
    std::string s = "{";
    for (std::size_t i = 0; i < ranges_.size(); i++) s += (i ? ", " : "") + ranges_[i].str();
    return s + "}";
}
std::uint32_t CoreRangeSet::num_cores() const {
    std::uint32_t n = 0;
    for (const auto& r : ranges_) n += static_cast<std::uint32_t>(r.size());
    return n;
}
CoreRange CoreRangeSet::bounding_box() const {
    if (ranges_.empty()) ttemu::Throw("Cannot get bounding_box of an empty CoreRangeSet!");
    CoreCoord lo = ranges_[0].start_coord, hi = ranges_[0].end_coord;
    for (const auto& r : ranges_) {
        lo = {std::min(lo.x, r.start_coord.x), std::min(lo.y, r.start_coord.y)};
        hi = {std::max(hi.x, r.end_coord.x), std::max(hi.y, r.end_coord.y)};
    }
    return CoreRange(lo, hi);
}

// Both sides merged first; each of this set's rectangles loses other's rectangles one after another, a cut leaving
// up to four pieces: the full-height strips left and right of the cut, then the parts above and below it.
CoreRangeSet CoreRangeSet::subtract(const CoreRangeSet& other) const {
    const CoreRangeSet mine = merge_ranges(), theirs = other.merge_ranges();
    if (mine.empty() || theirs.empty() || !mine.intersects(theirs)) return mine;
    std::vector<CoreRange> result;
    for (const auto& whole : mine.ranges()) {
        std::vector<CoreRange> pieces{whole};
        for (const auto& cut : theirs.ranges()) {
            std::vector<CoreRange> next;
            for (const auto& p : pieces) {
                const auto hit = p.intersection(cut);
                if (!hit) {
                    next.push_back(p);
                    continue;
                }
                const CoreCoord a = hit->start_coord, b = hit->end_coord;
                if (p.start_coord.x < a.x) next.emplace_back(p.start_coord, CoreCoord{a.x - 1, p.end_coord.y});
                if (p.end_coord.x > b.x) next.emplace_back(CoreCoord{b.x + 1, p.start_coord.y}, p.end_coord);
                if (p.start_coord.y < a.y) next.emplace_back(CoreCoord{a.x, p.start_coord.y}, CoreCoord{b.x, a.y - 1});
                if (p.end_coord.y > b.y) next.emplace_back(CoreCoord{a.x, b.y + 1}, CoreCoord{b.x, p.end_coord.y});
            }
            pieces = std::move(next);
        }
        result.insert(result.end(), pieces.begin(), pieces.end());
    }
    return CoreRangeSet(std::move(result));
}

bool operator==(const CoreRangeSet& a, const CoreRangeSet& b) { return a.ranges() == b.ranges(); }
bool operator!=(const CoreRangeSet& a, const CoreRangeSet& b) { return !(a == b); }

// ---- Core lists

// Unchecked, as tt-metal's release build (its check is a debug-only assertion).
std::vector<CoreCoord> grid_to_cores(std::uint32_t num_cores, std::uint32_t grid_size_x, std::uint32_t grid_size_y,
                                     bool row_wise) {
    std::vector<CoreCoord> out;
    out.reserve(num_cores);
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

std::vector<CoreCoord> grid_to_cores_with_noop(const std::uint32_t bbox_x, const std::uint32_t bbox_y,
                                               const std::uint32_t grid_size_x, const std::uint32_t grid_size_y,
                                               const bool row_wise) {
    std::vector<CoreCoord> out = grid_to_cores((bbox_x + 1) * (bbox_y + 1), bbox_x + 1, bbox_y + 1, row_wise);
    for (std::size_t x = bbox_x + 1; x < grid_size_x; x++)
        for (std::size_t y = 0; y < grid_size_y; y++) out.push_back({x, y});
    for (std::size_t y = bbox_y + 1; y < grid_size_y; y++)
        for (std::size_t x = 0; x <= bbox_x; x++) out.push_back({x, y});
    return out;
}

std::vector<CoreCoord> grid_to_cores_with_noop(const CoreRangeSet& used_cores, const CoreRangeSet& all_cores,
                                               const bool row_wise) {
    std::vector<CoreCoord> out = corerange_to_cores(used_cores, std::nullopt, row_wise);
    std::vector<CoreCoord> used = out, all = corerange_to_cores(all_cores, std::nullopt, row_wise);
    std::sort(used.begin(), used.end());
    std::sort(all.begin(), all.end());
    std::set_difference(all.begin(), all.end(), used.begin(), used.end(), std::back_inserter(out));
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

// ---- fmt, hashes, JSON

// The text copied to the output as is (no libfmt call: the library does not link it).
namespace {
fmt::format_context::iterator Put(const std::string& text, fmt::format_context& ctx) {
    auto out = ctx.out();
    for (char ch : text) *out++ = ch;
    return out;
}
}  // namespace
auto fmt::formatter<CoreCoord>::format(const CoreCoord& c, format_context& ctx) const -> format_context::iterator {
    return Put(c.str(), ctx);
}
auto fmt::formatter<CoreRange>::format(const CoreRange& r, format_context& ctx) const -> format_context::iterator {
    return Put(r.str(), ctx);
}
auto fmt::formatter<CoreRangeSet>::format(const CoreRangeSet& s, format_context& ctx) const
    -> format_context::iterator {
    return Put(s.str(), ctx);
}

namespace {
// Folds h into seed as tt-metal's hashes do: h + 0x9e3779b9 + (seed << 6) + (seed >> 2).
std::size_t Fold(std::size_t seed, std::size_t h) { return h + 0x9e3779b9 + (seed << 6) + (seed >> 2); }
}  // namespace

std::size_t std::hash<RelativeCoreCoord>::operator()(const RelativeCoreCoord& o) const {
    return static_cast<std::size_t>(o.x) ^ (static_cast<std::size_t>(o.y) << 1);
}
std::size_t std::hash<CoreRange>::operator()(const CoreRange& r) const {
    return Fold(Fold(0, std::hash<CoreCoord>{}(r.start_coord)), std::hash<CoreCoord>{}(r.end_coord));
}
std::size_t std::hash<CoreRangeSet>::operator()(const CoreRangeSet& s) const {
    std::size_t seed = 0;
    for (const auto& r : s.ranges()) seed = Fold(seed, std::hash<CoreRange>{}(r));
    return seed;
}

namespace tt::stl::json {
nlohmann::json to_json_t<CoreCoord>::operator()(const CoreCoord& c) noexcept {
    return {{"x", to_json(c.x)}, {"y", to_json(c.y)}};
}
CoreCoord from_json_t<CoreCoord>::operator()(const nlohmann::json& j) noexcept {
    return {from_json<uint32_t>(j.at("x")), from_json<uint32_t>(j.at("y"))};
}
nlohmann::json to_json_t<RelativeCoreCoord>::operator()(const RelativeCoreCoord& c) noexcept {
    return {{"x", to_json(c.x)}, {"y", to_json(c.y)}};
}
RelativeCoreCoord from_json_t<RelativeCoreCoord>::operator()(const nlohmann::json& j) noexcept {
    return {from_json<int32_t>(j.at("x")), from_json<int32_t>(j.at("y"))};
}
nlohmann::json to_json_t<CoreRange>::operator()(const CoreRange& r) noexcept {
    return {{"start", to_json(r.start_coord)}, {"end", to_json(r.end_coord)}};
}
CoreRange from_json_t<CoreRange>::operator()(const nlohmann::json& j) noexcept {
    return {from_json<CoreCoord>(j.at("start")), from_json<CoreCoord>(j.at("end"))};
}
nlohmann::json to_json_t<CoreRangeSet>::operator()(const CoreRangeSet& s) noexcept { return to_json(s.ranges()); }
CoreRangeSet from_json_t<CoreRangeSet>::operator()(const nlohmann::json& j) noexcept {
    return CoreRangeSet(from_json<std::vector<CoreRange>>(j));
}
}  // namespace tt::stl::json
