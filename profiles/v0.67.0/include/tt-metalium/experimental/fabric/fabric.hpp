// tt-metal v0.67.0's fabric API: enabling the Ethernet fabric between chips (SetFabricConfig before devices open),
// the runtime arguments that connect a worker kernel to a fabric router, routing queries, the Ethernet data mover
// kernel, and the fabric mux (FabricMuxConfig). The emulated device is one Wormhole card with no Ethernet links: the
// configuration is kept and reported back (a disabled fabric is what every device opens with), and everything that
// needs a link or a router throws, as tt-metal does on a machine without them (docs/emulator.md).
//   tt::tt_fabric::SetFabricConfig(tt::tt_fabric::FabricConfig::DISABLED);
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <hostdevcommon/fabric_common.h>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/experimental/fabric/fabric_edm_types.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/program.hpp>
#include <umd/device/types/cluster_descriptor_types.hpp>
#include <umd/device/types/core_coordinates.hpp>

namespace tt::tt_metal {
class Program;
struct ProgramDescriptor;
}  // namespace tt::tt_metal

namespace tt::tt_metal::distributed {
class MeshDevice;
class MeshShape;
}  // namespace tt::tt_metal::distributed

namespace tt::tt_fabric {

class FabricNodeId;
enum class RoutingDirection;
struct FabricEriscDatamoverConfig;

size_t get_tt_fabric_channel_buffer_size_bytes();
size_t get_tt_fabric_packet_header_size_bytes();
size_t get_tt_fabric_max_payload_size_bytes();

// Appends to `worker_args` what a worker kernel needs to reach the router on link `link_idx` towards `dst`.
template <typename ProgramOrDescriptor = tt::tt_metal::Program>
void append_fabric_connection_rt_args(const FabricNodeId& src_fabric_node_id, const FabricNodeId& dst_fabric_node_id,
                                      uint32_t link_idx, ProgramOrDescriptor& worker_program_or_desc,
                                      const tt::tt_metal::CoreCoord& worker_core, std::vector<uint32_t>& worker_args,
                                      CoreType core_type = CoreType::WORKER);

enum class FabricApiType : uint8_t {
    Linear = 0,
    Mesh = 1,
};

std::vector<eth_chan_directions> get_neighbor_eth_directions(const FabricNodeId& src_fabric_node_id,
                                                             const FabricNodeId& dst_fabric_node_id);

template <typename ProgramOrDescriptor>
void append_routing_plane_connection_manager_rt_args(
    const FabricNodeId& src_fabric_node_id, const std::vector<FabricNodeId>& dst_nodes,
    const std::vector<uint32_t>& connection_link_indices, ProgramOrDescriptor& worker_program_or_desc,
    tt::tt_metal::KernelHandle& kernel_id, const tt::tt_metal::CoreCoord& worker_core, std::vector<uint32_t>& worker_args,
    FabricApiType api_type = FabricApiType::Linear, CoreType core_type = CoreType::WORKER);

template <typename ProgramOrDescriptor>
uint32_t append_routing_plane_connection_manager_rt_args(
    const FabricNodeId& src_fabric_node_id, const std::vector<eth_chan_directions>& attempted_directions,
    const std::vector<uint32_t>& connection_link_indices, ProgramOrDescriptor& worker_program_or_desc,
    tt::tt_metal::KernelHandle& kernel_id, const tt::tt_metal::CoreCoord& worker_core, std::vector<uint32_t>& worker_args,
    FabricApiType api_type = FabricApiType::Linear, CoreType core_type = CoreType::WORKER);

std::vector<uint32_t> get_forwarding_link_indices(const FabricNodeId& src_fabric_node_id,
                                                  const FabricNodeId& dst_fabric_node_id);

FabricNodeId get_fabric_node_id_from_physical_chip_id(ChipId physical_chip_id);

std::vector<chan_id_t> get_active_fabric_eth_routing_planes_in_direction(FabricNodeId fabric_node_id,
                                                                         RoutingDirection routing_direction);

std::unordered_map<MeshId, tt::tt_metal::distributed::MeshShape> get_physical_mesh_shapes();

tt::tt_fabric::Topology get_fabric_topology();

// What generate_erisc_datamover_kernel builds, on Ethernet core `eth_core` of `program`.
struct FabricEriscDatamoverKernelConfig {
    tt::tt_metal::Program& program;
    const std::string& kernel_path;
    const tt::tt_metal::CoreCoord& eth_core;
    tt::tt_metal::DataMovementProcessor risc_id;
    tt::tt_metal::NOC noc_id;
    const std::vector<uint32_t>& compile_time_args;
    const std::unordered_map<std::string, uint32_t>& named_compile_time_args;
    const std::vector<uint32_t>& runtime_args;
    std::optional<tt::tt_metal::KernelBuildOptLevel> opt_level;
};

tt::tt_metal::KernelHandle generate_erisc_datamover_kernel(const FabricEriscDatamoverKernelConfig& edm_kernel_config);

// Sets the fabric devices open with from now on (before CreateDevices / MeshDevice::create); every argument but the
// config keeps tt-metal's default.
void SetFabricConfig(FabricConfig fabric_config,
                     FabricReliabilityMode reliability_mode = FabricReliabilityMode::STRICT_SYSTEM_HEALTH_SETUP_MODE,
                     std::optional<uint8_t> num_routing_planes = std::nullopt,
                     FabricTensixConfig fabric_tensix_config = FabricTensixConfig::DISABLED,
                     FabricUDMMode fabric_udm_mode = FabricUDMMode::DISABLED,
                     FabricManagerMode fabric_manager = FabricManagerMode::DEFAULT,
                     FabricRouterConfig router_config = FabricRouterConfig{});

FabricConfig GetFabricConfig();

namespace experimental {
size_t get_number_of_available_routing_planes(const tt::tt_metal::distributed::MeshDevice& mesh_device,
                                              size_t cluster_axis, size_t row_or_col);
}  // namespace experimental

// The fabric mux: a Tensix kernel multiplexing workers' channels (full size: header and payload; header only: flow
// control) onto one fabric router connection.
enum class FabricMuxChannelType : uint8_t { FULL_SIZE_CHANNEL = 0, HEADER_ONLY_CHANNEL = 1 };

class FabricMuxConfig {
    static constexpr uint8_t default_num_buffers = 8;
    static constexpr size_t default_num_full_size_channel_iters = 1;
    static constexpr size_t default_num_iters_between_teardown_checks = 32;

public:
    FabricMuxConfig(uint8_t num_full_size_channels, uint8_t num_header_only_channels,
                    uint8_t num_buffers_full_size_channel, uint8_t num_buffers_header_only_channel,
                    size_t buffer_size_bytes_full_size_channel, size_t base_l1_address,
                    CoreType core_type = CoreType::WORKER);

    std::vector<uint32_t> get_fabric_mux_compile_time_args() const;
    std::vector<uint32_t> get_fabric_mux_compile_time_args_for_relay_mux() const;
    std::vector<uint32_t> get_fabric_mux_compile_time_main_args(
        const tt::tt_fabric::FabricEriscDatamoverConfig& fabric_router_config) const;
    template <typename ProgramOrDescriptor = tt::tt_metal::Program>
    std::vector<uint32_t> get_fabric_mux_run_time_args(const FabricNodeId& src_fabric_node_id,
                                                       const FabricNodeId& dst_fabric_node_id, uint32_t link_idx,
                                                       ProgramOrDescriptor& mux_program_or_desc,
                                                       const tt::tt_metal::CoreCoord& mux_logical_core) const;

    uint8_t get_num_channels(FabricMuxChannelType channel_type) const;
    uint8_t get_num_buffers(FabricMuxChannelType channel_type) const;
    size_t get_buffer_size_bytes(FabricMuxChannelType channel_type) const;
    size_t get_status_address() const;
    size_t get_termination_signal_address() const;
    size_t get_channel_credits_stream_id(FabricMuxChannelType channel_type, uint8_t channel_id) const;
    size_t get_channel_base_address(FabricMuxChannelType channel_type, uint8_t channel_id) const;
    size_t get_connection_info_address(FabricMuxChannelType channel_type, uint8_t channel_id) const;
    size_t get_connection_handshake_address(FabricMuxChannelType channel_type, uint8_t channel_id) const;
    size_t get_flow_control_address(FabricMuxChannelType channel_type, uint8_t channel_id) const;
    size_t get_buffer_index_address(FabricMuxChannelType channel_type, uint8_t channel_id) const;
    void set_num_full_size_channel_iters(size_t new_val);
    void set_num_iters_between_teardown_checks(size_t new_val);
    void set_wait_for_fabric_endpoint_ready(bool wait_for_ready);
    void set_fabric_endpoint_channel_num_buffers(size_t num_buffers);
    void set_fabric_endpoint_status_address(size_t address);
    size_t get_memory_map_end_address() const;
    std::vector<std::pair<size_t, size_t>> get_memory_regions_to_clear() const;

private:
    void validate_channel_id(FabricMuxChannelType channel_type, uint8_t channel_id) const;
    uint8_t get_channel_global_offset(FabricMuxChannelType channel_type, uint8_t channel_id) const;
    void append_default_stream_ids_to_ct_args(std::vector<uint32_t>& ct_args) const;
    void append_default_persistent_channel_flags_to_ct_args(std::vector<uint32_t>& ct_args) const;

    // A region of L1: `num_units` of `unit_size` bytes from `base_address`.
    struct MemoryRegion {
        size_t base_address;
        size_t unit_size;
        size_t num_units;
        MemoryRegion() = default;
        MemoryRegion(size_t base, size_t unit_sz, size_t count);
        size_t get_address(size_t offset = 0) const;
        size_t get_end_address() const;
        size_t get_total_size() const;
    };

    CoreType core_type_ = CoreType::WORKER;
    uint8_t core_type_index_ = 0;
    uint8_t noc_aligned_address_size_bytes_ = 0;
    uint8_t num_full_size_channels_ = 0;
    uint8_t num_header_only_channels_ = 0;
    uint8_t num_buffers_full_size_channel_ = 0;
    uint8_t num_buffers_header_only_channel_ = 0;
    size_t buffer_size_bytes_full_size_channel_ = 0;
    size_t buffer_size_bytes_header_only_channel_ = 0;
    size_t full_size_channel_size_bytes_ = 0;
    size_t header_only_channel_size_bytes_ = 0;
    size_t num_full_size_channel_iters_ = default_num_full_size_channel_iters;
    size_t num_iters_between_teardown_checks_ = default_num_iters_between_teardown_checks;
    mutable bool wait_for_fabric_endpoint_ready_ = false;
    mutable size_t fabric_endpoint_channel_num_buffers_ = 0;
    mutable size_t fabric_endpoint_status_address_ = 0;
    MemoryRegion status_region_{};
    MemoryRegion local_fabric_router_status_region_{};
    MemoryRegion termination_signal_region_{};
    MemoryRegion connection_info_region_{};
    MemoryRegion connection_handshake_region_{};
    MemoryRegion flow_control_region_{};
    MemoryRegion buffer_index_region_{};
    MemoryRegion full_size_channels_region_{};
    MemoryRegion header_only_channels_region_{};
    size_t memory_map_end_address_;
};

std::optional<eth_chan_directions> get_eth_forwarding_direction(FabricNodeId src_fabric_node_id,
                                                                FabricNodeId dst_fabric_node_id);

bool is_1d_fabric_config(tt::tt_fabric::FabricConfig fabric_config);
bool is_2d_fabric_config(tt::tt_fabric::FabricConfig fabric_config);

size_t get_num_available_routing_planes_in_direction(FabricNodeId fabric_node_id, RoutingDirection routing_direction);

}  // namespace tt::tt_fabric
