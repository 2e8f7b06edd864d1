// The machine's devices as one logical mesh (tt::tt_metal::distributed::SystemMesh): its shape, the device at each
// coordinate, and the devices a MeshDeviceConfig maps to (MeshDevice::create asks it).
//   auto& system = SystemMesh::instance();
//   MeshShape shape = system.get_shape();                               // 2x4 for eight devices
//   chip_id_t id = system.get_physical_device_id(MeshCoordinate(1, 0));
//
// On the emulated device the system mesh holds TT_METAL_EMU_NUM_DEVICES devices, shaped as tt-metal shapes that
// count (1x1, 1x2, 2x4 for eight: a T3000; other counts 1xN), numbered row-major.
#pragma once

#include <memory>
#include <vector>

#include <tt-metalium/indestructible.hpp>
#include <tt-metalium/mesh_config.hpp>
#include <tt-metalium/mesh_coord.hpp>

namespace tt::tt_metal::distributed {

class SystemMesh {
public:
    static SystemMesh& instance();

    SystemMesh(const SystemMesh&) = delete;
    SystemMesh& operator=(const SystemMesh&) = delete;
    SystemMesh(SystemMesh&&) = delete;
    SystemMesh& operator=(SystemMesh&&) = delete;

    const MeshShape& get_shape() const;
    chip_id_t get_physical_device_id(const MeshCoordinate& coord) const;
    // The devices of config's mesh, in its row-major order: a line follows a snake through the system mesh; any
    // other shape is placed at config.offset (default: the origin), turned if it only fits that way.
    std::vector<chip_id_t> get_mapped_physical_device_ids(const MeshDeviceConfig& config) const;
    // config.physical_device_ids if given, else get_mapped_physical_device_ids(config).
    std::vector<chip_id_t> request_available_devices(const MeshDeviceConfig& config) const;

private:
    class Impl;
    std::unique_ptr<Impl> pimpl_;

    SystemMesh();
    friend class tt::stl::Indestructible<SystemMesh>;
};

}  // namespace tt::tt_metal::distributed
