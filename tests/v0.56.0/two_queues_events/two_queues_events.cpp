// Two command queues ordered only by events: queue 1 uploads the input and records an event; queue 0 waits
// for it, runs a copy-and-scale program and records a second event; queue 1 waits for that and reads the
// result back. EventQuery and EventSynchronize are checked on the way. Exits 0 when the result is 3 × input.
#include <cmath>
#include <cstdio>
#include <memory>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/event.hpp>
#include <tt-metalium/host_api.hpp>

#include "tests/v0.56.0/common/binary_tiles.h"

using namespace tt::tt_metal;

int main() {
    constexpr uint32_t kTiles = 32, kTileBytes = 2048, kBytes = kTiles * kTileBytes;
    IDevice* device = CreateDevice(0, /*num_hw_cqs=*/2);
    CommandQueue& compute_cq = device->command_queue(0);
    CommandQueue& io_cq = device->command_queue(1);
    auto make = [&] { return CreateBuffer(InterleavedBufferConfig{device, kBytes, kTileBytes, BufferType::DRAM}); };
    auto in = make(), three = make(), out = make();

    Program program = CreateProgram();
    const CoreCoord core = {5, 5};
    const auto [reader, writer, compute] = examples::AddBinaryTileKernels(program, core, 2, "mul_tiles", "ELWMUL");
    SetRuntimeArgs(program, reader, core, {in->address(), three->address(), kTiles, 0});
    SetRuntimeArgs(program, writer, core, {out->address(), kTiles, 0});
    SetRuntimeArgs(program, compute, core, {kTiles});

    std::vector<bfloat16> input = create_random_vector_of_bfloat16_native(kBytes, 50.0f, 9);
    std::vector<bfloat16> threes(kBytes / 2, bfloat16(3.0f));
    auto uploaded = std::make_shared<Event>();
    auto computed = std::make_shared<Event>();

    EnqueueWriteBuffer(io_cq, in, input, false);
    EnqueueWriteBuffer(io_cq, three, threes, false);
    EnqueueRecordEvent(io_cq, uploaded);
    EnqueueWaitForEvent(compute_cq, uploaded);
    EnqueueProgram(compute_cq, program, false);
    EnqueueRecordEvent(compute_cq, computed);
    EnqueueWaitForEvent(io_cq, computed);
    std::vector<bfloat16> result(kBytes / 2);
    EnqueueReadBuffer(io_cq, out, result.data(), false);
    EventSynchronize(computed);
    const bool computed_done = EventQuery(computed);
    Finish(io_cq);

    bool pass = computed_done && EventQuery(uploaded);
    for (size_t i = 0; pass && i < input.size(); i++) {
        const float want = input[i].to_float() * 3.0f;
        pass = std::fabs(result[i].to_float() - want) <= std::fabs(want) * 0.008f;
        if (!pass) std::printf("element %zu: got %f, expected %f\n", i, result[i].to_float(), want);
    }
    std::printf("two_queues_events: upload on CQ1, compute on CQ0, read on CQ1, ordered by 2 events: %s\n",
                pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
