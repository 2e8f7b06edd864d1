// A call-bound host loop shaped like a TTNN model's for replay_bench (not a test): one program of a reader and a
// writer kernel on four cores, launched once per "op" after the op's runtime arguments are set — a few calls per op,
// each cheap, the kernels doing next to nothing — with the queue finished every 32 ops and once at the end.
//   op_loop [OPS]   (default 4000)
// Prints "op_loop: N ops, M calls in S s" (its own time from the device's opening to its closing).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <tt-metalium/host_api.hpp>
#include <vector>

using namespace tt::tt_metal;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
    const long ops = argc > 1 ? std::atol(argv[1]) : 4000;
    if (ops < 1) {
        std::fprintf(stderr, "usage: op_loop [OPS >= 1]\n");
        return 2;
    }
    const auto start = Clock::now();
    long calls = 0;
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    Program program = CreateProgram();
    const CoreRange cores({0, 0}, {1, 1});
    const char* source =
        "#include <cstdint>\n#include \"dataflow_api.h\"\n"
        "void kernel_main() { volatile uint32_t a = get_arg_val<uint32_t>(0); (void)a; }\n";
    const KernelHandle reader = CreateKernelFromString(
        program, source, cores,
        DataMovementConfig{.processor = DataMovementProcessor::RISCV_1, .noc = NOC::RISCV_1_default});
    const KernelHandle writer = CreateKernelFromString(
        program, source, cores,
        DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default});
    calls += 4;
    std::vector<uint32_t> args(6);
    for (long op = 0; op < ops; op++) {
        // What an op does each time it runs: new addresses and counts in every core's arguments, then the launch.
        for (const KernelHandle k : {reader, writer})
            for (uint32_t x = 0; x <= 1; x++)
                for (uint32_t y = 0; y <= 1; y++) {
                    for (uint32_t i = 0; i < args.size(); i++) args[i] = static_cast<uint32_t>(op * 16 + x * 4 + y + i);
                    SetRuntimeArgs(program, k, CoreCoord{x, y}, args);
                    calls++;
                }
        EnqueueProgram(cq, program, false);
        calls++;
        if (op % 32 == 31) Finish(cq), calls++;
    }
    Finish(cq);
    CloseDevice(device);
    calls += 2;
    std::printf("op_loop: %ld ops, %ld calls in %.3f s\n", ops, calls,
                std::chrono::duration<double>(Clock::now() - start).count());
    return 0;
}
