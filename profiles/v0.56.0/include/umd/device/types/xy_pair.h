// UMD's coordinate pairs: tt::umd::xy_pair, which tt-metal calls tt_xy_pair and CoreCoord, and cxy_pair (a chip and
// a core on it), which it calls tt_cxy_pair.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace tt::umd {
struct xy_pair {
    constexpr xy_pair() : x{}, y{} {}
    constexpr xy_pair(std::size_t x, std::size_t y) : x(x), y(y) {}
    std::size_t x;
    std::size_t y;
    std::string str() const;  // exported (libdevice.so in tt-metal)
};
constexpr bool operator==(const xy_pair& a, const xy_pair& b) { return a.x == b.x && a.y == b.y; }
constexpr bool operator!=(const xy_pair& a, const xy_pair& b) { return !(a == b); }
constexpr bool operator<(const xy_pair& a, const xy_pair& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }
constexpr bool operator>(const xy_pair& a, const xy_pair& b) { return b < a; }
constexpr bool operator<=(const xy_pair& a, const xy_pair& b) { return !(b < a); }
constexpr bool operator>=(const xy_pair& a, const xy_pair& b) { return !(a < b); }

struct cxy_pair {
    constexpr cxy_pair() : chip{}, x{}, y{} {}
    constexpr cxy_pair(std::size_t chip, xy_pair xy) : chip(chip), x(xy.x), y(xy.y) {}
    constexpr cxy_pair(std::size_t chip, std::size_t x, std::size_t y) : chip(chip), x(x), y(y) {}
    std::size_t chip;
    std::size_t x;
    std::size_t y;
    std::string str() const;  // exported
};
constexpr bool operator==(const cxy_pair& a, const cxy_pair& b) { return a.chip == b.chip && a.x == b.x && a.y == b.y; }
constexpr bool operator!=(const cxy_pair& a, const cxy_pair& b) { return !(a == b); }
constexpr bool operator<(const cxy_pair& a, const cxy_pair& b) {
    return a.chip < b.chip || (a.chip == b.chip && (a.x < b.x || (a.x == b.x && a.y < b.y)));
}
}  // namespace tt::umd

// UMD's hashes: x ^ (y << 1), and chip ^ (x << 1) ^ (y << 2) (std::hash of a size_t is the value itself).
template <>
struct std::hash<tt::umd::xy_pair> {
    std::size_t operator()(const tt::umd::xy_pair& o) const { return o.x ^ (o.y << 1); }
};
template <>
struct std::hash<tt::umd::cxy_pair> {
    std::size_t operator()(const tt::umd::cxy_pair& o) const { return o.chip ^ (o.x << 1) ^ (o.y << 2); }
};
