// UMD's chip-level types tt-metal v0.67.0 signatures use: ChipId (an int, so mangling is unchanged), board types and
// the ethernet coordinate of a chip.
#pragma once

#include <cstdint>

namespace tt {

enum BoardType : std::uint32_t {
    E75, E150, E300, N150, N300, P100, P150, P300, GALAXY, UBB, UBB_WORMHOLE = UBB, UBB_BLACKHOLE, QUASAR, UNKNOWN,
};

using ChipId = int;
using EthernetChannel = int;

struct EthCoord {
    int cluster_id;
    int x;
    int y;
    int rack;
    int shelf;
    constexpr bool operator==(const EthCoord& o) const noexcept {
        return cluster_id == o.cluster_id && x == o.x && y == o.y && rack == o.rack && shelf == o.shelf;
    }
};

}  // namespace tt
