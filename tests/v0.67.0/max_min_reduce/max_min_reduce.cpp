// v0.67.0's binary_max_tile / binary_min_tile and reduce_block_max_row on 4 pairs of bfloat16 tiles of small
// integers (every result exact): per pair, max(A, B), min(A, B), and in column 0 of a third tile the maximum of each
// row across A and B (what a row-wise MAX reduce leaves in DST, which starts at zero: max(0, row maximum); the other
// columns stay zero). The writer is compute_kernel_main's. Exits 0 when all three match the host's.
#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {
// Where element (r, c) of a 32x32 tile sits in its four 16x16 faces.
std::size_t FaceIndex(std::size_t r, std::size_t c) { return (r / 16 * 2 + c / 16) * 256 + r % 16 * 16 + c % 16; }
}  // namespace

int main() {
    auto mesh = MeshDevice::create_unit_mesh(0);
    MeshCommandQueue& cq = mesh->mesh_command_queue();
    constexpr uint32_t kPairs = 4, kTileElems = 32 * 32, kTileBytes = kTileElems * 2;
    auto buffer = [&](uint32_t tiles) {
        return MeshBuffer::create(ReplicatedBufferConfig{tiles * kTileBytes},
                                  DeviceLocalBufferConfig{kTileBytes, BufferType::DRAM}, mesh.get());
    };
    auto a = buffer(kPairs), b = buffer(kPairs), out = buffer(3 * kPairs);
    std::mt19937 rng(68);
    std::uniform_int_distribution<int> value(-64, 64);
    std::vector<bfloat16> va(kPairs * kTileElems), vb(kPairs * kTileElems);
    for (auto& x : va) x = bfloat16(float(value(rng)));
    for (auto& x : vb) x = bfloat16(float(value(rng)));
    EnqueueWriteMeshBuffer(cq, a, va, false);
    EnqueueWriteMeshBuffer(cq, b, vb, false);

    Program program = CreateProgram();
    const CoreCoord core{0, 0};
    const auto cb = [&](uint8_t index, uint32_t pages) {
        CreateCircularBuffer(program, core,
                             CircularBufferConfig(pages * kTileBytes, {{index, tt::DataFormat::Float16_b}})
                                 .set_page_size(index, kTileBytes));
    };
    cb(0, 2);
    cb(2, 1);
    cb(16, 3);
    std::vector<uint32_t> reader_cta, writer_cta;
    TensorAccessorArgs(*a->get_backing_buffer()).append_to(reader_cta);
    TensorAccessorArgs(*b->get_backing_buffer()).append_to(reader_cta);
    TensorAccessorArgs(*out->get_backing_buffer()).append_to(writer_cta);
    const KernelHandle reader = CreateKernel(program, "tests/v0.67.0/max_min_reduce/kernels/read_pairs.cpp", core,
                                             ReaderDataMovementConfig(reader_cta));
    const KernelHandle writer = CreateKernel(program, "tests/v0.67.0/compute_kernel_main/kernels/write_one.cpp", core,
                                             WriterDataMovementConfig(writer_cta));
    const KernelHandle compute =
        CreateKernel(program, "tests/v0.67.0/max_min_reduce/kernels/max_min_reduce.cpp", core, ComputeConfig{});
    SetRuntimeArgs(program, reader, core,
                   {static_cast<uint32_t>(a->address()), static_cast<uint32_t>(b->address()), kPairs});
    SetRuntimeArgs(program, writer, core, {static_cast<uint32_t>(out->address()), 3 * kPairs});
    SetRuntimeArgs(program, compute, core, {kPairs});
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
    EnqueueMeshWorkload(cq, workload, false);
    std::vector<bfloat16> got;
    EnqueueReadMeshBuffer(cq, got, out, true);
    mesh->close();

    std::size_t wrong[3] = {0, 0, 0};
    if (got.size() != 3 * va.size()) wrong[0] = got.size() + 1;
    for (uint32_t p = 0; wrong[0] <= got.size() && got.size() == 3 * va.size() && p < kPairs; p++) {
        const bfloat16* x = &va[p * kTileElems];
        const bfloat16* y = &vb[p * kTileElems];
        const bfloat16* t = &got[3 * p * kTileElems];
        for (uint32_t i = 0; i < kTileElems; i++) {
            wrong[0] += float(t[i]) != std::max(float(x[i]), float(y[i]));
            wrong[1] += float(t[kTileElems + i]) != std::min(float(x[i]), float(y[i]));
        }
        for (uint32_t r = 0; r < 32; r++) {
            float row_max = 0.0f;  // DST's starting zero
            for (uint32_t c = 0; c < 32; c++)
                row_max = std::max({row_max, float(x[FaceIndex(r, c)]), float(y[FaceIndex(r, c)])});
            for (uint32_t c = 0; c < 32; c++)
                wrong[2] += float(t[2 * kTileElems + FaceIndex(r, c)]) != (c == 0 ? row_max : 0.0f);
        }
    }
    const bool pass = wrong[0] == 0 && wrong[1] == 0 && wrong[2] == 0;
    std::printf("max_min_reduce: wrong elements: max %zu, min %zu, row max %zu: %s\n", wrong[0], wrong[1], wrong[2],
                pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
