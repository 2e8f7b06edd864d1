// v0.67.0's experimental tensor spec as a program uses it: physical and padded shapes, pages, the shard checks and
// their messages, the 2-D and N-D shard specs each derived from the other, JSON, and the tensor topology.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include <nlohmann/json.hpp>
#include <tt-metalium/experimental/tensor/spec/tensor_spec.hpp>
#include <tt-metalium/experimental/tensor/topology/tensor_topology.hpp>
#include <tt-metalium/work_split.hpp>

namespace {

using namespace tt::tt_metal;
using ::testing::HasSubstr;

CoreRangeSet Cores(std::uint32_t n) { return num_cores_to_corerangeset(n, CoreCoord{8, 8}, /*row_wise=*/true); }

std::string ErrorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "no error";
}

TEST(TensorSpec, TilePaddingRoundsEachRunningDimension) {
    const TensorSpec spec(Shape{3, 50, 70}, TensorLayout(DataType::BFLOAT16, PageConfig(Layout::TILE), MemoryConfig{}));
    EXPECT_EQ(spec.physical_shape(), Shape2D(192, 96));  // 50 -> 64 rows, three times; 70 -> 96
    EXPECT_EQ(spec.logical_2d_shape(), Shape2D(150, 70));
    EXPECT_EQ(spec.padded_shape(), Shape({3, 64, 96}));
    EXPECT_EQ(spec.compute_page_size_bytes(), 32u * 32u * 2u);
    EXPECT_EQ(spec.compute_packed_buffer_size_bytes(), 18u * 2048u);  // 6 × 3 tiles
    EXPECT_EQ(spec.compute_strides(), (Strides{50 * 96, 96, 1}));  // rows padded to the width alignment only
    EXPECT_EQ(spec.tensor_layout().get_alignment(), Alignment({32, 32}));
    // 18 pages over 12 DRAM banks: 2 per bank, each 2048 B rounded to 64.
    EXPECT_EQ(spec.compute_consumed_memory_bytes_per_bank(64, 12), 2u * 2048u);
}

TEST(TensorSpec, RowMajorPagesAreRows) {
    const TensorSpec spec(Shape{5, 7}, TensorLayout(DataType::FLOAT32, PageConfig(Layout::ROW_MAJOR), MemoryConfig{}));
    EXPECT_EQ(spec.physical_shape(), Shape2D(5, 7));
    EXPECT_EQ(spec.compute_page_size_bytes(), 7u * 4u);
    EXPECT_EQ(spec.compute_packed_buffer_size_bytes(), 5u * 7u * 4u);
    // Block floats are kept as floats in rows; a bfloat16 row-major shard is best a multiple of 32 elements (64 B).
    EXPECT_EQ(PageConfig(Layout::ROW_MAJOR).get_page_size_bytes(Shape2D(1, 3), DataType::BFLOAT8_B), 12u);
    EXPECT_EQ(PageConfig(Layout::ROW_MAJOR).get_recommended_shard_shape_alignment(DataType::BFLOAT16),
              Alignment({32}));
    // An empty tensor still has a one-word page.
    const TensorSpec empty(Shape{0, 4}, TensorLayout(DataType::UINT16, PageConfig(Layout::ROW_MAJOR), MemoryConfig{}));
    EXPECT_EQ(empty.compute_page_size_bytes(), 4u);
    EXPECT_EQ(empty.compute_packed_buffer_size_bytes(), 0u);
}

TEST(TensorSpec, CustomAlignmentIsWidenedAndRoundedToTheTile) {
    const TensorLayout layout(DataType::BFLOAT16, PageConfig(Layout::TILE), MemoryConfig{}, Alignment({64, 16, 40}));
    EXPECT_EQ(layout.get_alignment(), Alignment({64, 32, 64}));
    const TensorSpec spec(Shape{3, 10, 10}, layout);
    // The outer alignment counts in rows: 3 × 32 rows, rounded up to 64 rows, is 4 × 32.
    EXPECT_EQ(spec.physical_shape(), Shape2D(128, 64));
    EXPECT_EQ(spec.padded_shape(), Shape({4, 32, 64}));
    // One that the rows below already meet pads nothing.
    const TensorLayout met(DataType::BFLOAT16, PageConfig(Layout::TILE), MemoryConfig{}, Alignment({2, 32, 32}));
    EXPECT_EQ(TensorSpec(Shape{3, 10, 10}, met).padded_shape(), Shape({3, 32, 32}));
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    const auto legacy = TensorLayout::fromPaddedShape(DataType::BFLOAT16, PageConfig(Layout::TILE), MemoryConfig{},
                                                      Shape{1, 30, 40}, Shape{1, 32, 64});
#pragma GCC diagnostic pop
    EXPECT_EQ(legacy.get_alignment(), Alignment({32, 64}));
}

// The shard checks bite with tt-metal's messages, and a fitting shard passes them.
TEST(TensorSpec, ShardSpecsAreCheckedAgainstTheShape) {
    const auto spec = [](Shape shape, TensorMemoryLayout kind, CoreRangeSet cores, std::array<std::uint32_t, 2> shard,
                         Tile tile) {
        return [=] {
            TensorSpec(shape, TensorLayout(DataType::BFLOAT16, PageConfig(Layout::TILE, tile),
                                           MemoryConfig{kind, BufferType::L1, ShardSpec{cores, shard}}));
        };
    };
    const auto h = TensorMemoryLayout::HEIGHT_SHARDED, w = TensorMemoryLayout::WIDTH_SHARDED;
    EXPECT_THAT(ErrorOf(spec(Shape{100, 16}, h, Cores(3), {32, 16}, Tile({32, 16}))),
                HasSubstr("Number of shards along height 4 must not exceed number of cores 3"));
    EXPECT_EQ(ErrorOf(spec(Shape{100, 16}, h, Cores(4), {32, 16}, Tile({32, 16}))), "no error");
    EXPECT_THAT(ErrorOf(spec(Shape{100, 20}, h, Cores(10), {32, 16}, Tile({32, 16}))),
                HasSubstr("Shard width 16 must match physical width 32 for height sharded"));
    EXPECT_THAT(ErrorOf(spec(Shape{16, 100}, w, Cores(3), {16, 32}, Tile({16, 32}))),
                HasSubstr("Number of shards along width 4 must not exceed number of cores 3"));
    EXPECT_THAT(ErrorOf(spec(Shape{20, 100}, w, Cores(10), {16, 32}, Tile({16, 32}))),
                HasSubstr("Shard height 16 must match physical height 32 for width sharded"));
    EXPECT_THAT(ErrorOf(spec(Shape{64, 64}, h, Cores(2), {16, 64}, Tile())),
                HasSubstr("must be tile [32, 32] sized!"));
    const CoreRangeSet two_by_two(CoreRange({0, 0}, {1, 1}));
    EXPECT_THAT(ErrorOf(spec(Shape{96, 64}, TensorMemoryLayout::BLOCK_SHARDED, two_by_two, {32, 32}, Tile())),
                HasSubstr("Number of shards along height 3 must not exceed number of rows 2 for row major orientation!"));
}

TEST(TensorSpec, ALegacyShardSpecGetsItsNdSpec) {
    const TensorSpec spec(Shape{128, 64},
                          TensorLayout(DataType::BFLOAT16, PageConfig(Layout::TILE),
                                       MemoryConfig{TensorMemoryLayout::BLOCK_SHARDED, BufferType::L1,
                                                    ShardSpec{CoreRangeSet(CoreRange({0, 0}, {1, 3})), {32, 32}}}));
    ASSERT_TRUE(spec.memory_config().nd_shard_spec().has_value());
    EXPECT_EQ(spec.memory_config().nd_shard_spec()->shard_shape, Shape({32, 32}));
    EXPECT_EQ(spec.memory_config().nd_shard_spec()->shard_distribution_strategy, ShardDistributionStrategy::GRID_2D);
    EXPECT_FALSE(spec.memory_config().created_with_nd_shard_spec());
    const auto args = spec.compute_buffer_sharding_args();
    EXPECT_TRUE(args.shard_spec().has_value());
    EXPECT_TRUE(args.buffer_distribution_spec().has_value());
}

TEST(TensorSpec, AnNdShardSpecFoldsToALegacyOneWhereItCan) {
    const TensorLayout interleaved(DataType::BFLOAT16, PageConfig(Layout::TILE), MemoryConfig{BufferType::L1});
    const TensorSpec tensor(Shape{4, 32, 64}, interleaved);
    // Whole rows of shards: height sharded, 4 shards of 32 × 64.
    const auto rows = tensor.sharded(Shape{1, 32, 64}, Cores(4), TensorSpec::ShardShapeAlignment::NONE);
    ASSERT_TRUE(rows.memory_config().shard_spec().has_value());
    EXPECT_EQ(rows.memory_config().memory_layout(), TensorMemoryLayout::HEIGHT_SHARDED);
    EXPECT_EQ(rows.memory_config().shard_spec()->shape, (std::array<std::uint32_t, 2>{32, 64}));
    EXPECT_TRUE(rows.memory_config().created_with_nd_shard_spec());
    // The whole height: width sharded.
    const auto cols = tensor.sharded(Shape{4, 32, 32}, Cores(2), TensorSpec::ShardShapeAlignment::NONE);
    EXPECT_EQ(cols.memory_config().memory_layout(), TensorMemoryLayout::WIDTH_SHARDED);
    // Too few cores for a 2-D spec: only the N-D one.
    const auto few = tensor.sharded(Shape{1, 32, 64}, Cores(2), TensorSpec::ShardShapeAlignment::NONE);
    EXPECT_FALSE(few.memory_config().shard_spec().has_value());
    EXPECT_EQ(few.memory_config().memory_layout(), TensorMemoryLayout::BLOCK_SHARDED);
    // height_sharded rounds the shard to the page's required alignment: 128 rows over 3 cores -> 43 -> 64.
    const auto even = tensor.height_sharded(Cores(3));
    EXPECT_EQ(even.memory_config().nd_shard_spec()->shard_shape, Shape({64, 64}));
    // A ND-sharded spec's buffer: a distribution spec over pages.
    const auto args = rows.compute_buffer_sharding_args();
    ASSERT_TRUE(args.buffer_distribution_spec().has_value());
    EXPECT_EQ(args.buffer_distribution_spec()->max_num_dev_pages_per_core(), 2u);
}

TEST(TensorSpec, MemoryConfigTextAndJson) {
    const MemoryConfig config{TensorMemoryLayout::HEIGHT_SHARDED, BufferType::L1, ShardSpec{Cores(2), {32, 32}}};
    const auto back = ttsl::json::from_json<MemoryConfig>(ttsl::json::to_json(config));
    EXPECT_EQ(back, config);
    EXPECT_NE(back, MemoryConfig{});
    const MemoryConfig nd{BufferType::DRAM, NdShardSpec{Shape{2, 32}, Cores(2)}};
    const auto nd_back = ttsl::json::from_json<MemoryConfig>(ttsl::json::to_json(nd));
    EXPECT_EQ(nd_back.nd_shard_spec(), nd.nd_shard_spec());
    EXPECT_TRUE(nd_back.created_with_nd_shard_spec());
    std::ostringstream text;
    text << nd;
    EXPECT_THAT(text.str(), HasSubstr("\"shard_shape\":[2, 32]"));
    EXPECT_THAT(text.str(), HasSubstr("memory_layout=TensorMemoryLayout::BLOCK_SHARDED"));
}

TEST(TensorSpec, DataTypesAndFormats) {
    static_assert(convert_to_data_type<float>() == DataType::FLOAT32);
    static_assert(convert_to_data_type<bfloat16>() == DataType::BFLOAT16);
    for (auto d : {DataType::BFLOAT16, DataType::FLOAT32, DataType::UINT32, DataType::BFLOAT8_B, DataType::BFLOAT4_B,
                   DataType::UINT8, DataType::UINT16, DataType::INT32})
        EXPECT_EQ(dataformat_to_datatype_converter(datatype_to_dataformat_converter(d)), d);
    EXPECT_THROW(datatype_to_dataformat_converter(DataType::INVALID), std::runtime_error);
    EXPECT_TRUE(is_block_float(DataType::BFLOAT4_B));
    EXPECT_FALSE(is_floating_point(DataType::INT32));
    std::ostringstream text;
    text << DataType::UINT16 << " " << Layout::TILE << " " << Alignment({32, 32});
    EXPECT_EQ(text.str(), "DataType::UINT16 Layout::TILE Alignment([32, 32])");
}

TEST(TensorTopology, PiecesMapToDevicesInRowMajorOrder) {
    using distributed::MeshCoordinate;
    using distributed::MeshShape;
    const auto t = TensorTopology::create_sharded_tensor_topology(MeshShape(2, 4), 1);
    EXPECT_EQ(t.distribution_shape(), MeshShape(8));
    EXPECT_EQ(t.get_device_coord(MeshCoordinate(5)), MeshCoordinate(1, 1));
    EXPECT_EQ(t.get_tensor_coord(MeshCoordinate(1, 1)), MeshCoordinate(5));
    EXPECT_EQ(t.get_tensor_coord(MeshCoordinate(2, 0)), std::nullopt);
    EXPECT_EQ(t.get_next_neighbor(MeshCoordinate(7), 0), MeshCoordinate(0));  // wraps
    EXPECT_EQ(t.get_prev_neighbor(MeshCoordinate(0), 0), MeshCoordinate(7));
    EXPECT_THROW(t.get_device_coord(MeshCoordinate(9)), std::runtime_error);
    EXPECT_NE(t, TensorTopology::create_fully_replicated_tensor_topology(MeshShape(2, 4)));
    std::ostringstream text;
    text << t;
    EXPECT_THAT(text.str(), HasSubstr("PlacementShard(1)"));
    std::ostringstream configs;
    configs << distributed::MeshMapperConfig{{distributed::MeshMapperConfig::Replicate{},
                                              distributed::MeshMapperConfig::Shard{1}}}
            << " " << distributed::MeshComposerConfig{{0, 1}, MeshShape(2, 2)};
    EXPECT_EQ(configs.str(),
              "MeshMapperConfig(placements: [PlacementReplicate(), PlacementShard(1)]) "
              "MeshComposerConfig(dims: [0, 1], mesh_shape_override=MeshShape([2, 2]))");
}

}  // namespace
