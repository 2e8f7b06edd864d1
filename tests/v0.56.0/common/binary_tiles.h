// Host-side helpers shared by several example programs: place a reader → compute → writer kernel trio with its CBs
// (0 and 1 in, 16 out).
//   AddBinaryTileKernels: shared_kernels/ on a set of cores, bfloat16 tiles. The caller sets runtime args:
//     reader {a, b, tiles, first}, writer {out, tiles, first}, compute {tiles}.
//   AddMatmulKernels: matmul_single_core's single-core matmul, tiles of any format, with its runtime args.
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
    k.reader = CreateKernel(program, "tests/v0.56.0/shared_kernels/reader_binary_tiles.cpp", cores,
                            DataMovementConfig{.processor = DataMovementProcessor::RISCV_1, .noc = NOC::RISCV_1_default});
    k.writer = CreateKernel(program, "tests/v0.56.0/shared_kernels/writer_unary_tiles.cpp", cores,
                            DataMovementConfig{.processor = DataMovementProcessor::RISCV_0, .noc = NOC::RISCV_0_default});
    k.compute = CreateKernel(program, "tests/v0.56.0/shared_kernels/compute_binary_tiles.cpp", cores,
                             ComputeConfig{.math_fidelity = MathFidelity::HiFi4,
                                           .defines = {{"ELTWISE_OP", op}, {"ELTWISE_OP_TYPE", op_type}}});
    return k;
}

// C = A × B on one core, Mt × Kt × Nt tiles of `format` (one tile per DRAM page), double-buffered CBs.
inline void AddMatmulKernels(tt::tt_metal::Program& program, CoreCoord core, tt::DataFormat format,
                             const tt::tt_metal::Buffer& a, const tt::tt_metal::Buffer& b, const tt::tt_metal::Buffer& c,
                             uint32_t Mt, uint32_t Kt, uint32_t Nt) {
    using namespace tt::tt_metal;
    const uint32_t tile_bytes = tt::tile_size(format);
    for (uint8_t cb : {tt::CBIndex::c_0, tt::CBIndex::c_1, tt::CBIndex::c_16})
        CreateCircularBuffer(program, core,
                             CircularBufferConfig(2 * tile_bytes, {{cb, format}}).set_page_size(cb, tile_bytes));
    KernelHandle reader = CreateKernel(program, "tests/v0.56.0/matmul_single_core/kernels/reader_matmul.cpp", core,
                                       DataMovementConfig{.processor = DataMovementProcessor::RISCV_1,
                                                          .noc = NOC::RISCV_1_default});
    KernelHandle writer = CreateKernel(program, "tests/v0.56.0/shared_kernels/writer_unary_tiles.cpp", core,
                                       DataMovementConfig{.processor = DataMovementProcessor::RISCV_0,
                                                          .noc = NOC::RISCV_0_default});
    CreateKernel(program, "tests/v0.56.0/matmul_single_core/kernels/bmm.cpp", core,
                 ComputeConfig{.math_fidelity = MathFidelity::HiFi4, .compile_args = {Mt, Kt, Nt}});
    SetRuntimeArgs(program, reader, core, {a.address(), b.address(), Mt, Kt, Nt});
    SetRuntimeArgs(program, writer, core, {c.address(), Mt * Nt, 0});
}

}  // namespace examples
