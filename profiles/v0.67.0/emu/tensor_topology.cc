// v0.67.0's tensor topology: the mesh mapper and composer configs' text forms, and TensorTopology — which device
// holds which piece of a distributed tensor.
#include <ostream>

#include <tt-metalium/experimental/tensor/topology/tensor_topology.hpp>

#include "emu/core/errors.h"

namespace tt::tt_metal::distributed {

std::ostream& operator<<(std::ostream& os, const MeshMapperConfig::Placement& placement) {
    if (const auto* shard = std::get_if<MeshMapperConfig::Shard>(&placement))
        return os << "PlacementShard(" << shard->dim << ")";
    return os << "PlacementReplicate()";
}

namespace {
// Name(label: [a, b]) with ", mesh_shape_override=…" before the parenthesis when there is one.
template <typename List>
std::ostream& PrintConfig(std::ostream& os, const char* name, const char* label, const List& items,
                          const std::optional<MeshShape>& mesh_shape_override) {
    os << name << "(" << label << ": [";
    for (std::size_t i = 0; i < items.size(); ++i) os << (i ? ", " : "") << items[i];
    os << "]";
    if (mesh_shape_override) os << ", mesh_shape_override=" << *mesh_shape_override;
    return os << ")";
}
}  // namespace

std::ostream& operator<<(std::ostream& os, const MeshMapperConfig& config) {
    return PrintConfig(os, "MeshMapperConfig", "placements", config.placements, config.mesh_shape_override);
}

bool operator==(const MeshMapperConfig::Placement& lhs, const MeshMapperConfig::Placement& rhs) {
    if (lhs.index() != rhs.index()) return false;
    const auto* l = std::get_if<MeshMapperConfig::Shard>(&lhs);
    const auto* r = std::get_if<MeshMapperConfig::Shard>(&rhs);
    return l == nullptr || *l == *r;
}

std::ostream& operator<<(std::ostream& os, const MeshComposerConfig& config) {
    return PrintConfig(os, "MeshComposerConfig", "dims", config.dims, config.mesh_shape_override);
}

}  // namespace tt::tt_metal::distributed

namespace tt::tt_metal {

namespace {

using distributed::MeshCoordinate;
using distributed::MeshCoordinateRange;
using distributed::MeshMapperConfig;
using distributed::MeshShape;

// Every device of mesh_shape (a 1-D shape as one row), in row-major order, holding one piece each of a 1-D
// distribution with `placement`.
TensorTopology OnePiecePerDevice(const MeshShape& mesh_shape, MeshMapperConfig::Placement placement) {
    const MeshShape devices = mesh_shape.dims() == 1 ? MeshShape(1, mesh_shape[0]) : mesh_shape;
    std::vector<MeshCoordinate> coords;
    coords.reserve(mesh_shape.mesh_size());
    for (const auto& coord : MeshCoordinateRange(devices)) coords.push_back(coord);
    return TensorTopology(MeshShape(static_cast<std::uint32_t>(mesh_shape.mesh_size())), {std::move(placement)},
                          std::move(coords));
}

}  // namespace

TensorTopology TensorTopology::create_fully_replicated_tensor_topology(const MeshShape& mesh_shape) {
    return OnePiecePerDevice(mesh_shape, MeshMapperConfig::Replicate{});
}

TensorTopology TensorTopology::create_sharded_tensor_topology(const MeshShape& mesh_shape, int shard_dim) {
    return OnePiecePerDevice(mesh_shape, MeshMapperConfig::Shard{shard_dim});
}

MeshCoordinate TensorTopology::get_neighbor(const MeshCoordinate& tensor_coord, std::int32_t offset,
                                            std::int32_t dim) const {
    const auto neighbor =
        tensor_coord.get_neighbor(distribution_shape_, offset, dim, MeshCoordinate::BoundaryMode::WRAP);
    if (!neighbor)
        ttemu::Throw("Failed to get neighbor for coordinate ", tensor_coord, " at dim ", dim, " with offset ", offset);
    return *neighbor;
}

MeshCoordinate TensorTopology::get_next_neighbor(const MeshCoordinate& tensor_coord, std::int32_t dim) const {
    const auto next = tensor_coord.get_neighbor(distribution_shape_, 1, dim, MeshCoordinate::BoundaryMode::WRAP);
    if (!next) ttemu::Throw("Failed to get next neighbor for coordinate ", tensor_coord, " at dim ", dim);
    return *next;
}

MeshCoordinate TensorTopology::get_prev_neighbor(const MeshCoordinate& tensor_coord, std::int32_t dim) const {
    const auto prev = tensor_coord.get_neighbor(distribution_shape_, -1, dim, MeshCoordinate::BoundaryMode::WRAP);
    if (!prev) ttemu::Throw("Failed to get previous neighbor for coordinate ", tensor_coord, " at dim ", dim);
    return *prev;
}

MeshCoordinate TensorTopology::get_device_coord(const MeshCoordinate& tensor_coord) const {
    std::size_t index = 0;
    for (std::size_t i = 0; i < distribution_shape_.dims(); ++i)
        index += tensor_coord[static_cast<std::int32_t>(i)] * distribution_shape_.get_stride(i);
    if (index >= mesh_coords_.size())
        ttemu::Throw("Flattened index ", index, " is out of bounds of mesh_coordinates ", mesh_coords_.size(),
                     " in tensor topology with distribution shape ", distribution_shape_);
    return mesh_coords_[index];
}

std::optional<MeshCoordinate> TensorTopology::get_tensor_coord(const MeshCoordinate& device_coord) const {
    for (std::size_t piece = 0; piece < mesh_coords_.size(); ++piece) {
        if (mesh_coords_[piece] != device_coord) continue;
        ttsl::SmallVector<std::uint32_t> coord(distribution_shape_.dims());
        std::size_t rest = piece;
        for (int dim = static_cast<int>(coord.size()) - 1; dim >= 0; --dim) {
            coord[dim] = static_cast<std::uint32_t>(rest % distribution_shape_[dim]);
            rest /= distribution_shape_[dim];
        }
        return MeshCoordinate(ttsl::Span<const std::uint32_t>(coord.data(), coord.size()));
    }
    return std::nullopt;
}

bool operator==(const TensorTopology& lhs, const TensorTopology& rhs) {
    return lhs.distribution_shape() == rhs.distribution_shape() && lhs.placements() == rhs.placements() &&
           lhs.mesh_coords() == rhs.mesh_coords();
}
bool operator!=(const TensorTopology& lhs, const TensorTopology& rhs) { return !(lhs == rhs); }

std::ostream& operator<<(std::ostream& os, const TensorTopology& topology) {
    os << "TensorTopology(distribution_shape=" << topology.distribution_shape() << ", placements=[";
    const auto& placements = topology.placements();
    for (std::size_t i = 0; i < placements.size(); ++i) os << (i ? ", " : "") << placements[i];
    os << "], mesh_coords=";
    const auto& coords = topology.mesh_coords();
    for (std::size_t i = 0; i < coords.size(); ++i) os << (i ? ", " : "") << coords[i];
    return os << ")";
}

}  // namespace tt::tt_metal
