// A compute kernel written per TRISC (kernels/add_per_trisc.cpp: a function of the same name under each of
// #ifdef TRISC_UNPACK / TRISC_MATH / TRISC_PACK, as tt-metal's own test kernels are), which only compiles when
// each TRISC's part is built on its own, and only adds once when MATH(...) expands on the math TRISC alone. Over 6
// bfloat16 tile pairs of small integers: out = A + B. Exits 0 when the output matches the host's.
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
    constexpr uint32_t kTiles = 6, kTileBytes = 32 * 32 * 2, kBytes = kTiles * kTileBytes;
    auto mesh = MeshDevice::create_unit_mesh(0);
    MeshCommandQueue& cq = mesh->mesh_command_queue();
    auto buffer = [&] {
        return MeshBuffer::create(ReplicatedBufferConfig{kBytes}, DeviceLocalBufferConfig{kTileBytes, BufferType::DRAM},
                                  mesh.get());
    };
    auto a = buffer(), b = buffer(), out = buffer();
    std::mt19937 rng(69);
    std::uniform_int_distribution<int> value(-50, 50);
    std::vector<bfloat16> va(kBytes / 2), vb(kBytes / 2);
    for (auto& x : va) x = bfloat16(float(value(rng)));
    for (auto& x : vb) x = bfloat16(float(value(rng)));
    EnqueueWriteMeshBuffer(cq, a, va, false);
    EnqueueWriteMeshBuffer(cq, b, vb, false);

    Program program = CreateProgram();
    const CoreCoord core{2, 3};
    for (uint32_t cb : {0u, 1u, 16u})
        CreateCircularBuffer(program, core,
                             CircularBufferConfig(2 * kTileBytes, {{static_cast<uint8_t>(cb), tt::DataFormat::Float16_b}})
                                 .set_page_size(cb, kTileBytes));
    std::vector<uint32_t> reader_cta, writer_cta;
    TensorAccessorArgs(*a->get_backing_buffer()).append_to(reader_cta);
    TensorAccessorArgs(*b->get_backing_buffer()).append_to(reader_cta);
    TensorAccessorArgs(*out->get_backing_buffer()).append_to(writer_cta);
    const KernelHandle reader = CreateKernel(program, "tests/v0.67.0/llk_forms/kernels/read_ab.cpp", core,
                                             ReaderDataMovementConfig(reader_cta));
    const KernelHandle writer = CreateKernel(program, "tests/v0.67.0/per_trisc/kernels/write_out.cpp", core,
                                             WriterDataMovementConfig(writer_cta));
    CreateKernel(program, "tests/v0.67.0/per_trisc/kernels/add_per_trisc.cpp", core,
                 ComputeConfig{.compile_args = {kTiles}});
    SetRuntimeArgs(program, reader, core,
                   {static_cast<uint32_t>(a->address()), static_cast<uint32_t>(b->address()), kTiles});
    SetRuntimeArgs(program, writer, core, {static_cast<uint32_t>(out->address()), kTiles});
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
    EnqueueMeshWorkload(cq, workload, false);
    std::vector<bfloat16> result;
    EnqueueReadMeshBuffer(cq, result, out, true);
    mesh->close();

    std::size_t wrong = result.size() == va.size() ? 0 : va.size();
    for (std::size_t i = 0; wrong == 0 && i < va.size(); i++) wrong += float(result[i]) != float(va[i]) + float(vb[i]);
    std::printf("per_trisc: %zu of %zu elements wrong: %s\n", wrong, va.size(), wrong == 0 ? "PASS" : "FAIL");
    return wrong == 0 ? 0 : 1;
}
