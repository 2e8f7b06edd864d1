// Slow dispatch: with TT_METAL_SLOW_DISPATCH_MODE set (the program sets it before tt-metal reads it), the device has
// no command queue and the detail:: path serves: WriteToBuffer, LaunchProgram, ReadFromBuffer, direct DRAM and L1
// access. Two launches of the loopback kernel copy DRAM → L1 → DRAM with different data. Exits 0 when both copies
// match and the command queue is refused.
#include <cstdio>
#include <cstdlib>
#include <numeric>

#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tt_metal.hpp>

using namespace tt::tt_metal;

int main() {
    setenv("TT_METAL_SLOW_DISPATCH_MODE", "1", 1);
    IDevice* device = CreateDevice(0);
    bool refused = false;
    try {
        device->command_queue();
    } catch (const std::exception&) {
        refused = true;
    }

    constexpr uint32_t kBytes = 8 * 2048;
    auto l1 = CreateBuffer(InterleavedBufferConfig{device, kBytes, kBytes, BufferType::L1});
    auto input = CreateBuffer(InterleavedBufferConfig{device, kBytes, kBytes, BufferType::DRAM});
    auto output = CreateBuffer(InterleavedBufferConfig{device, kBytes, kBytes, BufferType::DRAM});
    const CoreCoord core = {3, 5};
    Program program = CreateProgram();
    KernelHandle kernel = CreateKernel(program, "tests/programs/loopback/kernels/loopback_dram_copy.cpp", core,
                                       DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                          .noc = NOC::RISCV_0_default});
    SetRuntimeArgs(program, kernel, core, {l1->address(), input->address(), 0, output->address(), 0, kBytes});

    bool pass = refused;
    for (uint32_t round = 0; round < 2; round++) {
        std::vector<uint32_t> data(kBytes / 4);
        std::iota(data.begin(), data.end(), 1000u * (round + 1));
        detail::WriteToBuffer(input, data);
        detail::LaunchProgram(device, program);
        std::vector<uint32_t> got;
        detail::ReadFromBuffer(output, got);
        pass = pass && got == data;
    }
    // The first page of the output, read straight from its DRAM bank.
    std::vector<uint32_t> word;
    pass = pass && detail::ReadFromDeviceDRAMChannel(device, 0, output->address(), 4, word) && word.size() == 1 &&
           word[0] == 2000u;

    std::printf("slow_dispatch: command queue %s, 2 launches through detail::: %s\n", refused ? "refused" : "ALLOWED",
                pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
