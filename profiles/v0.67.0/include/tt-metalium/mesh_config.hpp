// MeshDeviceConfig: the shape of a mesh to open, where in the system mesh it starts, and optionally which physical
// devices make it up.
#pragma once

#include <optional>
#include <vector>

#include <tt-metalium/mesh_coord.hpp>

namespace tt::tt_metal::distributed {

using ChipId = int;

class MeshDeviceConfig {
public:
    MeshDeviceConfig(const std::optional<MeshShape>& mesh_shape, const std::optional<MeshCoordinate>& offset = std::nullopt,
                     const std::vector<ChipId>& physical_device_ids = {})
        : mesh_shape_(mesh_shape), offset_(offset), physical_device_ids_(physical_device_ids) {}
    const std::optional<MeshShape>& mesh_shape() const { return mesh_shape_; }
    const std::optional<MeshCoordinate>& offset() const { return offset_; }
    const std::vector<ChipId>& physical_device_ids() const { return physical_device_ids_; }

private:
    std::optional<MeshShape> mesh_shape_;
    std::optional<MeshCoordinate> offset_;
    std::vector<ChipId> physical_device_ids_;
};

}  // namespace tt::tt_metal::distributed
