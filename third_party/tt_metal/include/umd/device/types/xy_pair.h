// UMD's coordinate pair: tt::umd::xy_pair, which tt-metal calls tt_xy_pair and CoreCoord.
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
}  // namespace tt::umd
