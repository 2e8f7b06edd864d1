// What a program compiled against tt-metal v0.67.0's OWN experimental tensor headers imports from libtt_metal.so:
// every function those headers declare out of line (TensorSpec, TensorLayout, the page configs, MemoryConfig,
// Alignment, DataType and Layout, NdShardSpec, TensorTopology and the mesh mapper configs), called once each.
// scripts/abi_names_v067.sh --library compiles it with library_probe.cc and keeps the names in
// profiles/v0.67.0/abi/real_library_imports.txt, which //profiles/v0.67.0/abi:library_exports_test checks the emulated
// library defines. Never run.
#include <nlohmann/json.hpp>
#include <tt-metalium/experimental/tensor/spec/tensor_spec.hpp>
#include <tt-metalium/experimental/tensor/topology/tensor_topology.hpp>

#include <ostream>
#include <vector>

using namespace tt::tt_metal;

void ProbeTensorSpec(std::ostream& os, const TensorSpec& spec, const CoreRangeSet& grid, const CoreRange& range,
                     std::vector<std::int32_t>& dims, const IDevice& device) {
    TensorSpec s(spec.logical_shape(), spec.tensor_layout());
    s = s.sharded_across_dims(dims, grid);
    s = s.sharded_across_dims_except(dims, grid);
    s = s.height_sharded(grid).width_sharded(grid).block_sharded(range);
    s = s.sharded(Shape{1, 32}, grid, TensorSpec::ShardShapeAlignment::REQUIRED);
    s = s.sharded(NdShardSpec{Shape{1, 32}, grid}, TensorSpec::ShardShapeAlignment::NONE);
    s = s.with_memory_config(MemoryConfig{});
    os << s.compute_strides().size() << s.compute_packed_buffer_size_bytes() << s.compute_page_size_bytes()
       << s.compute_consumed_memory_bytes_per_bank(device) << s.compute_consumed_memory_bytes_per_bank(32, 12);
    (void)s.compute_buffer_sharding_args();
}

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
void ProbeTensorLayout(std::ostream& os, const TensorLayout& layout, const Shape& shape, const Shape2D& size) {
    TensorLayout l(DataType::BFLOAT16, PageConfig(Layout::TILE), MemoryConfig{}, Alignment({32, 32}));
    l = TensorLayout::fromPaddedShape(DataType::FLOAT32, PageConfig(Layout::ROW_MAJOR, Tile()), MemoryConfig{},
                                      shape, shape);
    l = TensorLayout::restore_from_serialized(DataType::UINT8, layout.get_page_config(), MemoryConfig{}, Alignment{});
    os << layout.compute_padded_shape(shape) << layout.compute_logical_2d_shape(shape)
       << layout.compute_physical_shape(shape) << layout.get_logical_shard_shape()
       << layout.get_physical_shard_shape() << layout.compute_page_shape(size) << layout.compute_page_size_bytes(size);
}

void ProbePageConfigs(std::ostream& os, const PageConfig& page, const RowMajorPageConfig& rows,
                      const TilePageConfig& tiles, const MemoryConfig& config, const Shape2D& size) {
    PageConfig p{PageConfig::Config{TilePageConfig{Tile{}}}};
    p = PageConfig(Layout::TILE);
    p = PageConfig(RowMajorPageConfig(Tile()));
    page.validate_alignment(page.create_default_alignment(DataType::BFLOAT16, config), DataType::BFLOAT16, config);
    os << page.get_page_shape(size, DataType::BFLOAT16, config, size) << page.get_page_size_bytes(size, DataType::UINT32)
       << page.get_tile().get_height() << page.get_layout() << page.get_required_shard_shape_alignment()
       << page.get_recommended_shard_shape_alignment(DataType::UINT8);
    rows.validate_alignment(rows.create_default_alignment(DataType::BFLOAT16, config), DataType::BFLOAT16, config);
    os << rows.get_page_shape(size, DataType::BFLOAT16, config, size) << rows.get_page_size_bytes(size, DataType::UINT32)
       << rows.get_tile().get_height() << rows.get_required_shard_shape_alignment()
       << rows.get_recommended_shard_shape_alignment(DataType::UINT8);
    tiles.validate_alignment(tiles.create_default_alignment(DataType::BFLOAT16, config), DataType::BFLOAT16, config);
    os << tiles.get_page_shape(size, DataType::BFLOAT16, config, size)
       << tiles.get_page_size_bytes(size, DataType::UINT32) << tiles.get_tile().get_height()
       << tiles.get_required_shard_shape_alignment() << tiles.get_recommended_shard_shape_alignment(DataType::UINT8);
}

void ProbeMemoryConfig(std::ostream& os, const MemoryConfig& config, const NdShardSpec& nd, nlohmann::json& j,
                       const Alignment& alignment) {
    MemoryConfig a(TensorMemoryLayout::INTERLEAVED, BufferType::L1);
    MemoryConfig b(BufferType::DRAM, nd);
    a = MemoryConfig::create_with_prepopulated_shard_specs(TensorMemoryLayout::HEIGHT_SHARDED, BufferType::L1,
                                                           std::nullopt, nd, true);
    os << config << nd << (a == b) << (a != b) << config.is_sharded() << config.is_l1() << config.is_dram()
       << alignment << (alignment == Alignment({1})) << (alignment == ttsl::SmallVector<std::uint32_t>{1})
       << DataType::INT32 << Layout::TILE << is_floating_point(DataType::FLOAT32) << is_block_float(DataType::UINT8)
       << static_cast<int>(datatype_to_dataformat_converter(DataType::BFLOAT16))
       << static_cast<int>(dataformat_to_datatype_converter(tt::DataFormat::Float32));
    j = ttsl::json::to_json(config);
    b = ttsl::json::from_json<MemoryConfig>(j);
}

void ProbeTopology(std::ostream& os, const TensorTopology& t, const distributed::MeshShape& shape,
                   const distributed::MeshCoordinate& c, const distributed::MeshMapperConfig& mapper,
                   const distributed::MeshComposerConfig& composer) {
    auto r = TensorTopology::create_fully_replicated_tensor_topology(shape);
    r = TensorTopology::create_sharded_tensor_topology(shape, 1);
    os << t << (t == r) << (t != r) << t.get_neighbor(c, 1, 0) << t.get_next_neighbor(c, 0)
       << t.get_prev_neighbor(c, 0) << t.get_device_coord(c) << t.get_tensor_coord(c).has_value() << mapper
       << mapper.placements[0] << (mapper.placements[0] == mapper.placements[0]) << composer;
}
