// Loopback: one data-movement kernel copies a DRAM buffer to another through an L1 buffer.
// Exits 0 when the output equals the input, 1 otherwise.
#include <cstdio>
#include <random>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;

int main() {
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    Program program = CreateProgram();
    const CoreCoord core = {0, 0};

    KernelHandle kernel = CreateKernel(program, "tests/v0.56.0/loopback/kernels/loopback_dram_copy.cpp", core,
                                       DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                          .noc = NOC::RISCV_0_default});

    constexpr uint32_t kTiles = 50, kTileBytes = 2 * 1024;
    constexpr uint32_t kBytes = kTiles * kTileBytes;
    auto l1 = CreateBuffer(InterleavedBufferConfig{device, kBytes, kBytes, BufferType::L1});
    auto input = CreateBuffer(InterleavedBufferConfig{device, kBytes, kBytes, BufferType::DRAM});
    auto output = CreateBuffer(InterleavedBufferConfig{device, kBytes, kBytes, BufferType::DRAM});

    std::vector<uint32_t> src = create_random_vector_of_bfloat16(kBytes, 100, 42);
    EnqueueWriteBuffer(cq, input, src, false);

    SetRuntimeArgs(program, kernel, core, {l1->address(), input->address(), 0, output->address(), 0, l1->size()});
    EnqueueProgram(cq, program, false);
    Finish(cq);

    std::vector<uint32_t> result;
    EnqueueReadBuffer(cq, output, result, true);
    const bool pass = result == src;
    std::printf("loopback: %u bytes copied DRAM -> L1 -> DRAM: %s\n", kBytes, pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
