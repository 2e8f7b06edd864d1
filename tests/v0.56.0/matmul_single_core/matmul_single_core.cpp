// Single-core matmul: C (M×N) = A (M×K) × B (K×N) in bfloat16 with M = N = K = 320, tilized on the host,
// one tile per DRAM page. The result is untilized and compared with a host golden (PCC > 0.97, as in
// tt-metal's example, and a per-element tolerance). Exits 0 on a match.
#include <cmath>
#include <cstdio>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tilize_untilize.hpp>

#include "tests/v0.56.0/common/binary_tiles.h"

using namespace tt::tt_metal;

int main() {
    constexpr uint32_t M = 320, N = 320, K = 320, Mt = M / 32, Nt = N / 32, Kt = K / 32, kTileBytes = 2048;
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    Program program{};
    const CoreCoord core = {0, 0};

    std::vector<bfloat16> a = create_random_vector_of_bfloat16_native(M * K * 2, 1.0f, 123, -0.5f);
    std::vector<bfloat16> b = create_random_vector_of_bfloat16_native(K * N * 2, 1.0f, 456, -0.5f);
    std::vector<float> golden(M * N, 0.0f);
    for (uint32_t i = 0; i < M; i++)
        for (uint32_t k = 0; k < K; k++)
            for (uint32_t j = 0; j < N; j++) golden[i * N + j] += a[i * K + k].to_float() * b[k * N + j].to_float();
    tilize(a, M, K);
    tilize(b, K, N);

    auto dram = [&](uint32_t tiles) {
        return CreateBuffer(InterleavedBufferConfig{device, tiles * kTileBytes, kTileBytes, BufferType::DRAM});
    };
    auto buf_a = dram(Mt * Kt), buf_b = dram(Kt * Nt), buf_c = dram(Mt * Nt);
    examples::AddMatmulKernels(program, core, tt::DataFormat::Float16_b, *buf_a, *buf_b, *buf_c, Mt, Kt, Nt);

    EnqueueWriteBuffer(cq, buf_a, a.data(), false);
    EnqueueWriteBuffer(cq, buf_b, b.data(), false);
    EnqueueProgram(cq, program, false);
    std::vector<bfloat16> c(M * N);
    EnqueueReadBuffer(cq, buf_c, c.data(), true);
    untilize(c, M, N);

    double sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
    bool close = true;
    for (uint32_t i = 0; i < M * N; i++) {
        const double x = c[i].to_float(), y = golden[i];
        sx += x, sy += y, sxx += x * x, syy += y * y, sxy += x * y;
        close = close && std::fabs(x - y) <= 0.02 * std::fabs(y) + 0.05;
    }
    const double n = M * N;
    const double pcc = (sxy - sx * sy / n) / std::sqrt((sxx - sx * sx / n) * (syy - sy * sy / n));
    const bool pass = pcc > 0.97 && close;
    std::printf("matmul_single_core: %ux%ux%u, PCC %.5f, elementwise tolerance %s: %s\n", M, K, N, pcc,
                close ? "met" : "missed", pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
