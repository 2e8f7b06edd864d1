// Block-float matmul: C (M×N) = A (M×K) × B (K×N) with A, B and C in Bfp8_b tiles (M = K = N = 96), on one core.
// The inputs are packed on the host with the bfloat8.hpp helpers; the golden is computed from exactly the values the
// device unpacks; the device's Bfp8_b result is unpacked and must be within Bfp8_b precision of it (each value off
// by at most 2^-6 of its row's largest magnitude, plus the accumulation's rounding). Exits 0 on a match.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <tt-metalium/bfloat8.hpp>
#include <tt-metalium/host_api.hpp>

#include "tests/v0.56.0/common/binary_tiles.h"

using namespace tt::tt_metal;

namespace {

constexpr uint32_t M = 96, N = 96, K = 96, kTileBytes = 1088;

// Row-major rows × cols → the values of each 32×32 tile in turn (tiles row-major), each tile row-major.
std::vector<float> TileOrder(const std::vector<float>& m, uint32_t rows, uint32_t cols) {
    std::vector<float> out;
    for (uint32_t tr = 0; tr < rows / 32; tr++)
        for (uint32_t tc = 0; tc < cols / 32; tc++)
            for (uint32_t r = 0; r < 32; r++)
                for (uint32_t c = 0; c < 32; c++) out.push_back(m[(tr * 32 + r) * cols + tc * 32 + c]);
    return out;
}
std::vector<float> RowMajor(const std::vector<float>& tiles, uint32_t rows, uint32_t cols) {
    std::vector<float> out(rows * cols);
    size_t i = 0;
    for (uint32_t tr = 0; tr < rows / 32; tr++)
        for (uint32_t tc = 0; tc < cols / 32; tc++)
            for (uint32_t r = 0; r < 32; r++)
                for (uint32_t c = 0; c < 32; c++) out[(tr * 32 + r) * cols + tc * 32 + c] = tiles[i++];
    return out;
}

}  // namespace

int main() {
    constexpr uint32_t Mt = M / 32, Nt = N / 32, Kt = K / 32;
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();

    std::mt19937 gen(77);
    std::uniform_real_distribution<float> dist(-2.0f, 2.0f);
    std::vector<float> a(M * K), b(K * N);
    for (auto& v : a) v = dist(gen);
    for (auto& v : b) v = dist(gen);
    auto packed_a = pack_fp32_vec_as_bfp8_tiles(TileOrder(a, M, K), /*row_major_input=*/true, /*is_exp_a=*/false);
    auto packed_b = pack_fp32_vec_as_bfp8_tiles(TileOrder(b, K, N), true, false);
    // What the device sees: the values after Bfp8_b rounding.
    const auto qa = RowMajor(unpack_bfp8_tiles_into_float_vec(packed_a, true, false), M, K);
    const auto qb = RowMajor(unpack_bfp8_tiles_into_float_vec(packed_b, true, false), K, N);
    std::vector<float> golden(M * N, 0.0f);
    for (uint32_t i = 0; i < M; i++)
        for (uint32_t k = 0; k < K; k++)
            for (uint32_t j = 0; j < N; j++) golden[i * N + j] += qa[i * K + k] * qb[k * N + j];

    auto dram = [&](uint32_t tiles) {
        return CreateBuffer(InterleavedBufferConfig{device, tiles * kTileBytes, kTileBytes, BufferType::DRAM});
    };
    auto buf_a = dram(Mt * Kt), buf_b = dram(Kt * Nt), buf_c = dram(Mt * Nt);
    Program program = CreateProgram();
    const CoreCoord core = {4, 1};
    examples::AddMatmulKernels(program, core, tt::DataFormat::Bfp8_b, *buf_a, *buf_b, *buf_c, Mt, Kt, Nt);
    EnqueueWriteBuffer(cq, buf_a, packed_a, false);
    EnqueueWriteBuffer(cq, buf_b, packed_b, false);
    EnqueueProgram(cq, program, false);
    std::vector<uint32_t> packed_c;
    EnqueueReadBuffer(cq, buf_c, packed_c, true);
    const auto c = RowMajor(unpack_bfp8_tiles_into_float_vec(packed_c, true, false), M, N);

    bool pass = c.size() == golden.size();
    for (uint32_t i = 0; i < M && pass; i++) {
        for (uint32_t j = 0; j < N && pass; j++) {
            // The 16 values of a face row share an exponent: the error bound follows the row's largest magnitude.
            float row_max = 0;
            for (uint32_t jj = j / 16 * 16; jj < j / 16 * 16 + 16; jj++) row_max = std::max(row_max, std::fabs(golden[i * N + jj]));
            const float want = golden[i * N + j], got = c[i * N + j];
            if (std::fabs(got - want) > row_max / 64 + 1e-3f * std::fabs(want) + 1e-3f) {
                std::printf("C(%u, %u) is %f, expected %f (row max %f)\n", i, j, got, want, row_max);
                pass = false;
            }
        }
    }
    std::printf("bfp8_matmul: %ux%ux%u in Bfp8_b tiles: %s\n", M, K, N, pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
