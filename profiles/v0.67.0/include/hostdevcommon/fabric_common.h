// The fabric's host/device-shared definitions that tt-metal v0.67.0's host API names: Ethernet channel and routing
// plane ids, the directions an Ethernet channel faces, and the mesh limits. (tt-metal's header also holds the
// routers' device-side tables and L1 records; the emulated device runs no fabric, and those are not here.)
#pragma once

#include <cstddef>
#include <cstdint>

namespace tt::tt_fabric {

class FabricNodeId;

using chan_id_t = std::uint8_t;
using routing_plane_id_t = std::uint8_t;

static constexpr std::uint32_t CLIENT_INTERFACE_SIZE = 3280;
static constexpr std::uint32_t PACKET_WORD_SIZE_BYTES = 16;
static constexpr std::uint32_t MAX_MESH_SIZE = 256;
static constexpr std::uint32_t MAX_NUM_MESHES = 1024;

constexpr std::uint8_t USE_DYNAMIC_CREDIT_ADDR = 255;

enum eth_chan_magic_values : std::uint8_t {
    INVALID_DIRECTION = 0xDD,
    INVALID_ROUTING_TABLE_ENTRY = 0xFF,
};

// The direction an Ethernet channel leads in the mesh.
enum eth_chan_directions : std::uint8_t {
    EAST = 0,
    WEST = 1,
    NORTH = 2,
    SOUTH = 3,
    Z = 4,
    COUNT = 5,
};

}  // namespace tt::tt_fabric
