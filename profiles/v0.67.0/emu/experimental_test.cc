// v0.67.0's small experimental and legacy APIs as a program calls them: NOC hop distances on the emulated card's
// grid, the Inspector (disabled), ClearKernelCache (the next build goes to the cache on disk again), mock mode's
// registration and descriptors, dispatch switching (refused as on a Wormhole card), Event::wait_until_ready, and
// global circular buffers (their configuration pages, the rules for making and using one).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <vector>
#include <string>
#include <thread>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/event.hpp>
#include <tt-metalium/experimental/device.hpp>
#include <tt-metalium/experimental/dispatch_context.hpp>
#include <tt-metalium/experimental/inspector.hpp>
#include <tt-metalium/experimental/kernel_cache.hpp>
#include <tt-metalium/experimental/mock_device.hpp>
#include <tt-metalium/global_circular_buffer.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/queue_id.hpp>
#include <tt-metalium/tt_metal.hpp>

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

// The kernel binaries in the cache (its builds' folders, laid out as tt-metal's JIT cache: docs/ltcap-replay.md).
std::vector<fs::path> CachedKernelFiles() {
    std::vector<fs::path> out;
    for (const auto& e : fs::recursive_directory_iterator(kCache))
        if (e.path().extension() == ".so") out.push_back(e.path());
    return out;
}
std::size_t CachedKernels() { return CachedKernelFiles().size(); }

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
    for (const auto& so : CachedKernelFiles()) fs::remove(so);
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

bool Throws(const std::string& text, auto&& call) {
    try {
        call();
    } catch (const std::exception& e) {
        if (std::string(e.what()).find(text) != std::string::npos) return true;
        ADD_FAILURE() << "threw \"" << e.what() << "\", expected \"" << text << "\"";
        return false;
    }
    ADD_FAILURE() << "did not throw \"" << text << "\"";
    return false;
}

TEST_F(MeshTest, AGlobalCircularBufferWritesEachCoresConfigurationPage) {
    IDevice* device = mesh_->get_devices().front();
    const CoreRangeSet receivers(CoreRange({2, 1}, {3, 1}));
    auto gcb = experimental::CreateGlobalCircularBuffer(mesh_.get(), {{CoreCoord{1, 1}, receivers}}, 1024);
    EXPECT_EQ(gcb.all_cores().num_cores(), 3u);
    EXPECT_EQ(gcb.size(), 1024u);
    const auto config = static_cast<std::uint32_t>(gcb.config_address());
    const auto fifo = static_cast<std::uint32_t>(gcb.buffer_address());
    EXPECT_NE(config, fifo);
    // 7 words and 2 x/y pairs, 16-byte aligned (48 bytes), then a (sent, acked) pair of 16-byte words per receiver.
    const std::uint32_t noc_xy = config + 28, sent = config + 48;
    std::vector<std::uint32_t> s, r0, r1;
    ASSERT_TRUE(detail::ReadFromDeviceL1(device, {1, 1}, config, 48 + 64, s));
    ASSERT_TRUE(detail::ReadFromDeviceL1(device, {2, 1}, config, 48, r0));
    ASSERT_TRUE(detail::ReadFromDeviceL1(device, {3, 1}, config, 48, r1));
    const CoreCoord sxy = device->worker_core_from_logical_core({1, 1});
    const CoreCoord r0xy = device->worker_core_from_logical_core({2, 1}), r1xy = device->worker_core_from_logical_core({3, 1});
    EXPECT_EQ(std::vector<std::uint32_t>(s.begin(), s.begin() + 11),
              (std::vector<std::uint32_t>{1, 2, fifo, 1024, fifo, noc_xy, sent, std::uint32_t(r0xy.x),
                                          std::uint32_t(r0xy.y), std::uint32_t(r1xy.x), std::uint32_t(r1xy.y)}));
    for (std::size_t i = 12; i < s.size(); i++) EXPECT_EQ(s[i], 0u) << "counter word " << i;
    EXPECT_EQ(std::vector<std::uint32_t>(r0.begin(), r0.begin() + 9),
              (std::vector<std::uint32_t>{0, 2, fifo, 1024, fifo, noc_xy, sent, std::uint32_t(sxy.x), std::uint32_t(sxy.y)}));
    EXPECT_EQ(r1[6], sent + 32);  // the second receiver's pair
}

TEST_F(MeshTest, AGlobalCircularBufferRefusesWhatTtMetalRefuses) {
    const CoreRangeSet two(CoreRange({1, 0}, {2, 0}));
    EXPECT_TRUE(Throws("Duplicate receiver cores found", [&] {
        experimental::CreateGlobalCircularBuffer(mesh_.get(), {{CoreCoord{0, 0}, two}, {CoreCoord{0, 1}, two}}, 256);
    }));
    // A sender named twice: the senders' CoreRangeSet refuses the overlap first, as tt-metal's does.
    EXPECT_TRUE(Throws("overlap", [&] {
        experimental::CreateGlobalCircularBuffer(
            mesh_.get(), {{CoreCoord{0, 0}, two}, {CoreCoord{0, 0}, CoreRangeSet(CoreRange({3, 0}))}}, 256);
    }));
    EXPECT_TRUE(Throws("Duplicate cores found", [&] {
        experimental::CreateGlobalCircularBuffer(mesh_.get(), {{CoreCoord{1, 0}, two}}, 256);
    }));
    EXPECT_TRUE(Throws("only be created for L1", [&] {
        experimental::CreateGlobalCircularBuffer(mesh_.get(), {{CoreCoord{0, 0}, two}}, 256, BufferType::DRAM);
    }));
    auto gcb = experimental::CreateGlobalCircularBuffer(mesh_.get(), {{CoreCoord{0, 0}, two}}, 256);
    CircularBufferConfig config(32);
    config.remote_index(31).set_page_size(32).set_data_format(tt::DataFormat::Float16_b);
    EXPECT_TRUE(Throws("one remote buffer index per config", [&] { config.remote_index(30); }));
    EXPECT_TRUE(Throws("already marked as remote", [&] { config.index(31); }));
    Program program = CreateProgram();
    EXPECT_TRUE(Throws("not contained in associated GlobalCircularBuffer", [&] {
        experimental::CreateCircularBuffer(program, CoreRange({4, 4}), config, gcb);
    }));
    EXPECT_TRUE(Throws("Remote buffer indices are not supported without a GlobalCircularBuffer",
                       [&] { CreateCircularBuffer(program, CoreCoord{0, 0}, config); }));
    const CBHandle local = CreateCircularBuffer(
        program, CoreCoord{5, 5}, CircularBufferConfig(32, {{0, tt::DataFormat::Float16_b}}).set_page_size(0, 32));
    EXPECT_TRUE(Throws("must be linked to a GlobalCircularBuffer",
                       [&] { experimental::UpdateDynamicCircularBufferAddress(program, local, gcb); }));
    experimental::CreateCircularBuffer(program, gcb.all_cores(), config, gcb);
}

// A kernel asking for the remote interface of an index that is a local circular buffer fails, naming it.
TEST_F(MeshTest, OnlyARemoteIndexHasARemoteInterface) {
    Program program = CreateProgram();
    CreateCircularBuffer(program, CoreCoord{0, 0},
                         CircularBufferConfig(32, {{0, tt::DataFormat::Float16_b}}).set_page_size(0, 32));
    CreateKernelFromString(program,
                           "#include \"internal/circular_buffer_interface.h\"\n"
                           "void kernel_main() { (void)get_remote_sender_cb_interface(0).num_receivers; }\n",
                           CoreCoord{0, 0}, DataMovementConfig{});
    distributed::MeshWorkload workload;
    workload.add_program(distributed::MeshCoordinateRange(mesh_->shape()), std::move(program));
    EXPECT_TRUE(Throws("circular buffer 0 is not a remote one", [&] {
        distributed::EnqueueMeshWorkload(mesh_->mesh_command_queue(), workload, true);
        distributed::Finish(mesh_->mesh_command_queue());
    }));
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
