// v0.67.0's experimental::Semaphore (experimental/noc_semaphore.h) across three cores of a row: local set, wait,
// wait_min and down, up() over the NOC to another core, set_multicast and inc_multicast to the row
// (kernels/semaphores.cpp). Exits 0 when the leader ends at 5 (5 + 1 + 1 - 2) and each follower at 8 (5 + 3).
#include <cstdio>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

int main() {
    auto mesh = MeshDevice::create_unit_mesh(0);
    MeshCommandQueue& cq = mesh->mesh_command_queue();
    auto out = MeshBuffer::create(ReplicatedBufferConfig{3 * 32}, DeviceLocalBufferConfig{32, BufferType::DRAM},
                                  mesh.get());
    const CoreRange row({1, 2}, {3, 2});
    Program program = CreateProgram();
    CreateCircularBuffer(program, row, CircularBufferConfig(32, {{0, tt::DataFormat::UInt32}}).set_page_size(0, 32));
    CreateSemaphore(program, row, 0);
    std::vector<uint32_t> cta;
    TensorAccessorArgs(*out->get_backing_buffer()).append_to(cta);
    const KernelHandle k = CreateKernel(program, "tests/v0.67.0/semaphore_object/kernels/semaphores.cpp", row,
                                        ReaderDataMovementConfig(cta));
    const CoreCoord first = mesh->worker_core_from_logical_core(row.start_coord);
    const CoreCoord last = mesh->worker_core_from_logical_core(row.end_coord);
    for (uint32_t i = 0; i < 3; i++) {
        const CoreCoord core{row.start_coord.x + i, row.start_coord.y};
        SetRuntimeArgs(program, k, core,
                       {static_cast<uint32_t>(out->address()), static_cast<uint32_t>(first.x | (first.y << 16)),
                        i == 0 ? 1u : 0u, i, static_cast<uint32_t>(first.x), static_cast<uint32_t>(first.y),
                        static_cast<uint32_t>(last.x), static_cast<uint32_t>(last.y)});
    }
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
    EnqueueMeshWorkload(cq, workload, false);
    std::vector<uint32_t> words;
    EnqueueReadMeshBuffer(cq, words, out, true);
    mesh->close();
    bool pass = words.size() == 3 * 8;
    for (uint32_t i = 0; pass && i < 3; i++) {
        const uint32_t expected = i == 0 ? 5 : 8;
        std::printf("semaphore_object: core %u ends at %u (expected %u)\n", i, words[i * 8], expected);
        pass = words[i * 8] == expected;
    }
    std::printf("semaphore_object: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
