// [[Experimental]] tt-metal v0.68.0-rc1's MetalEnv: one environment of the runtime (its cluster, or a mock of one)
// and what makes devices in it — meshes made here, not through MeshDevice::create. The emulated environment is the
// emulated cluster (TT_METAL_EMU_NUM_DEVICES); a mock cluster descriptor is accepted as tt-metal's mock mode is.
//   tt::tt_metal::MetalEnv env;
//   auto mesh = env.create_mesh_device(distributed::MeshDeviceConfig(distributed::MeshShape(1, 2)));
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/sub_device.hpp>
#include <tt-metalium/system_mesh.hpp>
#include <umd/device/types/arch.hpp>

namespace tt::tt_fabric {
class ControlPlane;
}  // namespace tt::tt_fabric

namespace tt::tt_metal {

// How the environment's fabric is configured (the emulated cluster has none: DISABLED).
struct FabricConfigDescriptor {
    tt_fabric::FabricConfig fabric_config = tt_fabric::FabricConfig::DISABLED;
    tt_fabric::FabricReliabilityMode reliability_mode = tt_fabric::FabricReliabilityMode::STRICT_SYSTEM_HEALTH_SETUP_MODE;
    std::optional<std::uint8_t> num_routing_planes = std::nullopt;
    tt_fabric::FabricTensixConfig fabric_tensix_config = tt_fabric::FabricTensixConfig::DISABLED;
    tt_fabric::FabricUDMMode fabric_udm_mode = tt_fabric::FabricUDMMode::DISABLED;
    tt_fabric::FabricManagerMode fabric_manager = tt_fabric::FabricManagerMode::DEFAULT;
};

class MetalEnvDescriptor {
public:
    MetalEnvDescriptor() = default;
    explicit MetalEnvDescriptor(const std::string& mock_cluster_desc_path);
    explicit MetalEnvDescriptor(std::optional<std::string> mock_cluster_desc_path);
    MetalEnvDescriptor(std::optional<std::string> mock_cluster_desc_path, FabricConfigDescriptor fabric_config_desc);

    bool is_mock_device() const { return mock_cluster_desc_path_.has_value(); }
    const std::string& mock_cluster_desc_path() const { return *mock_cluster_desc_path_; }
    const FabricConfigDescriptor& fabric_config_descriptor() const { return fabric_config_desc_; }

protected:
    std::optional<std::string> mock_cluster_desc_path_ = std::nullopt;
    FabricConfigDescriptor fabric_config_desc_;
};

class MetalEnvImpl;

class MetalEnv {
public:
    explicit MetalEnv(MetalEnvDescriptor descriptor = {});
    ~MetalEnv();
    MetalEnv(const MetalEnv&) = delete;
    MetalEnv& operator=(const MetalEnv&) = delete;
    MetalEnv(MetalEnv&&) = delete;
    MetalEnv& operator=(MetalEnv&&) = delete;

    const MetalEnvDescriptor& get_descriptor() const;
    tt::ARCH get_arch() const;
    std::string get_arch_name() const;
    std::uint32_t get_num_pcie_devices() const;
    std::uint32_t get_num_available_devices() const;
    std::uint32_t get_l1_size() const;
    std::uint32_t get_dram_alignment() const;
    std::uint32_t get_l1_alignment() const;
    std::uint32_t get_arch_num_circular_buffers() const;
    std::uint32_t get_max_worker_l1_unreserved_size() const;
    float get_eps() const;
    float get_nan() const;
    float get_inf() const;
    tt::tt_fabric::ControlPlane& get_control_plane();
    distributed::SystemMesh& get_system_mesh();

    std::shared_ptr<distributed::MeshDevice> create_mesh_device(
        const distributed::MeshDeviceConfig& config, std::size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
        std::size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE, std::size_t num_command_queues = 1,
        const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{},
        tt::stl::Span<const std::uint32_t> l1_bank_remap = {}, std::size_t worker_l1_size = DEFAULT_WORKER_L1_SIZE);
    std::shared_ptr<distributed::MeshDevice> create_unit_mesh_device(
        int device_id, std::size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
        std::size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE, std::size_t num_command_queues = 1,
        const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{},
        tt::stl::Span<const std::uint32_t> l1_bank_remap = {}, std::size_t worker_l1_size = DEFAULT_WORKER_L1_SIZE);
    std::map<int, std::shared_ptr<distributed::MeshDevice>> create_unit_meshes(
        const std::vector<int>& device_ids, std::size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
        std::size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE, std::size_t num_command_queues = 1,
        const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{},
        tt::stl::Span<const std::uint32_t> l1_bank_remap = {}, std::size_t worker_l1_size = DEFAULT_WORKER_L1_SIZE);
    SubDevice create_sub_device(tt::stl::Span<const CoreRangeSet> cores);

private:
    friend class MetalEnvAccessor;
    std::unique_ptr<MetalEnvImpl> impl_;
    MetalEnvImpl& impl() { return *impl_; }
    MetalEnvDescriptor descriptor_;
};

}  // namespace tt::tt_metal
