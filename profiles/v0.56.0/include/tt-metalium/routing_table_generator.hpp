// Routing tables over a MeshGraph (tt::tt_fabric::RoutingTableGenerator): for each mesh and chip, the direction
// towards every other chip or mesh. Multi-chip fabric is not emulated: declared for code that names it.
#pragma once

#include <cstdint>
#include <magic_enum/magic_enum.hpp>
#include <memory>
#include <string>
#include <tt-metalium/mesh_graph.hpp>
#include <utility>
#include <vector>

namespace tt::tt_fabric {

using RoutingTable = std::vector<std::vector<std::vector<RoutingDirection>>>;  // [mesh][chip][target chip or mesh]

class RoutingTableGenerator {
public:
    explicit RoutingTableGenerator(const std::string& mesh_graph_desc_yaml_file);
    ~RoutingTableGenerator() = default;

    void dump_to_yaml();
    void load_from_yaml();
    void print_connectivity() const { mesh_graph_->print_connectivity(); }
    const IntraMeshConnectivity& get_intra_mesh_connectivity() const {
        return mesh_graph_->get_intra_mesh_connectivity();
    }
    const InterMeshConnectivity& get_inter_mesh_connectivity() const {
        return mesh_graph_->get_inter_mesh_connectivity();
    }
    const ChipSpec& get_chip_spec() const { return mesh_graph_->get_chip_spec(); }
    std::uint32_t get_mesh_ns_size(mesh_id_t mesh_id) const { return mesh_graph_->get_mesh_ns_size(mesh_id); }
    std::uint32_t get_mesh_ew_size(mesh_id_t mesh_id) const { return mesh_graph_->get_mesh_ew_size(mesh_id); }
    RoutingTable get_intra_mesh_table() const { return intra_mesh_table_; }
    RoutingTable get_inter_mesh_table() const { return inter_mesh_table_; }
    void print_routing_tables() const;

private:
    std::unique_ptr<MeshGraph> mesh_graph_;
    const std::uint32_t max_nodes_in_mesh_ = 1024;
    const std::uint32_t max_num_meshes_ = 1024;
    std::vector<std::uint32_t> mesh_sizes;
    RoutingTable intra_mesh_table_;
    RoutingTable inter_mesh_table_;
};

}  // namespace tt::tt_fabric
