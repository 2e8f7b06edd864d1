// Mesh traces and events on a unit mesh with two command queues: a workload incrementing a counter is captured into
// a trace (capturing runs nothing), replayed three times on queue 0, and queue 1 waits for an event queue 0 records
// before reading the counter; an event recorded to the host is synchronised and queried. Exits 0 when the counter
// went 0 -> 0 (captured) -> 3 (replayed), the events completed, a second trace under an id the program chose
// (begin_mesh_trace(cq, id)) took it to 5, and a released trace cannot be replayed.
#include <cstdio>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {
bool Check(bool ok, const char* what) {
    std::printf("mesh_trace_events: %-46s %s\n", what, ok ? "ok" : "FAILED");
    return ok;
}
bool AllEqual(const std::vector<uint32_t>& v, uint32_t value) {
    for (uint32_t x : v)
        if (x != value) return false;
    return !v.empty();
}
}  // namespace

int main() {
    auto mesh = MeshDevice::create_unit_mesh(0, DEFAULT_L1_SMALL_SIZE, 1 << 20, 2);
    MeshCommandQueue& cq0 = mesh->mesh_command_queue(0);
    MeshCommandQueue& cq1 = mesh->mesh_command_queue(1);
    constexpr uint32_t kPageBytes = 1024;
    auto counter = MeshBuffer::create(ReplicatedBufferConfig{kPageBytes},
                                      DeviceLocalBufferConfig{kPageBytes, BufferType::DRAM}, mesh.get());
    std::vector<uint32_t> zeros(kPageBytes / 4, 0), read;
    EnqueueWriteMeshBuffer(cq0, counter, zeros, true);

    Program program = CreateProgram();
    const CoreCoord core{3, 3};
    CreateCircularBuffer(program, core,
                         CircularBufferConfig(kPageBytes, {{0, tt::DataFormat::UInt32}}).set_page_size(0, kPageBytes));
    std::vector<uint32_t> cta;
    TensorAccessorArgs(*counter->get_backing_buffer()).append_to(cta);
    const KernelHandle k = CreateKernel(program, "tests/v0.67.0/mesh_trace_events/kernels/increment.cpp", core,
                                        ReaderDataMovementConfig(cta));
    SetRuntimeArgs(program, k, core, {static_cast<uint32_t>(counter->address()), kPageBytes});
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));

    const MeshTraceId trace = BeginTraceCapture(mesh.get(), 0);
    EnqueueMeshWorkload(cq0, workload, false);
    mesh->end_mesh_trace(0, trace);
    EnqueueReadMeshBuffer(cq0, read, counter, true);
    bool pass = Check(AllEqual(read, 0), "capturing a trace runs nothing");

    for (int i = 0; i < 3; i++) mesh->replay_mesh_trace(0, trace, false);
    const MeshEvent done = cq0.enqueue_record_event();
    cq1.enqueue_wait_for_event(done);
    EnqueueReadMeshBuffer(cq1, read, counter, true);
    pass &= Check(AllEqual(read, 3), "three replays, read on queue 1 after an event");

    const MeshEvent to_host = cq0.enqueue_record_event_to_host();
    EventSynchronize(to_host);
    pass &= Check(EventQuery(to_host), "an event recorded to the host completes");

    // A trace under an id the program picks itself (as a framework keeps its own ids): capturing runs nothing,
    // two replays make the counter 5.
    const MeshTraceId chosen{1000};
    mesh->begin_mesh_trace(0, chosen);
    EnqueueMeshWorkload(cq0, workload, false);
    mesh->end_mesh_trace(0, chosen);
    mesh->replay_mesh_trace(0, chosen, false);
    mesh->replay_mesh_trace(0, chosen, true);
    EnqueueReadMeshBuffer(cq0, read, counter, true);
    pass &= Check(AllEqual(read, 5), "a trace under a chosen id, replayed twice");
    mesh->release_mesh_trace(chosen);

    mesh->release_mesh_trace(trace);
    bool refused = false;
    try {
        mesh->replay_mesh_trace(0, trace, true);
    } catch (const std::exception&) {
        refused = true;
    }
    pass &= Check(refused, "a released trace is not replayed");

    mesh->close();
    std::printf("mesh_trace_events: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
