// Every tt-metal v0.67.0 call the v0.67.0 description lists (`ltdump --list-api v0.67.0`), each at least once, with
// results that depend on what came before (a kernel's marker written and read back, mesh reads of written data), so
// //tests/capture:all_calls_v067_test can check the log holds them all and ltplay_v067 replays it verifying the reads.
// Exits 0 when its own reads match what it wrote.
#include <cstdio>
#include <cstring>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/distributed_host_buffer.hpp>
#include <tt-metalium/global_semaphore.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/sub_device.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tt_metal.hpp>
#include <tt-metalium/tt_metal_profiler.hpp>

using namespace tt::tt_metal;

namespace {
int g_wrong = 0;
void Expect(bool ok, const char* what) {
    std::printf("all_calls: %-52s %s\n", what, ok ? "ok" : "WRONG");
    g_wrong += ok ? 0 : 1;
}
const char* kMarker = "tests/v0.67.0/all_calls/kernels/write_marker.cpp";

// The single-device API: devices, buffers of every CreateBuffer form, program building, semaphores, runtime args
// of every form, detail:: I/O and launches.
void SingleDevice() {
    std::printf("devices %zu, galaxy %d, pcie devices %zu, pcie id %d\n", GetNumAvailableDevices(),
                IsGalaxyCluster(), GetNumPCIeDevices(), GetPCIeDeviceID(0));
    CloseDevice(CreateDeviceMinimal(0));

    IDevice* device = CreateDevice(0);
    const CoreCoord core{0, 0};
    auto dram = CreateBuffer(InterleavedBufferConfig{device, 4096, 1024, BufferType::DRAM});
    auto at = CreateBuffer(InterleavedBufferConfig{device, 1024, 1024, BufferType::DRAM}, dram->address());
    auto sub = CreateBuffer(InterleavedBufferConfig{device, 1024, 1024, BufferType::DRAM}, SubDeviceId{0});
    ShardSpecBuffer spec(CoreRangeSet(CoreRange({0, 0}, {1, 0})), {1, 256}, ShardOrientation::ROW_MAJOR, {1, 256},
                         {2, 1});
    ShardedBufferConfig sharded{device, 1024, 512, BufferType::L1, TensorMemoryLayout::HEIGHT_SHARDED, spec};
    auto s1 = CreateBuffer(sharded);
    auto s2 = CreateBuffer(sharded, s1->address());
    auto s3 = CreateBuffer(sharded, SubDeviceId{0});
    auto l1 = CreateBuffer(InterleavedBufferConfig{device, 64 * 4096, 4096, BufferType::L1});

    Program program = CreateProgram();
    const CBHandle cb = CreateCircularBuffer(
        program, core, CircularBufferConfig(4096, {{0, tt::DataFormat::UInt32}}).set_page_size(0, 4096));
    std::printf("cb total %u\n", GetCircularBufferConfig(program, cb).total_size());
    UpdateCircularBufferTotalSize(program, cb, 8192);
    UpdateCircularBufferPageSize(program, cb, 0, 4096);
    std::vector<uint32_t> cta;
    TensorAccessorArgs(*dram).append_to(cta);
    const KernelHandle k = CreateKernel(program, kMarker, core, WriterDataMovementConfig(cta));
    const KernelHandle k2 = CreateKernelFromString(program, "void kernel_main() {}", CoreCoord{1, 1},
                                                   DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                                                                      .noc = NOC::NOC_1});
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    std::printf("semaphores %u", CreateSemaphore(program, CoreRange(core, core), 3, tt::CoreType::WORKER));
#pragma GCC diagnostic pop
    std::printf(" %u\n", CreateSemaphore(program, CoreRange(core, core), 4));
    const CoreRangeSet one_core(CoreRange(core, core));
    const GlobalSemaphore g1 = CreateGlobalSemaphore(device, one_core, 1);
    CoreRangeSet moved(CoreRange({1, 1}, {1, 1}));
    const GlobalSemaphore g2 = CreateGlobalSemaphore(device, std::move(moved), 2);
    Expect(g1.address() != 0 && g2.address() != 0, "global semaphores have addresses");

    const std::vector<uint32_t> args{7u, static_cast<uint32_t>(dram->address())};
    SetRuntimeArgs(program, k, core, args);                          // span
    SetRuntimeArgs(program, k2, CoreCoord{1, 1}, {1u});              // initializer_list
    SetRuntimeArgs(program, k2, std::vector<CoreCoord>{{1, 1}}, std::vector<std::vector<uint32_t>>{{2u}});
    SetCommonRuntimeArgs(program, k, {11u});                         // initializer_list
    const std::vector<uint32_t> common{12u};
    SetCommonRuntimeArgs(program, k2, common);                       // span
    GetRuntimeArgs(program, k, core)[0] = 9;                         // edited in place: the launch writes 9
    std::printf("args grid %zu, common %zu\n", GetRuntimeArgs(program, k).size(),
                GetCommonRuntimeArgs(program, k).size());

    std::vector<uint8_t> bytes(4096, 1);
    detail::WriteToBuffer(*dram, ttsl::Span<const uint8_t>(bytes.data(), bytes.size()));
    detail::LaunchProgram(device, program, /*wait_until_cores_done=*/true, /*force_slow_dispatch=*/true);
    detail::ReadFromBuffer(*dram, bytes.data());
    uint32_t first[2];
    std::memcpy(first, bytes.data(), sizeof(first));
    Expect(first[0] == 9 && first[1] == 11 && bytes[1024] == 1, "the kernel's marker and common arg, page 0 only");

    Program dynamic = CreateProgram();
    const CBHandle dyn = CreateCircularBuffer(dynamic, core,
                                              CircularBufferConfig(4096, {{0, tt::DataFormat::UInt32}})
                                                  .set_page_size(0, 4096)
                                                  .set_globally_allocated_address(*l1));
    UpdateDynamicCircularBufferAddress(dynamic, dyn, *l1);
    UpdateDynamicCircularBufferAddressAndTotalSize(dynamic, dyn, *l1, 4096);
    AssignGlobalBufferToProgram(l1, dynamic);
    auto launched = std::make_shared<Program>(CreateProgram());
    CreateKernelFromString(*launched, "void kernel_main() {}", core, DataMovementConfig{});
    detail::LaunchProgram(device, launched, /*wait_until_cores_done=*/false, /*force_slow_dispatch=*/true);
    detail::WaitProgramDone(device, *launched, /*read_device_profiler_results=*/false);
    DeallocateBuffer(*at);
    dram.reset(), at.reset(), sub.reset(), s1.reset(), s2.reset(), s3.reset(), l1.reset();
    detail::CloseDevices({{0, device}});
}

// The mesh API on a 2x2 mesh: buffers, every transfer, workloads, events, traces (an id of the mesh's, one the
// program chooses), sub-device managers, the profiler read; then a unit mesh.
void Mesh() {
    using namespace tt::tt_metal::distributed;
    auto mesh = MeshDevice::create(MeshDeviceConfig(MeshShape(2, 2)), DEFAULT_L1_SMALL_SIZE, 1 << 20);
    MeshCommandQueue& mcq = mesh->mesh_command_queue();
    const DeviceLocalBufferConfig local{.page_size = 1024, .buffer_type = BufferType::DRAM};
    auto replicated = MeshBuffer::create(ReplicatedBufferConfig{4096}, local, mesh.get());
    const distributed::ShardedBufferConfig quarters{16384, Shape2D(64, 64), Shape2D(32, 32),
                                                    ShardOrientation::ROW_MAJOR};
    auto sharded = MeshBuffer::create(quarters, local, mesh.get());
    std::vector<uint32_t> words(4096), patch(1024, 9), whole, shard;
    for (uint32_t i = 0; i < words.size(); i++) words[i] = i;
    mcq.enqueue_write_mesh_buffer(replicated, words.data(), false);
    mcq.enqueue_write_shard_to_sub_grid(*replicated, patch.data(), MeshCoordinateRange({1, 0}, {1, 1}), false);
    EnqueueWriteMeshBuffer(mcq, sharded, words, false);
    WriteShard(mcq, sharded, patch, MeshCoordinate(1, 1));
    EnqueueReadMeshBuffer(mcq, whole, sharded, true);
    ReadShard(mcq, shard, replicated, MeshCoordinate(1, 0));
    Expect(whole[100] == 100 && shard[0] == 9, "mesh buffer reads");

    auto host = DistributedHostBuffer::create(mesh->shape());
    host.emplace_shard(MeshCoordinate(0, 1), [&] { return HostBuffer(std::vector<uint32_t>(1024, 5)); });
    mcq.enqueue_write(replicated, host, false);
    auto out = DistributedHostBuffer::create(mesh->shape());
    out.emplace_shard(MeshCoordinate(0, 1), [&] { return HostBuffer(std::vector<uint32_t>(1024, 0)); });
    mcq.enqueue_read(replicated, out, std::nullopt, true);
    const auto got = out.get_shard(MeshCoordinate(0, 1));
    Expect(got && got->view_as<const uint32_t>()[0] == 5, "DistributedHostBuffer write and read");

    Program top = CreateProgram(), bottom = CreateProgram();
    CreateKernelFromString(top, "void kernel_main() {}", CoreCoord{0, 0}, DataMovementConfig{});
    CreateKernelFromString(bottom, "void kernel_main() {}", CoreCoord{0, 0}, DataMovementConfig{});
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange({0, 0}, {0, 1}), std::move(top));
    workload.add_program(MeshCoordinateRange({1, 0}, {1, 1}), std::move(bottom));
    EnqueueMeshWorkload(mcq, workload, false);
    mcq.enqueue_mesh_workload(workload, false);
    const MeshEvent recorded = mcq.enqueue_record_event();
    const MeshEvent to_host = mcq.enqueue_record_event_to_host();
    mcq.enqueue_wait_for_event(recorded);
    EventSynchronize(to_host);
    Expect(EventQuery(to_host), "an event recorded to the host completes");

    const MeshTraceId trace = BeginTraceCapture(mesh.get(), 0);
    EnqueueMeshWorkload(mcq, workload, false);
    mesh->end_mesh_trace(0, trace);
    mesh->replay_mesh_trace(0, trace, false);
    mcq.enqueue_trace(trace, false);
    Finish(mcq);
    mcq.finish();
    mesh->release_mesh_trace(trace);
    const MeshTraceId own = mesh->begin_mesh_trace(0);
    EnqueueMeshWorkload(mcq, workload, false);
    mesh->end_mesh_trace(0, own);
    mesh->release_mesh_trace(own);
    const MeshTraceId chosen{4242};
    mesh->begin_mesh_trace(0, chosen);
    EnqueueMeshWorkload(mcq, workload, false);
    mesh->end_mesh_trace(0, chosen);
    mesh->replay_mesh_trace(0, chosen, true);
    mesh->release_mesh_trace(chosen);
    Synchronize(mesh.get(), std::nullopt);
    ReadMeshDeviceProfilerResults(*mesh, ProfilerReadState::NORMAL, std::nullopt);
    sharded->deallocate();

    const SubDevice left(std::array{CoreRangeSet(CoreRange({0, 0}, {3, 7}))});
    const SubDevice right(std::array{CoreRangeSet(CoreRange({4, 0}, {7, 7}))});
    const SubDeviceManagerId manager = mesh->create_sub_device_manager({left, right}, 0);
    mesh->load_sub_device_manager(manager);
    mesh->clear_loaded_sub_device_manager();
    mesh->remove_sub_device_manager(manager);
    mesh->close();

    auto unit = MeshDevice::create_unit_mesh(0);
    unit->close();
}
}  // namespace

int main() {
    SingleDevice();
    Mesh();  // the buffers and meshes go at its end: meshBufferReleased, meshDeviceReleased
    std::printf("all_calls: %s\n", g_wrong == 0 ? "PASS" : "FAIL");
    return g_wrong == 0 ? 0 : 1;
}
