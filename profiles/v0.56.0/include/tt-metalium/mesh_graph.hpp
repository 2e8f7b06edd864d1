// The fabric's logical topology (tt::tt_fabric::MeshGraph): meshes of chips, their shapes, and which router ports
// connect which chips, read from a mesh-graph descriptor YAML. Multi-chip fabric is not emulated: declared for code
// that names it, not exported.
#pragma once

#include <umd/device/types/arch.h>
#include <umd/device/types/cluster_descriptor_types.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <magic_enum/magic_enum.hpp>
#include <string>
#include <tt-metalium/assert.hpp>
#include <tt-metalium/reflection.hpp>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tt::tt_fabric {

struct ChipSpec {
    tt::ARCH arch;
    std::uint32_t num_eth_ports_per_direction;
    std::uint32_t num_z_ports;
};

enum class FabricType { MESH = 0, TORUS = 1 };

enum class RoutingDirection { N = 0, E = 2, S = 4, W = 8, C = 16 /* the destination is the source */ };

struct RouterEdge {
    RoutingDirection port_direction;            // every port of a direction reaches the same chip
    std::vector<chip_id_t> connected_chip_ids;  // one per port
    std::uint32_t weight;
};

struct hash_pair {
    template <class T1, class T2>
    std::size_t operator()(const std::pair<T1, T2>& p) const {
        return tt::stl::hash::hash_objects(std::hash<T1>{}(p.first), std::hash<T2>{}(p.second));
    }
};

using port_id_t = std::pair<RoutingDirection, std::uint32_t>;
using mesh_id_t = std::uint32_t;
using InterMeshConnectivity = std::vector<std::vector<std::unordered_map<mesh_id_t, RouterEdge>>>;
using IntraMeshConnectivity = std::vector<std::vector<std::unordered_map<chip_id_t, RouterEdge>>>;

class MeshGraph {
public:
    explicit MeshGraph(const std::string& mesh_graph_desc_file_path);
    MeshGraph() = delete;
    ~MeshGraph() = default;

    void print_connectivity() const;
    const IntraMeshConnectivity& get_intra_mesh_connectivity() const { return intra_mesh_connectivity_; }
    const InterMeshConnectivity& get_inter_mesh_connectivity() const { return inter_mesh_connectivity_; }
    const ChipSpec& get_chip_spec() const { return chip_spec_; }
    std::uint32_t get_mesh_ns_size(mesh_id_t mesh_id) const { return mesh_shapes_[mesh_id].first; }
    std::uint32_t get_mesh_ew_size(mesh_id_t mesh_id) const { return mesh_shapes_[mesh_id].second; }

private:
    ChipSpec chip_spec_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> mesh_shapes_;
    IntraMeshConnectivity intra_mesh_connectivity_;
    InterMeshConnectivity inter_mesh_connectivity_;
};

}  // namespace tt::tt_fabric
