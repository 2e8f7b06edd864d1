// BufferDistributionSpec: how an N-dimensional sharded buffer spreads over cores — the tensor and shard shapes in
// pages and the cores shards go to, in order (shard k on cores()[k % num_cores()]). Exported; layout as v0.67.0's
// (a Buffer holds one).
#pragma once

#include <cstddef>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include <tt-metalium/buffer_page_mapping.hpp>
#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/shape.hpp>
#include <tt-metalium/shape2d.hpp>

namespace tt::tt_metal {

namespace detail {
UncompressedBufferPageMapping compute_page_mapping(const Shape& tensor_shape, const Shape& shard_shape,
                                                   const std::vector<CoreCoord>& cores);
std::pair<Shape, Shape> squeeze_shape_ranks(const Shape& tensor_shape, const Shape& shard_shape);
}  // namespace detail

class BufferDistributionSpec {
public:
    static BufferDistributionSpec from_shard_spec(
        Shape tensor_shape, Shape shard_shape, Shape2D page_shape, const CoreRangeSet& core_range_set,
        ShardOrientation shard_orientation,
        ShardDistributionStrategy shard_distribution_strategy = ShardDistributionStrategy::ROUND_ROBIN_1D);
    BufferDistributionSpec(
        const Shape& tensor_shape_in_pages, const Shape& shard_shape_in_pages, const CoreRangeSet& core_range_set,
        ShardOrientation shard_orientation,
        ShardDistributionStrategy shard_distribution_strategy = ShardDistributionStrategy::ROUND_ROBIN_1D);
    BufferDistributionSpec(const Shape& tensor_shape_in_pages, const Shape& shard_shape_in_pages,
                           std::vector<CoreCoord> cores);

    const Shape& tensor_shape_in_pages() const { return tensor_shape_in_pages_; }
    const Shape& shard_shape_in_pages() const { return shard_shape_in_pages_; }
    std::size_t num_shards() const;
    std::size_t max_num_shards_per_core() const;
    std::size_t max_num_dev_pages_per_core() const;
    std::size_t num_cores() const { return cores_.size(); }
    std::size_t num_cores_with_data() const;
    const std::vector<CoreCoord>& cores() const { return cores_; }
    const std::vector<CoreCoord>& cores_with_data() const { return cores_with_data_; }
    std::size_t num_shards_per_core(std::size_t core_idx) const;
    std::size_t num_dev_pages_per_core(std::size_t core_idx) const;

    struct CoreGroups {
        CoreRangeSet cores_with_data;
        CoreRangeSet cores_in_group_1;
        CoreRangeSet cores_in_group_2;
        std::size_t num_shards_per_core_in_group_1 = 0;
        std::size_t num_shards_per_core_in_group_2 = 0;
    };
    const CoreGroups& core_groups() const { return core_groups_; }
    std::tuple<std::uint32_t, CoreRangeSet, CoreRangeSet, CoreRangeSet, std::uint32_t, std::uint32_t>
    core_groups_tuple() const;
    UncompressedBufferPageMapping compute_page_mapping() const {
        return detail::compute_page_mapping(tensor_shape_in_pages_, shard_shape_in_pages_, cores_);
    }

private:
    static std::vector<CoreCoord> compute_core_list(const Shape& tensor_shape_in_pages,
                                                    const Shape& shard_shape_in_pages,
                                                    const CoreRangeSet& core_range_set,
                                                    ShardOrientation shard_orientation,
                                                    ShardDistributionStrategy shard_distribution_strategy);
    void init_precomputed_data();

    Shape tensor_shape_in_pages_;
    Shape shard_shape_in_pages_;
    std::vector<CoreCoord> cores_;
    CoreGroups core_groups_;
    std::vector<CoreCoord> cores_with_data_;
    std::size_t shard_volume_ = 0;
    std::size_t num_shards_ = 0;
};

}  // namespace tt::tt_metal
