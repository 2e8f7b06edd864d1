// What a program learns about the platform outside a device's own methods: the device pool, the experimental
// hal queries, architecture names, and the small stl helpers (tt::stl::overloaded).
#include <tt-metalium/device_pool.hpp>
#include <tt-metalium/hal_exp.hpp>
#include <tt-metalium/overloaded.hpp>
#include <tt-metalium/memory_reporter.hpp>
#include <tt-metalium/persistent_kernel_cache.hpp>
#include <tt-metalium/program_cache.hpp>
#include <tt-metalium/rtoptions.hpp>
#include <tt-metalium/shape.hpp>
#include <tt-metalium/type_name.hpp>
#include <tt-metalium/tt_metal.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <variant>

#include "profiles/v0.56.0/emu/test_support.h"

namespace ttemu::testing {
namespace {

using namespace tt::tt_metal;
namespace hal = tt::tt_metal::experimental::hal;

TEST(DevicePool, CreateDeviceAndThePoolAgree) {
    IDevice* device = CreateDevice(0);
    auto& pool = tt::DevicePool::instance();
    EXPECT_EQ(pool.get_active_device(0), device);
    EXPECT_TRUE(pool.is_device_active(0));
    EXPECT_FALSE(pool.is_device_active(1));
    EXPECT_EQ(pool.get_all_active_devices(), std::vector<IDevice*>{device});
    EXPECT_THROW_WITH(pool.get_active_device(1), "does not contain active device 1");
    EXPECT_EQ(pool.get_control_plane(), nullptr);
    pool.register_worker_thread_for_device(device, std::this_thread::get_id());
    EXPECT_EQ(pool.get_worker_thread_ids().size(), 1u);
    EXPECT_TRUE(pool.close_device(0));
    EXPECT_TRUE(pool.get_worker_thread_ids().empty());
    EXPECT_FALSE(pool.is_device_active(0));
    EXPECT_FALSE(pool.close_device(0));
}

TEST(DevicePool, InitializeOpensDevicesThatProgramsThenLookUp) {
    tt::DevicePool::initialize({0}, 1, DEFAULT_L1_SMALL_SIZE, DEFAULT_TRACE_REGION_SIZE, DispatchCoreConfig{});
    IDevice* device = tt::DevicePool::instance().get_active_device(0);
    EXPECT_EQ(device->id(), 0);
    tt::DevicePool::initialize({0}, 1, DEFAULT_L1_SMALL_SIZE, DEFAULT_TRACE_REGION_SIZE, DispatchCoreConfig{});
    EXPECT_EQ(tt::DevicePool::instance().get_active_device(0), device);  // an open device is kept, not reopened
    tt::DevicePool::instance().close_devices({device});
    EXPECT_FALSE(tt::DevicePool::instance().is_device_active(0));
}

// As in tt-metal: the reserved sizes are rounded up to the DRAM alignment, not refused; one or two hardware queues.
TEST(DeviceConfig, ReservedSizesAreRoundedUpAndQueuesAreOneOrTwo) {
    IDevice* device = CreateDevice(0, 1, 17, 33);
    auto small = CreateBuffer(InterleavedBufferConfig{device, 32, 32, BufferType::L1_SMALL});
    EXPECT_NE(small->address(), 0u);  // 17 bytes reserved became 32: room for one 32-byte page
    EXPECT_THROW(CreateBuffer(InterleavedBufferConfig{device, 64, 64, BufferType::L1_SMALL}), std::exception);
    CloseDevice(device);
    EXPECT_THROW_WITH(CreateDevice(0, 3), "num_hw_cqs must be 1 or 2, got 3");
    EXPECT_THROW_WITH(CreateDevice(0, 0), "num_hw_cqs must be 1 or 2, got 0");
    EXPECT_THROW_WITH(CreateDevice(0, 1, 4u << 20), "l1_small_size 4194304 is more than");
}

TEST(HalExperimental, ReportsAWormholeN150) {
    EXPECT_EQ(hal::get_arch(), tt::ARCH::WORMHOLE_B0);
    EXPECT_EQ(hal::get_arch_name(), "wormhole_b0");
    EXPECT_EQ(hal::get_l1_size(), 1464u * 1024);
    EXPECT_EQ(hal::get_l1_alignment(), 16u);
    EXPECT_EQ(hal::get_dram_alignment(), 32u);
    EXPECT_EQ(hal::get_pcie_alignment(), 32u);
    EXPECT_EQ(hal::get_tensix_l1_unreserved_base() + hal::get_tensix_l1_unreserved_size(), hal::get_l1_size());
    EXPECT_EQ(hal::get_erisc_l1_unreserved_base() % 32, 0u);
    EXPECT_EQ(hal::get_erisc_l1_unreserved_base() + hal::get_erisc_l1_unreserved_size(), 256u * 1024 - 32);
    EXPECT_GT(hal::get_inf(), 1e38f);
    EXPECT_GT(hal::get_nan(), 1e19f);
    EXPECT_LT(hal::get_eps(), 1e-6f);
    // Free L1 on a Tensix core starts where the allocator's L1 buffers may start.
    IDevice* device = CreateDevice(0);
    EXPECT_EQ(device->allocator()->get_base_allocator_addr(HalMemType::L1), hal::get_tensix_l1_unreserved_base());
    CloseDevice(device);
}

TEST(ArchNames, RoundTripAndRejectUnknownNames) {
    EXPECT_EQ(tt::get_string(tt::ARCH::WORMHOLE_B0), "WORMHOLE_B0");
    EXPECT_EQ(tt::get_alias(tt::ARCH::WORMHOLE_B0), "wormhole");
    for (tt::ARCH a : {tt::ARCH::GRAYSKULL, tt::ARCH::WORMHOLE_B0, tt::ARCH::BLACKHOLE}) {
        EXPECT_EQ(tt::get_arch_from_string(tt::get_string(a)), a);
        EXPECT_EQ(tt::get_arch_from_string(tt::get_string_lowercase(a)), a);
    }
    EXPECT_THROW(tt::get_arch_from_string("wormhole_b1"), std::runtime_error);
    std::ostringstream out;
    out << tt::RISCV::NCRISC << ' ' << tt::RISCV::COMPUTE;
    EXPECT_EQ(out.str(), "NCRISC COMPUTE");
}

TEST(Overloaded, VisitsEachAlternativeWithItsLambda) {
    std::variant<CoreCoord, CoreRange> spec = CoreRange({0, 0}, {1, 2});
    auto count = [](const CoreRange& r) { return r.size(); };
    const auto n = std::visit(tt::stl::overloaded{[](const CoreCoord&) -> std::size_t { return 1; }, count}, spec);
    EXPECT_EQ(n, 6u);
    spec = CoreCoord{3, 3};
    EXPECT_EQ(std::visit(tt::stl::overloaded{[](const CoreCoord&) -> std::size_t { return 1; }, count}, spec), 1u);
}

TEST(ProgramCompile, CompilesThroughTheMemberAsDetailCompileProgramDoes) {
    detail::EnablePersistentKernelCache();
    IDevice* device = CreateDevice(0);
    Program p = CreateProgram();
    CreateKernelFromString(p, "void kernel_main() {}", CoreCoord{0, 0}, DataMovementConfig{});
    EXPECT_FALSE(p.is_finalized());
    p.compile(device);
    EXPECT_TRUE(p.is_finalized());
    CloseDevice(device);
    detail::DisablePersistentKernelCache();
}

}  // namespace
}  // namespace ttemu::testing

namespace ttemu::testing {
namespace {

using namespace tt::tt_metal;

TEST(Shape, RankVolumeIndicesAndRankChanges) {
    Shape s({2, 3, 4});
    EXPECT_EQ(s.rank(), 3u);
    EXPECT_EQ(s.volume(), 24u);
    EXPECT_EQ(s[-1], 4u);
    EXPECT_EQ(s.get_normalized_index(-3), 0u);
    EXPECT_THROW_WITH(s.get_normalized_index(3), "out of bounds");
    EXPECT_EQ(s.to_rank(5), Shape({1, 1, 2, 3, 4}));
    EXPECT_EQ(Shape({1, 1, 7}).to_rank(1), Shape({7}));
    EXPECT_THROW_WITH(s.to_rank(2), "cannot drop dimension 0");
    EXPECT_EQ(compute_strides(s), (tt::stl::SmallVector<std::uint32_t>{12, 4, 1}));
    EXPECT_EQ(compute_strides(Shape({3, 0})), (tt::stl::SmallVector<std::uint32_t>{0, 0}));
    EXPECT_THROW_WITH(s.to_array_4D(), "not 4");
    EXPECT_EQ(Shape({5, 6, 7, 8}).to_array_4D(), (std::array<std::uint32_t, 4>{5, 6, 7, 8}));
    std::ostringstream out;
    out << s;
    EXPECT_EQ(out.str(), "Shape([2, 3, 4])");
    EXPECT_EQ(Shape().volume(), 1u);
}

TEST(TypeName, LongAndShortNames) {
    EXPECT_EQ(tt::stl::long_type_name<tt::tt_metal::Shape>, "tt::tt_metal::Shape");
    EXPECT_EQ(tt::stl::short_type_name<tt::tt_metal::Shape>, "Shape");
    EXPECT_EQ((tt::stl::short_type_name<std::pair<tt::tt_metal::Shape, int>>), "pair<tt::tt_metal::Shape, int>");
}

// The memory view and block table follow the buffers a program allocates and frees; the reports land in
// $TT_METAL_HOME/generated/reports/tt_metal/.
TEST(MemoryReports, ViewAndBlockTableFollowAllocations) {
    IDevice* device = CreateDevice(0);
    const auto before = detail::GetMemoryView(device, BufferType::L1);
    EXPECT_EQ(before.num_banks, device->allocator()->get_num_banks(BufferType::L1));
    auto buffer = CreateBuffer(InterleavedBufferConfig{
        .device = device, .size = 4096 * before.num_banks, .page_size = 4096, .buffer_type = BufferType::L1});
    const auto after = detail::GetMemoryView(device, BufferType::L1);
    EXPECT_EQ(after.total_bytes_allocated_per_bank, before.total_bytes_allocated_per_bank + 4096);
    EXPECT_EQ(after.total_bytes_free_per_bank + after.total_bytes_allocated_per_bank, after.total_bytes_per_bank);
    std::size_t allocated = 0, covered = 0;
    for (const auto& row : after.block_table) {
        covered += std::stoull(row.at("size"));
        if (row.at("allocated") == "yes") allocated += std::stoull(row.at("size"));
    }
    EXPECT_EQ(allocated, after.total_bytes_allocated_per_bank);
    EXPECT_EQ(covered, after.total_bytes_per_bank);
    EXPECT_EQ(after.block_table.front().at("prevID"), "-1");
    detail::DumpDeviceMemoryState(device, "unit_");
    std::ifstream summary(tt::utils::get_reports_dir() + "tt_metal/unit_memory_usage_summary.csv");
    std::string header, dram_row;
    ASSERT_TRUE(std::getline(summary, header));
    ASSERT_TRUE(std::getline(summary, dram_row));
    EXPECT_EQ(dram_row.rfind(",", 0), 0u);
    DeallocateBuffer(*buffer);
    EXPECT_EQ(detail::GetMemoryView(device, BufferType::L1).total_bytes_allocated_per_bank,
              before.total_bytes_allocated_per_bank);
    CloseDevice(device);
}

// The test runs without tt-metal's debug variables (bazel passes none) and without TT_METAL_HOME.
TEST(RunTimeOptions, ReportTheDefaultsOfAnUnconfiguredProcess) {
    auto& rt = tt::llrt::RunTimeOptions::get_instance();
    EXPECT_FALSE(rt.get_watcher_enabled());
    EXPECT_FALSE(rt.get_feature_enabled(tt::llrt::RunTimeDebugFeatureDprint));
    EXPECT_FALSE(rt.get_profiler_enabled());
    EXPECT_EQ(rt.get_num_hw_cqs(), 1u);
    EXPECT_EQ(rt.get_dispatch_core_config().get_dispatch_core_type(), DispatchCoreType::WORKER);
    EXPECT_FALSE(rt.is_root_dir_specified());
    EXPECT_THROW_WITH(rt.get_root_dir(), "TT_METAL_HOME is not set");
    EXPECT_STREQ(tt::llrt::RunTimeDebugFeatureNames[tt::llrt::RunTimeDebugFeatureDprint], "DPRINT");
    rt.set_feature_core_range(tt::llrt::RunTimeDebugFeatureDprint, {1, 1}, {2, 3}, CoreType::WORKER);
    EXPECT_EQ(rt.get_feature_cores(tt::llrt::RunTimeDebugFeatureDprint)[CoreType::WORKER].size(), 6u);
}

TEST(ProgramCache, TheDeviceKeepsWhatTheProgramCaches) {
    IDevice* device = CreateDevice(0);
    device->enable_program_cache();
    auto& cache = device->get_program_cache();
    EXPECT_TRUE(cache.is_enabled());
    struct Vars {
        int kernel = 7;
    };
    cache.insert(42, program_cache::detail::CachedProgramFactory{
                         program_cache::detail::CachedProgram<Vars>{CreateProgram(), Vars{}}, 0});
    EXPECT_EQ(device->num_program_cache_entries(), 1u);
    EXPECT_EQ(cache.get(42).cached_program.get<program_cache::detail::CachedProgram<Vars>>().shared_variables.kernel, 7);
    device->disable_and_clear_program_cache();
    EXPECT_EQ(device->num_program_cache_entries(), 0u);
    EXPECT_FALSE(cache.is_enabled());
    // Closing the device clears the cache, as tt-metal's close does: what its entries hold is released.
    struct HoldsBuffer {
        std::shared_ptr<Buffer> buffer;
    };
    auto buffer = CreateBuffer(InterleavedBufferConfig{device, 2048, 2048, BufferType::DRAM});
    std::weak_ptr<Buffer> watch = buffer;
    device->enable_program_cache();
    cache.insert(7, program_cache::detail::CachedProgramFactory{
                        program_cache::detail::CachedProgram<HoldsBuffer>{CreateProgram(), HoldsBuffer{buffer}}, 0});
    buffer.reset();
    EXPECT_FALSE(watch.expired());
    CloseDevice(device);
    EXPECT_TRUE(watch.expired());
}

}  // namespace
}  // namespace ttemu::testing
