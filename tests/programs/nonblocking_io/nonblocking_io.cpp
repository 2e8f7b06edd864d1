// Non-blocking I/O: buffers are written without blocking (the host reuses its vectors at once), two copy
// programs run, and the results are read back without blocking; a single Finish makes everything final.
// A second round exercises sub-buffer writes and reads. Exits 0 when every read matches what was written.
#include <cstdio>
#include <numeric>

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
        KernelHandle k = CreateKernel(program, "tests/programs/nonblocking_io/kernels/copy_interleaved.cpp", core,
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

    std::printf("nonblocking_io: 2 programs, 4 non-blocking writes, 4 non-blocking reads: %s\n", pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
