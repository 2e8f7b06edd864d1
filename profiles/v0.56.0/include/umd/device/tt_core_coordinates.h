// UMD's names for kinds of cores and coordinate systems, and its typed coordinate (tt::umd::CoreCoord: a pair with
// the core's kind and the system it is expressed in). tt-metal's own CoreCoord is the plain pair (tt_xy_pair.h).
#pragma once

#include <umd/device/tt_xy_pair.h>

#include <cstdint>
#include <functional>
#include <string>

enum class CoreType { ARC, DRAM, ACTIVE_ETH, IDLE_ETH, PCIE, TENSIX, ROUTER_ONLY, HARVESTED, ETH, WORKER };

enum class CoordSystem : std::uint8_t { LOGICAL, PHYSICAL, VIRTUAL, TRANSLATED };

static inline std::string to_str(const CoreType t) {
    static const char* const kNames[] = {"ARC",    "DRAM",        "ACTIVE_ETH", "IDLE_ETH", "PCIE",
                                         "TENSIX", "ROUTER_ONLY", "HARVESTED",  "ETH",      "WORKER"};
    const auto i = static_cast<unsigned>(t);
    return i < sizeof(kNames) / sizeof(kNames[0]) ? kNames[i] : "UNKNOWN";
}

static inline std::string to_str(const CoordSystem s) {
    static const char* const kNames[] = {"LOGICAL", "PHYSICAL", "VIRTUAL", "TRANSLATED"};
    const auto i = static_cast<unsigned>(s);
    return i < 4 ? kNames[i] : "UNKNOWN";
}

namespace tt::umd {

struct CoreCoord : public tt_xy_pair {
    CoreCoord() {}
    CoreCoord(const std::size_t x, const std::size_t y, const CoreType type, const CoordSystem system)
        : tt_xy_pair(x, y), core_type(type), coord_system(system) {}
    CoreCoord(const tt_xy_pair core, const CoreType type, const CoordSystem system)
        : tt_xy_pair(core), core_type(type), coord_system(system) {}

    CoreType core_type;
    CoordSystem coord_system;

    bool operator==(const CoreCoord& o) const {
        return x == o.x && y == o.y && core_type == o.core_type && coord_system == o.coord_system;
    }
    // Ordered by x, then y, then kind, then coordinate system.
    bool operator<(const CoreCoord& o) const {
        if (x != o.x) return x < o.x;
        if (y != o.y) return y < o.y;
        if (core_type != o.core_type) return core_type < o.core_type;
        return coord_system < o.coord_system;
    }
    std::string str() const {
        return "CoreCoord: (" + std::to_string(x) + ", " + std::to_string(y) + ", " + ::to_str(core_type) + ", " +
               ::to_str(coord_system) + ")";
    }
};

}  // namespace tt::umd
