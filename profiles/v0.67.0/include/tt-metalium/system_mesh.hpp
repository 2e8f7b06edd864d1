// SystemMesh: the mesh of every device in the system (the emulator's TT_METAL_EMU_NUM_DEVICES devices as a 2×4 box
// when there are eight, else a line), and which device ids a requested sub-mesh maps to.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include <tt-metalium/experimental/fabric/routing_table_generator.hpp>
#include <tt-metalium/maybe_remote.hpp>
#include <tt-metalium/mesh_coord.hpp>

namespace tt::tt_fabric {
class ControlPlane;
}  // namespace tt::tt_fabric
namespace tt::tt_metal {
class MetalContext;
}  // namespace tt::tt_metal

namespace tt::tt_metal::distributed {

class SystemMesh {
private:
    friend class tt::tt_metal::MetalContext;
    class Impl;
    std::unique_ptr<Impl> pimpl_;
    explicit SystemMesh(const tt::tt_fabric::ControlPlane& control_plane);

public:
    ~SystemMesh();
    static SystemMesh& instance();
    SystemMesh(const SystemMesh&) = delete;
    SystemMesh& operator=(const SystemMesh&) = delete;
    SystemMesh(SystemMesh&&) = delete;
    SystemMesh& operator=(SystemMesh&&) = delete;

    const MeshShape& shape() const;
    const MeshShape& local_shape() const;
    struct MappedDevices {
        std::vector<MaybeRemote<int>> device_ids;
        std::vector<tt::tt_fabric::FabricNodeId> fabric_node_ids;
        MeshShape mesh_shape;
    };
    MappedDevices get_mapped_devices(const std::optional<MeshShape>& shape,
                                     const std::optional<MeshCoordinate>& offset = std::nullopt) const;
};

}  // namespace tt::tt_metal::distributed
