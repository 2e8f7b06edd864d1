// Benchmark program (a tt-metal program like any other): writes 2 GiB of distinct payloads, 64 MiB at a time,
// into one DRAM buffer and reads the last one back. Captured, it makes a log with 2 GiB of payload.
#include <cstdio>
#include <numeric>

#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;

int main() {
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    constexpr std::uint64_t kBytes = 64ull << 20;
    auto buffer = CreateBuffer(InterleavedBufferConfig{device, kBytes, 1 << 20, BufferType::DRAM});
    std::vector<std::uint32_t> data(kBytes / 4);
    std::iota(data.begin(), data.end(), 0u);
    for (int i = 0; i < 32; i++) {
        data[0] = i;  // distinct content: nothing deduplicates
        EnqueueWriteBuffer(cq, buffer, data, true);
    }
    std::vector<std::uint32_t> back;
    EnqueueReadBuffer(cq, buffer, back, true);
    const bool pass = back == data;
    std::printf("big_writes: 32 x 64 MiB written: %s\n", pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
