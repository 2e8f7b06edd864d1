// Multi-core copy: 1000 tile-sized pages of an interleaved DRAM buffer are split over the 8×8 worker grid;
// on each core a reader kernel streams its pages into a circular buffer and a writer kernel drains it into
// the output buffer. Exits 0 when the output equals the input.
#include <cstdio>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/work_split.hpp>

using namespace tt::tt_metal;

int main() {
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    Program program = CreateProgram();

    constexpr uint32_t kPages = 1000, kPageBytes = 2048;
    auto input = CreateBuffer(InterleavedBufferConfig{device, kPages * kPageBytes, kPageBytes, BufferType::DRAM});
    auto output = CreateBuffer(InterleavedBufferConfig{device, kPages * kPageBytes, kPageBytes, BufferType::DRAM});

    const CoreCoord grid = device->compute_with_storage_grid_size();
    auto [num_cores, all_cores, group_1, group_2, pages_per_core_1, pages_per_core_2] =
        split_work_to_cores(grid, kPages, true);

    constexpr uint32_t cb_index = tt::CBIndex::c_0;
    CreateCircularBuffer(program, all_cores,
                         CircularBufferConfig(4 * kPageBytes, {{cb_index, tt::DataFormat::Float16_b}})
                             .set_page_size(cb_index, kPageBytes));
    KernelHandle reader = CreateKernel(program, "tests/v0.56.0/multicore_copy/kernels/reader_pages.cpp", all_cores,
                                       DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                                                          .noc = NOC::RISCV_1_default,
                                                          .compile_args = {cb_index}});
    KernelHandle writer = CreateKernel(program, "tests/v0.56.0/multicore_copy/kernels/writer_pages.cpp", all_cores,
                                       DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                          .noc = NOC::RISCV_0_default,
                                                          .compile_args = {cb_index}});

    uint32_t start = 0;
    for (const CoreCoord& core : corerange_to_cores(all_cores, num_cores, true)) {
        const uint32_t count = group_1.contains(core) ? pages_per_core_1 : pages_per_core_2;
        SetRuntimeArgs(program, reader, core, {input->address(), start, count});
        SetRuntimeArgs(program, writer, core, {output->address(), start, count});
        start += count;
    }

    std::vector<uint32_t> src = create_random_vector_of_bfloat16(kPages * kPageBytes, 1000, 7);
    EnqueueWriteBuffer(cq, input, src, false);
    EnqueueProgram(cq, program, false);
    std::vector<uint32_t> result;
    EnqueueReadBuffer(cq, output, result, true);

    const bool pass = start == kPages && result == src;
    std::printf("multicore_copy: %u pages on %u cores (%u x %u + %u x %u): %s\n", kPages, num_cores,
                group_1.num_cores(), pages_per_core_1, group_2.num_cores(), pages_per_core_2, pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
