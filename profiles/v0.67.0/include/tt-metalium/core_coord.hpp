// Core coordinates of tt-metal v0.67.0: CoreCoord (UMD's tt::xy_pair; mangles as N2tt7xy_pairE), and CoreRange and
// CoreRangeSet, which moved into tt::tt_metal (the global names remain as deprecated aliases) and lost the mutex
// (a set is its vector of ranges, 24 bytes). Everything not inline here is exported by libtt_metal.so. Building a
// set from several ranges refuses overlapping ones; merge/merge_ranges/subtract decompose into rectangles.
//   CoreRangeSet cores(CoreRange({0, 0}, {7, 7}));
//   CoreRangeSet rest = cores.subtract(CoreRangeSet(CoreRange({0, 0}, {7, 0})));  // {[(x=0,y=1) - (x=7,y=7)]}
#pragma once

#include <fmt/core.h>
#include <nlohmann/json_fwd.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <tt_stl/span.hpp>
#include <umd/device/types/xy_pair.hpp>

namespace ttsl::json {
template <typename T>
struct from_json_t;
template <typename T>
struct to_json_t;
}  // namespace ttsl::json

namespace tt::tt_metal {

using CoreCoord = tt_xy_pair;
class CoreRangeSet;

constexpr bool operator<=(const CoreCoord& a, const CoreCoord& b) { return (a < b) || (a == b); }

// The cores [start_coord, end_coord], both corners included.
class CoreRange {
public:
    CoreCoord start_coord;
    CoreCoord end_coord;

    CoreRange(const CoreCoord& point);
    CoreRange(const CoreCoord& start_coord, const CoreCoord& end_coord);  // throws unless end >= start in x and y
    CoreRange(const CoreRange& other) = default;
    CoreRange& operator=(const CoreRange& other) = default;
    CoreRange(CoreRange&& other) noexcept = default;
    CoreRange& operator=(CoreRange&& other) noexcept = default;

    bool intersects(const CoreRange& other) const;
    std::optional<CoreRange> intersection(const CoreRange& other) const;
    bool adjacent(const CoreRange& other) const;  // touching along a side
    bool contains(const CoreCoord& other) const;
    bool contains(const CoreRange& other) const;
    bool contains(const CoreRangeSet& other) const;
    std::optional<CoreRange> merge(const CoreRange& cr) const;  // the union, when it is a rectangle
    std::string str() const;                                   // [(x=0,y=0) - (x=7,y=7)]
    std::size_t size() const;
    CoreCoord grid_size() const;

    // Row by row (x fastest); end() is the first core of the row below the range.
    class CoreIterator {
    public:
        CoreIterator(const CoreCoord& current, const CoreRange& core_range);
        CoreCoord& operator*();
        CoreIterator& operator++();
        bool operator==(const CoreIterator& other) const;
        bool operator!=(const CoreIterator& other) const;

    private:
        CoreCoord current_;
        const CoreRange& range_;
    };
    CoreIterator begin() const;
    CoreIterator end() const;
};

constexpr bool operator==(const CoreRange& a, const CoreRange& b) {
    return a.start_coord == b.start_coord && a.end_coord == b.end_coord;
}
constexpr bool operator!=(const CoreRange& a, const CoreRange& b) { return !(a == b); }
constexpr bool operator<(const CoreRange& a, const CoreRange& b) {
    return a.start_coord < b.start_coord || (a.start_coord == b.start_coord && a.end_coord < b.end_coord);
}

class CoreRangeSet {
public:
    CoreRangeSet(ttsl::Span<const CoreRange> core_ranges);  // the constructors from several ranges refuse overlaps
    CoreRangeSet(const std::set<CoreRange>& core_ranges);
    CoreRangeSet(const CoreRange& core_range);
    CoreRangeSet(ttsl::Span<const CoreCoord> core_coords);  // one single-core range per coordinate
    CoreRangeSet() = default;
    friend void swap(CoreRangeSet& first, CoreRangeSet& second) noexcept;
    CoreRangeSet(const CoreRangeSet& other);
    CoreRangeSet& operator=(const CoreRangeSet& other) noexcept = default;
    CoreRangeSet(CoreRangeSet&& other) noexcept;
    CoreRangeSet& operator=(CoreRangeSet&& other) noexcept = default;
    CoreRangeSet(std::vector<CoreRange>&& core_ranges);

    bool empty() const;
    std::size_t size() const;  // the number of ranges
    // This set's cores and other's (a CoreRangeSet, std::vector<CoreRange> or std::set<CoreRange>), as rectangles.
    template <typename T>
    CoreRangeSet merge(const T& other) const;
    bool intersects(const CoreCoord& other) const;
    bool intersects(const CoreRange& other) const;
    bool intersects(const CoreRangeSet& other) const;
    CoreRangeSet intersection(const CoreRangeSet& other) const;
    bool contains(const CoreCoord& other) const;
    bool contains(const CoreRange& other) const;
    bool contains(const CoreRangeSet& other) const;
    const std::vector<CoreRange>& ranges() const;
    std::string str() const;  // {[...], [...]}
    std::uint32_t num_cores() const;
    CoreRange bounding_box() const;  // throws for an empty set
    CoreRangeSet merge_ranges() const;
    CoreRangeSet subtract(const CoreRangeSet& other) const;  // this set's cores that other lacks

private:
    void validate_no_overlap();
    std::vector<CoreRange> ranges_;
};

static_assert(sizeof(CoreCoord) == 16 && sizeof(CoreRange) == 32 && sizeof(CoreRangeSet) == 24);

bool operator==(const CoreRangeSet& a, const CoreRangeSet& b);
bool operator!=(const CoreRangeSet& a, const CoreRangeSet& b);

std::vector<CoreCoord> grid_to_cores(std::uint32_t num_cores, std::uint32_t grid_size_x, std::uint32_t grid_size_y,
                                     bool row_wise = false);
std::vector<CoreCoord> grid_to_cores(CoreCoord start, CoreCoord end, bool row_wise = false);
std::vector<CoreCoord> grid_to_cores_with_noop(std::uint32_t bbox_x, std::uint32_t bbox_y, std::uint32_t grid_size_x,
                                               std::uint32_t grid_size_y, bool row_wise = false);
std::vector<CoreCoord> grid_to_cores_with_noop(const CoreRangeSet& used_cores, const CoreRangeSet& all_cores,
                                               bool row_wise = false);
std::vector<CoreCoord> corerange_to_cores(const CoreRangeSet& crs, std::optional<std::uint32_t> max_cores = std::nullopt,
                                          bool row_wise = false);
// The cores at positions [start_index, end_index] of the set's cores in order, as ranges.
CoreRangeSet select_from_corerangeset(const CoreRangeSet& crs, std::uint32_t start_index, std::uint32_t end_index,
                                      bool row_wise = false);
// A rectangle of x × y cores inside one of the set's ranges, if one has room.
std::optional<CoreRange> select_contiguous_range_from_corerangeset(const CoreRangeSet& crs, std::uint32_t x,
                                                                   std::uint32_t y);

}  // namespace tt::tt_metal

using CoreCoord [[deprecated("Use tt::tt_metal::CoreCoord")]] = tt::tt_metal::CoreCoord;
using CoreRange [[deprecated("Use tt::tt_metal::CoreRange")]] = tt::tt_metal::CoreRange;
using CoreRangeSet [[deprecated("Use tt::tt_metal::CoreRangeSet")]] = tt::tt_metal::CoreRangeSet;

// The global helpers of earlier releases, forwarding (deprioritized, so the tt::tt_metal ones win).
template <bool deprioritize = true>
[[deprecated("Use tt::tt_metal::corerange_to_cores")]] inline std::vector<tt::tt_metal::CoreCoord> corerange_to_cores(
    const tt::tt_metal::CoreRangeSet& crs, std::optional<std::uint32_t> max_cores = std::nullopt,
    bool row_wise = false) {
    return tt::tt_metal::corerange_to_cores(crs, max_cores, row_wise);
}
template <bool deprioritize = true>
[[deprecated("Use tt::tt_metal::grid_to_cores")]] inline std::vector<tt::tt_metal::CoreCoord> grid_to_cores(
    std::uint32_t num_cores, std::uint32_t grid_size_x, std::uint32_t grid_size_y, bool row_wise = false) {
    return tt::tt_metal::grid_to_cores(num_cores, grid_size_x, grid_size_y, row_wise);
}
template <bool deprioritize = true>
[[deprecated("Use tt::tt_metal::grid_to_cores")]] inline std::vector<tt::tt_metal::CoreCoord> grid_to_cores(
    tt::tt_metal::CoreCoord start, tt::tt_metal::CoreCoord end, bool row_wise = false) {
    return tt::tt_metal::grid_to_cores(start, end, row_wise);
}

template <>
struct fmt::formatter<tt::tt_metal::CoreRangeSet> {
    constexpr auto parse(format_parse_context& ctx) -> format_parse_context::iterator { return ctx.end(); }
    auto format(const tt::tt_metal::CoreRangeSet& core_range_set, format_context& ctx) const
        -> format_context::iterator;
};
template <>
struct fmt::formatter<tt::tt_metal::CoreRange> {
    constexpr auto parse(format_parse_context& ctx) -> format_parse_context::iterator { return ctx.end(); }
    auto format(const tt::tt_metal::CoreRange& core_range, format_context& ctx) const -> format_context::iterator;
};
template <>
struct fmt::formatter<tt::tt_metal::CoreCoord> {
    constexpr auto parse(format_parse_context& ctx) -> format_parse_context::iterator { return ctx.end(); }
    auto format(const tt::tt_metal::CoreCoord& core_coord, format_context& ctx) const -> format_context::iterator;
};

template <>
struct std::hash<tt::tt_metal::CoreRange> {
    std::size_t operator()(const tt::tt_metal::CoreRange& core_range) const;
};
template <>
struct std::hash<tt::tt_metal::CoreRangeSet> {
    std::size_t operator()(const tt::tt_metal::CoreRangeSet& core_range_set) const;
};

namespace ttsl::json {
template <>
struct to_json_t<tt::tt_metal::CoreCoord> {
    nlohmann::json operator()(const tt::tt_metal::CoreCoord& core_coord) noexcept;
};
template <>
struct from_json_t<tt::tt_metal::CoreCoord> {
    tt::tt_metal::CoreCoord operator()(const nlohmann::json& json) noexcept;
};
template <>
struct to_json_t<tt::tt_metal::CoreRange> {
    nlohmann::json operator()(const tt::tt_metal::CoreRange& core_range) noexcept;
};
template <>
struct from_json_t<tt::tt_metal::CoreRange> {
    tt::tt_metal::CoreRange operator()(const nlohmann::json& json) noexcept;
};
template <>
struct to_json_t<tt::tt_metal::CoreRangeSet> {
    nlohmann::json operator()(const tt::tt_metal::CoreRangeSet& core_range_set) noexcept;
};
template <>
struct from_json_t<tt::tt_metal::CoreRangeSet> {
    tt::tt_metal::CoreRangeSet operator()(const nlohmann::json& json) noexcept;
};
}  // namespace ttsl::json
