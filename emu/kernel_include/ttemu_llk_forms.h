// tt-metal v0.56.0's forms of the LLK calls whose template parameters or arguments later releases changed (the
// math engine's datacopy, binary and matmul calls, the packer's pack and reduce configuration), over the emulator's
// implementations in ttemu_llk.h, which includes this header (TTEMU_LLK_FORMS) at its end.
#pragma once

#include "ttemu_llk.h"  // (when this header is compiled alone: ttemu_llk.h includes it at its end)

template <ckernel::DataCopyType type, ckernel::BroadcastType src_b_bcast_type = ckernel::BroadcastType::NONE,
          bool is_fp32_dest_acc_en = false, bool is_int_fpu_en = false, bool tilize = false>
ALWI void llk_math_eltwise_unary_datacopy_init(const uint32_t transpose_of_faces = 0,
                                               const uint32_t within_face_16x16_transpose = 0,
                                               const uint32_t operand = 0) {}
template <ckernel::DataCopyType type, ckernel::BroadcastType src_b_bcast_type = ckernel::BroadcastType::NONE,
          bool is_fp32_dest_acc_en = false, bool unpack_to_dest = false>
ALWI void llk_math_eltwise_unary_datacopy(uint32_t dst_index, uint32_t operand = 0) {
    ckernel::ttemu_llk_datacopy<type>(dst_index);
}

template <ckernel::EltwiseBinaryType eltwise_binary_type, ckernel::BroadcastType src_b_bcast_type,
          int NUM_FIDELITY_PHASES = 0,
          ckernel::EltwiseBinaryReuseDestType binary_reuse_dest = ckernel::EltwiseBinaryReuseDestType::NONE>
ALWI void llk_math_eltwise_binary_init(const uint32_t transpose = 0, const uint32_t acc_to_dest = 0) {}
template <ckernel::EltwiseBinaryType eltwise_binary_type, ckernel::BroadcastType src_b_bcast_type,
          int NUM_FIDELITY_PHASES = 0,
          ckernel::EltwiseBinaryReuseDestType binary_reuse_dest = ckernel::EltwiseBinaryReuseDestType::NONE,
          bool is_fp32_dest_acc_en = false>
ALWI void llk_math_eltwise_binary(uint32_t dst_index, const bool clear_fp32_dst_acc = true) {
    ckernel::ttemu_llk_binary<eltwise_binary_type, binary_reuse_dest>(dst_index);
}

template <int NUM_FIDELITY_PHASES>
ALWI void llk_math_matmul_init(const uint32_t operandA = 0, const uint32_t operandB = 1, const uint32_t transpose = 0,
                               const uint32_t ct_dim = 1, const uint32_t rt_dim = 1, const uint32_t kt_dim = 1) {}
// The transpose and kt_dim are the call's own.
template <int NUM_FIDELITY_PHASES, uint32_t num_faces = 4>
ALWI void llk_math_matmul(const uint32_t dst_index, const bool transpose = false, const uint32_t ct_dim = 1,
                          const uint32_t rt_dim = 1, const uint32_t kt_dim = 1) {
    ckernel::ttemu_llk_matmul(dst_index, transpose, ct_dim, rt_dim, kt_dim);
}

// The reduce packer's edge masks: the emulator's reduce_tile leaves DST as the packer would mask it.
template <ckernel::ReduceDim dim, bool at_kernel_start = false, bool revert = false, bool is_fp32_dest_acc_en = false>
ALWI void llk_pack_reduce_config_v2(uint32_t icb_out) {}

// DST[tile_index] into `output`: at output_tile_index from the CB's write pointer (out of order), or at the next
// position (in order), as pack_tile.
template <bool out_of_order_output = false, bool untilize = false, bool is_fp32_dest_acc_en = false>
ALWI void llk_pack(uint32_t tile_index, uint32_t output, uint32_t output_tile_index = 0) {
    ckernel::pack_tile<out_of_order_output>(tile_index, output, output_tile_index);
}
