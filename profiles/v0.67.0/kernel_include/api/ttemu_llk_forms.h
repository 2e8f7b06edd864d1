// tt-metal v0.67.0's forms of the LLK calls whose template parameters or arguments differ from v0.56.0's
// (ttemu_llk_forms.h at the include root): the fp32-accumulation flag comes right after the operation's type, math
// fidelity is a ckernel::MathFidelity (MATH_FIDELITY's type in v0.67.0 kernels), a matmul's transpose is set by its
// init and its kt_dim by the unpacker, and the hardware configuration calls take their v0.67.0 names. The
// emulator's implementations are ttemu_llk.h's, which includes this header (the v0.67.0 prelude names it as
// TTEMU_LLK_FORMS).
#pragma once

// (When this header is compiled alone: ttemu_llk.h includes it at its end, so it must name this one.)
#ifndef TTEMU_LLK_FORMS
#define TTEMU_LLK_FORMS "api/ttemu_llk_forms.h"
#endif
#include "ttemu_llk.h"

namespace ckernel {
enum class MathFidelity : uint8_t { LoFi = 0, HiFi2 = 2, HiFi3 = 3, HiFi4 = 4 };
}  // namespace ckernel

// ---- Unpack
template <bool is_fp32_dest_acc_en, bool disable_src_zero_flag = false>
ALWI void llk_unpack_hw_configure(const uint32_t unpA_operand) {}
template <bool is_fp32_dest_acc_en, bool disable_src_zero_flag = false>
ALWI void llk_unpack_hw_configure(const uint32_t unpA_operand, const uint32_t unpB_operand) {}
ALWI void llk_unpack_untilize_uninit() {}

// ---- Math
template <bool is_fp32_dest_acc_en>
ALWI void llk_math_hw_configure(const uint32_t srca_operand, const uint32_t srcb_operand) {}

template <ckernel::DataCopyType type, bool is_fp32_dest_acc_en,
          ckernel::BroadcastType src_b_bcast_type = ckernel::BroadcastType::NONE, bool is_int_fpu_en = false,
          bool tilize = false>
ALWI void llk_math_eltwise_unary_datacopy_init(const uint32_t operand = 0) {}
template <ckernel::DataCopyType type, bool is_fp32_dest_acc_en,
          ckernel::BroadcastType src_b_bcast_type = ckernel::BroadcastType::NONE, bool unpack_to_dest = false>
ALWI void llk_math_eltwise_unary_datacopy(uint32_t dst_index, uint32_t operand = 0) {
    ckernel::ttemu_llk_datacopy<type>(dst_index);
}
template <ckernel::DataCopyType type, bool is_fp32_dest_acc_en,
          ckernel::BroadcastType src_b_bcast_type = ckernel::BroadcastType::NONE, bool unpack_to_dest = false>
TTEMU_LOOP_FN void llk_math_eltwise_unary_datacopy_block(uint32_t start_dst_index, uint32_t ntiles, uint32_t operand = 0) {
    for (uint32_t i = 0; i < ntiles; i++) ckernel::ttemu_llk_datacopy<type>(start_dst_index + i);
}

template <ckernel::EltwiseBinaryType eltwise_binary_type, ckernel::BroadcastType src_b_bcast_type,
          ckernel::MathFidelity math_fidelity,
          ckernel::EltwiseBinaryReuseDestType binary_reuse_dest = ckernel::EltwiseBinaryReuseDestType::NONE>
ALWI void llk_math_eltwise_binary_init(const uint32_t acc_to_dest = 0) {}
template <ckernel::EltwiseBinaryType eltwise_binary_type, ckernel::BroadcastType src_b_bcast_type,
          ckernel::MathFidelity math_fidelity,
          ckernel::EltwiseBinaryReuseDestType binary_reuse_dest = ckernel::EltwiseBinaryReuseDestType::NONE>
ALWI void llk_math_eltwise_binary_init_with_operands(const uint32_t operand_A, const uint32_t operand_B,
                                                     const uint32_t acc_to_dest = 0) {}
template <ckernel::EltwiseBinaryType eltwise_binary_type, ckernel::BroadcastType src_b_bcast_type,
          bool is_fp32_dest_acc_en, ckernel::MathFidelity math_fidelity,
          ckernel::EltwiseBinaryReuseDestType binary_reuse_dest = ckernel::EltwiseBinaryReuseDestType::NONE>
ALWI void llk_math_eltwise_binary(uint32_t dst_index, const bool clear_fp32_dst_acc = true) {
    ckernel::ttemu_llk_binary<eltwise_binary_type, binary_reuse_dest>(dst_index);
}
template <ckernel::EltwiseBinaryType eltwise_binary_type, ckernel::BroadcastType src_b_bcast_type,
          bool is_fp32_dest_acc_en, ckernel::MathFidelity math_fidelity,
          ckernel::EltwiseBinaryReuseDestType binary_reuse_dest = ckernel::EltwiseBinaryReuseDestType::NONE>
ALWI void llk_math_eltwise_binary(const uint32_t operand_A, const uint32_t operand_B, uint32_t dst_index,
                                  const bool clear_fp32_dst_acc = true) {
    ckernel::ttemu_llk_binary<eltwise_binary_type, binary_reuse_dest>(dst_index);
}

// The transpose is the init's; kt_dim the last llk_unpack_AB_matmul's.
template <ckernel::MathFidelity math_fidelity, int THROTTLE_LEVEL = 0>
ALWI void llk_math_matmul_init(const uint32_t operandA = 0, const uint32_t operandB = 1, const uint32_t transpose = 0,
                               const uint32_t ct_dim = 1, const uint32_t rt_dim = 1) {
    ckernel::ttemu_state().mm_transpose = transpose;
}
template <ckernel::MathFidelity math_fidelity, int THROTTLE_LEVEL = 0, uint32_t num_faces = 4>
ALWI void llk_math_matmul(const uint32_t dst_index, const uint32_t ct_dim = 1, const uint32_t rt_dim = 1) {
    const auto& st = ckernel::ttemu_state();
    ckernel::ttemu_llk_matmul(dst_index, st.mm_transpose != 0, ct_dim, rt_dim, st.mm_kt_dim ? st.mm_kt_dim : 1);
}

// ---- Pack
template <bool is_fp32_dest_acc_en>
ALWI void llk_pack_hw_configure(const uint32_t pack_output) {}
// The reduce packer's edge masks: the emulator's reduce_tile leaves DST as the packer would mask it.
template <ckernel::ReduceDim dim, bool is_fp32_dest_acc_en, bool at_kernel_start = false, bool revert = false>
ALWI void llk_pack_reduce_config_v2(uint32_t icb_out) {}
// DST[tile_index] into `output`: at output_tile_index from the CB's write pointer (out of order), or at the next
// position (in order), as pack_tile.
template <bool is_fp32_dest_acc_en, bool out_of_order_output = false, bool untilize = false>
ALWI void llk_pack(uint32_t tile_index, uint32_t output, uint32_t output_tile_index = 0) {
    ckernel::pack_tile<out_of_order_output>(tile_index, output, output_tile_index);
}
