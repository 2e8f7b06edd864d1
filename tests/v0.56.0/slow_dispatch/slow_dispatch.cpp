// Slow dispatch: with TT_METAL_SLOW_DISPATCH_MODE set (the program sets it before tt-metal reads it), the device has
// no command queue and the detail:: path serves: WriteToBuffer, LaunchProgram (both forms), ReadFromBuffer,
// WriteRuntimeArgsToDevice, ConfigureDeviceWithProgram, direct DRAM and L1 access. Two launches of the loopback
// kernel copy DRAM → L1 → DRAM with different data. Exits 0 when both copies match, the command queue is refused,
// a fast-dispatch call is refused and so are a buffer larger than any device and a kernel on cores no device has.
#include <cstdio>
#include <cstdlib>
#include <memory>
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
    auto shared = std::make_shared<Program>(CreateProgram());
    Program& program = *shared;
    KernelHandle kernel = CreateKernel(program, "tests/v0.56.0/loopback/kernels/loopback_dram_copy.cpp", core,
                                       DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                          .noc = NOC::RISCV_0_default});
    SetRuntimeArgs(program, kernel, core, {l1->address(), input->address(), 0, output->address(), 0, kBytes});

    // A fast-dispatch call in a slow-dispatch process is refused (tt-metal: "Mixing fast and slow dispatch").
    bool mixing_refused = false;
    try {
        detail::ConfigureDeviceWithProgram(device, program, /*fd_bootloader_mode=*/true);
    } catch (const std::exception&) {
        mixing_refused = true;
    }
    detail::ConfigureDeviceWithProgram(device, program);
    detail::WriteRuntimeArgsToDevice(device, program);

    // More memory than any device has is refused (tt-metal: out of memory); the log keeps the call that threw, and
    // its replay must accept it and throw again (player/device_limits.h).
    bool huge_refused = false;
    try {
        CreateBuffer(InterleavedBufferConfig{device, uint64_t{1} << 47, 2048, BufferType::DRAM});
    } catch (const std::exception&) {
        huge_refused = true;
    }

    // So is a kernel on cores past any device's grid (NOC coordinates end at 63); the log keeps that call too, and
    // its replay must accept it without handing tt-metal the range (values/cores.h).
    bool cores_refused = false;
    try {
        Program probe = CreateProgram();
        CreateKernel(probe, "tests/v0.56.0/loopback/kernels/loopback_dram_copy.cpp", CoreRange({0, 0}, {99, 99}),
                     DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default});
    } catch (const std::exception&) {
        cores_refused = true;
    }

    bool pass = refused && mixing_refused && huge_refused && cores_refused;
    for (uint32_t round = 0; round < 2; round++) {
        std::vector<uint32_t> data(kBytes / 4);
        std::iota(data.begin(), data.end(), 1000u * (round + 1));
        detail::WriteToBuffer(input, data);
        if (round == 0)
            detail::LaunchProgram(device, program);
        else
            detail::LaunchProgram(device, shared);
        std::vector<uint32_t> got;
        detail::ReadFromBuffer(output, got);
        pass = pass && got == data;
    }
    // The first page of the output, read straight from its DRAM bank.
    std::vector<uint32_t> word;
    pass = pass && detail::ReadFromDeviceDRAMChannel(device, 0, output->address(), 4, word) && word.size() == 1 &&
           word[0] == 2000u;

    std::printf("slow_dispatch: command queue %s, fast-dispatch call %s, 2 launches through detail::: %s\n",
                refused ? "refused" : "ALLOWED", mixing_refused ? "refused" : "ALLOWED", pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
