// The mesh API on the emulated 2x4 mesh: coordinates and ranges, SmallVector, sharded and replicated mesh buffers
// (each shard lands on the device v0.56.0's mapping names, row- and column-major), mesh workloads with a program per
// device range, and a mesh trace replayed with events between two mesh command queues.
#include <numeric>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/system_mesh.hpp>

#include "profiles/v0.56.0/emu/test_support.h"

namespace ttemu::testing {
namespace {

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

std::vector<std::string> Coords(const MeshCoordinateRange& range) {
    std::vector<std::string> out;
    for (const MeshCoordinate& c : range) out.push_back(std::to_string(c[0]) + "," + std::to_string(c[1]));
    return out;
}

TEST(MeshCoord, ShapesRangesAndIndices) {
    const MeshShape shape(2, 4);
    EXPECT_EQ(shape.mesh_size(), 8u);
    EXPECT_EQ(shape.dims(), 2u);
    EXPECT_EQ(shape.get_stride(0), 4u);
    EXPECT_EQ(shape.get_stride(1), 1u);
    EXPECT_EQ(shape[-1], 4u);
    EXPECT_EQ(Coords(MeshCoordinateRange(shape)),
              (std::vector<std::string>{"0,0", "0,1", "0,2", "0,3", "1,0", "1,1", "1,2", "1,3"}));
    EXPECT_EQ(Coords(MeshCoordinateRange(MeshCoordinate(0, 1), MeshCoordinate(1, 2))),
              (std::vector<std::string>{"0,1", "0,2", "1,1", "1,2"}));
    EXPECT_EQ(to_linear_index(shape, MeshCoordinate(1, 2)), 6u);
    EXPECT_THROW_WITH(to_linear_index(shape, MeshCoordinate(2, 0)), "out of bounds");
    EXPECT_THROW_WITH(MeshCoordinateRange(MeshCoordinate(1, 0), MeshCoordinate(0, 0)), "after end coordinate");
    const MeshCoordinateRange top(MeshCoordinate(0, 0), MeshCoordinate(0, 3));
    const MeshCoordinateRange middle(MeshCoordinate(0, 1), MeshCoordinate(1, 2));
    ASSERT_TRUE(top.intersection(middle).has_value());
    EXPECT_EQ(*top.intersection(middle), MeshCoordinateRange(MeshCoordinate(0, 1), MeshCoordinate(0, 2)));
    EXPECT_FALSE(top.intersects(MeshCoordinateRange(MeshCoordinate(1, 0), MeshCoordinate(1, 3))));
    // The whole mesh minus the middle: the cells left over, each exactly once.
    std::multiset<std::string> left;
    const MeshCoordinateRangeSet rest = subtract(MeshCoordinateRange(shape), middle);
    for (const auto& r : rest.ranges())
        for (const auto& c : Coords(r)) left.insert(c);
    EXPECT_EQ(left, (std::multiset<std::string>{"0,0", "0,3", "1,0", "1,3"}));
    MeshContainer<int> values(shape, 0);
    for (auto& [coord, value] : values) value = static_cast<int>(coord[0] * 10 + coord[1]);
    EXPECT_EQ(values.at(MeshCoordinate(1, 3)), 13);
}

TEST(MeshCoord, SmallVectorGrowsPastItsInlineRoom) {
    tt::stl::SmallVector<std::uint32_t> v;
    for (std::uint32_t i = 0; i < 20; i++) v.push_back(i);  // 8 inline, then the heap
    EXPECT_EQ(v.size(), 20u);
    EXPECT_EQ(v[19], 19u);
    tt::stl::SmallVector<std::uint32_t> copy = v, moved = std::move(copy);
    EXPECT_EQ(moved, v);
    moved.erase(moved.begin() + 1, moved.begin() + 19);
    EXPECT_EQ(moved, (tt::stl::SmallVector<std::uint32_t>{0, 19}));
    moved.insert(moved.begin() + 1, 7);
    EXPECT_EQ(moved, (tt::stl::SmallVector<std::uint32_t>{0, 7, 19}));
}

// Eight emulated devices form a 2x4 system mesh, numbered row-major; a requested mesh is placed as tt-metal
// places it: at its offset, turned when only that fits, and a line snakes through the rows.
TEST(SystemMesh, PlacesRequestedMeshesAsTtMetalDoes) {
    auto& system = SystemMesh::instance();
    EXPECT_EQ(system.get_shape(), MeshShape(2, 4));
    EXPECT_EQ(system.get_physical_device_id(MeshCoordinate(1, 2)), 6);
    EXPECT_THROW_WITH(system.get_physical_device_id(MeshCoordinate(2, 0)), "outside");
    auto ids = [&](MeshDeviceConfig config) { return system.get_mapped_physical_device_ids(config); };
    EXPECT_EQ(ids({.mesh_shape = MeshShape(2, 2)}), (std::vector<int>{0, 1, 4, 5}));
    EXPECT_EQ(ids({.mesh_shape = MeshShape(2, 2), .offset = MeshCoordinate(0, 2)}), (std::vector<int>{2, 3, 6, 7}));
    EXPECT_EQ(ids({.mesh_shape = MeshShape(4, 2)}), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7}));  // turned to 2x4
    EXPECT_EQ(ids({.mesh_shape = MeshShape(1, 6)}), (std::vector<int>{0, 1, 2, 3, 7, 6}));
    EXPECT_THROW_WITH(ids({.mesh_shape = MeshShape(2, 3), .offset = MeshCoordinate(0, 2)}), "does not fit");
    EXPECT_THROW_WITH(ids({.mesh_shape = MeshShape(1, 2), .offset = MeshCoordinate(1, 0)}), "line mesh");
    EXPECT_EQ(system.request_available_devices({.mesh_shape = MeshShape(1, 2), .physical_device_ids = {5, 3}}),
              (std::vector<int>{5, 3}));
    auto mesh = MeshDevice::create(MeshDeviceConfig{.mesh_shape = MeshShape(2, 2), .offset = MeshCoordinate(0, 1)});
    EXPECT_EQ(mesh->get_device(MeshCoordinate(1, 1))->id(), 6);
    mesh->close();
}

class MeshTest : public ::testing::Test {
protected:
    void SetUp() override {
        mesh_ = MeshDevice::create(MeshDeviceConfig{.mesh_shape = MeshShape(2, 4)}, 0, 1 << 20, 2);
    }
    void TearDown() override { mesh_->close(); }
    std::shared_ptr<MeshBuffer> Sharded(std::size_t h, std::size_t w, std::size_t sh, std::size_t sw,
                                        ShardOrientation orientation = ShardOrientation::ROW_MAJOR) {
        return MeshBuffer::create(distributed::ShardedBufferConfig{.global_size = h * w * 4,
                                                      .global_buffer_shape = {h, w},
                                                      .shard_shape = {sh, sw},
                                                      .shard_orientation = orientation},
                                  DeviceLocalBufferConfig{.page_size = 1024, .buffer_type = BufferType::DRAM},
                                  mesh_.get());
    }
    std::shared_ptr<MeshDevice> mesh_;
};

// Datum (row, col) of a global buffer holds row * 1000 + col.
std::vector<std::uint32_t> Numbered(std::size_t h, std::size_t w) {
    std::vector<std::uint32_t> v(h * w);
    for (std::size_t r = 0; r < h; r++)
        for (std::size_t c = 0; c < w; c++) v[r * w + c] = static_cast<std::uint32_t>(r * 1000 + c);
    return v;
}
std::vector<std::uint32_t> Slice(const std::vector<std::uint32_t>& g, std::size_t w, std::size_t r0, std::size_t c0,
                                 std::size_t sh, std::size_t sw) {
    std::vector<std::uint32_t> out;
    for (std::size_t r = r0; r < r0 + sh; r++)
        for (std::size_t c = c0; c < c0 + sw; c++) out.push_back(g[r * w + c]);
    return out;
}

TEST_F(MeshTest, MeshIsEightDevicesAtOneAddress) {
    EXPECT_EQ(mesh_->num_devices(), 8u);
    EXPECT_EQ(mesh_->num_rows(), 2u);
    EXPECT_EQ(mesh_->num_cols(), 4u);
    EXPECT_EQ(mesh_->get_device(MeshCoordinate(1, 2))->id(), 6);
    auto buf = Sharded(32, 64, 16, 16);
    for (const MeshCoordinate& c : MeshCoordinateRange(mesh_->shape())) {
        EXPECT_EQ(buf->get_device_buffer(c)->address(), buf->address());
        EXPECT_EQ(buf->get_device_buffer(c)->device(), mesh_->get_device(c));
        EXPECT_EQ(buf->get_device_buffer(c)->size(), 16u * 16 * 4);
    }
    EXPECT_THROW_WITH(MeshDevice::create(MeshDeviceConfig{.mesh_shape = MeshShape(3, 4)}), "needs 12 devices");
    EXPECT_THROW_WITH(mesh_->command_queue(), "mesh_command_queue");
}

// A mesh's sub-device managers: the default one (the whole grid) until another is loaded, which then answers
// worker_cores per sub-device; tt-metal's checks on creating, loading and removing them.
TEST_F(MeshTest, SubDeviceManagersSplitTheGrid) {
    const auto tensix = HalProgrammableCoreType::TENSIX;
    const CoreRangeSet whole = mesh_->worker_cores(tensix, SubDeviceId{0});
    EXPECT_EQ(whole.num_cores(), mesh_->compute_with_storage_grid_size().x * mesh_->compute_with_storage_grid_size().y);
    const SubDeviceManagerId initial = mesh_->get_active_sub_device_manager_id();
    EXPECT_EQ(initial, mesh_->get_default_sub_device_manager_id());
    EXPECT_EQ(mesh_->num_sub_devices(), 1u);

    const SubDevice left(std::array{CoreRangeSet(CoreRange({0, 0}, {1, 7}))});
    const SubDevice corner(std::array{CoreRangeSet(CoreRange({5, 5}, {5, 5}))});
    const SubDeviceManagerId id = mesh_->create_sub_device_manager({left, corner}, 3200);
    EXPECT_NE(id, initial);
    EXPECT_EQ(mesh_->num_sub_devices(), 1u);  // created, not loaded
    mesh_->load_sub_device_manager(id);
    EXPECT_EQ(mesh_->get_active_sub_device_manager_id(), id);
    EXPECT_EQ(mesh_->num_sub_devices(), 2u);
    EXPECT_EQ(mesh_->worker_cores(tensix, SubDeviceId{0}), left.cores(tensix));
    EXPECT_EQ(mesh_->worker_cores(tensix, SubDeviceId{1}).num_cores(), 1u);
    EXPECT_EQ(mesh_->num_worker_cores(tensix, SubDeviceId{0}), 16u);
    EXPECT_THROW_WITH(mesh_->worker_cores(tensix, SubDeviceId{2}), "SubDevice index 2 out of bounds 2");
    EXPECT_THROW_WITH(mesh_->remove_sub_device_manager(id), "Cannot remove active sub device manager");

    const SubDevice overlapping(std::array{CoreRangeSet(CoreRange({1, 7}, {2, 7}))});
    EXPECT_THROW_WITH(mesh_->create_sub_device_manager({left, overlapping}, 0), "intersect");
    const SubDevice outside(std::array{CoreRangeSet(CoreRange({0, 0}, {0, 12}))});
    EXPECT_THROW_WITH(mesh_->create_sub_device_manager({outside}, 0), "must be within device grid");
    EXPECT_THROW_WITH(SubDevice(std::array{CoreRangeSet(), CoreRangeSet(), CoreRangeSet(CoreRange({0, 0}, {0, 0}))}),
                      "IDLE_ETH is not allowed");

    mesh_->clear_loaded_sub_device_manager();
    EXPECT_EQ(mesh_->get_active_sub_device_manager_id(), initial);
    EXPECT_EQ(mesh_->worker_cores(tensix, SubDeviceId{0}), whole);
    EXPECT_THROW_WITH(mesh_->remove_sub_device_manager(initial), "Cannot remove active sub device manager");
    mesh_->remove_sub_device_manager(id);
    EXPECT_THROW_WITH(mesh_->load_sub_device_manager(id), "Sub device manager does not exist");
}

TEST_F(MeshTest, ShardsGoRowMajorOverTheMesh) {
    auto buf = Sharded(32, 64, 16, 16);  // 2 x 4 shards
    auto global = Numbered(32, 64);
    auto& cq = mesh_->mesh_command_queue();
    EnqueueWriteMeshBuffer(cq, buf, global, false);
    for (std::uint32_t y = 0; y < 2; y++)
        for (std::uint32_t x = 0; x < 4; x++) {
            std::vector<std::uint32_t> shard;
            ReadShard(cq, shard, buf, MeshCoordinate(y, x));
            EXPECT_EQ(shard, Slice(global, 64, y * 16, x * 16, 16, 16)) << "device " << y << "," << x;
        }
    std::vector<std::uint32_t> back;
    EnqueueReadMeshBuffer(cq, back, buf);
    EXPECT_EQ(back, global);
}

TEST_F(MeshTest, ColumnMajorShardsFillColumnsFirst) {
    auto buf = Sharded(16, 128, 16, 16, ShardOrientation::COL_MAJOR);  // one row of 8 shards
    auto global = Numbered(16, 128);
    auto& cq = mesh_->mesh_command_queue();
    EnqueueWriteMeshBuffer(cq, buf, global, true);
    for (std::uint32_t k = 0; k < 8; k++) {
        std::vector<std::uint32_t> shard;
        ReadShard(cq, shard, buf, MeshCoordinate(k % 2, k / 2));
        EXPECT_EQ(shard, Slice(global, 128, 0, k * 16, 16, 16)) << "shard " << k;
    }
    std::vector<std::uint32_t> back;
    EnqueueReadMeshBuffer(cq, back, buf);
    EXPECT_EQ(back, global);
}

TEST_F(MeshTest, ReplicatedBuffersAndPerShardWrites) {
    auto buf = MeshBuffer::create(ReplicatedBufferConfig{.size = 256},
                                  DeviceLocalBufferConfig{.page_size = 256, .buffer_type = BufferType::L1}, mesh_.get());
    auto& cq = mesh_->mesh_command_queue();
    std::vector<std::uint32_t> all(64);
    std::iota(all.begin(), all.end(), 5u);
    EnqueueWriteMeshBuffer(cq, buf, all);
    std::vector<std::uint32_t> other(64, 99);
    WriteShard(cq, buf, other, MeshCoordinate(1, 3));
    for (const MeshCoordinate& c : MeshCoordinateRange(mesh_->shape())) {
        std::vector<std::uint32_t> got;
        ReadShard(cq, got, buf, c);
        EXPECT_EQ(got, c == MeshCoordinate(1, 3) ? other : all);
    }
    std::vector<std::uint32_t> none;
    EXPECT_THROW_WITH(EnqueueReadMeshBuffer(cq, none, buf), "Sharded MeshBuffer");
    EXPECT_THROW_WITH(Sharded(30, 64, 16, 16), "aligned with the shard shape");
    EXPECT_THROW_WITH(Sharded(48, 64, 16, 16), "does not fit on the Mesh");
}

// Whatever a program asks of a mesh buffer, the emulator throws rather than touch host memory or divide by zero: a
// buffer placed at the top of the address space, shapes whose products overflow, a zero shard shape.
TEST_F(MeshTest, ImpossibleMeshBuffersAreRefused) {
    auto top = MeshBuffer::create(ReplicatedBufferConfig{.size = 256},
                                  DeviceLocalBufferConfig{.page_size = 256, .buffer_type = BufferType::DRAM}, mesh_.get(),
                                  ~DeviceAddr{0} - 15);
    std::vector<std::uint32_t> data(64, 3);
    EXPECT_THROW_WITH(EnqueueWriteMeshBuffer(mesh_->mesh_command_queue(), top, data, true), "outside the device");
    const std::size_t huge = std::size_t{1} << 32;
    EXPECT_THROW_WITH(MeshBuffer::create(distributed::ShardedBufferConfig{.global_size = 1024,
                                                                          .global_buffer_shape = {huge, huge},
                                                                          .shard_shape = {huge, huge}},
                                         DeviceLocalBufferConfig{.page_size = 1024, .buffer_type = BufferType::DRAM},
                                         mesh_.get()),
                      "too large");
    EXPECT_THROW_WITH(Sharded(0, 16, 16, 16), "empty");
    Finish(mesh_->mesh_command_queue());  // the failed write left nothing behind
}

// Adds runtime arg 1 to every word of a 64-word DRAM buffer at runtime arg 0 (one page, bank 0).
constexpr const char* kAdd = R"(
#include "dataflow_api.h"
void kernel_main() {
    const uint64_t buf = get_noc_addr_from_bank_id<true>(0, get_arg_val<uint32_t>(0));
    volatile uint32_t* w = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
    noc_async_read(buf, get_write_ptr(0), 256);
    noc_async_read_barrier();
    for (int i = 0; i < 64; i++) w[i] = w[i] + get_arg_val<uint32_t>(1);
    noc_async_write(get_write_ptr(0), buf, 256);
    noc_async_write_barrier();
})";

Program AddProgram(const MeshBuffer& buf, std::uint32_t amount) {
    Program p = CreateProgram();
    CreateCircularBuffer(p, CoreCoord{0, 0}, CircularBufferConfig(256, {{0, tt::DataFormat::UInt32}}).set_page_size(0, 256));
    KernelHandle k = CreateKernelFromString(p, kAdd, CoreCoord{0, 0}, DataMovementConfig{});
    SetRuntimeArgs(p, k, CoreCoord{0, 0}, {static_cast<std::uint32_t>(buf.address()), amount});
    return p;
}

TEST_F(MeshTest, WorkloadRunsEachProgramOnItsRange) {
    auto buf = MeshBuffer::create(ReplicatedBufferConfig{.size = 256},
                                  DeviceLocalBufferConfig{.page_size = 256, .buffer_type = BufferType::DRAM}, mesh_.get());
    auto& cq = mesh_->mesh_command_queue();
    std::vector<std::uint32_t> zeros(64, 0);
    EnqueueWriteMeshBuffer(cq, buf, zeros);
    MeshWorkload workload = CreateMeshWorkload();
    const MeshCoordinateRange top(MeshCoordinate(0, 0), MeshCoordinate(0, 3)), bottom(MeshCoordinate(1, 0), MeshCoordinate(1, 3));
    AddProgramToMeshWorkload(workload, AddProgram(*buf, 1), top);
    AddProgramToMeshWorkload(workload, AddProgram(*buf, 10), bottom);
    EXPECT_THROW_WITH(AddProgramToMeshWorkload(workload, AddProgram(*buf, 5), top), "overlaps");
    EnqueueMeshWorkload(cq, workload, false);
    EnqueueMeshWorkload(cq, workload, false);
    Finish(cq);
    for (const MeshCoordinate& c : MeshCoordinateRange(mesh_->shape())) {
        std::vector<std::uint32_t> got;
        ReadShard(cq, got, buf, c);
        EXPECT_EQ(got, std::vector<std::uint32_t>(64, c[0] == 0 ? 2 : 20)) << c;
    }
}

TEST_F(MeshTest, TraceReplaysWithEventsBetweenTwoQueues) {
    auto buf = MeshBuffer::create(ReplicatedBufferConfig{.size = 256},
                                  DeviceLocalBufferConfig{.page_size = 256, .buffer_type = BufferType::DRAM}, mesh_.get());
    auto& work = mesh_->mesh_command_queue(0);
    auto& io = mesh_->mesh_command_queue(1);
    MeshWorkload workload = CreateMeshWorkload();
    AddProgramToMeshWorkload(workload, AddProgram(*buf, 3), MeshCoordinateRange(mesh_->shape()));
    EnqueueMeshWorkload(work, workload, true);  // compiled and loaded before the trace
    const MeshTraceId trace = BeginTraceCapture(mesh_.get(), 0);
    EnqueueMeshWorkload(work, workload, false);
    EndTraceCapture(mesh_.get(), 0, trace);
    for (std::uint32_t round = 0; round < 3; round++) {
        std::vector<std::uint32_t> input(64, round * 100);
        EnqueueWriteMeshBuffer(io, buf, input);
        const MeshEvent written = EnqueueRecordEvent(io);
        EnqueueWaitForEvent(work, written);
        ReplayTrace(mesh_.get(), 0, trace, false);
        const MeshEvent done = EnqueueRecordEvent(work);
        EnqueueWaitForEvent(io, done);
        for (const MeshCoordinate& c : MeshCoordinateRange(mesh_->shape())) {
            std::vector<std::uint32_t> got;
            ReadShard(io, got, buf, c);
            EXPECT_EQ(got, std::vector<std::uint32_t>(64, round * 100 + 3)) << "round " << round << " device " << c;
        }
    }
    ReleaseTrace(mesh_.get(), trace);
    EXPECT_THROW_WITH(ReplayTrace(mesh_.get(), 0, trace, true), "does not exist");
}

TEST_F(MeshTest, ABufferMayOutliveItsClosedMesh) {
    auto buf = Sharded(32, 64, 16, 16);
    mesh_->close();
    EXPECT_EQ(mesh_->num_devices(), 0u);
    buf.reset();  // frees nothing twice, throws nothing
    mesh_->close();
}

}  // namespace
}  // namespace ttemu::testing
