// UMD's cluster vocabulary: chip ids, ethernet channels and coordinates, and the board types.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

using chip_id_t = int;
using ethernet_channel_t = int;

// Where a chip sits in an ethernet-connected cluster.
struct eth_coord_t {
    int cluster_id;
    int x;
    int y;
    int rack;
    int shelf;
    constexpr bool operator==(const eth_coord_t& o) const noexcept {
        return cluster_id == o.cluster_id && x == o.x && y == o.y && rack == o.rack && shelf == o.shelf;
    }
};

enum BoardType : std::uint32_t { E75, E150, E300, N150, N300, P100, P150, P300, GALAXY, UNKNOWN };

inline std::string board_type_to_string(const BoardType board_type) {
    switch (board_type) {
        case E75:
            return "e75";
        case E150:
            return "e150";
        case E300:
            return "e300";
        case N150:
            return "n150";
        case N300:
            return "n300";
        case P100:
            return "p100";
        case P150:
            return "p150";
        case P300:
            return "p300";
        case GALAXY:
            return "galaxy";
        case UNKNOWN:
            return "unknown";
    }
    throw std::runtime_error("Unknown board type passed for conversion to string.");
}
