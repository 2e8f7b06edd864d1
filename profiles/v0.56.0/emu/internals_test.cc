// tt-metal's internal and experimental host APIs the stand-in exports: DistributionSpec's shard mapping, the
// GraphTracker's view of allocations, the core descriptor of the emulated n150, data-format and coordinate helpers,
// sub-device stall groups, and the refusal of what is not emulated. Expected values are worked out here.
#include <tt-metalium/compilation_reporter.hpp>
#include <tt-metalium/core_descriptor.hpp>
#include <tt-metalium/data_format.hpp>
#include <tt-metalium/distribution_spec.hpp>
#include <tt-metalium/global_circular_buffer.hpp>
#include <tt-metalium/graph_tracking.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "profiles/v0.56.0/emu/test_support.h"

namespace ttemu::testing {
namespace {

using namespace tt::tt_metal;
using Chunk = DistributionSpec::ChunkMapping;
using Targets = std::vector<DistributionSpec::TargetData>;

// [5, 4] in shards of [2, 4] is three shards (rows 0-1, 2-3, 4), dealt to two targets: 0, 1, 0. Coalesced, a shard
// of whole rows is one run; the third shard lands after the first on target 0 (a full shard's 8 elements on).
TEST(DistributionSpecTest, HeightShardsDealRoundRobinAndCoalesceWholeRows) {
    const auto spec = DistributionSpec::from_shard_shape(Shape({5, 4}), Shape({2, 4}), 2);
    EXPECT_EQ(spec.get_num_targets(), 2u);
    EXPECT_EQ(spec.compute_metadata_for_targets(DistributionSpec::COALESCED),
              (Targets{{{0, 0, 8}, {16, 8, 4}}, {{8, 0, 8}}}));
    const auto single = spec.compute_metadata_for_targets(DistributionSpec::NONCOALESCED);
    ASSERT_EQ(single.size(), 2u);
    ASSERT_EQ(single[0].size(), 12u);  // 8 + 4 elements, one chunk each
    EXPECT_EQ(single[0][9], (Chunk{17, 9, 1}));
    EXPECT_EQ(single[1][7], (Chunk{15, 7, 1}));
}

// [4, 6] in [2, 4] shards: a 2x2 grid whose right column is 2 wide. Rows of a shard are separate runs (the shard does
// not span the tensor's width); each shard starts a full shard's 8 elements after the previous one on the target.
TEST(DistributionSpecTest, BlockShardsWithPartialEdgeShardsKeepFullShardStrides) {
    const auto spec = DistributionSpec::from_shard_shape(Shape({4, 6}), Shape({2, 4}), 1);
    EXPECT_EQ(spec.compute_metadata_for_targets(DistributionSpec::COALESCED),
              (Targets{{{0, 0, 4},
                        {6, 4, 4},
                        {4, 8, 2},
                        {10, 12, 2},  // top-left, top-right shards
                        {12, 16, 4},
                        {18, 20, 4},
                        {16, 24, 2},
                        {22, 28, 2}}}));
    // More targets than shards: only as many targets as shards.
    EXPECT_EQ(DistributionSpec::from_shard_shape(Shape({4, 6}), Shape({2, 4}), 10).get_num_targets(), 4u);
    EXPECT_THROW(DistributionSpec::from_shard_shape(Shape({4, 6}), Shape({2}), 1), std::runtime_error);
}

// A processor sees allocations and circular-buffer placements; a hook may take an allocation's place.
struct Recorder : IGraphProcessor {
    std::vector<std::string> events;
    void track_allocate(const Buffer* b) override { events.push_back("alloc " + std::to_string(b->size())); }
    void track_deallocate(Buffer* b) override { events.push_back("free " + std::to_string(b->size())); }
    void track_allocate_cb(const CoreRangeSet&, uint64_t addr, uint64_t size, bool, const IDevice*) override {
        events.push_back("cb " + std::to_string(addr) + " " + std::to_string(size));
    }
};
struct NoAllocations : IGraphHooks {
    bool hook_allocate(const Buffer*) override { return true; }
    bool hook_deallocate(Buffer*) override { return true; }
    bool hook_program(Program*) override { return false; }
};

class GraphTrackerTest : public DeviceTest {
protected:
    void TearDown() override {
        GraphTracker::instance().clear();
        DeviceTest::TearDown();
    }
};

TEST_F(GraphTrackerTest, ProcessorsSeeAllocationsAndCircularBuffers) {
    auto recorder = std::make_shared<Recorder>();
    GraphTracker::instance().push_processor(recorder);
    EXPECT_TRUE(GraphTracker::instance().is_enabled());
    {
        auto b = Dram(4096, 1024);
        Program p = CreateProgram();
        CreateCircularBuffer(p, CoreCoord{0, 0},
                             CircularBufferConfig(2048, {{0, tt::DataFormat::Float16_b}}).set_page_size(0, 2048));
        CreateKernelFromString(p, "#include \"dataflow_api.h\"\nvoid kernel_main() {}", CoreCoord{0, 0},
                               DataMovementConfig{});
        EnqueueProgram(*cq_, p, true);
        EnqueueProgram(*cq_, p, true);  // the placement is reported once, not per launch
    }
    EXPECT_EQ(recorder->events, (std::vector<std::string>{"alloc 4096", "cb 102112 2048", "free 4096"}));
    GraphTracker::instance().pop_processor();
    EXPECT_FALSE(GraphTracker::instance().is_enabled());
}

TEST_F(GraphTrackerTest, AHookTakesTheAllocationsPlace) {
    const auto before = Dram(4096, 1024)->address();  // freed again at once
    ASSERT_TRUE(GraphTracker::instance().add_hook(std::make_shared<NoAllocations>()));
    EXPECT_FALSE(GraphTracker::instance().add_hook(std::make_shared<NoAllocations>())) << "one hook at a time";
    auto hooked = Dram(4096, 1024);
    EXPECT_EQ(hooked->address(), 0u);
    hooked.reset();  // the hook takes the deallocation's place too
    GraphTracker::instance().clear_hook();
    auto real = Dram(4096, 1024);
    EXPECT_EQ(real->address(), before) << "the hooked buffer took no memory";
}

TEST(CoreDescriptorTest, TheEmulatedN150HasAnEightByEightGridAndARowForDispatch) {
    const DispatchCoreConfig worker;
    EXPECT_EQ(tt::get_compute_grid_size(0, 1, worker), CoreCoord(8, 8));
    EXPECT_EQ(tt::get_logical_compute_cores(0, 1, worker).size(), 64u);
    EXPECT_EQ(tt::get_logical_compute_cores(0, 1, worker)[9], CoreCoord(1, 1));
    EXPECT_EQ(tt::get_logical_dispatch_cores(0, 2, worker).front(), CoreCoord(0, 8));
    EXPECT_TRUE(tt::get_logical_storage_cores(0, 1, worker).empty());
    EXPECT_EQ(tt::get_storage_core_bank_size(0, 1, worker), std::nullopt);
    EXPECT_EQ(tt::get_product_name(tt::ARCH::WORMHOLE_B0, 1), "nebula_x1");
    EXPECT_THROW(tt::get_core_descriptor_config(0, 3, worker), std::runtime_error);
}

TEST(HelpersTest, FormatsCoordinatesAndReportSwitches) {
    EXPECT_TRUE(tt::is_exp_b_format(tt::DataFormat::Bfp8_b));
    EXPECT_FALSE(tt::is_exp_b_format(tt::DataFormat::Float16));
    EXPECT_EQ(tt::get_exp_precison(tt::DataFormat::Float16), tt::ExpPrecision::A);
    tt::DataFormat formats[NUM_CIRCULAR_BUFFERS];
    std::fill(std::begin(formats), std::end(formats), tt::DataFormat::Invalid);
    formats[3] = tt::DataFormat::Float32;
    EXPECT_TRUE(tt::is_all_fp32_formats(formats));
    formats[4] = tt::DataFormat::Float16_b;
    EXPECT_FALSE(tt::is_all_fp32_formats(formats));
    std::ostringstream name;
    name << tt::DataFormat::Bfp8_b;
    EXPECT_EQ(name.str(), "Bfp8_b");
    EXPECT_EQ(get_core_coord_from_relative({-1, 2}, CoreCoord(8, 8)), CoreCoord(7, 2));
    EXPECT_EQ(RelativeCoreCoord({-1, 2}).str(), "(x=-1,y=2)");
    EXPECT_EQ(tt_cxy_pair(1, 2, 3).str(), "(chip=1,x=2,y=3)");
    detail::EnableCompilationReports();
    EXPECT_TRUE(detail::CompilationReporter::enabled());
    detail::DisableCompilationReports();
    EXPECT_FALSE(detail::CompilationReporter::enabled());
}

class SubDeviceTest : public DeviceTest {};

TEST_F(SubDeviceTest, StallGroupsNameSubDevicesOfTheLoadedManager) {
    EXPECT_EQ(device_->get_sub_device_stall_group(), (std::vector<SubDeviceId>{SubDeviceId{0}}));
    const SubDevice left(std::array<CoreRangeSet, NumHalProgrammableCoreTypes>{CoreRangeSet(CoreRange({0, 0}, {3, 7})),
                                                                               CoreRangeSet(), CoreRangeSet()});
    const SubDevice right(std::array<CoreRangeSet, NumHalProgrammableCoreTypes>{CoreRangeSet(CoreRange({4, 0}, {7, 7})),
                                                                                CoreRangeSet(), CoreRangeSet()});
    const auto id = device_->create_sub_device_manager({left, right}, 0);
    device_->load_sub_device_manager(id);
    EXPECT_EQ(device_->get_sub_device_stall_group().size(), 2u);
    const SubDeviceId second{1};
    device_->set_sub_device_stall_group(tt::stl::Span(&second, 1));
    EXPECT_EQ(device_->get_sub_device_stall_group(), (std::vector<SubDeviceId>{SubDeviceId{1}}));
    const SubDeviceId missing{5};
    EXPECT_THROW_WITH(device_->set_sub_device_stall_group(tt::stl::Span(&missing, 1)), "out of bounds");
    device_->reset_sub_device_stall_group();
    EXPECT_EQ(device_->get_sub_device_stall_group().size(), 2u);
    device_->clear_loaded_sub_device_manager();
    device_->remove_sub_device_manager(id);
}

TEST_F(DeviceTest, GlobalCircularBuffersAreRefusedAsNotEmulated) {
    EXPECT_THROW_WITH(v1::experimental::CreateGlobalCircularBuffer(
                          device_, {{CoreCoord{0, 0}, CoreRangeSet(CoreRange({1, 0}, {1, 0}))}}, 4096),
                      "GlobalCircularBuffer is not emulated");
}

}  // namespace
}  // namespace ttemu::testing
