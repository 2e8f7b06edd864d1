// A compute kernel on the LLK layer in tt-metal v0.67.0's forms (kernels/llk_ops.cpp: the fp32-accumulation flag
// after the operation's type, MATH_FIDELITY a ckernel::MathFidelity, a matmul's transpose given to its init), and a
// writer summing its compile-time arguments as the std::array v0.67.0 makes of them. Over 4 bfloat16 tile pairs of
// values in {-1, 0, 1} (every result exact): A + B, A, and A x B^T in logical (row-major) order. Exits 0 when every
// output matches the host's.
#include <cstdio>
#include <numeric>
#include <random>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

using namespace tt::tt_metal;
using namespace tt::tt_metal::distributed;

namespace {
constexpr uint32_t kTiles = 4, kTileElems = 32 * 32, kTileBytes = kTileElems * 2, kBytes = kTiles * kTileBytes;

// Where element (r, c) of a 32x32 tile sits in tile order: four 16x16 faces, row-major within each.
std::size_t FaceIndex(std::size_t r, std::size_t c) { return ((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16; }

bool Check(const char* what, std::size_t wrong, std::size_t total) {
    std::printf("llk_forms: %-34s %zu of %zu wrong\n", what, wrong, total);
    return wrong == 0;
}
}  // namespace

int main() {
    auto mesh = MeshDevice::create_unit_mesh(0);
    MeshCommandQueue& cq = mesh->mesh_command_queue();
    auto buffer = [&](uint32_t bytes, uint32_t page) {
        return MeshBuffer::create(ReplicatedBufferConfig{bytes}, DeviceLocalBufferConfig{page, BufferType::DRAM},
                                  mesh.get());
    };
    auto a = buffer(kBytes, kTileBytes), b = buffer(kBytes, kTileBytes);
    auto sum = buffer(kBytes, kTileBytes), copy = buffer(kBytes, kTileBytes), product = buffer(kBytes, kTileBytes);
    auto words = buffer(1024, 1024);

    std::mt19937 rng(68);
    std::uniform_int_distribution<int> value(-1, 1);
    std::vector<bfloat16> va(kBytes / 2), vb(kBytes / 2);
    for (auto& x : va) x = bfloat16(float(value(rng)));
    for (auto& x : vb) x = bfloat16(float(value(rng)));
    EnqueueWriteMeshBuffer(cq, a, va, false);
    EnqueueWriteMeshBuffer(cq, b, vb, false);

    Program program = CreateProgram();
    const CoreCoord core{0, 0};
    for (uint32_t cb : {0u, 1u, 16u, 17u, 18u})
        CreateCircularBuffer(program, core,
                             CircularBufferConfig(2 * kTileBytes, {{static_cast<uint8_t>(cb), tt::DataFormat::Float16_b}})
                                 .set_page_size(cb, kTileBytes));
    CreateCircularBuffer(program, core,
                         CircularBufferConfig(1024, {{24, tt::DataFormat::UInt32}}).set_page_size(24, 1024));
    std::vector<uint32_t> reader_cta, writer_cta;
    TensorAccessorArgs(*a->get_backing_buffer()).append_to(reader_cta);
    TensorAccessorArgs(*b->get_backing_buffer()).append_to(reader_cta);
    for (const auto& out : {sum, copy, product, words}) TensorAccessorArgs(*out->get_backing_buffer()).append_to(writer_cta);
    const KernelHandle reader = CreateKernel(program, "tests/v0.67.0/llk_forms/kernels/read_ab.cpp", core,
                                             ReaderDataMovementConfig(reader_cta));
    const KernelHandle writer = CreateKernel(program, "tests/v0.67.0/llk_forms/kernels/write_three.cpp", core,
                                             WriterDataMovementConfig(writer_cta));
    CreateKernel(program, "tests/v0.67.0/llk_forms/kernels/llk_ops.cpp", core,
                 ComputeConfig{.math_fidelity = MathFidelity::HiFi4, .compile_args = {kTiles}});
    SetRuntimeArgs(program, reader, core,
                   {static_cast<uint32_t>(a->address()), static_cast<uint32_t>(b->address()), kTiles});
    SetRuntimeArgs(program, writer, core,
                   {static_cast<uint32_t>(sum->address()), static_cast<uint32_t>(copy->address()),
                    static_cast<uint32_t>(product->address()), kTiles, static_cast<uint32_t>(words->address())});
    MeshWorkload workload;
    workload.add_program(MeshCoordinateRange(mesh->shape()), std::move(program));
    EnqueueMeshWorkload(cq, workload, false);

    std::vector<bfloat16> got_sum, got_copy, got_product;
    std::vector<uint32_t> got_words;
    EnqueueReadMeshBuffer(cq, got_sum, sum, true);
    EnqueueReadMeshBuffer(cq, got_copy, copy, true);
    EnqueueReadMeshBuffer(cq, got_product, product, true);
    EnqueueReadMeshBuffer(cq, got_words, words, true);
    mesh->close();

    const std::size_t n = va.size();
    std::size_t wrong_sum = got_sum.size() == n ? 0 : n, wrong_copy = got_copy.size() == n ? 0 : n;
    std::size_t wrong_product = got_product.size() == n ? 0 : n;
    for (std::size_t i = 0; wrong_sum + wrong_copy == 0 && i < n; i++) {
        wrong_sum += float(got_sum[i]) != float(va[i]) + float(vb[i]);
        wrong_copy += float(got_copy[i]) != float(va[i]);
    }
    for (std::size_t t = 0; wrong_product == 0 && t < kTiles; t++)
        for (std::size_t r = 0; r < 32; r++)
            for (std::size_t c = 0; c < 32; c++) {
                float expected = 0;  // (A x B^T)[r][c] = sum over k of A[r][k] * B[c][k]
                for (std::size_t k = 0; k < 32; k++)
                    expected += float(va[t * kTileElems + FaceIndex(r, k)]) * float(vb[t * kTileElems + FaceIndex(c, k)]);
                wrong_product += float(got_product[t * kTileElems + FaceIndex(r, c)]) != expected;
            }
    const uint32_t cta_sum = std::accumulate(writer_cta.begin(), writer_cta.end(), 0u);
    bool pass = Check("A + B", wrong_sum, n);
    pass &= Check("A (datacopy)", wrong_copy, n);
    pass &= Check("A x B^T (transpose from the init)", wrong_product, n);
    pass &= Check("the writer's compile-time args' sum", got_words.empty() || got_words[0] != cta_sum ? 1 : 0, 1);
    std::printf("llk_forms: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
