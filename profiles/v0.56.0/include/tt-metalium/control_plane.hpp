// The fabric control plane (tt::tt_fabric::ControlPlane): maps logical mesh chips to physical chips and ethernet
// channels, and writes routing tables to the routers. Multi-chip fabric is not emulated: declared for code that
// names it, not exported.
#pragma once

#include <tt-metalium/fabric_host_interface.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <tt-metalium/routing_table_generator.hpp>
#include <tt-metalium/rtoptions.hpp>
#include <tt-metalium/tt_metal.hpp>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tt::tt_fabric {

class ControlPlane {
public:
    explicit ControlPlane(const std::string& mesh_graph_desc_yaml_file);
    ~ControlPlane() = default;

    void initialize_from_mesh_graph_desc_file(const std::string& mesh_graph_desc_file);
    void convert_fabric_routing_table_to_chip_routing_table();
    void write_routing_tables_to_chip(mesh_id_t mesh_id, chip_id_t chip_id) const;
    void configure_routing_tables() const;
    void print_routing_tables() const;
    void print_ethernet_channels() const;
    std::pair<mesh_id_t, chip_id_t> get_mesh_chip_id_from_physical_chip_id(chip_id_t physical_chip_id) const;
    chip_id_t get_physical_chip_id_from_mesh_chip_id(const std::pair<mesh_id_t, chip_id_t>& mesh_chip_id) const;
    std::vector<chan_id_t> get_valid_eth_chans_on_routing_plane(mesh_id_t mesh_id, chip_id_t chip_id,
                                                                routing_plane_id_t routing_plane_id) const;
    std::vector<std::pair<chip_id_t, chan_id_t>> get_fabric_route(mesh_id_t src_mesh_id, chip_id_t src_chip_id,
                                                                  mesh_id_t dst_mesh_id, chip_id_t dst_chip_id,
                                                                  chan_id_t src_chan_id) const;
    std::vector<std::pair<routing_plane_id_t, CoreCoord>> get_routers_to_chip(mesh_id_t src_mesh_id,
                                                                              chip_id_t src_chip_id,
                                                                              mesh_id_t dst_mesh_id,
                                                                              chip_id_t dst_chip_id) const;
    std::vector<chip_id_t> get_intra_chip_neighbors(mesh_id_t src_mesh_id, chip_id_t src_chip_id,
                                                    RoutingDirection routing_direction) const;
    routing_plane_id_t get_routing_plane_id(chan_id_t eth_chan_id) const;
    std::size_t get_num_active_fabric_routers(mesh_id_t mesh_id, chip_id_t chip_id) const;

private:
    std::unique_ptr<RoutingTableGenerator> routing_table_generator_;
    std::vector<std::vector<chip_id_t>> logical_mesh_chip_id_to_physical_chip_id_mapping_;
    std::vector<std::vector<std::unordered_map<RoutingDirection, std::vector<chan_id_t>>>>
        router_port_directions_to_physical_eth_chan_map_;
    std::vector<std::vector<std::vector<std::vector<chan_id_t>>>> intra_mesh_routing_tables_;
    std::vector<std::vector<std::vector<std::vector<chan_id_t>>>> inter_mesh_routing_tables_;
};

}  // namespace tt::tt_fabric
