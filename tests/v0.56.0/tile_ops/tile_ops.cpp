// Tile operations beyond element-wise ones, each on one 32×32 bfloat16 tile on one core: broadcast add, multiply
// and subtract (rows, columns, scalar), transpose, reductions (row sums, column maxima, a total, each scaled),
// tilize and untilize, and A − B / B − A with A already in DST. Every result is checked against a host golden; exits 0 when all match.
#include <cmath>
#include <cstdio>
#include <functional>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/test_tiles.hpp>

using namespace tt::tt_metal;
using tests::utils::TensorLayoutType;

namespace {

constexpr uint32_t kTileBytes = 2048, kResults = 11;
constexpr float kScale = 0.5f;

using Matrix = std::vector<float>;  // 32×32, row-major

std::vector<bfloat16> ToTile(const Matrix& m) {
    std::vector<bfloat16> rm(m.begin(), m.end());
    return convert_layout(rm, PhysicalSize{32, 32}, TensorLayoutType::LIN_ROW_MAJOR, TensorLayoutType::TILED_NFACES);
}
Matrix FromTile(const std::vector<bfloat16>& tile) {
    const auto rm = convert_layout(tile, PhysicalSize{32, 32}, TensorLayoutType::TILED_NFACES,
                                   TensorLayoutType::LIN_ROW_MAJOR);
    Matrix m(1024);
    for (int i = 0; i < 1024; i++) m[i] = rm[i].to_float();
    return m;
}

// Compares the cells `which` selects; tolerance for bfloat16 rounding of the result (sums: a little more).
bool Check(const char* what, const Matrix& got, const std::function<bool(int, int)>& which,
           const std::function<float(int, int)>& want, float rel) {
    for (int r = 0; r < 32; r++)
        for (int c = 0; c < 32; c++) {
            if (!which(r, c)) continue;
            const float g = got[r * 32 + c], w = want(r, c);
            if (std::fabs(g - w) > rel * std::fabs(w) + 0.02f) {
                std::printf("%s: (%d, %d) is %f, expected %f\n", what, r, c, g, w);
                return false;
            }
        }
    return true;
}

}  // namespace

int main() {
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    auto tile_buffer = [&](uint32_t tiles) {
        return CreateBuffer(InterleavedBufferConfig{device, tiles * kTileBytes, kTileBytes, BufferType::DRAM});
    };
    auto a = tile_buffer(1), b = tile_buffer(1), scaler = tile_buffer(1), block = tile_buffer(1);
    auto out = tile_buffer(kResults);

    Matrix ma(1024), mb(1024), scaler_m(1024, 0.0f);
    const auto ra = create_random_vector_of_bfloat16_native(kTileBytes, 10.0f, 21, -5.0f);
    const auto rb = create_random_vector_of_bfloat16_native(kTileBytes, 10.0f, 22, -5.0f);
    for (int i = 0; i < 1024; i++) ma[i] = ra[i].to_float(), mb[i] = rb[i].to_float();
    // A scaler tile as tt-metal's kernels build it: the scaler along the first row of each face.
    for (int r : {0, 16})
        for (int c = 0; c < 32; c++) scaler_m[r * 32 + c] = kScale;
    std::vector<bfloat16> block_rm(ma.begin(), ma.end());  // A, row-major, for tilize
    auto ta = ToTile(ma), tb = ToTile(mb), ts = ToTile(scaler_m);
    EnqueueWriteBuffer(cq, a, ta, false);
    EnqueueWriteBuffer(cq, b, tb, false);
    EnqueueWriteBuffer(cq, scaler, ts, false);
    EnqueueWriteBuffer(cq, block, block_rm, false);

    Program program = CreateProgram();
    const CoreCoord core = {2, 3};
    for (uint32_t cb : {0u, 1u, 2u, 3u, 16u})
        CreateCircularBuffer(program, core,
                             CircularBufferConfig(2 * kTileBytes, {{cb, tt::DataFormat::Float16_b}})
                                 .set_page_size(cb, kTileBytes));
    KernelHandle reader = CreateKernel(program, "tests/v0.56.0/tile_ops/kernels/reader_tiles.cpp", core,
                                       DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                                                          .noc = NOC::RISCV_1_default, .compile_args = {4}});
    KernelHandle writer = CreateKernel(program, "tests/v0.56.0/tile_ops/kernels/writer_tiles.cpp", core,
                                       DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                          .noc = NOC::RISCV_0_default});
    CreateKernel(program, "tests/v0.56.0/tile_ops/kernels/tile_ops.cpp", core, ComputeConfig{});
    SetRuntimeArgs(program, reader, core, {a->address(), b->address(), scaler->address(), block->address()});
    SetRuntimeArgs(program, writer, core, {out->address(), kResults});
    EnqueueProgram(cq, program, false);

    std::vector<bfloat16> got;
    EnqueueReadBuffer(cq, out, got, true);
    std::vector<Matrix> results;
    for (uint32_t t = 0; t < kResults; t++)
        results.push_back(FromTile({got.begin() + t * 1024, got.begin() + (t + 1) * 1024}));
    auto A = [&](int r, int c) { return ma[r * 32 + c]; };
    auto B = [&](int r, int c) { return mb[r * 32 + c]; };
    auto all = [](int, int) { return true; };
    const float exact = 0.008f, sums = 0.02f;

    bool pass = Check("add rows", results[0], all, [&](int r, int c) { return A(r, c) + B(0, c); }, exact);
    pass &= Check("mul cols", results[1], all, [&](int r, int c) { return A(r, c) * B(r, 0); }, exact);
    pass &= Check("sub scalar", results[2], all, [&](int r, int c) { return A(r, c) - B(0, 0); }, exact);
    pass &= Check("transpose", results[3], all, [&](int r, int c) { return A(c, r); }, 0.0f);
    pass &= Check("row sums", results[4], [](int, int c) { return c == 0; }, [&](int r, int) {
        float s = 0;
        for (int c = 0; c < 32; c++) s += A(r, c);
        return s * kScale;
    }, sums);
    pass &= Check("column maxima", results[5], [](int r, int) { return r == 0; }, [&](int, int c) {
        float m = A(0, c);
        for (int r = 1; r < 32; r++) m = std::max(m, A(r, c));
        return m * kScale;
    }, exact);
    pass &= Check("total", results[6], [](int r, int c) { return r == 0 && c == 0; }, [&](int, int) {
        float s = 0;
        for (float v : ma) s += v;
        return s * kScale;
    }, sums);
    pass &= Check("tilize", results[7], all, A, 0.0f);
    // Untilize writes A row-major: read back as a tile, it must equal A's row-major bytes.
    const std::vector<bfloat16> untilized(got.begin() + 8 * 1024, got.begin() + 9 * 1024);
    for (int i = 0; i < 1024 && pass; i++)
        if (untilized[i].to_float() != ma[i]) {
            std::printf("untilize: element %d is %f, expected %f\n", i, untilized[i].to_float(), ma[i]);
            pass = false;
        }

    pass &= Check("dst - B", results[9], all, [&](int r, int c) { return A(r, c) - B(r, c); }, exact);
    pass &= Check("B - dst", results[10], all, [&](int r, int c) { return B(r, c) - A(r, c); }, exact);

    std::printf("tile_ops: broadcast, transpose, reduce, tilize, untilize and dest reuse on one tile: %s\n",
                pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
