// tt::tt_metal::TensorSpec: a logical shape with a TensorLayout. The constructor computes the padded, logical 2-D and
// physical shapes and checks the shard spec against them as tt-metal does (TT_FATAL, with tt-metal's messages):
//   TensorSpec(Shape{100, 16}, TensorLayout(DataType::BFLOAT16, PageConfig(Layout::TILE, Tile({32, 16})),
//              MemoryConfig{TensorMemoryLayout::HEIGHT_SHARDED, BufferType::L1, ShardSpec{three_cores, {32, 16}}}))
//   throws "Number of shards along height 4 must not exceed number of cores 3".
// It then fills in the N-D shard spec from a 2-D one, and the 2-D one from an N-D one where one exists.
#pragma once

#include <cstddef>
#include <cstdint>
#include <tuple>

#include <tt-metalium/experimental/tensor/spec/layout/tensor_layout.hpp>
#include <tt-metalium/experimental/tensor/tensor_types.hpp>

namespace tt::tt_metal {

class TensorSpec final {
public:
    TensorSpec(tt::tt_metal::Shape logical_shape, TensorLayout tensor_layout);
    TensorSpec(TensorSpec&&) noexcept = default;
    TensorSpec& operator=(TensorSpec&&) = default;
    TensorSpec(const TensorSpec&) = default;
    TensorSpec& operator=(const TensorSpec&) = default;
    bool operator==(const TensorSpec&) const = default;
    bool operator!=(const TensorSpec&) const = default;

    const tt::tt_metal::Shape& logical_shape() const { return logical_shape_; }
    const TensorLayout& tensor_layout() const { return tensor_layout_; }
    DataType data_type() const { return tensor_layout_.get_data_type(); }
    Layout layout() const { return tensor_layout_.get_layout(); }
    PageConfig page_config() const { return tensor_layout_.get_page_config(); }
    const MemoryConfig& memory_config() const { return tensor_layout_.get_memory_config(); }
    const tt::tt_metal::Shape& padded_shape() const { return cached_padded_shape_; }
    const Shape2D& logical_2d_shape() const { return cached_logical_2d_shape_; }
    const Shape2D& physical_shape() const { return cached_physical_shape_; }

    Tile tile() const { return tensor_layout_.get_tile(); }

    // Sharded so that each shard is 1 (aligned as recommended) along `dims` and whole along the others.
    TensorSpec sharded_across_dims(tt::stl::Span<const std::int32_t> dims, CoreRangeSet grid,
                                   ShardOrientation orientation = ShardOrientation::ROW_MAJOR) const;
    // Sharded so that each shard is whole along `dims` and 1 (aligned as recommended) along the others.
    TensorSpec sharded_across_dims_except(tt::stl::Span<const std::int32_t> dims, CoreRangeSet grid,
                                          ShardOrientation orientation = ShardOrientation::ROW_MAJOR) const;
    // The 2-D physical shape split along its height into one shard per core (as even as the alignment allows).
    TensorSpec height_sharded(CoreRangeSet grid, ShardOrientation orientation = ShardOrientation::ROW_MAJOR) const;
    // The 2-D physical shape split along its width into one shard per core.
    TensorSpec width_sharded(CoreRangeSet grid, ShardOrientation orientation = ShardOrientation::ROW_MAJOR) const;
    // The 2-D physical shape split into blocks, one per core of the rectangle.
    TensorSpec block_sharded(CoreRange grid, ShardOrientation orientation = ShardOrientation::ROW_MAJOR) const;

    enum class ShardShapeAlignment {
        NONE,         // the shard shape as given; one that breaks the page's alignment is refused
        REQUIRED,     // rounded up to the page's required alignment
        RECOMMENDED,  // rounded up to the recommended alignment
    };
    TensorSpec sharded(Shape shard_shape, CoreRangeSet grid, ShardShapeAlignment shard_alignment,
                       ShardOrientation orientation = ShardOrientation::ROW_MAJOR,
                       ShardDistributionStrategy shard_distribution_strategy =
                           ShardDistributionStrategy::ROUND_ROBIN_1D) const;
    TensorSpec sharded(NdShardSpec nd_shard_spec, ShardShapeAlignment shard_alignment) const;

    Strides compute_strides() const { return tensor_layout_.compute_strides(logical_shape_); }
    BufferShardingArgs compute_buffer_sharding_args() const {
        return tensor_layout_.compute_buffer_sharding_args(logical_shape_);
    }
    std::size_t compute_packed_buffer_size_bytes() const {
        return tensor_layout_.compute_packed_buffer_size_bytes(logical_shape_);
    }
    std::size_t compute_page_size_bytes() const { return tensor_layout_.compute_page_size_bytes(logical_shape_); }

    std::size_t compute_consumed_memory_bytes_per_bank(const IDevice& device) const {
        return tensor_layout_.compute_consumed_memory_bytes_per_bank(logical_shape_, device);
    }
    std::size_t compute_consumed_memory_bytes_per_bank(std::size_t page_alignment, std::size_t num_banks) const {
        return tensor_layout_.compute_consumed_memory_bytes_per_bank(logical_shape_, page_alignment, num_banks);
    }

    TensorSpec with_memory_config(MemoryConfig memory_config) const;

    static constexpr auto attribute_names = std::forward_as_tuple("logical_shape", "tensor_layout");
    auto attribute_values() const { return std::forward_as_tuple(logical_shape_, tensor_layout_); }

private:
    void populate_sharding_specs();
    MemoryConfig populate_nd_shard_spec_from_legacy() const;
    std::optional<MemoryConfig> populate_legacy_shard_spec_from_nd() const;

    tt::tt_metal::Shape logical_shape_;
    TensorLayout tensor_layout_;

    tt::tt_metal::Shape cached_padded_shape_;
    Shape2D cached_logical_2d_shape_;
    Shape2D cached_physical_shape_;
};

}  // namespace tt::tt_metal
