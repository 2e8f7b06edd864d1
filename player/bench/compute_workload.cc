// A compute workload for replay_bench (not a test): long enough (≥ 2 s on the emulated device) that replay / original
// measures the replay, not process start-up. Several programs (a one-core matmul and a four-core eltwise add), eager
// launches with writes and reads between them, then a metal trace of both programs captured once and replayed.
//   compute_workload [ROUNDS]   (default 60 eager rounds and 60 trace replays)
// Prints its own time per phase; exits 0 when the last eager round's and the last replay's results agree (the trace
// repeats the eager work on the same inputs).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/host_api.hpp>

#include "tests/v0.56.0/common/binary_tiles.h"

using namespace tt::tt_metal;
using Clock = std::chrono::steady_clock;

namespace {

double Since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

}  // namespace

int main(int argc, char** argv) {
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 60;
    if (rounds < 1) {
        std::fprintf(stderr, "usage: compute_workload [ROUNDS ≥ 1]\n");
        return 2;
    }
    constexpr uint32_t kT = 10, kTileBytes = 2048, kMatTiles = kT * kT;  // 320 × 320 bf16 matrices
    constexpr uint32_t kCores = 4, kAddTiles = 64;                        // the eltwise add: 16 tiles a core
    const auto start = Clock::now();
    IDevice* device = CreateDevice(0, 1, 0, /*trace_region_size=*/4 << 20);
    CommandQueue& cq = device->command_queue();
    auto dram = [&](uint32_t tiles) {
        return CreateBuffer(InterleavedBufferConfig{device, tiles * kTileBytes, kTileBytes, BufferType::DRAM});
    };
    auto a = dram(kMatTiles), b = dram(kMatTiles), c = dram(kMatTiles);
    auto x = dram(kAddTiles), y = dram(kAddTiles), z = dram(kAddTiles);

    Program matmul = CreateProgram();
    examples::AddMatmulKernels(matmul, {0, 0}, tt::DataFormat::Float16_b, *a, *b, *c, kT, kT, kT);
    Program add = CreateProgram();
    const CoreRange cores({1, 0}, {kCores, 0});
    const auto k = examples::AddBinaryTileKernels(add, cores, 2, "add_tiles", "ELWADD");
    for (uint32_t i = 0; i < kCores; i++) {
        const CoreCoord core{1 + i, 0};
        const uint32_t per = kAddTiles / kCores, first = i * per;
        SetRuntimeArgs(add, k.reader, core, {x->address(), y->address(), per, first});
        SetRuntimeArgs(add, k.writer, core, {z->address(), per, first});
        SetRuntimeArgs(add, k.compute, core, {per});
    }
    const double setup = Since(start);

    // Eager: each round new inputs, both programs, the results read back.
    auto t = Clock::now();
    std::vector<bfloat16> va, vb, vx, vy, vc, vz;
    for (int r = 0; r < rounds; r++) {
        va = create_random_vector_of_bfloat16_native(kMatTiles * kTileBytes, 1.0f, 10 + r, -0.5f);
        vb = create_random_vector_of_bfloat16_native(kMatTiles * kTileBytes, 1.0f, 20 + r, -0.5f);
        vx = create_random_vector_of_bfloat16_native(kAddTiles * kTileBytes, 4.0f, 30 + r);
        vy = create_random_vector_of_bfloat16_native(kAddTiles * kTileBytes, 4.0f, 40 + r);
        EnqueueWriteBuffer(cq, a, va, false);
        EnqueueWriteBuffer(cq, b, vb, false);
        EnqueueWriteBuffer(cq, x, vx, false);
        EnqueueWriteBuffer(cq, y, vy, false);
        EnqueueProgram(cq, matmul, false);
        EnqueueProgram(cq, add, false);
        EnqueueReadBuffer(cq, c, vc, true);
        EnqueueReadBuffer(cq, z, vz, true);
    }
    Finish(cq);
    const double eager = Since(t);

    // Traced: both launches captured once, replayed on the same kind of inputs (the last round's, again at the end).
    t = Clock::now();
    const uint32_t trace = BeginTraceCapture(device, cq.id());
    EnqueueProgram(cq, matmul, false);
    EnqueueProgram(cq, add, false);
    EndTraceCapture(device, cq.id(), trace);
    std::vector<bfloat16> tc, tz;
    for (int r = 0; r < rounds; r++) {
        const int seed = r + 1 == rounds ? rounds - 1 : 100 + r;  // the last replay repeats the last eager round
        auto na = create_random_vector_of_bfloat16_native(kMatTiles * kTileBytes, 1.0f, 10 + seed, -0.5f);
        auto nb = create_random_vector_of_bfloat16_native(kMatTiles * kTileBytes, 1.0f, 20 + seed, -0.5f);
        auto nx = create_random_vector_of_bfloat16_native(kAddTiles * kTileBytes, 4.0f, 30 + seed);
        auto ny = create_random_vector_of_bfloat16_native(kAddTiles * kTileBytes, 4.0f, 40 + seed);
        EnqueueWriteBuffer(cq, a, na, false);
        EnqueueWriteBuffer(cq, b, nb, false);
        EnqueueWriteBuffer(cq, x, nx, false);
        EnqueueWriteBuffer(cq, y, ny, false);
        ReplayTrace(device, cq.id(), trace, false);
        EnqueueReadBuffer(cq, c, tc, true);
        EnqueueReadBuffer(cq, z, tz, true);
    }
    ReleaseTrace(device, trace);
    const double traced = Since(t);
    const bool same = tc.size() == vc.size() && tz.size() == vz.size() &&
                      std::memcmp(tc.data(), vc.data(), vc.size() * sizeof(bfloat16)) == 0 &&
                      std::memcmp(tz.data(), vz.data(), vz.size() * sizeof(bfloat16)) == 0;
    CloseDevice(device);
    std::printf("compute_workload: %d rounds; setup %.4f s, eager %.4f s, traced %.4f s, total %.3f s: %s\n", rounds,
                setup, eager, traced, Since(start), same ? "PASS" : "FAIL (the trace's results differ)");
    return same ? 0 : 1;
}
