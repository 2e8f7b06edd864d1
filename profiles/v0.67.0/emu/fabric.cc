// tt-metal v0.67.0's fabric API (experimental/fabric/fabric.hpp) on the emulated device: one Wormhole card, no
// Ethernet links between chips. The configuration a program sets is kept and read back, and a disabled fabric — what
// every device opens with here — is the no-op tt-metal makes of it; every call that needs a link, a router or the
// fabric's control plane throws, naming what is missing, as tt-metal does on a machine without them.
#include <mutex>

#include <tt-metalium/experimental/fabric/fabric.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/program_descriptors.hpp>

#include "profiles/v0.67.0/emu/text_forms.h"
#include "emu/core/errors.h"

namespace tt::tt_fabric {

namespace {
std::mutex g_config_mutex;
FabricConfig g_config = FabricConfig::DISABLED;

[[noreturn]] void NoFabric(const char* what) {
    ttemu::Throw(what, ": the fabric needs Ethernet links between chips, and the emulated device (one Wormhole card) "
                       "has none");
}
}  // namespace

FabricManagerMode operator|(FabricManagerMode lhs, FabricManagerMode rhs) {
    return static_cast<FabricManagerMode>(static_cast<uint32_t>(lhs) | static_cast<uint32_t>(rhs));
}
FabricManagerMode operator&(FabricManagerMode lhs, FabricManagerMode rhs) {
    return static_cast<FabricManagerMode>(static_cast<uint32_t>(lhs) & static_cast<uint32_t>(rhs));
}
bool has_flag(FabricManagerMode flags, FabricManagerMode test_flag) { return (flags & test_flag) == test_flag; }
FabricType operator|(FabricType lhs, FabricType rhs) {
    return static_cast<FabricType>(static_cast<int>(lhs) | static_cast<int>(rhs));
}
FabricType operator&(FabricType lhs, FabricType rhs) {
    return static_cast<FabricType>(static_cast<int>(lhs) & static_cast<int>(rhs));
}
bool has_flag(FabricType flags, FabricType test_flag) { return (flags & test_flag) == test_flag; }

std::ostream& operator<<(std::ostream& os, const Topology& topology) {
    switch (topology) {
        case Topology::NeighborExchange: return os << "NeighborExchange";
        case Topology::Linear: return os << "Linear";
        case Topology::Ring: return os << "Ring";
        case Topology::Mesh: return os << "Mesh";
        case Topology::Torus: return os << "Torus";
    }
    return os << "Topology(" << static_cast<int>(topology) << ")";
}

bool is_1d_fabric_config(FabricConfig c) {
    return c == FabricConfig::FABRIC_1D_NEIGHBOR_EXCHANGE || c == FabricConfig::FABRIC_1D ||
           c == FabricConfig::FABRIC_1D_RING;
}
bool is_2d_fabric_config(FabricConfig c) {
    return c == FabricConfig::FABRIC_2D || c == FabricConfig::FABRIC_2D_TORUS_X ||
           c == FabricConfig::FABRIC_2D_TORUS_Y || c == FabricConfig::FABRIC_2D_TORUS_XY;
}

void SetFabricConfig(FabricConfig fabric_config, FabricReliabilityMode, std::optional<uint8_t>, FabricTensixConfig,
                     FabricUDMMode, FabricManagerMode, FabricRouterConfig) {
    std::lock_guard lock(g_config_mutex);
    g_config = fabric_config;
}
FabricConfig GetFabricConfig() {
    std::lock_guard lock(g_config_mutex);
    return g_config;
}

size_t get_tt_fabric_channel_buffer_size_bytes() { NoFabric("get_tt_fabric_channel_buffer_size_bytes"); }
size_t get_tt_fabric_packet_header_size_bytes() { NoFabric("get_tt_fabric_packet_header_size_bytes"); }
size_t get_tt_fabric_max_payload_size_bytes() { NoFabric("get_tt_fabric_max_payload_size_bytes"); }

template <typename ProgramOrDescriptor>
void append_fabric_connection_rt_args(const FabricNodeId&, const FabricNodeId&, uint32_t, ProgramOrDescriptor&,
                                      const CoreCoord&, std::vector<uint32_t>&, CoreType) {
    NoFabric("append_fabric_connection_rt_args");
}
template void append_fabric_connection_rt_args<tt::tt_metal::Program>(const FabricNodeId&, const FabricNodeId&,
                                                                      uint32_t, tt::tt_metal::Program&,
                                                                      const CoreCoord&, std::vector<uint32_t>&,
                                                                      CoreType);
template void append_fabric_connection_rt_args<tt::tt_metal::ProgramDescriptor>(
    const FabricNodeId&, const FabricNodeId&, uint32_t, tt::tt_metal::ProgramDescriptor&, const CoreCoord&,
    std::vector<uint32_t>&, CoreType);

template <typename ProgramOrDescriptor>
void append_routing_plane_connection_manager_rt_args(const FabricNodeId&, const std::vector<FabricNodeId>&,
                                                     const std::vector<uint32_t>&, ProgramOrDescriptor&,
                                                     tt::tt_metal::KernelHandle&, const CoreCoord&,
                                                     std::vector<uint32_t>&, FabricApiType, CoreType) {
    NoFabric("append_routing_plane_connection_manager_rt_args");
}
template <typename ProgramOrDescriptor>
uint32_t append_routing_plane_connection_manager_rt_args(const FabricNodeId&,
                                                         const std::vector<eth_chan_directions>&,
                                                         const std::vector<uint32_t>&, ProgramOrDescriptor&,
                                                         tt::tt_metal::KernelHandle&, const CoreCoord&,
                                                         std::vector<uint32_t>&, FabricApiType, CoreType) {
    NoFabric("append_routing_plane_connection_manager_rt_args");
}
#define LTCAP_ROUTING_PLANE_ARGS(P)                                                                                  \
    template void append_routing_plane_connection_manager_rt_args<P>(                                                \
        const FabricNodeId&, const std::vector<FabricNodeId>&, const std::vector<uint32_t>&, P&,                     \
        tt::tt_metal::KernelHandle&, const CoreCoord&, std::vector<uint32_t>&, FabricApiType, CoreType);             \
    template uint32_t append_routing_plane_connection_manager_rt_args<P>(                                            \
        const FabricNodeId&, const std::vector<eth_chan_directions>&, const std::vector<uint32_t>&, P&,              \
        tt::tt_metal::KernelHandle&, const CoreCoord&, std::vector<uint32_t>&, FabricApiType, CoreType);
LTCAP_ROUTING_PLANE_ARGS(tt::tt_metal::Program)
LTCAP_ROUTING_PLANE_ARGS(tt::tt_metal::ProgramDescriptor)
#undef LTCAP_ROUTING_PLANE_ARGS

std::vector<eth_chan_directions> get_neighbor_eth_directions(const FabricNodeId&, const FabricNodeId&) {
    NoFabric("get_neighbor_eth_directions");
}
std::vector<uint32_t> get_forwarding_link_indices(const FabricNodeId&, const FabricNodeId&) {
    NoFabric("get_forwarding_link_indices");
}
// A chip's place in the fabric: mesh 0, its own number (the emulated system's one mesh, numbered as its devices).
FabricNodeId get_fabric_node_id_from_physical_chip_id(ChipId physical_chip_id) {
    if (physical_chip_id < 0) ttemu::Throw("get_fabric_node_id_from_physical_chip_id: no chip ", physical_chip_id);
    return FabricNodeId(MeshId{0}, static_cast<std::uint32_t>(physical_chip_id));
}
std::vector<chan_id_t> get_active_fabric_eth_routing_planes_in_direction(FabricNodeId, RoutingDirection) {
    NoFabric("get_active_fabric_eth_routing_planes_in_direction");
}
std::unordered_map<MeshId, tt::tt_metal::distributed::MeshShape> get_physical_mesh_shapes() {
    NoFabric("get_physical_mesh_shapes");
}
Topology get_fabric_topology() { NoFabric("get_fabric_topology"); }
tt::tt_metal::KernelHandle generate_erisc_datamover_kernel(const FabricEriscDatamoverKernelConfig&) {
    NoFabric("generate_erisc_datamover_kernel");
}
std::optional<eth_chan_directions> get_eth_forwarding_direction(FabricNodeId, FabricNodeId) {
    NoFabric("get_eth_forwarding_direction");
}
size_t get_num_available_routing_planes_in_direction(FabricNodeId, RoutingDirection) {
    NoFabric("get_num_available_routing_planes_in_direction");
}

namespace experimental {
size_t get_number_of_available_routing_planes(const tt::tt_metal::distributed::MeshDevice&, size_t, size_t) {
    NoFabric("get_number_of_available_routing_planes");
}
}  // namespace experimental

// ---- FabricMuxConfig: a mux runs in front of a fabric router, which the emulated device has none of.

FabricMuxConfig::FabricMuxConfig(uint8_t, uint8_t, uint8_t, uint8_t, size_t, size_t, CoreType) {
    NoFabric("FabricMuxConfig");
}
std::vector<uint32_t> FabricMuxConfig::get_fabric_mux_compile_time_args() const { NoFabric("FabricMuxConfig"); }
std::vector<uint32_t> FabricMuxConfig::get_fabric_mux_compile_time_args_for_relay_mux() const {
    NoFabric("FabricMuxConfig");
}
std::vector<uint32_t> FabricMuxConfig::get_fabric_mux_compile_time_main_args(const FabricEriscDatamoverConfig&) const {
    NoFabric("FabricMuxConfig");
}
template <typename ProgramOrDescriptor>
std::vector<uint32_t> FabricMuxConfig::get_fabric_mux_run_time_args(const FabricNodeId&, const FabricNodeId&,
                                                                    uint32_t, ProgramOrDescriptor&,
                                                                    const CoreCoord&) const {
    NoFabric("FabricMuxConfig");
}
template std::vector<uint32_t> FabricMuxConfig::get_fabric_mux_run_time_args<tt::tt_metal::Program>(
    const FabricNodeId&, const FabricNodeId&, uint32_t, tt::tt_metal::Program&, const CoreCoord&) const;
template std::vector<uint32_t> FabricMuxConfig::get_fabric_mux_run_time_args<tt::tt_metal::ProgramDescriptor>(
    const FabricNodeId&, const FabricNodeId&, uint32_t, tt::tt_metal::ProgramDescriptor&, const CoreCoord&) const;
uint8_t FabricMuxConfig::get_num_channels(FabricMuxChannelType) const { NoFabric("FabricMuxConfig"); }
uint8_t FabricMuxConfig::get_num_buffers(FabricMuxChannelType) const { NoFabric("FabricMuxConfig"); }
size_t FabricMuxConfig::get_buffer_size_bytes(FabricMuxChannelType) const { NoFabric("FabricMuxConfig"); }
size_t FabricMuxConfig::get_status_address() const { NoFabric("FabricMuxConfig"); }
size_t FabricMuxConfig::get_termination_signal_address() const { NoFabric("FabricMuxConfig"); }
size_t FabricMuxConfig::get_channel_credits_stream_id(FabricMuxChannelType, uint8_t) const {
    NoFabric("FabricMuxConfig");
}
size_t FabricMuxConfig::get_channel_base_address(FabricMuxChannelType, uint8_t) const { NoFabric("FabricMuxConfig"); }
size_t FabricMuxConfig::get_connection_info_address(FabricMuxChannelType, uint8_t) const {
    NoFabric("FabricMuxConfig");
}
size_t FabricMuxConfig::get_connection_handshake_address(FabricMuxChannelType, uint8_t) const {
    NoFabric("FabricMuxConfig");
}
size_t FabricMuxConfig::get_flow_control_address(FabricMuxChannelType, uint8_t) const { NoFabric("FabricMuxConfig"); }
size_t FabricMuxConfig::get_buffer_index_address(FabricMuxChannelType, uint8_t) const { NoFabric("FabricMuxConfig"); }
void FabricMuxConfig::set_num_full_size_channel_iters(size_t) { NoFabric("FabricMuxConfig"); }
void FabricMuxConfig::set_num_iters_between_teardown_checks(size_t) { NoFabric("FabricMuxConfig"); }
void FabricMuxConfig::set_wait_for_fabric_endpoint_ready(bool) { NoFabric("FabricMuxConfig"); }
void FabricMuxConfig::set_fabric_endpoint_channel_num_buffers(size_t) { NoFabric("FabricMuxConfig"); }
void FabricMuxConfig::set_fabric_endpoint_status_address(size_t) { NoFabric("FabricMuxConfig"); }
size_t FabricMuxConfig::get_memory_map_end_address() const { NoFabric("FabricMuxConfig"); }
std::vector<std::pair<size_t, size_t>> FabricMuxConfig::get_memory_regions_to_clear() const {
    NoFabric("FabricMuxConfig");
}

}  // namespace tt::tt_fabric

// FabricNodeId's text, as operator<< gives it ("M0D3"), for fmt 9 programs (fmt 11's: fmt11_formatters.cc).
auto fmt::formatter<tt::tt_fabric::FabricNodeId>::format(const tt::tt_fabric::FabricNodeId& node_id,
                                                        format_context& ctx) const -> format_context::iterator {
    const std::string text = ttemu::v067::Text(node_id);
    auto out = ctx.out();
    for (char ch : text) *out++ = ch;
    return out;
}
