// A compute kernel in v0.67.0's form (a global `void kernel_main()` including api/compute/… headers) between a
// reader and a writer: out = 2 * max(a + b, 0) over 8 bfloat16 tiles, the last step a custom SFPI function. Inputs
// are small integers, so every result is exact in bfloat16. Exits 0 when the output matches the host's.
#include <cstdio>
#include <random>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

int main() {
    auto mesh = MeshDevice::create_unit_mesh(0);
    MeshCommandQueue& cq = mesh->mesh_command_queue();
    constexpr uint32_t kTiles = 8, kTileBytes = 32 * 32 * 2, kBytes = kTiles * kTileBytes;
    auto buffer = [&] {
        return MeshBuffer::create(ReplicatedBufferConfig{kBytes}, DeviceLocalBufferConfig{kTileBytes, BufferType::DRAM},
                                  mesh.get());
    };
    auto a = buffer(), b = buffer(), out = buffer();

    std::mt19937 rng(67);
    std::uniform_int_distribution<int> value(-64, 64);
    std::vector<bfloat16> va(kBytes / 2), vb(kBytes / 2);
    for (auto& x : va) x = bfloat16(float(value(rng)));
    for (auto& x : vb) x = bfloat16(float(value(rng)));
    EnqueueWriteMeshBuffer(cq, a, va, false);
    EnqueueWriteMeshBuffer(cq, b, vb, false);

    Program program = CreateProgram();
    const CoreCoord core{0, 0};
    for (uint32_t cb : {0u, 1u, 16u})
        CreateCircularBuffer(program, core,
                             CircularBufferConfig(2 * kTileBytes, {{static_cast<uint8_t>(cb), tt::DataFormat::Float16_b}})
                                 .set_page_size(cb, kTileBytes));
    std::vector<uint32_t> reader_cta, writer_cta;
    TensorAccessorArgs(*a->get_backing_buffer()).append_to(reader_cta);
    TensorAccessorArgs(*b->get_backing_buffer()).append_to(reader_cta);
    TensorAccessorArgs(*out->get_backing_buffer()).append_to(writer_cta);
    const KernelHandle reader = CreateKernel(program, "tests/v0.67.0/compute_kernel_main/kernels/read_two.cpp", core,
                                             ReaderDataMovementConfig(reader_cta));
    const KernelHandle writer = CreateKernel(program, "tests/v0.67.0/compute_kernel_main/kernels/write_one.cpp", core,
                                             WriterDataMovementConfig(writer_cta));
    const KernelHandle compute = CreateKernel(program, "tests/v0.67.0/compute_kernel_main/kernels/add_relu_double.cpp",
                                              core, ComputeConfig{});
    SetRuntimeArgs(program, reader, core,
                   {static_cast<uint32_t>(a->address()), static_cast<uint32_t>(b->address()), kTiles});
    SetRuntimeArgs(program, writer, core, {static_cast<uint32_t>(out->address()), kTiles});
    SetRuntimeArgs(program, compute, core, {kTiles});
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
    EnqueueMeshWorkload(cq, workload, false);

    std::vector<bfloat16> result;
    EnqueueReadMeshBuffer(cq, result, out, true);
    std::size_t wrong = result.size() == va.size() ? 0 : va.size();
    for (std::size_t i = 0; wrong == 0 && i < va.size(); i++) {
        const float sum = float(va[i]) + float(vb[i]);
        if (float(result[i]) != 2.0f * (sum > 0 ? sum : 0.0f)) wrong++;
    }
    mesh->close();
    std::printf("compute_kernel_main: %zu of %zu elements wrong: %s\n", wrong, va.size(), wrong == 0 ? "PASS" : "FAIL");
    return wrong == 0 ? 0 : 1;
}
