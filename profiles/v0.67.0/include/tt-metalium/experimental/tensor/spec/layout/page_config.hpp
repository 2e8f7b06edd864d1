// tt::tt_metal::PageConfig: what one page of a tensor is — a tile (TilePageConfig) or a row, or a shard's row for
// width and block sharding (RowMajorPageConfig) — and the alignment that follows from it.
//   PageConfig(Layout::TILE, Tile({32, 16})).get_page_shape(…) == Shape2D(32, 16)
#pragma once

#include <cstddef>
#include <optional>
#include <tuple>
#include <variant>

#include <tt-metalium/shape2d.hpp>
#include <tt-metalium/tile.hpp>

#include <tt-metalium/experimental/tensor/spec/layout/alignment.hpp>
#include <tt-metalium/experimental/tensor/spec/layout/layout.hpp>
#include <tt-metalium/experimental/tensor/spec/memory_config/memory_config.hpp>
#include <tt-metalium/experimental/tensor/tensor_types.hpp>

namespace tt::tt_metal {

class RowMajorPageConfig {
public:
    RowMajorPageConfig(const Tile& tile = Tile());

    Alignment create_default_alignment(DataType dtype, const MemoryConfig& memory_config) const;
    void validate_alignment(const Alignment& alignment, DataType dtype, const MemoryConfig& memory_config) const;

    Shape2D get_page_shape(const Shape2D& physical_size, DataType dtype, const MemoryConfig& memory_config,
                           const std::optional<Shape2D>& physical_shard_size) const;
    std::size_t get_page_size_bytes(const Shape2D& page_shape, DataType dtype) const;

    const Tile& get_tile() const;

    Alignment get_required_shard_shape_alignment() const;
    Alignment get_recommended_shard_shape_alignment(DataType dtype) const;

    bool operator==(const RowMajorPageConfig&) const = default;
    bool operator!=(const RowMajorPageConfig&) const = default;

    static constexpr auto attribute_names = std::forward_as_tuple("tile");
    auto attribute_values() const { return std::forward_as_tuple(tile_); }

private:
    Tile tile_;  // kept for programs that still name one
};

class TilePageConfig {
public:
    TilePageConfig(const Tile& tile = Tile());

    Alignment create_default_alignment(DataType dtype, const MemoryConfig& memory_config) const;
    void validate_alignment(const Alignment& alignment, DataType dtype, const MemoryConfig& memory_config) const;

    Shape2D get_page_shape(const Shape2D& physical_size, DataType dtype, const MemoryConfig& memory_config,
                           const std::optional<Shape2D>& physical_shard_size) const;
    std::size_t get_page_size_bytes(const Shape2D& page_shape, DataType dtype) const;

    const Tile& get_tile() const;

    Alignment get_required_shard_shape_alignment() const;
    Alignment get_recommended_shard_shape_alignment(DataType dtype) const;

    bool operator==(const TilePageConfig&) const = default;
    bool operator!=(const TilePageConfig&) const = default;

    static constexpr auto attribute_names = std::forward_as_tuple("tile");
    auto attribute_values() const { return std::forward_as_tuple(tile_); }

private:
    Tile tile_;
};

class PageConfig {
public:
    using Config = std::variant<RowMajorPageConfig, TilePageConfig>;

    PageConfig(const Config& config);
    PageConfig(Layout layout);
    PageConfig(Layout layout, const std::optional<Tile>& tile);

    // The alignment a tensor's shape is padded to so that it is a whole number of pages: the tile for TILE; for
    // ROW_MAJOR, 1 when interleaved and the shard's width when sharded.
    Alignment create_default_alignment(DataType dtype, const MemoryConfig& memory_config) const;
    void validate_alignment(const Alignment& alignment, DataType dtype, const MemoryConfig& memory_config) const;

    Shape2D get_page_shape(const Shape2D& physical_size, DataType dtype, const MemoryConfig& memory_config,
                           const std::optional<Shape2D>& physical_shard_size) const;
    std::size_t get_page_size_bytes(const Shape2D& page_shape, DataType dtype) const;

    Tile get_tile() const;
    Layout get_layout() const;

    // What a shard's shape must be a multiple of.
    Alignment get_required_shard_shape_alignment() const;
    // What a shard's shape had best be a multiple of, for any device's memory alignment.
    Alignment get_recommended_shard_shape_alignment(DataType dtype) const;

    bool operator==(const PageConfig&) const = default;
    bool operator!=(const PageConfig&) const = default;

    static constexpr auto attribute_names = std::forward_as_tuple("config");
    auto attribute_values() const { return std::forward_as_tuple(config_); }

private:
    Config config_;
};

}  // namespace tt::tt_metal
