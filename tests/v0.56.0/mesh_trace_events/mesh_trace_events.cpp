// Two mesh command queues ordered by mesh events, and a mesh trace. Queue 0 runs a workload (C = A x B on every
// device of a 2x4 mesh) once, then captures it in a mesh trace. Three rounds: queue 1 writes a new A and records an
// event; queue 0 waits for it, replays the trace and records an event; queue 1 waits for that and reads every
// device's C. The last round's event is also synchronized on the host. Exits 0 when every round's results are right.
#include <cmath>
#include <cstdio>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>

#include "tests/v0.56.0/common/binary_tiles.h"

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

int main() {
    constexpr uint32_t kTiles = 4, kTileBytes = 2048, kBytes = kTiles * kTileBytes;
    auto mesh = MeshDevice::create(MeshDeviceConfig{.mesh_shape = MeshShape(2, 4)}, DEFAULT_L1_SMALL_SIZE,
                                   /*trace_region_size=*/1 << 20, /*num_command_queues=*/2);
    MeshCommandQueue& compute = mesh->mesh_command_queue(0);
    MeshCommandQueue& io = mesh->mesh_command_queue(1);

    const DeviceLocalBufferConfig local{.page_size = kTileBytes, .buffer_type = BufferType::DRAM,
                                        .buffer_layout = TensorMemoryLayout::INTERLEAVED, .bottom_up = false};
    const ReplicatedBufferConfig whole{.size = kBytes};
    auto a = MeshBuffer::create(whole, local, mesh.get());
    auto b = MeshBuffer::create(whole, local, mesh.get());
    auto c = MeshBuffer::create(whole, local, mesh.get());
    std::vector<bfloat16> vb = create_random_vector_of_bfloat16_native(kBytes, 3.0f, 7);
    EnqueueWriteMeshBuffer(io, b, vb, true);

    Program program = CreateProgram();
    const CoreCoord core = {0, 3};
    const auto k = examples::AddBinaryTileKernels(program, core, 2, "mul_tiles", "ELWMUL");
    SetRuntimeArgs(program, k.reader, core, {static_cast<uint32_t>(a->address()), static_cast<uint32_t>(b->address()), kTiles, 0});
    SetRuntimeArgs(program, k.writer, core, {static_cast<uint32_t>(c->address()), kTiles, 0});
    SetRuntimeArgs(program, k.compute, core, {kTiles});
    MeshWorkload workload = CreateMeshWorkload();
    AddProgramToMeshWorkload(workload, std::move(program), MeshCoordinateRange(mesh->shape()));
    EnqueueMeshWorkload(compute, workload, true);  // compiled and loaded before the capture
    const MeshTraceId trace = BeginTraceCapture(mesh.get(), 0);
    EnqueueMeshWorkload(compute, workload, false);
    EndTraceCapture(mesh.get(), 0, trace);

    int wrong = 0;
    for (uint32_t round = 0; round < 3; round++) {
        std::vector<bfloat16> va = create_random_vector_of_bfloat16_native(kBytes, 5.0f, 100 + round);
        EnqueueWriteMeshBuffer(io, a, va, false);
        const MeshEvent written = EnqueueRecordEvent(io);
        EnqueueWaitForEvent(compute, written);
        ReplayTrace(mesh.get(), 0, trace, false);
        const MeshEvent computed = EnqueueRecordEvent(compute);
        EnqueueWaitForEvent(io, computed);
        std::vector<std::vector<bfloat16>> out(8);
        for (uint32_t d = 0; d < 8; d++) ReadShard(io, out[d], c, MeshCoordinate(d / 4, d % 4), false);
        if (round == 2) EventSynchronize(computed);
        Finish(io);
        for (uint32_t d = 0; d < 8; d++) {
            bool ok = out[d].size() == va.size();
            for (size_t i = 0; ok && i < va.size(); i++) {
                const float want = va[i].to_float() * vb[i].to_float();
                ok = std::fabs(out[d][i].to_float() - want) <= std::fabs(want) * 0.01f + 0.02f;
            }
            if (!ok) std::printf("round %u, device %u: wrong result\n", round, d);
            wrong += !ok;
        }
    }
    ReleaseTrace(mesh.get(), trace);
    std::printf("mesh_trace_events: a mesh trace replayed 3 times between two queues ordered by events, %d wrong: %s\n",
                wrong, wrong == 0 ? "PASS" : "FAIL");
    return wrong == 0 ? 0 : 1;
}
