// Metal trace: a program that adds two buffers is captured once in a trace (it does not run during capture),
// then the host writes new inputs and replays the trace four times, checking each result. The trace is
// released at the end. Exits 0 when every replay produced a + b for that round's inputs.
#include <cmath>
#include <cstdio>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/host_api.hpp>

#include "tests/v0.56.0/common/binary_tiles.h"

using namespace tt::tt_metal;

int main() {
    constexpr uint32_t kTiles = 16, kTileBytes = 2048, kBytes = kTiles * kTileBytes;
    IDevice* device = CreateDevice(0, 1, 0, /*trace_region_size=*/1 << 20);
    CommandQueue& cq = device->command_queue();
    auto make = [&] { return CreateBuffer(InterleavedBufferConfig{device, kBytes, kTileBytes, BufferType::DRAM}); };
    auto a = make(), b = make(), c = make();

    Program program = CreateProgram();
    const CoreCoord core = {2, 3};
    const auto [reader, writer, compute] = examples::AddBinaryTileKernels(program, core, 2, "add_tiles", "ELWADD");
    SetRuntimeArgs(program, reader, core, {a->address(), b->address(), kTiles, 0});
    SetRuntimeArgs(program, writer, core, {c->address(), kTiles, 0});
    SetRuntimeArgs(program, compute, core, {kTiles});
    EnqueueProgram(cq, program, false);  // compile and warm up outside the trace
    Finish(cq);

    const uint32_t trace = BeginTraceCapture(device, cq.id());
    EnqueueProgram(cq, program, false);
    EndTraceCapture(device, cq.id(), trace);

    bool pass = true;
    for (int round = 0; round < 4 && pass; round++) {
        std::vector<bfloat16> va = create_random_vector_of_bfloat16_native(kBytes, 8.0f, 100 + round);
        std::vector<bfloat16> vb = create_random_vector_of_bfloat16_native(kBytes, 8.0f, 200 + round);
        EnqueueWriteBuffer(cq, a, va, false);
        EnqueueWriteBuffer(cq, b, vb, false);
        ReplayTrace(device, cq.id(), trace, false);
        std::vector<bfloat16> vc;
        EnqueueReadBuffer(cq, c, vc, true);
        for (size_t i = 0; pass && i < va.size(); i++) {
            const float want = va[i].to_float() + vb[i].to_float();
            pass = std::fabs(vc[i].to_float() - want) <= std::fabs(want) * 0.008f;
        }
        std::printf("metal_trace: replay %d %s\n", round + 1, pass ? "matches" : "DIFFERS");
    }
    ReleaseTrace(device, trace);
    std::printf("metal_trace: 1 capture, 4 replays: %s\n", pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
