// Fabric identifiers as mesh signatures use them: a mesh id, a host rank, and a chip within a mesh (FabricNodeId).
// The emulator has no fabric; a mesh's devices are numbered 0 … n-1 in mesh 0.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>

#include <tt_stl/strong_type.hpp>

namespace tt::tt_fabric {

enum class FabricConfig : std::uint32_t {
    DISABLED = 0, FABRIC_1D = 1, FABRIC_1D_RING = 2, FABRIC_2D = 3, FABRIC_2D_TORUS_X = 4, FABRIC_2D_TORUS_Y = 5,
    FABRIC_2D_TORUS_XY = 6, CUSTOM = 7
};

using MeshId = ttsl::StrongType<std::uint32_t, struct MeshIdTag>;
using MeshHostRankId = ttsl::StrongType<std::uint32_t, struct HostRankTag>;
using SwitchId = ttsl::StrongType<std::uint32_t, struct SwitchIdTag>;

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

template <>
struct std::hash<tt::tt_fabric::FabricNodeId> {
    std::size_t operator()(const tt::tt_fabric::FabricNodeId& fabric_node_id) const noexcept;
};
