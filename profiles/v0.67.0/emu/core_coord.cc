// CoreCoord, CoreRange and CoreRangeSet (v0.67.0, in tt::tt_metal): the members every profile shares, plus this
// release's own — the mutex-free set's constructors, the set of single cores, and the two selection helpers.
#include <algorithm>
#include <iterator>
#include <limits>

#include <nlohmann/json.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt_stl/reflection.hpp>

#include "emu/core/errors.h"

std::string tt::xy_pair::str() const { return "(x=" + std::to_string(x) + ",y=" + std::to_string(y) + ")"; }
std::string tt::cxy_pair::str() const {
    return "(chip=" + std::to_string(chip) + ",x=" + std::to_string(x) + ",y=" + std::to_string(y) + ")";
}

namespace tt::tt_metal {

CoreRangeSet::CoreRangeSet(ttsl::Span<const CoreRange> ranges) : ranges_(ranges.begin(), ranges.end()) {
    validate_no_overlap();
}
CoreRangeSet::CoreRangeSet(const std::set<CoreRange>& ranges) : ranges_(ranges.begin(), ranges.end()) {
    validate_no_overlap();
}
CoreRangeSet::CoreRangeSet(std::vector<CoreRange>&& ranges) : ranges_(std::move(ranges)) { validate_no_overlap(); }
CoreRangeSet::CoreRangeSet(const CoreRange& range) : ranges_{range} {}
CoreRangeSet::CoreRangeSet(ttsl::Span<const CoreCoord> cores) {
    ranges_.reserve(cores.size());
    for (const CoreCoord& c : cores) ranges_.emplace_back(c);
    validate_no_overlap();
}
void swap(CoreRangeSet& first, CoreRangeSet& second) noexcept { std::swap(first.ranges_, second.ranges_); }
CoreRangeSet::CoreRangeSet(const CoreRangeSet& other) : ranges_(other.ranges_) {}
CoreRangeSet::CoreRangeSet(CoreRangeSet&& other) noexcept : ranges_(std::move(other.ranges_)) {}

#include "emu/shared/api/core_coord.inc"

CoreRangeSet select_from_corerangeset(const CoreRangeSet& crs, std::uint32_t start_index, std::uint32_t end_index,
                                      bool row_wise) {
    const std::uint32_t n = crs.num_cores();
    if (start_index > end_index || end_index >= n)
        ttemu::Throw("select_from_corerangeset: indices [", start_index, ", ", end_index, "] are outside the set's ",
                     n, " cores");
    const auto cores = corerange_to_cores(crs, std::nullopt, row_wise);
    std::vector<CoreRange> picked;
    for (std::uint32_t i = start_index; i <= end_index; i++) picked.emplace_back(cores[i]);
    return CoreRangeSet(std::move(picked)).merge_ranges();
}

std::optional<CoreRange> select_contiguous_range_from_corerangeset(const CoreRangeSet& crs, std::uint32_t x,
                                                                   std::uint32_t y) {
    if (x == 0 || y == 0) return std::nullopt;
    for (const CoreRange& r : crs.ranges()) {
        const CoreCoord size = r.grid_size();
        if (size.x >= x && size.y >= y)
            return CoreRange(r.start_coord, {r.start_coord.x + x - 1, r.start_coord.y + y - 1});
    }
    return std::nullopt;
}

}  // namespace tt::tt_metal

namespace ttemu_cc {
using tt::tt_metal::CoreCoord;
using tt::tt_metal::CoreRange;
using tt::tt_metal::CoreRangeSet;
}  // namespace ttemu_cc
namespace ttemu_json = ::ttsl::json;
#include "emu/shared/api/core_coord_io.inc"
