// Benchmark program (a tt-metal program like any other): writes 2 GiB of distinct payloads, 64 MiB at a time,
// into one DRAM buffer and reads the last one back. Captured, it makes a log with 2 GiB of payload. Smaller runs
// for tests: `big_writes WRITES MIB` (WRITES writes of MIB MiB each).
#include <cstdio>
#include <cstdlib>
#include <numeric>

#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;

int main(int argc, char** argv) {
    const int writes = argc > 2 ? std::atoi(argv[1]) : 32;
    const std::uint64_t mib = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 64;
    if (writes < 1 || writes > 1024 || mib < 1 || mib > 1024) {
        std::fprintf(stderr, "usage: big_writes [WRITES MIB] (1 to 1024 each; default 32 x 64)\n");
        return 2;
    }
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    const std::uint64_t bytes = mib << 20;
    auto buffer = CreateBuffer(InterleavedBufferConfig{device, bytes, 1 << 20, BufferType::DRAM});
    std::vector<std::uint32_t> data(bytes / 4);
    std::iota(data.begin(), data.end(), 0u);
    for (int i = 0; i < writes; i++) {
        data[0] = i;  // distinct content: nothing deduplicates
        EnqueueWriteBuffer(cq, buffer, data, true);
    }
    std::vector<std::uint32_t> back;
    EnqueueReadBuffer(cq, buffer, back, true);
    const bool pass = back == data;
    std::printf("big_writes: %d x %llu MiB written: %s\n", writes, static_cast<unsigned long long>(mib),
                pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
