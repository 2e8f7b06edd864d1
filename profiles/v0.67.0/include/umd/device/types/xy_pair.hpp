// UMD's coordinate pairs as tt-metal v0.67.0 sees them: tt::xy_pair (which tt-metal calls tt_xy_pair and CoreCoord;
// it mangles as tt::xy_pair) and tt::cxy_pair (a chip and a core on it). str() is exported by the library.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace tt {

struct xy_pair {
    constexpr xy_pair() : x{}, y{} {}
    constexpr xy_pair(std::size_t x, std::size_t y) : x(x), y(y) {}
    std::size_t x;
    std::size_t y;
    std::string str() const;
};
constexpr bool operator==(const xy_pair& a, const xy_pair& b) { return a.x == b.x && a.y == b.y; }
constexpr bool operator!=(const xy_pair& a, const xy_pair& b) { return !(a == b); }
constexpr bool operator<(const xy_pair& a, const xy_pair& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }

struct cxy_pair : public xy_pair {
    cxy_pair() = default;
    cxy_pair(std::size_t chip, xy_pair pair) : xy_pair(pair.x, pair.y), chip(chip) {}
    cxy_pair(std::size_t chip, std::size_t x, std::size_t y) : xy_pair(x, y), chip(chip) {}
    std::size_t chip = 0;
    std::string str() const;
};
constexpr bool operator==(const cxy_pair& a, const cxy_pair& b) { return a.x == b.x && a.y == b.y && a.chip == b.chip; }
constexpr bool operator!=(const cxy_pair& a, const cxy_pair& b) { return !(a == b); }
constexpr bool operator<(const cxy_pair& a, const cxy_pair& b) {
    return a.chip < b.chip || (a.chip == b.chip && (a.x < b.x || (a.x == b.x && a.y < b.y)));
}

}  // namespace tt

using tt_xy_pair = tt::xy_pair;
using tt_cxy_pair = tt::cxy_pair;

// UMD's hashes: the two (three) coordinates folded with the golden-ratio constant.
template <>
struct std::hash<tt::xy_pair> {
    std::size_t operator()(const tt::xy_pair& o) const {
        std::size_t seed = 0;
        seed ^= std::hash<std::size_t>()(o.x) + 0x9e3779b9 + (seed << 6) + (seed >> 2);
        seed ^= std::hash<std::size_t>()(o.y) + 0x9e3779b9 + (seed << 6) + (seed >> 2);
        return seed;
    }
};
template <>
struct std::hash<tt::cxy_pair> {
    std::size_t operator()(const tt::cxy_pair& o) const {
        std::size_t seed = 0;
        seed ^= std::hash<std::size_t>()(o.chip) + 0x9e3779b9 + (seed << 6) + (seed >> 2);
        seed ^= std::hash<std::size_t>()(o.x) + 0x9e3779b9 + (seed << 6) + (seed >> 2);
        seed ^= std::hash<std::size_t>()(o.y) + 0x9e3779b9 + (seed << 6) + (seed >> 2);
        return seed;
    }
};
