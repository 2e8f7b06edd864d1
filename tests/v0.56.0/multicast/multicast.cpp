// Multicast with semaphores: a sender core reads a block from DRAM and multicasts it to the same L1 address on every
// core of a 4×2 rectangle, handshaking through two semaphores (receivers count themselves in on the sender's, the
// sender releases them with a multicast VALID); each receiver then writes what it got to its own page of an output
// buffer. Exits 0 when every page equals the block.
#include <cstdio>
#include <numeric>

#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;

int main() {
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    constexpr uint32_t kBytes = 4096;
    const CoreCoord sender = {0, 0};
    const CoreRange receivers({2, 1}, {5, 2});  // 4 × 2 cores
    const uint32_t n = receivers.size();

    auto src = CreateBuffer(InterleavedBufferConfig{device, kBytes, kBytes, BufferType::DRAM});
    auto out = CreateBuffer(InterleavedBufferConfig{device, n * kBytes, kBytes, BufferType::DRAM});
    auto landing = CreateBuffer(InterleavedBufferConfig{device, 64 * kBytes, kBytes, BufferType::L1});  // same address on every core
    std::vector<uint32_t> block(kBytes / 4);
    std::iota(block.begin(), block.end(), 0xC0DE0000u);
    EnqueueWriteBuffer(cq, src, block, false);

    Program program = CreateProgram();
    const CoreRangeSet all(std::vector<CoreRange>{CoreRange(sender), receivers});
    const uint32_t ready_sem = CreateSemaphore(program, all, 0);
    const uint32_t valid_sem = CreateSemaphore(program, all, INVALID);
    KernelHandle s = CreateKernel(program, "tests/v0.56.0/multicast/kernels/sender.cpp", sender,
                                  DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                     .noc = NOC::RISCV_0_default});
    KernelHandle r = CreateKernel(program, "tests/v0.56.0/multicast/kernels/receiver.cpp", receivers,
                                  DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                                                     .noc = NOC::RISCV_1_default});
    const CoreCoord s_noc = device->worker_core_from_logical_core(sender);
    const CoreCoord first = device->worker_core_from_logical_core(receivers.start_coord);
    const CoreCoord last = device->worker_core_from_logical_core(receivers.end_coord);
    SetRuntimeArgs(program, s, sender,
                   {src->address(), kBytes, landing->address(), uint32_t(first.x), uint32_t(first.y), uint32_t(last.x),
                    uint32_t(last.y), n, ready_sem, valid_sem});
    uint32_t slot = 0;
    for (const CoreCoord& core : corerange_to_cores(CoreRangeSet(receivers)))
        SetRuntimeArgs(program, r, core,
                       {uint32_t(s_noc.x), uint32_t(s_noc.y), ready_sem, valid_sem, landing->address(), kBytes,
                        out->address(), slot++});
    EnqueueProgram(cq, program, false);

    std::vector<uint32_t> got;
    EnqueueReadBuffer(cq, out, got, true);
    bool pass = got.size() == n * block.size();
    for (uint32_t i = 0; pass && i < n; i++)
        pass = std::equal(block.begin(), block.end(), got.begin() + i * block.size());
    std::printf("multicast: one block to %u cores through two semaphores: %s\n", n, pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
