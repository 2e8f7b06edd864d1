// A core's coordinates inside the emulated device core. Every tt-metal release has its own CoreCoord
// (tt::umd::xy_pair in v0.56.0, tt::xy_pair in v0.67.0): the device core uses this one and each API façade converts
// at its edge, so nothing below the façades depends on a release's headers.
//   CoreXY c{3, 4};  c.str() == "(x=3,y=4)", as tt-metal prints a CoreCoord.
#pragma once

#include <compare>
#include <cstdint>
#include <string>

namespace ttemu {

struct CoreXY {
    std::uint32_t x = 0, y = 0;

    friend auto operator<=>(const CoreXY&, const CoreXY&) = default;
    std::string str() const { return "(x=" + std::to_string(x) + ",y=" + std::to_string(y) + ")"; }
};

}  // namespace ttemu
