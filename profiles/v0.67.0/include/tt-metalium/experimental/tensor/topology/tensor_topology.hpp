// tt::tt_metal::TensorTopology: the shape a tensor was distributed over, its placements, and the device each of its
// pieces is on (in row-major order of the distribution shape).
//   auto t = TensorTopology::create_sharded_tensor_topology(MeshShape(2, 4));   // 8 pieces, devices (0,0)…(1,3)
//   t.get_device_coord(MeshCoordinate(5)) == MeshCoordinate(1, 1)
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <vector>

#include <tt-metalium/mesh_coord.hpp>

#include <tt-metalium/experimental/tensor/topology/distributed_tensor_configs.hpp>

namespace tt::tt_metal {

class TensorTopology {
public:
    // One replicated piece on device (0, 0).
    TensorTopology()
        : distribution_shape_(tt::tt_metal::distributed::MeshShape{1}),
          placements_({tt::tt_metal::distributed::MeshMapperConfig::Replicate{}}),
          mesh_coords_({tt::tt_metal::distributed::MeshCoordinate{0, 0}}) {}

    TensorTopology(tt::tt_metal::distributed::MeshShape distribution_shape,
                   ttsl::SmallVector<tt::tt_metal::distributed::MeshMapperConfig::Placement> placements,
                   std::vector<tt::tt_metal::distributed::MeshCoordinate> mesh_coords)
        : distribution_shape_(std::move(distribution_shape)),
          placements_(std::move(placements)),
          mesh_coords_(std::move(mesh_coords)) {}

    // Replicated over every device of mesh_shape, as a 1-D distribution.
    static TensorTopology create_fully_replicated_tensor_topology(
        const tt::tt_metal::distributed::MeshShape& mesh_shape);
    // Sharded along shard_dim over every device of mesh_shape, as a 1-D distribution.
    static TensorTopology create_sharded_tensor_topology(const tt::tt_metal::distributed::MeshShape& mesh_shape,
                                                         int shard_dim = 0);

    const tt::tt_metal::distributed::MeshShape& distribution_shape() const { return distribution_shape_; }
    const ttsl::SmallVector<tt::tt_metal::distributed::MeshMapperConfig::Placement>& placements() const {
        return placements_;
    }
    const std::vector<tt::tt_metal::distributed::MeshCoordinate>& mesh_coords() const { return mesh_coords_; }

    // The piece `offset` steps along `dim` of the distribution shape, wrapping around.
    tt::tt_metal::distributed::MeshCoordinate get_neighbor(
        const tt::tt_metal::distributed::MeshCoordinate& tensor_coord, std::int32_t offset, std::int32_t dim) const;
    tt::tt_metal::distributed::MeshCoordinate get_next_neighbor(
        const tt::tt_metal::distributed::MeshCoordinate& tensor_coord, std::int32_t dim) const;
    tt::tt_metal::distributed::MeshCoordinate get_prev_neighbor(
        const tt::tt_metal::distributed::MeshCoordinate& tensor_coord, std::int32_t dim) const;

    // The device a piece is on (TT_FATAL past the last piece).
    tt::tt_metal::distributed::MeshCoordinate get_device_coord(
        const tt::tt_metal::distributed::MeshCoordinate& tensor_coord) const;
    // The piece on a device, if any.
    std::optional<tt::tt_metal::distributed::MeshCoordinate> get_tensor_coord(
        const tt::tt_metal::distributed::MeshCoordinate& device_coord) const;

private:
    tt::tt_metal::distributed::MeshShape distribution_shape_;
    ttsl::SmallVector<tt::tt_metal::distributed::MeshMapperConfig::Placement> placements_;
    std::vector<tt::tt_metal::distributed::MeshCoordinate> mesh_coords_;  // devices, one per piece
};

bool operator==(const TensorTopology& lhs, const TensorTopology& rhs);
bool operator!=(const TensorTopology& lhs, const TensorTopology& rhs);
std::ostream& operator<<(std::ostream& os, const TensorTopology& tensor_topology);

}  // namespace tt::tt_metal
