// SFPU unary: exp() of a 64-tile bfloat16 vector on one core, checked against the host's expf with the 2%
// tolerance of tt-metal's example. Exits 0 on a match.
#include <cmath>
#include <cstdio>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;

int main() {
    IDevice* device = CreateDevice(0);
    CommandQueue& cq = device->command_queue();
    Program program = CreateProgram();
    const CoreCoord core = {0, 0};
    constexpr uint32_t kTiles = 64, kTileBytes = 2048, kBytes = kTiles * kTileBytes;

    auto src = CreateBuffer(InterleavedBufferConfig{device, kBytes, kTileBytes, BufferType::DRAM});
    auto dst = CreateBuffer(InterleavedBufferConfig{device, kBytes, kTileBytes, BufferType::DRAM});
    for (uint8_t cb : {tt::CBIndex::c_0, tt::CBIndex::c_16})
        CreateCircularBuffer(program, core,
                             CircularBufferConfig(2 * kTileBytes, {{cb, tt::DataFormat::Float16_b}})
                                 .set_page_size(cb, kTileBytes));

    KernelHandle reader = CreateKernel(program, "tests/v0.56.0/shared_kernels/reader_unary_tiles.cpp", core,
                                       DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                                                          .noc = NOC::RISCV_1_default});
    KernelHandle writer = CreateKernel(program, "tests/v0.56.0/shared_kernels/writer_unary_tiles.cpp", core,
                                       DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                          .noc = NOC::RISCV_0_default});
    CreateKernel(program, "tests/v0.56.0/eltwise_sfpu/kernels/eltwise_sfpu.cpp", core,
                 ComputeConfig{.math_approx_mode = false,
                               .compile_args = {kTiles, 1},
                               .defines = {{"SFPU_OP_EXP_INCLUDE", "1"},
                                           {"SFPU_OP_CHAIN_0", "exp_tile_init(); exp_tile(0);"}}});
    SetRuntimeArgs(program, reader, core, {src->address(), kTiles, 0});
    SetRuntimeArgs(program, writer, core, {dst->address(), kTiles, 0});

    std::vector<bfloat16> input = create_random_vector_of_bfloat16_native(kBytes, 4.0f, 3, -2.0f);
    EnqueueWriteBuffer(cq, src, input, false);
    EnqueueProgram(cq, program, false);
    Finish(cq);
    std::vector<bfloat16> result;
    EnqueueReadBuffer(cq, dst, result, true);

    bool pass = result.size() == input.size();
    for (size_t i = 0; pass && i < input.size(); i++) {
        const float want = std::exp(input[i].to_float());
        if (std::fabs(result[i].to_float() - want) > 0.02f * want) {
            std::printf("element %zu: exp(%f) = %f, got %f\n", i, input[i].to_float(), want, result[i].to_float());
            pass = false;
        }
    }
    std::printf("eltwise_sfpu: exp() of %u tiles: %s\n", kTiles, pass ? "PASS" : "FAIL");
    CloseDevice(device);
    return pass ? 0 : 1;
}
