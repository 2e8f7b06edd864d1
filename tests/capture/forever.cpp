// Runs write → program → read rounds until it is killed; prints "running" once the first round is done.
// The kill test captures it, kills it with SIGKILL, and checks the log is readable up to the cut.
//   forever [PAUSE_MS]    pause between rounds (a program that calls tt-metal slowly: its batches never fill)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;

int main(int argc, char** argv) {
    const int pause_ms = argc > 1 ? std::atoi(argv[1]) : 0;
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    auto buffer = CreateBuffer(InterleavedBufferConfig{device, 4096, 1024, BufferType::DRAM});
    Program program = CreateProgram();
    CreateCircularBuffer(program, CoreCoord{0, 0},
                         CircularBufferConfig(4096, {{0, tt::DataFormat::UInt32}}).set_page_size(0, 4096));
    KernelHandle k = CreateKernel(program, "tests/capture/kernels/write_marker.cpp", CoreCoord{0, 0}, DataMovementConfig{});
    std::vector<uint32_t> data(1024), back;
    for (uint32_t round = 0;; round++) {
        data[1] = round;
        EnqueueWriteBuffer(cq, buffer, data, false);
        SetRuntimeArgs(program, k, CoreCoord{0, 0}, {round, buffer->address()});
        EnqueueProgram(cq, program, false);
        EnqueueReadBuffer(cq, buffer, back, true);
        if (pause_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms));
        if (round == 0) {
            std::printf("running\n");
            std::fflush(stdout);
        }
    }
}
