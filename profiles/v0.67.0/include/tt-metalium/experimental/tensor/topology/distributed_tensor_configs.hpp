// How a tensor is spread over a mesh (MeshMapperConfig: per mesh dimension, replicated or sharded along a tensor
// dimension) and gathered back (MeshComposerConfig: the tensor dimensions to concatenate along).
//   MeshMapperConfig{.placements = {MeshMapperConfig::Replicate{}, MeshMapperConfig::Shard{1}}}
#pragma once

#include <optional>
#include <ostream>
#include <variant>

#include <tt-metalium/mesh_coord.hpp>
#include <tt_stl/small_vector.hpp>

namespace tt::tt_metal::distributed {

struct MeshMapperConfig {
    // Every device of this mesh dimension gets the whole tensor.
    struct Replicate {
        bool operator==(const Replicate&) const = default;
    };
    // The devices of this mesh dimension each get a slice of the tensor along `dim`.
    struct Shard {
        int dim = 0;
        bool operator==(const Shard&) const = default;
    };

    using Placement = std::variant<Replicate, Shard>;
    ttsl::SmallVector<Placement> placements;  // one per mesh dimension

    // A shape to distribute over instead of the mesh's, mapped onto it row by row (or as is when it fits).
    std::optional<tt::tt_metal::distributed::MeshShape> mesh_shape_override = std::nullopt;
};

bool operator==(const MeshMapperConfig::Placement& lhs, const MeshMapperConfig::Placement& rhs);
std::ostream& operator<<(std::ostream& os, const MeshMapperConfig::Placement& placement);  // PlacementShard(1)
std::ostream& operator<<(std::ostream& os, const MeshMapperConfig& config);

struct MeshComposerConfig {
    ttsl::SmallVector<int> dims;  // the tensor dimension each mesh dimension concatenates along
    std::optional<tt::tt_metal::distributed::MeshShape> mesh_shape_override = std::nullopt;
};

std::ostream& operator<<(std::ostream& os, const MeshComposerConfig& config);

}  // namespace tt::tt_metal::distributed
