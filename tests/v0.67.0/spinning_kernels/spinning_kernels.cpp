// Kernels that spin on memory instead of waiting through the API, as tt-metal's own tests do: on one core a writer
// pushes 70,000 pages through a 4-page circular buffer (past the 16-bit counters' wrap), spins on the CB's raw
// counters (get_cb_tiles_acked_ptr / get_cb_tiles_received_ptr) until the reader has popped them all, then raises
// a flag in L1 that the reader spins on. Runtime arg 0 of both is that flag's L1 address, read with
// get_arg_val<uint32_t*>. Exits 0 when both spins ended and every word is what the device would hold: the counters
// at 70,000 mod 2^16, the CB interface of get_local_cb_interface (pages, page size, size, limit and pointers).
#include <cstdio>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

int main() {
    constexpr uint32_t kPages = 70000, kPageSize = 16, kCbPages = 4;
    auto mesh = MeshDevice::create_unit_mesh(0);
    MeshCommandQueue& cq = mesh->mesh_command_queue();
    auto out = MeshBuffer::create(ReplicatedBufferConfig{64}, DeviceLocalBufferConfig{64, BufferType::DRAM}, mesh.get());
    // The flag's words: an L1 buffer's address, which is free on every core (interleaved banks share offsets).
    auto scratch = MeshBuffer::create(ReplicatedBufferConfig{64}, DeviceLocalBufferConfig{64, BufferType::L1}, mesh.get());
    std::vector<uint32_t> zeros(16, 0);
    EnqueueWriteMeshBuffer(cq, scratch, zeros, true);
    const CoreCoord core{0, 0};
    Program program = CreateProgram();
    CreateCircularBuffer(program, core,
                         CircularBufferConfig(kCbPages * kPageSize, {{0, tt::DataFormat::UInt32}}).set_page_size(0, kPageSize));
    const KernelHandle writer = CreateKernel(program, "tests/v0.67.0/spinning_kernels/kernels/writer.cpp", core,
                                             WriterDataMovementConfig{});
    const KernelHandle reader = CreateKernel(program, "tests/v0.67.0/spinning_kernels/kernels/reader.cpp", core,
                                             ReaderDataMovementConfig{});
    const auto flag = static_cast<uint32_t>(scratch->address());
    SetRuntimeArgs(program, writer, core, {flag, kPages});
    SetRuntimeArgs(program, reader, core, {flag, kPages, static_cast<uint32_t>(out->address())});
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
    EnqueueMeshWorkload(cq, workload, false);
    std::vector<uint32_t> w;
    EnqueueReadMeshBuffer(cq, w, out, true);
    mesh->close();
    const std::vector<std::pair<const char*, uint32_t>> expected = {
        {"flag", 0xf1a9}, {"pages in order", 1}, {"received", kPages & 0xffff}, {"acked", kPages & 0xffff},
        {"fifo_num_pages", kCbPages}, {"fifo_page_size", kPageSize}, {"fifo_size", kCbPages * kPageSize},
        {"fifo_limit - fifo_size is the base", 1}, {"fifo pointers", 1}};
    bool pass = w.size() == 16;
    for (std::size_t i = 0; pass && i < expected.size(); i++) {
        std::printf("spinning_kernels: %s = %u (expected %u)\n", expected[i].first, w[i], expected[i].second);
        pass = w[i] == expected[i].second;
    }
    std::printf("spinning_kernels: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
