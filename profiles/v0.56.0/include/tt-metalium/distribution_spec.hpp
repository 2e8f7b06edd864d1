// How a tensor is cut into shards and dealt to targets (cores or devices), for ND sharding
// (tt::tt_metal::DistributionSpec): shards are taken in row-major order of the shard grid and dealt round-robin;
// each target's data is a list of chunks (src element offset in the tensor, dst element offset on the target,
// length), where every full shard reserves shard_shape.volume() elements on its target. Edge shards are partial.
//   auto spec = DistributionSpec::from_shard_shape(Shape({5, 4}), Shape({2, 4}), 2);
//   auto per_target = spec.compute_metadata_for_targets(DistributionSpec::MappingMode::COALESCED);
#pragma once

#include <cstddef>
#include <tt-metalium/shape.hpp>
#include <variant>
#include <vector>

namespace tt::tt_metal {

class DistributionSpec {
public:
    static DistributionSpec from_shard_shape(const tt::tt_metal::Shape& tensor_shape,
                                             const tt::tt_metal::Shape& shard_shape, size_t num_targets);

    tt::tt_metal::Shape get_shard_shape() const { return shard_shape_; }
    size_t get_num_targets() const { return num_targets_; }

    // `size` contiguous elements from element `src` of the tensor to element `dst` of the target.
    struct ChunkMapping {
        size_t src = 0;
        size_t dst = 0;
        size_t size = 0;
        bool operator==(const ChunkMapping& other) const {
            return src == other.src && dst == other.dst && size == other.size;
        }
    };
    using TargetData = std::vector<ChunkMapping>;

    // NONCOALESCED: one chunk per element. COALESCED: trailing dimensions the shard spans whole are merged, so
    // chunks are as long as the shard's contiguous rows.
    enum MappingMode { NONCOALESCED = 0, COALESCED = 1 };

    // One TargetData per target (at most as many targets as there are shards), in target order.
    std::vector<TargetData> compute_metadata_for_targets(const MappingMode mapping_mode) const;

private:
    struct ShardSize {
        size_t size = 0;
    };
    struct ReplicateCount {
        size_t count = 0;
    };
    using DistributionType = std::variant<ShardSize, ReplicateCount>;

    DistributionSpec(const tt::tt_metal::Shape& tensor_shape, const std::vector<DistributionType>& spec,
                     size_t num_targets);

    tt::tt_metal::Shape tensor_shape_;
    std::vector<DistributionType> spec_;
    tt::tt_metal::Shape shard_shape_;
    size_t num_targets_ = 0;
};

}  // namespace tt::tt_metal
