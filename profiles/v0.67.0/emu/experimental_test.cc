// v0.67.0's small experimental and legacy APIs as a program calls them: NOC hop distances on the emulated card's
// grid, the Inspector (disabled), ClearKernelCache (the next build goes to the cache on disk again), mock mode's
// registration and descriptors, dispatch switching (refused as on a Wormhole card) and Event::wait_until_ready.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/event.hpp>
#include <tt-metalium/experimental/device.hpp>
#include <tt-metalium/experimental/dispatch_context.hpp>
#include <tt-metalium/experimental/inspector.hpp>
#include <tt-metalium/experimental/kernel_cache.hpp>
#include <tt-metalium/experimental/mock_device.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/queue_id.hpp>

namespace {

namespace fs = std::filesystem;
using namespace tt::tt_metal;
using tt::tt_metal::experimental::Device::get_worker_noc_hop_distance;

// Before the library reads its settings: a kernel cache of this test's own.
const fs::path kCache = [] {
    const char* tmp = std::getenv("TEST_TMPDIR");
    const fs::path dir = fs::path(tmp ? tmp : "/tmp") / "experimental-test-cache";
    setenv("TT_METAL_EMU_CACHE_DIR", dir.c_str(), 1);
    return dir;
}();

class MeshTest : public ::testing::Test {
protected:
    void SetUp() override { mesh_ = distributed::MeshDevice::create_unit_mesh(0); }
    void TearDown() override { mesh_->close(); }
    std::shared_ptr<distributed::MeshDevice> mesh_;
};

TEST_F(MeshTest, HopDistancesFollowEachNocAroundTheTorus) {
    IDevice* device = mesh_->get_devices().front();
    EXPECT_EQ(get_worker_noc_hop_distance(device, {0, 0}, {0, 0}, NOC::NOC_0), 0u);
    EXPECT_EQ(get_worker_noc_hop_distance(device, {0, 0}, {1, 0}, NOC::NOC_0), 1u);
    EXPECT_EQ(get_worker_noc_hop_distance(device, {0, 0}, {1, 0}, NOC::NOC_1), 9u);  // -x the long way round
    EXPECT_EQ(get_worker_noc_hop_distance(device, {1, 0}, {0, 0}, NOC::NOC_0), 9u);
    EXPECT_EQ(get_worker_noc_hop_distance(device, {1, 0}, {0, 0}, NOC::NOC_1), 1u);
    // Columns 3 and 4 sit either side of the DRAM column, rows 4 and 5 either side of the Ethernet row.
    EXPECT_EQ(get_worker_noc_hop_distance(device, {3, 0}, {4, 0}, NOC::NOC_0), 2u);
    EXPECT_EQ(get_worker_noc_hop_distance(device, {0, 4}, {0, 5}, NOC::NOC_0), 2u);
    // Physical (1, 1) to (9, 10) on the 10x12 grid: 8 + 9 hops forward; backward 2 (1 → 0 → 9) + 3 (1 → 0 → 11 → 10).
    EXPECT_EQ(get_worker_noc_hop_distance(device, {0, 0}, {7, 8}, NOC::NOC_0), 8u + 9u);
    EXPECT_EQ(get_worker_noc_hop_distance(device, {0, 0}, {7, 8}, NOC::NOC_1), 2u + 3u);
    // A unit mesh answers for its device; a null device and a core off the grid are refused.
    EXPECT_EQ(get_worker_noc_hop_distance(mesh_.get(), {0, 0}, {7, 8}, NOC::NOC_0), 17u);
    EXPECT_THROW(get_worker_noc_hop_distance(nullptr, {0, 0}, {1, 0}, NOC::NOC_0), std::runtime_error);
    EXPECT_THROW(get_worker_noc_hop_distance(device, {8, 0}, {1, 0}, NOC::NOC_0), std::runtime_error);
}

TEST_F(MeshTest, TheInspectorIsDisabledAndItsAnnotationsAreAccepted) {
    EXPECT_FALSE(experimental::inspector::IsEnabled());
    distributed::MeshWorkload workload;
    experimental::inspector::EmitMeshWorkloadAnnotation(workload, "op", "params");
    experimental::inspector::EmitMeshWorkloadRuntimeId(workload, 7);
}

std::size_t CachedKernels() {
    std::size_t n = 0;
    for (const auto& e : fs::directory_iterator(kCache))
        if (e.path().extension() == ".so") n++;
    return n;
}

void RunOnce(distributed::MeshDevice& mesh) {
    Program program = CreateProgram();
    CreateKernelFromString(program, "void kernel_main() {}\n", CoreCoord{0, 0}, DataMovementConfig{});
    distributed::MeshWorkload workload;
    workload.add_program(distributed::MeshCoordinateRange(mesh.shape()), std::move(program));
    distributed::EnqueueMeshWorkload(mesh.mesh_command_queue(), workload, true);
}

TEST_F(MeshTest, ClearKernelCacheSendsTheNextBuildToTheCacheOnDisk) {
    RunOnce(*mesh_);
    ASSERT_EQ(CachedKernels(), 1u);
    for (const auto& e : fs::directory_iterator(kCache))
        if (e.path().extension() == ".so") fs::remove(e.path());
    RunOnce(*mesh_);  // the process still holds the kernel: nothing is built
    EXPECT_EQ(CachedKernels(), 0u);
    experimental::ClearKernelCache();
    RunOnce(*mesh_);  // built again, into the cache
    EXPECT_EQ(CachedKernels(), 1u);
}

TEST_F(MeshTest, DispatchCannotBeSwitchedOnAWormholeCard) {
    auto& context = experimental::DispatchContext::get();
    EXPECT_EQ(&context, &experimental::DispatchContext::get());
    // Fast dispatch is on (no TT_METAL_SLOW_DISPATCH_MODE): it cannot be brought up by hand, nor torn down.
    try {
        context.initialize_fast_dispatch(mesh_.get());
        ADD_FAILURE() << "initialize_fast_dispatch accepted a fast-dispatch run";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("only be manually enabled when running the workload with Slow Dispatch"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_THROW(context.terminate_fast_dispatch(mesh_.get()), std::runtime_error);
    EXPECT_THROW(context.enable_asynchronous_slow_dispatch(mesh_.get()), std::runtime_error);
    EXPECT_THROW(context.disable_asynchronous_slow_dispatch(mesh_.get()), std::bad_cast);
}

TEST(MockModeTest, IsRecordedAndNamesItsClusterDescriptor) {
    using namespace tt::tt_metal::experimental;
    EXPECT_FALSE(is_mock_mode_registered());
    EXPECT_EQ(get_mock_cluster_desc(), std::nullopt);
    configure_mock_mode(tt::ARCH::WORMHOLE_B0, 8);
    EXPECT_TRUE(is_mock_mode_registered());
    EXPECT_EQ(get_mock_cluster_desc(), "t3k_cluster_desc.yaml");
    configure_mock_mode_from_hw();
    EXPECT_EQ(get_mock_cluster_desc(), "wormhole_N150.yaml");
    configure_mock_mode(tt::ARCH::BLACKHOLE, 3);
    EXPECT_THROW(get_mock_cluster_desc(), std::runtime_error);
    disable_mock_mode();
    EXPECT_FALSE(is_mock_mode_registered());
    disable_mock_mode();  // twice is fine
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
TEST(EventTest, WaitUntilReadyReturnsOnceAnotherThreadSetsReady) {
    Event event;
    std::thread setter([&] { event.ready = true; });
    event.wait_until_ready();
    EXPECT_TRUE(event.ready);
    setter.join();
}
#pragma GCC diagnostic pop

TEST(QueueIdTest, RawOptional) {
    EXPECT_EQ(raw_optional(QueueId(1)), std::optional<uint8_t>(1));
    EXPECT_EQ(raw_optional(std::nullopt), std::nullopt);
}

}  // namespace
