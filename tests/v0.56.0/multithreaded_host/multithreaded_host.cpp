// A multi-threaded host: two threads share one device, each with its own command queue, buffers and program
// on its own core, and each runs 5 rounds of write → program → read, checking every round.
// Exits 0 when both threads saw correct results in every round.
#include <atomic>
#include <cstdio>
#include <thread>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/host_api.hpp>

#include "tests/v0.56.0/common/binary_tiles.h"

using namespace tt::tt_metal;

namespace {

constexpr uint32_t kTiles = 24, kTileBytes = 2048, kBytes = kTiles * kTileBytes;

bool Worker(IDevice* device, uint8_t cq_id, CoreCoord core, int seed) {
    CommandQueue& cq = device->command_queue(cq_id);
    auto make = [&] { return CreateBuffer(InterleavedBufferConfig{device, kBytes, kTileBytes, BufferType::DRAM}); };
    auto a = make(), b = make(), c = make();
    Program program = CreateProgram();
    const auto [reader, writer, compute] = examples::AddBinaryTileKernels(program, core, 2, "sub_tiles", "ELWSUB");
    SetRuntimeArgs(program, reader, core, {a->address(), b->address(), kTiles, 0});
    SetRuntimeArgs(program, writer, core, {c->address(), kTiles, 0});
    SetRuntimeArgs(program, compute, core, {kTiles});

    for (int round = 0; round < 5; round++) {
        std::vector<bfloat16> va = create_random_vector_of_bfloat16_native(kBytes, 20.0f, seed + round);
        std::vector<bfloat16> vb = create_random_vector_of_bfloat16_native(kBytes, 20.0f, seed + 50 + round);
        EnqueueWriteBuffer(cq, a, va, false);
        EnqueueWriteBuffer(cq, b, vb, false);
        EnqueueProgram(cq, program, false);
        std::vector<bfloat16> vc;
        EnqueueReadBuffer(cq, c, vc, true);
        for (size_t i = 0; i < va.size(); i++)
            if (vc[i] != bfloat16(va[i].to_float() - vb[i].to_float()) &&
                std::abs(vc[i].to_float() - (va[i].to_float() - vb[i].to_float())) > 0.1f)
                return false;
    }
    return true;
}

}  // namespace

int main() {
    IDevice* device = CreateDevice(0, /*num_hw_cqs=*/2);
    std::atomic<bool> ok0{false}, ok1{false};
    std::thread t0([&] { ok0 = Worker(device, 0, {0, 0}, 1000); });
    std::thread t1([&] { ok1 = Worker(device, 1, {7, 7}, 2000); });
    t0.join();
    t1.join();
    const bool pass = ok0 && ok1;
    std::printf("multithreaded_host: 2 threads x 5 rounds on 2 queues: thread 0 %s, thread 1 %s: %s\n",
                ok0 ? "ok" : "wrong", ok1 ? "ok" : "wrong", pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
