// Kernels that include helpers through TT_METAL_HOME, as ttnn's kernels include theirs: tt-metal's kernel build has
// TT_METAL_HOME, its ttnn/ and its tt_metal/ on the include path. One kernel lies beside this program, one in the
// home (named relative to it). The test runs with TT_METAL_HOME=tests/v0.56.0/home_includes/home; the replay runs
// where that relative path leads nowhere, so it has only what the log recorded.
// Exits 0 when both buffers hold 3 * i + 7, 1 otherwise.
#include <cstdio>
#include <cstdlib>

#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;

int main() {
    if (!std::getenv("TT_METAL_HOME")) {
        std::fprintf(stderr, "home_includes: set TT_METAL_HOME to tests/v0.56.0/home_includes/home\n");
        return 1;
    }
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    constexpr uint32_t kWords = 256, kBytes = kWords * 4;
    bool pass = true;
    const char* kernels[] = {"tests/v0.56.0/home_includes/kernels/write_sequence.cpp",
                             "ttnn/kernels/write_sequence_in_home.cpp"};
    for (uint32_t k = 0; k < 2; k++) {
        Program program = CreateProgram();
        const CoreCoord core = {k, 1};
        KernelHandle kernel = CreateKernel(program, kernels[k], core, DataMovementConfig{});
        auto l1 = CreateBuffer(InterleavedBufferConfig{device, kBytes, kBytes, BufferType::L1});
        auto out = CreateBuffer(InterleavedBufferConfig{device, kBytes, kBytes, BufferType::DRAM});
        const uint32_t first = 100 * k;
        SetRuntimeArgs(program, kernel, core, {out->address(), l1->address(), kWords, first});
        EnqueueProgram(cq, program, false);
        std::vector<uint32_t> got;
        EnqueueReadBuffer(cq, out, got, true);
        for (uint32_t i = 0; i < kWords; i++) pass = pass && got[i] == 3 * (first + i) + 7;
    }
    std::printf("home_includes: kernels built with TT_METAL_HOME's include roots: %s\n", pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
