// How a MeshDevice is laid out (tt::tt_metal::distributed::MeshDeviceConfig): its shape, where it starts in the
// system mesh, or the physical device ids to use.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include <tt-metalium/mesh_coord.hpp>

namespace tt::tt_metal::distributed {

using DeviceIds = std::vector<int>;
using MeshDeviceID = int;
using chip_id_t = int;

struct MeshDeviceConfig {
    MeshShape mesh_shape{0, 0};
    std::optional<MeshCoordinate> offset;
    std::vector<chip_id_t> physical_device_ids{};
};

}  // namespace tt::tt_metal::distributed
