// Core coordinates: CoreCoord (UMD's xy_pair), CoreRange and CoreRangeSet, laid out as in tt-metal v0.56.0.
//
// CoreCoord is tt::umd::xy_pair, so it mangles as N2tt3umd7xy_pairE; CoreRange and CoreRangeSet live in the
// global namespace. CoreRangeSet carries a mutex (64 bytes in all) because tt-metal's does; its copy and move
// members are out of line, its destructor implicit.
//   CoreRangeSet cores(CoreRange({0, 0}, {7, 7}));
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <tt-metalium/span.hpp>

#include <umd/device/tt_soc_descriptor.h>
#include <umd/device/tt_xy_pair.h>

using chip_id_t = int;

template <>
struct std::hash<tt::umd::xy_pair> {
    std::size_t operator()(const tt::umd::xy_pair& c) const noexcept { return (c.x << 16) ^ c.y; }
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

class CoreRange {
public:
    CoreCoord start_coord;
    CoreCoord end_coord;

    CoreRange(const CoreCoord& point);
    CoreRange(const CoreCoord& start, const CoreCoord& end);
    CoreRange(const CoreRange&) = default;
    CoreRange& operator=(const CoreRange&) = default;

    bool contains(const CoreCoord& c) const;
    bool contains(const CoreRange& r) const;
    bool intersects(const CoreRange& r) const;
    bool adjacent(const CoreRange& r) const;
    std::size_t size() const;
    CoreCoord grid_size() const;
    std::string str() const;

    bool operator==(const CoreRange& o) const { return start_coord == o.start_coord && end_coord == o.end_coord; }
    bool operator!=(const CoreRange& o) const { return !(*this == o); }
    bool operator<(const CoreRange& o) const {
        return start_coord < o.start_coord || (start_coord == o.start_coord && end_coord < o.end_coord);
    }
};

template <>
struct std::hash<CoreRange> {
    std::size_t operator()(const CoreRange& r) const noexcept {
        return std::hash<CoreCoord>{}(r.start_coord) * 31 + std::hash<CoreCoord>{}(r.end_coord);
    }
};

class CoreRangeSet {
public:
    CoreRangeSet();
    CoreRangeSet(tt::stl::Span<const CoreRange> ranges);
    CoreRangeSet(const std::set<CoreRange>& ranges);
    CoreRangeSet(const CoreRange& range);
    CoreRangeSet(std::vector<CoreRange>&& ranges);
    CoreRangeSet(const CoreRangeSet& other);
    CoreRangeSet& operator=(const CoreRangeSet& other);
    CoreRangeSet(CoreRangeSet&& other) noexcept;
    CoreRangeSet& operator=(CoreRangeSet&& other) noexcept;

    const std::vector<CoreRange>& ranges() const;
    bool contains(const CoreCoord& c) const;
    bool contains(const CoreRange& r) const;
    bool intersects(const CoreCoord& c) const;
    bool intersects(const CoreRange& r) const;
    bool empty() const;
    std::uint32_t num_cores() const;
    CoreRange bounding_box() const;
    CoreRangeSet merge_ranges() const;
    std::string str() const;

    bool operator==(const CoreRangeSet& o) const;
    bool operator!=(const CoreRangeSet& o) const { return !(*this == o); }

private:
    mutable std::mutex ranges_guard;
    std::vector<CoreRange> ranges_;
};

static_assert(sizeof(CoreCoord) == 16 && sizeof(CoreRange) == 32 && sizeof(CoreRangeSet) == 64);

// Cores of a gx × gy grid in row-wise (x fastest) or column-wise order.
std::vector<CoreCoord> grid_to_cores(std::uint32_t num_cores, std::uint32_t grid_size_x, std::uint32_t grid_size_y,
                                     bool row_wise = false);
std::vector<CoreCoord> grid_to_cores(CoreCoord start, CoreCoord end, bool row_wise = false);
std::vector<CoreCoord> corerange_to_cores(const CoreRangeSet& crs, std::optional<std::uint32_t> max_cores = std::nullopt,
                                          bool row_wise = false);
