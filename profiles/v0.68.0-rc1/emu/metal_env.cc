// tt-metal v0.68.0-rc1's MetalEnv over the emulated cluster: its queries are the HAL's (the emulated Wormhole's), and
// its meshes are made as tt-metal makes them — by the mesh's own construction (MeshDeviceImpl), not through
// MeshDevice::create, so a capture sees MetalEnv's calls, not a MeshDevice::create it never made.
#include <tt-metalium/experimental/context/metal_env.hpp>

#include <tt-metalium/hal.hpp>
#include <tt-metalium/host_api.hpp>

#include "emu/core/errors.h"
#include "profiles/v0.67.0/emu/mesh_device_impl.h"

namespace tt::tt_metal {

class MetalEnvImpl {};

// An empty path is no mock cluster, as tt-metal's constructor takes it.
MetalEnvDescriptor::MetalEnvDescriptor(const std::string& mock_cluster_desc_path)
    : mock_cluster_desc_path_(mock_cluster_desc_path.empty() ? std::nullopt
                                                             : std::optional<std::string>(mock_cluster_desc_path)) {}
MetalEnvDescriptor::MetalEnvDescriptor(std::optional<std::string> mock_cluster_desc_path)
    : mock_cluster_desc_path_(std::move(mock_cluster_desc_path)) {}
MetalEnvDescriptor::MetalEnvDescriptor(std::optional<std::string> mock_cluster_desc_path,
                                       FabricConfigDescriptor fabric_config_desc)
    : mock_cluster_desc_path_(std::move(mock_cluster_desc_path)), fabric_config_desc_(fabric_config_desc) {}

MetalEnv::MetalEnv(MetalEnvDescriptor descriptor)
    : impl_(std::make_unique<MetalEnvImpl>()), descriptor_(std::move(descriptor)) {
    if (descriptor_.fabric_config_descriptor().fabric_config != tt_fabric::FabricConfig::DISABLED)
        ttemu::Throw("MetalEnv: the emulated cluster has no fabric (fabric_config must be DISABLED)");
}
MetalEnv::~MetalEnv() = default;

const MetalEnvDescriptor& MetalEnv::get_descriptor() const { return descriptor_; }
tt::ARCH MetalEnv::get_arch() const { return hal::get_arch(); }
std::string MetalEnv::get_arch_name() const { return hal::get_arch_name(); }
std::uint32_t MetalEnv::get_num_pcie_devices() const { return static_cast<std::uint32_t>(GetNumPCIeDevices()); }
std::uint32_t MetalEnv::get_num_available_devices() const {
    return static_cast<std::uint32_t>(GetNumAvailableDevices());
}
std::uint32_t MetalEnv::get_l1_size() const { return hal::get_l1_size(); }
std::uint32_t MetalEnv::get_dram_alignment() const { return hal::get_dram_alignment(); }
std::uint32_t MetalEnv::get_l1_alignment() const { return hal::get_l1_alignment(); }
std::uint32_t MetalEnv::get_arch_num_circular_buffers() const { return hal::get_arch_num_circular_buffers(); }
std::uint32_t MetalEnv::get_max_worker_l1_unreserved_size() const { return hal::get_max_worker_l1_unreserved_size(); }
float MetalEnv::get_eps() const { return hal::get_eps(); }
float MetalEnv::get_nan() const { return hal::get_nan(); }
float MetalEnv::get_inf() const { return hal::get_inf(); }
tt::tt_fabric::ControlPlane& MetalEnv::get_control_plane() {
    ttemu::Throw("MetalEnv::get_control_plane: the emulated cluster has no fabric control plane");
}
distributed::SystemMesh& MetalEnv::get_system_mesh() { return distributed::SystemMesh::instance(); }

std::shared_ptr<distributed::MeshDevice> MetalEnv::create_mesh_device(const distributed::MeshDeviceConfig& config,
                                                                      std::size_t l1_small_size,
                                                                      std::size_t trace_region_size,
                                                                      std::size_t num_command_queues,
                                                                      const DispatchCoreConfig&,
                                                                      tt::stl::Span<const std::uint32_t>, std::size_t) {
    return distributed::MeshDeviceImpl::Create(config, l1_small_size, trace_region_size, num_command_queues);
}

std::shared_ptr<distributed::MeshDevice> MetalEnv::create_unit_mesh_device(int device_id, std::size_t l1_small_size,
                                                                           std::size_t trace_region_size,
                                                                           std::size_t num_command_queues,
                                                                           const DispatchCoreConfig&,
                                                                           tt::stl::Span<const std::uint32_t>,
                                                                           std::size_t) {
    return distributed::MeshDeviceImpl::CreateUnit(device_id, l1_small_size, trace_region_size, num_command_queues);
}

std::map<int, std::shared_ptr<distributed::MeshDevice>> MetalEnv::create_unit_meshes(
    const std::vector<int>& device_ids, std::size_t l1_small_size, std::size_t trace_region_size,
    std::size_t num_command_queues, const DispatchCoreConfig&, tt::stl::Span<const std::uint32_t>, std::size_t) {
    std::map<int, std::shared_ptr<distributed::MeshDevice>> out;
    for (int id : device_ids)
        out[id] = distributed::MeshDeviceImpl::CreateUnit(id, l1_small_size, trace_region_size, num_command_queues);
    return out;
}

SubDevice MetalEnv::create_sub_device(tt::stl::Span<const CoreRangeSet> cores) {
    std::array<CoreRangeSet, NumHalProgrammableCoreTypes> per_type{};
    if (cores.size() > per_type.size())
        ttemu::Throw("MetalEnv::create_sub_device: ", cores.size(), " core sets for ", per_type.size(), " core types");
    for (std::size_t i = 0; i < cores.size(); i++) per_type[i] = cores[i];
    return SubDevice(per_type);
}

}  // namespace tt::tt_metal
