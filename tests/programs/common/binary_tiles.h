// Host-side helper shared by several example programs: places the reader → compute → writer kernel trio of
// shared_kernels/ (CBs 0 and 1 in, CB 16 out, bfloat16 tiles) on a set of cores. The caller sets runtime args:
//   reader {a, b, tiles, first}, writer {out, tiles, first}, compute {tiles}.
#pragma once

#include <variant>

#include <tt-metalium/host_api.hpp>

namespace examples {

struct BinaryTileKernels {
    tt::tt_metal::KernelHandle reader, writer, compute;
};

// `op` is the compute call (add_tiles, sub_tiles, mul_tiles), `op_type` its EltwiseBinaryType.
inline BinaryTileKernels AddBinaryTileKernels(tt::tt_metal::Program& program,
                                              const std::variant<CoreCoord, CoreRange, CoreRangeSet>& cores,
                                              uint32_t cb_tiles, const char* op, const char* op_type) {
    using namespace tt::tt_metal;
    constexpr uint32_t kTileBytes = 2048;
    for (uint8_t cb : {tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_16})
        CreateCircularBuffer(program, cores,
                             CircularBufferConfig(cb_tiles * kTileBytes, {{cb, tt::DataFormat::Float16_b}})
                                 .set_page_size(cb, kTileBytes));
    BinaryTileKernels k;
    k.reader = CreateKernel(program, "tests/programs/shared_kernels/reader_binary_tiles.cpp", cores,
                            DataMovementConfig{.processor = DataMovementProcessor::RISCV_1, .noc = NOC::RISCV_1_default});
    k.writer = CreateKernel(program, "tests/programs/shared_kernels/writer_unary_tiles.cpp", cores,
                            DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default});
    k.compute = CreateKernel(program, "tests/programs/shared_kernels/compute_binary_tiles.cpp", cores,
                             ComputeConfig{.math_fidelity = MathFidelity::HiFi4,
                                           .defines = {{"ELTWISE_OP", op}, {"ELTWISE_OP_TYPE", op_type}}});
    return k;
}

}  // namespace examples
