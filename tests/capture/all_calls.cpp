// Calls every function libltcap.so interposes at least once, including calls that throw, and prints what it
// observes. Run plain and under the shim, the output must be the same; the log must contain every API but the two
// detail::LaunchProgram forms, which tt-metal refuses in fast dispatch: tests/v0.56.0/slow_dispatch calls them.
#include <cstdio>
#include <memory>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/event.hpp>
#include <tt-metalium/device_pool.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/lightmetal_capture_utils.hpp>
#include <tt-metalium/tt_metal.hpp>

using namespace tt::tt_metal;

namespace {
template <typename Fn>
void ExpectThrow(const char* what, Fn fn) {
    try {
        fn();
        std::printf("%s: no exception\n", what);
    } catch (const std::exception& e) {
        std::printf("%s: caught %s\n", what, e.what());
    }
}
}  // namespace

int main() {
    std::printf("devices %zu galaxy %d pcie %zu id %d\n", GetNumAvailableDevices(), IsGalaxyCluster(), GetNumPCIeDevices(),
                GetPCIeDeviceID(0));
    detail::DispatchStateCheck(true);
    detail::InWorkerThread();
    detail::InitializeFabricConfig(tt::FabricConfig::DISABLED);
    ExpectThrow("CreateDevice(8)", [] { CreateDevice(8); });
    auto devices = detail::CreateDevices({0});
    detail::CloseDevices(devices);
    // Opened through the pool, as tt-metal's own test fixtures do; a read on it shows replay has the same device.
    tt::DevicePool::initialize({1}, 1, DEFAULT_L1_SMALL_SIZE, DEFAULT_TRACE_REGION_SIZE, DispatchCoreConfig{});
    {
        IDevice* pooled = tt::DevicePool::instance().get_active_device(1);
        auto buffer = CreateBuffer(InterleavedBufferConfig{pooled, 2048, 2048, BufferType::DRAM});
        std::vector<std::uint32_t> words(512, 0x5eed), back;
        EnqueueWriteBuffer(pooled->command_queue(), buffer, words, true);
        EnqueueReadBuffer(pooled->command_queue(), buffer, back, true);
        std::printf("pooled device %d read %s\n", pooled->id(), back == words ? "back" : "WRONG");
        buffer.reset();
        CloseDevice(pooled);
    }
    CloseDevice(CreateDeviceMinimal(0));

    IDevice* device = CreateDevice(0, 2, 0, 1 << 20);
    CommandQueue& cq = device->command_queue();
    const CoreCoord core = {0, 0};
    auto dram = CreateBuffer(InterleavedBufferConfig{device, 4096, 1024, BufferType::DRAM});
    auto at = CreateBuffer(InterleavedBufferConfig{device, 1024, 1024, BufferType::DRAM}, dram->address());
    auto sub = CreateBuffer(InterleavedBufferConfig{device, 1024, 1024, BufferType::DRAM}, SubDeviceId{0});
    ShardSpecBuffer spec(CoreRangeSet(CoreRange({0, 0}, {1, 0})), {1, 256}, ShardOrientation::ROW_MAJOR, {1, 256}, {2, 1});
    ShardedBufferConfig sharded{device, 1024, 512, BufferType::L1, TensorMemoryLayout::HEIGHT_SHARDED, spec};
    auto s1 = CreateBuffer(sharded);
    auto s2 = CreateBuffer(sharded, s1->address());
    auto s3 = CreateBuffer(sharded, SubDeviceId{0});
    auto l1 = CreateBuffer(InterleavedBufferConfig{device, 64 * 4096, 4096, BufferType::L1});
    // As a framework allocates: Buffer::create, interleaved, sharded, and at a given address.
    auto made = Buffer::create(device, 2048, 1024, BufferType::DRAM);
    auto made_sharded = Buffer::create(device, 1024, 512, BufferType::L1, TensorMemoryLayout::HEIGHT_SHARDED, spec,
                                       false, SubDeviceId{0});
    auto made_at = Buffer::create(device, made->address(), 1024, 1024, BufferType::DRAM);
    std::printf("Buffer::create sizes %llu %llu, views the same memory %d\n",
                static_cast<unsigned long long>(made->size()), static_cast<unsigned long long>(made_sharded->size()),
                made_at->address() == made->address());

    // A kernel file that does not exist: tt-metal takes it, and the launch that compiles it throws.
    Program missing = CreateProgram();
    CreateKernel(missing, "tests/capture/kernels/no_such_kernel.cpp", core, DataMovementConfig{});
    ExpectThrow("EnqueueProgram(missing kernel file)", [&] { EnqueueProgram(cq, missing, true); });

    Program program = CreateProgram();
    CBHandle cb = CreateCircularBuffer(program, core,
                                       CircularBufferConfig(4096, {{0, tt::DataFormat::UInt32}}).set_page_size(0, 4096));
    std::printf("cb total %u\n", GetCircularBufferConfig(program, cb).total_size());
    UpdateCircularBufferTotalSize(program, cb, 8192);
    UpdateCircularBufferPageSize(program, cb, 0, 4096);
    KernelHandle k = CreateKernel(program, "tests/capture/kernels/write_marker.cpp", core, DataMovementConfig{});
    KernelHandle k2 = CreateKernelFromString(program, "void kernel_main() {}", CoreCoord{1, 1},
                                             DataMovementConfig{.processor = DataMovementProcessor::RISCV_1, .noc = NOC::NOC_1});
    std::printf("semaphore %u\n", CreateSemaphore(program, CoreRange(core, core), 3));
    const CoreRangeSet one_core(CoreRange(core, core));
    auto g1 = CreateGlobalSemaphore(device, one_core, 1);
    CoreRangeSet moved(CoreRange({1, 1}, {1, 1}));
    auto g2 = CreateGlobalSemaphore(device, std::move(moved), 2);
    std::printf("global semaphores differ %d\n", g1.address() != g2.address());

    SetRuntimeArgs(program, k, core, {7u, dram->address()});
    SetRuntimeArgs(program, k2, std::vector<CoreCoord>{{1, 1}}, std::vector<std::vector<uint32_t>>{{1u}});
#ifndef ALL_CALLS_WITHOUT_KERNEL_OBJECT_ARGS  // for golden logs of formats before 4, which cannot replay these
    SetRuntimeArgs(device, program.get_kernel(k2), CoreCoord{1, 1}, std::make_shared<RuntimeArgs>(RuntimeArgs{2u}));
    SetRuntimeArgs(device, program.get_kernel(k2), std::vector<CoreCoord>{{1, 1}},
                   std::vector<std::shared_ptr<RuntimeArgs>>{std::make_shared<RuntimeArgs>(RuntimeArgs{3u})});
#endif
    SetCommonRuntimeArgs(program, k, {11u});
    GetRuntimeArgs(program, k, core)[0] = 9;  // edited in place: the next launch uses 9
    std::printf("args grid %zu common %zu\n", GetRuntimeArgs(program, k).size(), GetCommonRuntimeArgs(program, k).size());

    std::vector<uint32_t> words(1024, 5);
    EnqueueWriteBuffer(cq, dram, words, false);
    EnqueueWriteBuffer(cq, sub, HostDataType(std::make_shared<std::vector<uint16_t>>(512, 6)), true);
    std::vector<uint32_t> part(64, 8);
    EnqueueWriteSubBuffer(cq, dram, part, BufferRegion(256, 256), false);
    EnqueueProgram(cq, program, false);
    std::vector<uint32_t> back;
    EnqueueReadBuffer(cq, dram, back, false);
    std::vector<uint32_t> window;
    EnqueueReadSubBuffer(cq, dram, window, BufferRegion(256, 256), false);
    Finish(cq);
    std::printf("marker %u, window %u\n", back[0], window[0]);

    const uint32_t trace = BeginTraceCapture(device, 0);
    EnqueueProgram(cq, program, false);
    EndTraceCapture(device, 0, trace);
    ReplayTrace(device, 0, trace, true);
    EnqueueTrace(cq, trace, true);
    LoadTrace(device, 0, 77, *device->get_trace(trace)->desc);
    ReleaseTrace(device, trace);
    ReleaseTrace(device, 77);
    ExpectThrow("ReplayTrace(released)", [&] { ReplayTrace(device, 0, trace, true); });
    LightMetalBeginCapture();
    std::printf("light metal %zu bytes\n", LightMetalEndCapture().size());
    DumpDeviceProfileResults(device, program);

    auto event = std::make_shared<Event>();
    EnqueueRecordEvent(cq, event);
    EnqueueWaitForEvent(device->command_queue(1), event);
    EventSynchronize(event);
    std::printf("event done %d\n", EventQuery(event));
    Synchronize(device);

    Program dynamic = CreateProgram();
    CBHandle dyn = CreateCircularBuffer(dynamic, core, CircularBufferConfig(4096, {{0, tt::DataFormat::UInt32}}, *l1)
                                                           .set_page_size(0, 4096));
    UpdateDynamicCircularBufferAddress(dynamic, dyn, *l1);
    UpdateDynamicCircularBufferAddressAndTotalSize(dynamic, dyn, *l1, 4096);
    AssignGlobalBufferToProgram(l1, dynamic);

    std::vector<uint8_t> bytes(4096, 1);
    detail::WriteToBuffer(*dram, tt::stl::Span<const uint8_t>(bytes.data(), bytes.size()));
    detail::ReadFromBuffer(*dram, bytes.data());
    ExpectThrow("ReadShard", [&] { uint32_t id = 0; detail::ReadShard(*s1, bytes.data(), id); });
    auto launched = std::make_shared<Program>(CreateProgram());
    CreateKernelFromString(*launched, "void kernel_main() {}", core, DataMovementConfig{});
    detail::CompileProgram(device, *launched);
    detail::WriteRuntimeArgsToDevice(device, *launched, /*fd_bootloader_mode=*/true);
    detail::ConfigureDeviceWithProgram(device, *launched, /*fd_bootloader_mode=*/true);
    detail::WaitProgramDone(device, *launched);
    std::vector<uint32_t> dram_words(4, 42), l1_words(4, 43), got;
    detail::WriteToDeviceDRAMChannel(device, 3, 1 << 20, dram_words);
    detail::ReadFromDeviceDRAMChannel(device, 3, 1 << 20, 16, got);
    std::printf("dram channel %u\n", got[0]);
    detail::WriteToDeviceL1(device, core, 200000, l1_words);
    detail::ReadFromDeviceL1(device, core, 200000, 16, got);
    uint32_t reg = 44;
    detail::WriteRegToDevice(device, core, 200016, reg);
    detail::ReadRegFromDevice(device, core, 200016, reg);
    std::printf("l1 %u reg %u\n", got[0], reg);
    detail::SynchronizeWorkerThreads({device});
    detail::ClearProfilerControlBuffer(device);
    detail::InitDeviceProfiler(device);
    detail::ProfilerSync(ProfilerSyncState::INIT);
    std::vector<CoreCoord> cores{core};
    detail::DumpDeviceProfileResults(device, cores);
    detail::DumpDeviceProfileResults(device);
    detail::SetDeviceProfilerDir("");
    detail::FreshProfilerDeviceLog();
    LightMetalCompareToCapture(cq, dram);
    LightMetalCompareToGolden(cq, dram, bytes.data());
    DeallocateBuffer(*at);
    std::printf("closed %d\n", CloseDevice(device));

    {  // The mesh API (tt::tt_metal::distributed) on a 2x2 mesh: every function and member the shim interposes.
        using namespace tt::tt_metal::distributed;
        auto mesh = MeshDevice::create(MeshDeviceConfig{.mesh_shape = MeshShape(2, 2)}, DEFAULT_L1_SMALL_SIZE, 1 << 20);
        MeshCommandQueue& mcq = mesh->mesh_command_queue();
        const DeviceLocalBufferConfig local{.page_size = 1024, .buffer_type = BufferType::DRAM,
                                            .buffer_layout = TensorMemoryLayout::INTERLEAVED, .bottom_up = false};
        auto replicated = MeshBuffer::create(ReplicatedBufferConfig{.size = 4096}, local, mesh.get());
        auto sharded = MeshBuffer::create(distributed::ShardedBufferConfig{.global_size = 16384,
                                                                           .global_buffer_shape = {64, 64},
                                                                           .shard_shape = {32, 32},
                                                                           .shard_orientation = ShardOrientation::ROW_MAJOR},
                                          local, mesh.get());
        std::vector<uint32_t> words(4096), patch(1024, 9), whole, shard;
        for (uint32_t i = 0; i < words.size(); i++) words[i] = i;
        mcq.enqueue_write_mesh_buffer(replicated, words.data(), false);
        mcq.enqueue_write_shard_to_sub_grid(*replicated, patch.data(), MeshCoordinateRange({1, 0}, {1, 1}), false);
        EnqueueWriteMeshBuffer(mcq, sharded, words, false);
        WriteShard(mcq, sharded, patch, MeshCoordinate(1, 1));
        EnqueueReadMeshBuffer(mcq, whole, sharded, true);
        ReadShard(mcq, shard, replicated, MeshCoordinate(1, 0));
        std::printf("mesh reads %u %u %u\n", whole[100], whole[4095], shard[0]);

        Program top = CreateProgram(), bottom = CreateProgram();
        CreateKernelFromString(top, "void kernel_main() {}", core, DataMovementConfig{});
        CreateKernelFromString(bottom, "void kernel_main() {}", core, DataMovementConfig{});
        MeshWorkload workload = CreateMeshWorkload();
        AddProgramToMeshWorkload(workload, std::move(top), MeshCoordinateRange({0, 0}, {0, 1}));
        workload.add_program(MeshCoordinateRange({1, 0}, {1, 1}), std::move(bottom));
        EnqueueMeshWorkload(mcq, workload, false);
        mcq.enqueue_mesh_workload(workload, false);
        const MeshEvent recorded = EnqueueRecordEvent(mcq);
        EnqueueRecordEventToHost(mcq);
        EnqueueWaitForEvent(mcq, recorded);
        const MeshEvent member_recorded = mcq.enqueue_record_event();
        const MeshEvent to_host = mcq.enqueue_record_event_to_host();
        mcq.enqueue_wait_for_event(member_recorded);
        EventSynchronize(to_host);
        const MeshTraceId trace = BeginTraceCapture(mesh.get(), 0);
        EnqueueMeshWorkload(mcq, workload, false);
        EndTraceCapture(mesh.get(), 0, trace);
        ReplayTrace(mesh.get(), 0, trace, false);
        mcq.enqueue_trace(trace, false);
        Finish(mcq);
        mcq.finish();
        ReleaseTrace(mesh.get(), trace);
        Synchronize(mesh.get(), std::nullopt);
        sharded->deallocate();
        const SubDevice left(std::array{CoreRangeSet(CoreRange({0, 0}, {3, 7}))});
        const SubDevice right(std::array{CoreRangeSet(CoreRange({4, 0}, {7, 7}))});
        const SubDeviceManagerId manager = mesh->create_sub_device_manager({left, right}, 0);
        mesh->load_sub_device_manager(manager);
        mesh->clear_loaded_sub_device_manager();
        mesh->remove_sub_device_manager(manager);
        mesh->close();
        std::printf("mesh done\n");
    }  // the buffers and the mesh go: meshBufferReleased, meshDeviceReleased
    return 0;
}
