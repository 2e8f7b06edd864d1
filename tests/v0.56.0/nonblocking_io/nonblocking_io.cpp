// Non-blocking I/O: buffers are written without blocking (the host reuses its vectors at once), two copy
// programs run, and the results are read back without blocking; a single Finish makes everything final.
// A second round exercises sub-buffer writes and reads. In a third, another thread rewrites the source while a
// non-blocking write runs: the device gets some mix of the two patterns, and a capture must log exactly the bytes
// the device got (the replay compares the read-back). Exits 0 when every read matches what was written.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <numeric>
#include <thread>

#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;

int main() {
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    constexpr uint32_t kPages = 96, kPageBytes = 1024, kBytes = kPages * kPageBytes;

    auto dram_in = CreateBuffer(InterleavedBufferConfig{device, kBytes, kPageBytes, BufferType::DRAM});
    auto l1_in = CreateBuffer(InterleavedBufferConfig{device, kBytes, kPageBytes, BufferType::L1});
    auto dram_out_a = CreateBuffer(InterleavedBufferConfig{device, kBytes, kPageBytes, BufferType::DRAM});
    auto dram_out_b = CreateBuffer(InterleavedBufferConfig{device, kBytes, kPageBytes, BufferType::DRAM});

    std::vector<uint32_t> host(kBytes / 4);
    std::iota(host.begin(), host.end(), 1u);
    const std::vector<uint32_t> expect_a = host;
    EnqueueWriteBuffer(cq, dram_in, host, false);
    for (auto& w : host) w = w * 3 + 5;  // reused at once: the enqueued write must not see this
    const std::vector<uint32_t> expect_b = host;
    EnqueueWriteBuffer(cq, l1_in, host, false);

    auto copy_program = [&](const std::shared_ptr<Buffer>& src, bool src_dram, const std::shared_ptr<Buffer>& dst,
                            CoreCoord core) {
        Program program = CreateProgram();
        CreateCircularBuffer(program, core,
                             CircularBufferConfig(2 * kPageBytes, {{tt::CBIndex::c_0, tt::DataFormat::UInt32}})
                                 .set_page_size(tt::CBIndex::c_0, kPageBytes));
        KernelHandle k = CreateKernel(program, "tests/v0.56.0/nonblocking_io/kernels/copy_interleaved.cpp", core,
                                      DataMovementConfig{.processor = DataMovementProcessor::RISCV_0});
        SetRuntimeArgs(program, k, core, {src->address(), src_dram ? 1u : 0u, dst->address(), kPages, kPageBytes});
        return program;
    };
    Program first = copy_program(dram_in, true, dram_out_a, {1, 1});
    Program second = copy_program(l1_in, false, dram_out_b, {6, 3});
    EnqueueProgram(cq, first, false);
    EnqueueProgram(cq, second, false);

    std::vector<uint32_t> got_a(kBytes / 4), got_b(kBytes / 4);
    EnqueueReadBuffer(cq, dram_out_a, got_a.data(), false);
    EnqueueReadBuffer(cq, dram_out_b, got_b.data(), false);
    Finish(cq);
    bool pass = got_a == expect_a && got_b == expect_b;

    // Round two: patch the middle of the DRAM input through a sub-buffer write, and read back windows of it.
    std::vector<uint32_t> patch(kPageBytes / 4 * 3, 0xABCD1234u);
    const BufferRegion region(10 * kPageBytes, patch.size() * 4);
    EnqueueWriteSubBuffer(cq, dram_in, patch, region, false);
    std::vector<uint32_t> window(region.size / 4), around(kPageBytes / 4);
    EnqueueReadSubBuffer(cq, *dram_in, window, region, false);
    EnqueueReadSubBuffer(cq, *dram_in, around, BufferRegion(9 * kPageBytes, kPageBytes), false);
    Finish(cq);
    pass = pass && window == patch &&
           std::equal(around.begin(), around.end(), expect_a.begin() + 9 * kPageBytes / 4);

    // Round three: the source changes under the write. Every byte is 0x11 or 0x22 whenever it is read.
    std::vector<uint32_t> racing(kBytes / 4, 0x11111111u);
    std::atomic<bool> stop{false};
    std::atomic<uint64_t> flips{0};
    std::thread flipper([&] {
        volatile uint32_t* words = racing.data();
        for (uint32_t value = 0x22222222u; !stop.load(std::memory_order_relaxed); value ^= 0x33333333u) {
            for (std::size_t i = 0; i < racing.size(); i++) words[i] = value;
            flips.fetch_add(1, std::memory_order_relaxed);
        }
    });
    while (flips.load() < 2) std::this_thread::yield();
    EnqueueWriteBuffer(cq, dram_out_a, racing.data(), false);
    stop = true;
    flipper.join();
    std::vector<uint8_t> raced(kBytes);
    EnqueueReadBuffer(cq, dram_out_a, raced.data(), true);
    pass = pass && std::all_of(raced.begin(), raced.end(), [](uint8_t b) { return b == 0x11 || b == 0x22; });

    std::printf("nonblocking_io: 2 programs, 5 non-blocking writes, 4 non-blocking reads: %s\n", pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
