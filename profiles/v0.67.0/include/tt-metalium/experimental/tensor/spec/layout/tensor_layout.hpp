// tt::tt_metal::TensorLayout: a tensor's element type, page config, memory config and alignment — everything but
// its shape. Given a shape it computes the physical 2-D extent, the page shape and size, the buffer's size and its
// sharding arguments. The constructor checks the alignment and the shard spec against the page (TT_FATAL).
//   TensorLayout layout(DataType::BFLOAT16, PageConfig(Layout::TILE), MemoryConfig{});
//   layout.compute_physical_shape(Shape{3, 50, 70}) == Shape2D(192, 96)   // 50 → 64 rows, times 3; 70 → 96
#pragma once

#include <cstddef>
#include <tuple>
#include <vector>

#include <tt-metalium/shape.hpp>
#include <tt-metalium/shape2d.hpp>

#include <tt-metalium/experimental/tensor/spec/layout/alignment.hpp>
#include <tt-metalium/experimental/tensor/spec/layout/page_config.hpp>
#include <tt-metalium/experimental/tensor/tensor_types.hpp>

namespace tt::tt_metal {

class IDevice;

using Strides = std::vector<std::size_t>;

class TensorLayout {
public:
    TensorLayout(DataType dtype, const PageConfig& page_config, const MemoryConfig& memory_config,
                 const Alignment& alignment = {});

    // The layout whose alignment pads logical_shape to padded_shape.
    [[deprecated("Use of Padded Shape is deprecated")]]
    static TensorLayout fromPaddedShape(DataType dtype, const PageConfig& page_config,
                                        const MemoryConfig& memory_config, const tt::tt_metal::Shape& logical_shape,
                                        const tt::tt_metal::Shape& padded_shape);

    Layout get_layout() const { return page_config_.get_layout(); }
    Tile get_tile() const { return page_config_.get_tile(); }
    PageConfig get_page_config() const { return page_config_; }
    DataType get_data_type() const { return dtype_; }
    const MemoryConfig& get_memory_config() const { return memory_config_; }
    const Alignment& get_alignment() const { return alignment_; }

    // Elements between neighbours along each dimension, padded by the alignment.
    Strides compute_strides(const tt::tt_metal::Shape& shape) const;

    BufferShardingArgs compute_buffer_sharding_args(const tt::tt_metal::Shape& shape) const;

    std::size_t compute_packed_buffer_size_bytes(const tt::tt_metal::Shape& shape) const;
    std::size_t compute_page_size_bytes(const tt::tt_metal::Shape& shape) const;

    // Bytes one bank holds: pages per bank times the page size rounded up to the bank's alignment.
    std::size_t compute_consumed_memory_bytes_per_bank(const tt::tt_metal::Shape& shape, const IDevice& device) const;
    std::size_t compute_consumed_memory_bytes_per_bank(const tt::tt_metal::Shape& shape, std::size_t page_alignment,
                                                       std::size_t num_banks) const;

    [[deprecated("Use of LegacyPaddedShape is deprecated. Please use get_physical_size() or get_strides() instead.")]]
    tt::tt_metal::Shape compute_padded_shape(const tt::tt_metal::Shape& shape) const;

    // Height: the product of every dimension but the last; width: the last.
    Shape2D compute_logical_2d_shape(const tt::tt_metal::Shape& shape) const;
    // The logical 2-D shape with each dimension padded to the alignment on its way in.
    Shape2D compute_physical_shape(const tt::tt_metal::Shape& shape) const;

    Shape2D get_logical_shard_shape() const;   // TT_FATAL without a 2-D shard spec
    Shape2D get_physical_shard_shape() const;  // TT_FATAL without a 2-D shard spec

    Shape2D compute_page_shape(const Shape2D& physical_size) const;
    std::size_t compute_page_size_bytes(const Shape2D& page_size) const;

    TensorLayout with_memory_config(MemoryConfig memory_config) const {
        TensorLayout result = *this;
        result.memory_config_ = std::move(memory_config);
        return result;
    }

    bool operator==(const TensorLayout&) const = default;
    bool operator!=(const TensorLayout&) const = default;

    static constexpr auto attribute_names = std::forward_as_tuple("dtype", "page_config", "memory_config", "alignment");
    auto attribute_values() const { return std::forward_as_tuple(dtype_, page_config_, memory_config_, alignment_); }

    static TensorLayout restore_from_serialized(DataType dtype, const PageConfig& page_config,
                                                const MemoryConfig& memory_config, const Alignment& alignment);

private:
    void initialize_alignment();

    DataType dtype_ = DataType::BFLOAT16;
    PageConfig page_config_;
    MemoryConfig memory_config_;
    Alignment alignment_;
};

}  // namespace tt::tt_metal
