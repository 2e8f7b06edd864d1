// MeshEvent: an event recorded on a mesh command queue over a range of the mesh's devices.
#pragma once

#include <cstdint>
#include <ostream>

#include <tt-metalium/mesh_device.hpp>

namespace tt::tt_metal::distributed {

class MeshEvent {
public:
    MeshEvent(std::uint32_t id, MeshDevice* device, std::uint32_t mesh_cq_id, const MeshCoordinateRange& device_range);
    std::uint32_t id() const;
    MeshDevice* device() const;
    std::uint32_t mesh_cq_id() const;
    const MeshCoordinateRange& device_range() const;
    friend std::ostream& operator<<(std::ostream& os, const MeshEvent& event);

private:
    std::uint32_t id_ = 0;
    MeshDevice* device_ = nullptr;
    std::uint32_t mesh_cq_id_ = 0;
    MeshCoordinateRange device_range_;
};

}  // namespace tt::tt_metal::distributed
