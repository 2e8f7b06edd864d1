// Every tt-metal v0.67.0 call the v0.67.0 description lists (`ltdump --list-api v0.67.0`), each at least once, with
// results that depend on what came before (a kernel's marker written and read back, mesh reads of written data), so
// //tests/capture:all_calls_v067_test can check the log holds them all and ltplay_v067 replays it verifying the reads.
// Exits 0 when its own reads match what it wrote.
#include <cstdio>
#include <cstring>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/distributed_host_buffer.hpp>
#include <tt-metalium/global_circular_buffer.hpp>
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

// The remaining detail:: calls on an open device: DRAM-channel, L1 and register access (vector and span forms, each
// read checked against what was written), a shard read, the steps of a launch one by one, the profiler calls.
void DetailCalls(IDevice* device, Program& program, Buffer& sharded) {
    const uint32_t dram_at = 48u << 20, l1_at = 1u << 20;
    std::vector<uint32_t> words{1, 2, 3, 4};
    const std::vector<uint8_t> bytes(16, 0x5a);
    detail::WriteToDeviceDRAMChannel(device, 1, dram_at, words);
    detail::WriteToDeviceDRAMChannel(device, 1, dram_at + 16, std::span<const uint8_t>(bytes));
    std::vector<uint32_t> dram_words;
    std::vector<uint8_t> dram_bytes(32);
    detail::ReadFromDeviceDRAMChannel(device, 1, dram_at, 32, dram_words);
    detail::ReadFromDeviceDRAMChannel(device, 1, dram_at, std::span<uint8_t>(dram_bytes));
    Expect(dram_words.size() == 8 && dram_words[3] == 4 && dram_words[4] == 0x5a5a5a5au && dram_bytes[0] == 1 &&
               dram_bytes[31] == 0x5a,
           "DRAM channel writes and reads, both forms");
    const CoreCoord core{2, 3};
    detail::WriteToDeviceL1(device, core, l1_at, words, tt::CoreType::WORKER);
    detail::WriteToDeviceL1(device, core, l1_at + 16, std::span<const uint8_t>(bytes), tt::CoreType::WORKER);
    detail::WriteRegToDevice(device, core, l1_at + 32, 77u);
    std::vector<uint32_t> l1_words;
    std::vector<uint8_t> l1_bytes(36);
    uint32_t reg = 0;
    detail::ReadFromDeviceL1(device, core, l1_at, 36, l1_words, tt::CoreType::WORKER);
    detail::ReadFromDeviceL1(device, core, l1_at, std::span<uint8_t>(l1_bytes), tt::CoreType::WORKER);
    detail::ReadRegFromDevice(device, core, l1_at + 32, reg);
    Expect(l1_words.size() == 9 && l1_words[8] == 77 && l1_bytes[16] == 0x5a && reg == 77,
           "L1 and register writes and reads, both forms");

    std::vector<uint8_t> pages(sharded.size());
    for (size_t i = 0; i < pages.size(); i++) pages[i] = static_cast<uint8_t>(i / 512 + 3);
    detail::WriteToBuffer(sharded, ttsl::Span<const uint8_t>(pages.data(), pages.size()));
    std::vector<uint8_t> shard(512);
    detail::ReadShard(sharded, shard.data(), 1u);
    Expect(shard[0] == 4 && shard[511] == 4, "ReadShard of the second core's shard");

    detail::CompileProgram(device, program, /*force_slow_dispatch=*/true);
    detail::WriteRuntimeArgsToDevice(device, program, /*force_slow_dispatch=*/true);
    Expect(detail::ConfigureDeviceWithProgram(device, program, /*force_slow_dispatch=*/true),
           "a program's launch steps one by one");
    Expect(detail::DispatchStateCheck(true), "the dispatch mode is fast");

    detail::ClearProfilerControlBuffer(device);
    detail::InitDeviceProfiler(device);
    detail::ProfilerSync(ProfilerSyncState::INIT);
    detail::ReadDeviceProfilerResults(device, ProfilerReadState::NORMAL, std::nullopt);
    detail::SetDeviceProfilerDir("");
    detail::FreshProfilerDeviceLog();

    const auto more = detail::CreateDevices({1});  // the full ten-parameter declaration, defaults filled in
    Expect(more.size() == 1 && more.at(1) != nullptr, "CreateDevices opens device 1");
    detail::CloseDevices(more);
}

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
    // Circular buffers over global ones: made, then moved to a second global buffer on the same cores.
    const std::vector<std::pair<CoreCoord, CoreRangeSet>> mapping{{CoreCoord{5, 5}, CoreRangeSet(CoreRange({6, 5}))}};
    const auto gcb1 = experimental::CreateGlobalCircularBuffer(device, mapping, 2048);
    const auto gcb2 = experimental::CreateGlobalCircularBuffer(device, mapping, 2048, BufferType::L1);
    CircularBufferConfig remote(64);
    remote.remote_index(31).set_page_size(64).set_data_format(tt::DataFormat::UInt32);
    const CBHandle over = experimental::CreateCircularBuffer(dynamic, gcb1.all_cores(), remote, gcb1);
    experimental::UpdateDynamicCircularBufferAddress(dynamic, over, gcb2);
    Expect(gcb1.config_address() != gcb2.config_address() && gcb1.all_cores().num_cores() == 2,
           "global circular buffers, one circular buffer moved between them");
    auto launched = std::make_shared<Program>(CreateProgram());
    CreateKernelFromString(*launched, "void kernel_main() {}", core, DataMovementConfig{});
    detail::LaunchProgram(device, launched, /*wait_until_cores_done=*/false, /*force_slow_dispatch=*/true);
    detail::WaitProgramDone(device, *launched, /*read_device_profiler_results=*/false);
    DetailCalls(device, program, *s1);
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

    // unit meshes of devices 2 and 0, written and read one through the other's program-free path
    auto units = MeshDevice::create_unit_meshes({2, 0});
    Expect(units.size() == 2 && units.at(2)->shape().mesh_size() == 1, "create_unit_meshes: two unit meshes");
    auto on_two = MeshBuffer::create(ReplicatedBufferConfig{4096}, local, units.at(2).get());
    std::vector<uint32_t> twos(1024, 22), got_two;
    EnqueueWriteMeshBuffer(units.at(2)->mesh_command_queue(), on_two, twos, false);
    EnqueueReadMeshBuffer(units.at(2)->mesh_command_queue(), got_two, on_two, true);
    Expect(got_two == twos, "a unit mesh of create_unit_meshes reads what it wrote");
    on_two.reset();
    for (auto& [number, m] : units) m->close();
}
}  // namespace

int main() {
    SingleDevice();
    Mesh();  // the buffers and meshes go at its end: meshBufferReleased, meshDeviceReleased
    std::printf("all_calls: %s\n", g_wrong == 0 ? "PASS" : "FAIL");
    return g_wrong == 0 ? 0 : 1;
}
