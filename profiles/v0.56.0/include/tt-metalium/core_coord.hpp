// Core coordinates: CoreCoord (UMD's xy_pair), CoreRange and CoreRangeSet, laid out as in tt-metal v0.56.0, with
// its whole API (all out of line, exported from libtt_metal.so under v0.56.0's names).
//
// CoreCoord is tt::umd::xy_pair, so it mangles as N2tt3umd7xy_pairE; CoreRange and CoreRangeSet live in the
// global namespace. CoreRangeSet carries a mutex (64 bytes in all) because tt-metal's does; its copy and move
// members are out of line (a move swaps), its destructor implicit. Building a set from several ranges refuses
// overlapping ones; merge/merge_ranges/subtract give tt-metal's decomposition into rectangles.
//   CoreRangeSet cores(CoreRange({0, 0}, {7, 7}));
//   CoreRangeSet rest = cores.subtract(CoreRangeSet(CoreRange({0, 0}, {7, 0})));  // {[(x=0,y=1) - (x=7,y=7)]}
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <tt-metalium/reflection.hpp>
#include <tt-metalium/span.hpp>

#include <umd/device/tt_soc_descriptor.h>
#include <umd/device/tt_xy_pair.h>

using chip_id_t = int;

struct CoreRangeSet;

template <>
struct fmt::formatter<CoreCoord> {
    constexpr auto parse(format_parse_context& ctx) -> format_parse_context::iterator { return ctx.end(); }
    auto format(const CoreCoord& core_coord, format_context& ctx) const -> format_context::iterator;
};

// A coordinate counted from the grid's far edge when negative (x = -1 is the last column).
struct RelativeCoreCoord {
    long x = 0;
    long y = 0;
    std::string str() const;
};
constexpr inline bool operator==(const RelativeCoreCoord& a, const RelativeCoreCoord& b) { return a.x == b.x && a.y == b.y; }
constexpr inline bool operator!=(const RelativeCoreCoord& a, const RelativeCoreCoord& b) { return !(a == b); }
CoreCoord get_core_coord_from_relative(const RelativeCoreCoord& in, const CoreCoord& grid_size);

// The cores [start_coord, end_coord], both corners included.
struct CoreRange {
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
    // Touching along a side (not overlapping, not only at a corner).
    bool adjacent(const CoreRange& other) const;
    bool contains(const CoreCoord& other) const;
    bool contains(const CoreRange& other) const;
    bool contains(const CoreRangeSet& other) const;
    // The union, when it is a rectangle of two ranges that overlap or touch and line up (same columns or same rows).
    std::optional<CoreRange> merge(const CoreRange& cr) const;
    std::string str() const;  // [(x=0,y=0) - (x=7,y=7)]
    size_t size() const;
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

template <>
struct fmt::formatter<CoreRange> {
    constexpr auto parse(format_parse_context& ctx) -> format_parse_context::iterator { return ctx.end(); }
    auto format(const CoreRange& core_range, format_context& ctx) const -> format_context::iterator;
};

class CoreRangeSet {
public:
    CoreRangeSet(tt::stl::Span<const CoreRange> core_ranges);  // these three refuse overlapping ranges
    CoreRangeSet(const std::set<CoreRange>& core_ranges);
    CoreRangeSet(std::vector<CoreRange>&& core_ranges);
    CoreRangeSet(const CoreRange& core_range);
    CoreRangeSet() = default;
    friend void swap(CoreRangeSet& first, CoreRangeSet& second);
    CoreRangeSet(const CoreRangeSet& other);
    CoreRangeSet& operator=(const CoreRangeSet& other);
    CoreRangeSet(CoreRangeSet&& other) noexcept;             // swaps with other
    CoreRangeSet& operator=(CoreRangeSet&& other) noexcept;  // swaps with other

    bool empty() const;
    size_t size() const;  // the number of ranges
    // This set's cores and other's (a CoreRangeSet, std::vector<CoreRange> or std::set<CoreRange>), as rectangles
    // grown row by row.
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
    std::string str() const;  // {[...], [...]}, or {}
    uint32_t num_cores() const;
    CoreRange bounding_box() const;  // throws for an empty set
    // The same cores in as few rectangles as merge finds.
    CoreRangeSet merge_ranges() const;
    // The cores of this set that other lacks.
    CoreRangeSet subtract(const CoreRangeSet& other) const;

private:
    void validate_no_overlap();

    mutable std::mutex ranges_guard;
    std::vector<CoreRange> ranges_;
};

static_assert(sizeof(CoreCoord) == 16 && sizeof(CoreRange) == 32 && sizeof(CoreRangeSet) == 64);

// The same ranges in the same order.
bool operator==(const CoreRangeSet& a, const CoreRangeSet& b);
bool operator!=(const CoreRangeSet& a, const CoreRangeSet& b);

// The first num_cores cores of a gx x gy grid, row-wise (x fastest) or column-wise.
std::vector<CoreCoord> grid_to_cores(uint32_t num_cores, uint32_t grid_size_x, uint32_t grid_size_y,
                                     bool row_wise = false);
std::vector<CoreCoord> grid_to_cores(CoreCoord start, CoreCoord end, bool row_wise = false);
// The cores of the box [(0, 0), (bbox_x, bbox_y)] in order, then the rest of the grid: the columns right of the box,
// then the rows below it.
std::vector<CoreCoord> grid_to_cores_with_noop(const uint32_t bbox_x, const uint32_t bbox_y, const uint32_t grid_size_x,
                                               const uint32_t grid_size_y, const bool row_wise = false);
// used_cores' cores in order, then all_cores' other cores, sorted.
std::vector<CoreCoord> grid_to_cores_with_noop(const CoreRangeSet& used_cores, const CoreRangeSet& all_cores,
                                               const bool row_wise = false);
// Each range's cores in turn, at most max_cores of them.
std::vector<CoreCoord> corerange_to_cores(const CoreRangeSet& crs, std::optional<uint32_t> max_cores = std::nullopt,
                                          bool row_wise = false);

template <>
struct fmt::formatter<CoreRangeSet> {
    constexpr auto parse(format_parse_context& ctx) -> format_parse_context::iterator { return ctx.end(); }
    auto format(const CoreRangeSet& core_range_set, format_context& ctx) const -> format_context::iterator;
};

namespace tt::tt_metal {
using ::CoreCoord;
using ::CoreRange;
using ::CoreRangeSet;
}  // namespace tt::tt_metal

namespace std {
template <>
struct hash<CoreRange> {
    std::size_t operator()(const CoreRange& core_range) const;
};
template <>
struct hash<RelativeCoreCoord> {
    std::size_t operator()(RelativeCoreCoord const& o) const;
};
template <>
struct hash<CoreRangeSet> {
    std::size_t operator()(const CoreRangeSet& core_range_set) const;
};
}  // namespace std

// JSON forms: {"x", "y"}; a range {"start", "end"}; a set, the array of its ranges.
namespace tt::stl::json {
template <>
struct to_json_t<CoreCoord> {
    nlohmann::json operator()(const CoreCoord& core_coord) noexcept;
};
template <>
struct from_json_t<CoreCoord> {
    CoreCoord operator()(const nlohmann::json& json) noexcept;
};
template <>
struct to_json_t<RelativeCoreCoord> {
    nlohmann::json operator()(const RelativeCoreCoord& relative_core_coord) noexcept;
};
template <>
struct from_json_t<RelativeCoreCoord> {
    RelativeCoreCoord operator()(const nlohmann::json& json) noexcept;
};
template <>
struct to_json_t<CoreRange> {
    nlohmann::json operator()(const CoreRange& core_range) noexcept;
};
template <>
struct from_json_t<CoreRange> {
    CoreRange operator()(const nlohmann::json& json) noexcept;
};
template <>
struct to_json_t<CoreRangeSet> {
    nlohmann::json operator()(const CoreRangeSet& core_range_set) noexcept;
};
template <>
struct from_json_t<CoreRangeSet> {
    CoreRangeSet operator()(const nlohmann::json& json) noexcept;
};
}  // namespace tt::stl::json
