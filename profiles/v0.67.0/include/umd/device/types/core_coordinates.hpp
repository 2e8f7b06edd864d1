// UMD's core kinds (tt::CoreType) and coordinate systems, and tt::umd::CoreCoord, a core with both.
#pragma once

#include <cstdint>
#include <string>

#include <umd/device/types/xy_pair.hpp>

namespace tt {

enum class CoreType {
    ARC, DRAM, ACTIVE_ETH, IDLE_ETH, PCIE, TENSIX, ROUTER_ONLY, SECURITY, L2CPU, HARVESTED, ETH, WORKER, COUNT,
};

enum class CoordSystem : std::uint8_t { LOGICAL, NOC0, TRANSLATED, NOC1 };

static inline std::string to_str(CoreType t) {
    switch (t) {
        case CoreType::ARC: return "ARC";
        case CoreType::DRAM: return "DRAM";
        case CoreType::ACTIVE_ETH: return "ACTIVE_ETH";
        case CoreType::IDLE_ETH: return "IDLE_ETH";
        case CoreType::PCIE: return "PCIE";
        case CoreType::TENSIX: return "TENSIX";
        case CoreType::ROUTER_ONLY: return "ROUTER_ONLY";
        case CoreType::SECURITY: return "SECURITY";
        case CoreType::L2CPU: return "L2CPU";
        case CoreType::HARVESTED: return "HARVESTED";
        case CoreType::ETH: return "ETH";
        case CoreType::WORKER: return "WORKER";
        default: return "UNKNOWN";
    }
}

static inline std::string to_str(CoordSystem s) {
    switch (s) {
        case CoordSystem::LOGICAL: return "LOGICAL";
        case CoordSystem::NOC0: return "NOC0";
        case CoordSystem::TRANSLATED: return "TRANSLATED";
        case CoordSystem::NOC1: return "NOC1";
        default: return "UNKNOWN";
    }
}

namespace umd {
struct CoreCoord : public tt_xy_pair {
    CoreCoord() = default;
    CoreCoord(std::size_t x, std::size_t y, CoreType type, CoordSystem system)
        : tt_xy_pair(x, y), core_type(type), coord_system(system) {}
    CoreCoord(tt_xy_pair core, CoreType type, CoordSystem system)
        : tt_xy_pair(core), core_type(type), coord_system(system) {}
    CoreType core_type{};
    CoordSystem coord_system{};
    bool operator==(const CoreCoord& o) const {
        return x == o.x && y == o.y && core_type == o.core_type && coord_system == o.coord_system;
    }
    std::string str() const {
        return "CoreCoord: (" + std::to_string(x) + ", " + std::to_string(y) + ", " + to_str(core_type) + ", " +
               to_str(coord_system) + ")";
    }
};
}  // namespace umd

}  // namespace tt
