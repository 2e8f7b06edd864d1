// A program whose own check fails and that aborts, as tt-metal's examples do (TT_FATAL, a failed assert): it writes
// a buffer, runs a copy, reads the result back, finds it "wrong" and calls std::abort() with its device still open.
// `aborts throw` instead leaves a tt-metal exception uncaught (std::terminate, then SIGABRT); `aborts return` returns
// 3 from main and `aborts exit` calls exit(4), as programs that report a failed check by their status do.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <vector>

#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;

int main(int argc, char** argv) {
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    constexpr uint32_t kPageBytes = 1024, kBytes = 8 * kPageBytes;
    auto buffer = CreateBuffer(InterleavedBufferConfig{device, kBytes, kPageBytes, BufferType::DRAM});
    std::vector<uint32_t> host(kBytes / 4);
    std::iota(host.begin(), host.end(), 7u);
    EnqueueWriteBuffer(cq, buffer, host, true);
    std::vector<uint32_t> back(kBytes / 4);
    EnqueueReadBuffer(cq, buffer, back.data(), true);
    std::printf("read back %s; now failing on purpose\n", back == host ? "what was written" : "something else");
    std::fflush(stdout);
    if (argc > 1 && std::strcmp(argv[1], "throw") == 0) {
        // A buffer larger than any DRAM: tt-metal throws, and nobody catches it.
        auto too_big = CreateBuffer(InterleavedBufferConfig{device, uint64_t{1} << 40, kPageBytes, BufferType::DRAM});
        std::printf("unreachable: %p\n", static_cast<void*>(too_big.get()));
    }
    if (argc > 1 && std::strcmp(argv[1], "return") == 0) return 3;
    if (argc > 1 && std::strcmp(argv[1], "exit") == 0) std::exit(4);
    std::abort();
}
