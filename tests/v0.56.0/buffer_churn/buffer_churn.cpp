// Buffer churn: six rounds, each creating temporary DRAM buffers, copying one into the other with a kernel
// that takes their raw addresses as runtime args, reading the result, and dropping both buffers (their
// shared_ptrs go out of scope: no API call frees them). Later rounds reuse the freed addresses.
// Exits 0 when every round's copy equals its input.
#include <cstdio>
#include <numeric>

#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;

int main() {
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    const CoreCoord core = {0, 0};
    bool pass = true;
    for (uint32_t round = 0; round < 6; round++) {
        const uint32_t bytes = 4096 * (1 + round % 3);
        auto src = CreateBuffer(InterleavedBufferConfig{device, bytes, bytes, BufferType::DRAM});
        auto dst = CreateBuffer(InterleavedBufferConfig{device, bytes, bytes, BufferType::DRAM});
        auto l1 = CreateBuffer(InterleavedBufferConfig{device, bytes, bytes, BufferType::L1});
        std::vector<uint32_t> data(bytes / 4);
        std::iota(data.begin(), data.end(), round * 1000);
        EnqueueWriteBuffer(cq, src, data, false);
        Program program = CreateProgram();
        KernelHandle k = CreateKernel(program, "tests/v0.56.0/loopback/kernels/loopback_dram_copy.cpp", core,
                                      DataMovementConfig{.processor = DataMovementProcessor::RISCV_0});
        SetRuntimeArgs(program, k, core, {l1->address(), src->address(), 0, dst->address(), 0, bytes});
        EnqueueProgram(cq, program, false);
        std::vector<uint32_t> back;
        EnqueueReadBuffer(cq, dst, back, true);
        pass = pass && back == data;
    }
    std::printf("buffer_churn: 6 rounds of temporary buffers: %s\n", pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
