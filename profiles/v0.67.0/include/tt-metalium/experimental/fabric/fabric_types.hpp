// tt-metal v0.67.0's fabric configuration and identifiers: how a program asks for the Ethernet fabric between chips
// (FabricConfig and its modes, set with SetFabricConfig before opening devices), a chip's place in the fabric
// (FabricNodeId: a mesh and a chip in it) and the system's physical identifiers. The emulated device is one card with
// no Ethernet links: a mesh's devices are chips 0 … n-1 of mesh 0, and no fabric runs (experimental/fabric/fabric.hpp).
#pragma once

#include <stdint.h>

#include <functional>
#include <optional>
#include <ostream>
#include <utility>

#include <fmt/format.h>
#include <tt_stl/strong_type.hpp>

namespace tt::tt_fabric {

enum class FabricConfig : uint32_t {
    DISABLED = 0,
    FABRIC_1D_NEIGHBOR_EXCHANGE = 1,  // 1D, no forwarding past the neighbours
    FABRIC_1D = 2,                    // 1D routing
    FABRIC_1D_RING = 3,               // 1D routing with datelines against deadlock
    FABRIC_2D = 4,                    // 2D routing
    FABRIC_2D_TORUS_X = 5,            // 2D, datelines along X
    FABRIC_2D_TORUS_Y = 6,            // 2D, datelines along Y
    FABRIC_2D_TORUS_XY = 7,           // 2D, datelines along both
    CUSTOM = 8
};

// Whether Tensix cores extend the fabric routers (a mux kernel; with UDM a relay kernel too).
enum class FabricTensixConfig : uint32_t { DISABLED = 0, MUX = 1, UDM = 2 };

enum class FabricUDMMode : uint32_t { DISABLED = 0, ENABLED = 1 };

// Which of the fabric's start-up and tear-down tt-metal's runtime does itself (flags).
enum class FabricManagerMode : uint32_t {
    INIT_FABRIC = 1 << 0,
    TERMINATE_FABRIC = 1 << 1,
    ENABLED = (INIT_FABRIC & TERMINATE_FABRIC),
    DEFAULT = (INIT_FABRIC | TERMINATE_FABRIC),
};
FabricManagerMode operator|(FabricManagerMode lhs, FabricManagerMode rhs);
FabricManagerMode operator&(FabricManagerMode lhs, FabricManagerMode rhs);
bool has_flag(FabricManagerMode flags, FabricManagerMode test_flag);

struct FabricRouterConfig {
    std::optional<size_t> max_packet_payload_size_bytes = std::nullopt;
};

// The shape of the connections between a mesh's chips (flags).
enum class FabricType {
    MESH = 1 << 0,
    TORUS_X = 1 << 1,  // along mesh_coord[1]
    TORUS_Y = 1 << 2,  // along mesh_coord[0]
    TORUS_XY = (TORUS_X | TORUS_Y),
};
FabricType operator|(FabricType lhs, FabricType rhs);
FabricType operator&(FabricType lhs, FabricType rhs);
bool has_flag(FabricType flags, FabricType test_flag);

// How strictly the fabric's start-up insists on a healthy system.
enum class FabricReliabilityMode : uint32_t {
    STRICT_SYSTEM_HEALTH_SETUP_MODE = 0,
    RELAXED_SYSTEM_HEALTH_SETUP_MODE = 1,
    DYNAMIC_RECONFIGURATION_SETUP_MODE = 2,
};

using MeshId = tt::stl::StrongType<uint32_t, struct MeshIdTag>;
using MeshHostRankId = tt::stl::StrongType<uint32_t, struct HostRankTag>;
using SwitchId = tt::stl::StrongType<uint32_t, struct SwitchIdTag>;

constexpr MeshHostRankId MESH_HOST_RANK_UNSET{UINT32_MAX};

// A chip in the fabric: its mesh and its number in that mesh.
class FabricNodeId {
public:
    explicit FabricNodeId(MeshId mesh_id_val, std::uint32_t chip_id_val);
    MeshId mesh_id{0};
    std::uint32_t chip_id = 0;
};

bool operator==(const FabricNodeId& lhs, const FabricNodeId& rhs);
bool operator!=(const FabricNodeId& lhs, const FabricNodeId& rhs);
bool operator<(const FabricNodeId& lhs, const FabricNodeId& rhs);
bool operator>(const FabricNodeId& lhs, const FabricNodeId& rhs);
bool operator<=(const FabricNodeId& lhs, const FabricNodeId& rhs);
bool operator>=(const FabricNodeId& lhs, const FabricNodeId& rhs);
std::ostream& operator<<(std::ostream& os, const MeshId& mesh_id);
std::ostream& operator<<(std::ostream& os, const FabricNodeId& fabric_node_id);

}  // namespace tt::tt_fabric

namespace std {
template <>
struct hash<tt::tt_fabric::FabricNodeId> {
    size_t operator()(const tt::tt_fabric::FabricNodeId& fabric_node_id) const noexcept;
};
}  // namespace std

template <>
struct fmt::formatter<tt::tt_fabric::FabricNodeId> {
    constexpr auto parse(format_parse_context& ctx) -> format_parse_context::iterator { return ctx.end(); }
    auto format(const tt::tt_fabric::FabricNodeId& node_id, format_context& ctx) const -> format_context::iterator;
};

namespace tt::tt_metal {
// A system's physical identifiers: an ASIC, its tray and place on it, a rack, a host's, a hall and an aisle.
using AsicID = tt::stl::StrongType<uint64_t, struct AsicIDTag>;
using TrayID = tt::stl::StrongType<uint32_t, struct TrayIDTag>;
using ASICLocation = tt::stl::StrongType<uint32_t, struct ASICLocationTag>;
using ASICPosition = std::pair<TrayID, ASICLocation>;
using RackID = tt::stl::StrongType<uint32_t, struct RackIDTag>;
using UID = tt::stl::StrongType<uint32_t, struct UIDTag>;
using HallID = tt::stl::StrongType<uint32_t, struct HallIDTag>;
using AisleID = tt::stl::StrongType<uint32_t, struct AisleIDTag>;
}  // namespace tt::tt_metal
