// tt-metal's low-level kernel (LLK) calls, for compute kernels that drive the unpacker, math engine and packer
// directly instead of through compute_kernel_api (llk_unpack_A/AB, llk_math_eltwise_unary_datacopy,
// llk_math_eltwise_binary, llk_math_matmul, llk_pack, the CB io calls and the synchronisation and configuration
// calls around them). The model:
//   unpack  llk_unpack_A / _AB / _tilize / _untilize fill the source registers (srcA, and srcB with the requested
//           broadcast);
//   math    datacopy moves srcA (A2D) or srcB (B2D) into DST, binary ops write srcA op srcB into DST;
//   pack    llk_pack writes a DST tile into a CB, in order or at an index.
// In a kernel running whole (MAIN) these happen in program order. In a split kernel (unpack_main, math_main,
// pack_main on three threads) the unpacker hands each load to math, and math's wait-for-dest / section-done hand
// DST to the packer's wait-for-math / section-done, as on the device (ttemu_compute_core.h). Hardware
// configuration calls have nothing to do here.
//   UNPACK((llk_unpack_AB(cb0, cb1, 0, 0)));  MATH((llk_math_eltwise_binary<ELWADD, BroadcastType::NONE>(0)));
#pragma once

#include <stdint.h>
#include <string.h>

#include "compute_kernel_api/eltwise_binary.h"
#include "compute_kernel_api/matmul.h"
#include "compute_kernel_api/pack.h"
#include "compute_kernel_api/tilize.h"
#include "ttemu_compute_core.h"

namespace ckernel {

enum DataCopyType { A2D, B2D };
enum DstTileFaceLayout { RowMajor, ColMajor };
enum class StochRndType { None = 0, Fpu = 1, Pack = 2, All = 0xf };

// srcB as the unpacker leaves it for a broadcast: the source tile's first row (ROW), first column (COL) or first
// element (SCALAR) repeated over the tile.
TTEMU_LOOP_FN void ttemu_broadcast_into(const uint32_t* tile, BroadcastType type, uint32_t* out) {
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 32; c++) {
            const uint32_t sr = type == BroadcastType::ROW || type == BroadcastType::SCALAR ? 0 : r;
            const uint32_t sc = type == BroadcastType::COL || type == BroadcastType::SCALAR ? 0 : c;
            out[ttemu_face_index(r, c)] = tile[ttemu_face_index(sr, sc)];
        }
}

}  // namespace ckernel

// ---- Unpack
template <ckernel::BroadcastType BType = ckernel::BroadcastType::NONE, bool acc_to_dest = false,
          ckernel::EltwiseBinaryReuseDestType binary_reuse_dest = ckernel::EltwiseBinaryReuseDestType::NONE,
          bool unpack_to_dest = false>
ALWI void llk_unpack_A_init(const uint32_t transpose_of_faces = 0, const uint32_t within_face_16x16_transpose = 0,
                            const uint32_t operand = 0) {}

// Tile `tile_index` at the front of `operand` into srcA, and (broadcast by BType) into srcB, so a following datacopy
// from either source sees it.
template <ckernel::BroadcastType BType = ckernel::BroadcastType::NONE, bool acc_to_dest = false,
          ckernel::EltwiseBinaryReuseDestType binary_reuse_dest = ckernel::EltwiseBinaryReuseDestType::NONE,
          bool unpack_to_dest = false>
ALWI void llk_unpack_A(const uint32_t operand, const uint32_t tile_index, const bool transpose_of_faces = 0) {
    auto& st = ckernel::ttemu_state();
    ckernel::ttemu_srcs_begin_load();
    st.src_a_int = ckernel::ttemu_unpack_to(int32_t(operand), tile_index, st.src_a);
    ckernel::ttemu_broadcast_into(st.src_a, BType, st.src_b);
    st.src_b_int = st.src_a_int;
    ckernel::ttemu_srcs_loaded();
}

template <ckernel::BroadcastType BType = ckernel::BroadcastType::NONE>
ALWI void llk_unpack_AB_init(const uint32_t operandA, const uint32_t operandB, const uint32_t transpose = 0,
                             const uint32_t acc_to_dest = 0) {}

// A's tile into srcA, B's tile broadcast by BType into srcB.
template <ckernel::BroadcastType BType = ckernel::BroadcastType::NONE>
ALWI void llk_unpack_AB(const uint32_t operandA, const uint32_t operandB, const uint32_t tile_index_a,
                        const uint32_t tile_index_b, const uint32_t bcast_row_idx = 0) {
    uint32_t b[ckernel::kTileElems];
    auto& st = ckernel::ttemu_state();
    ckernel::ttemu_srcs_begin_load();
    st.src_a_int = ckernel::ttemu_unpack_to(int32_t(operandA), tile_index_a, st.src_a);
    st.src_b_int = ckernel::ttemu_unpack_to(int32_t(operandB), tile_index_b, b);
    ckernel::ttemu_broadcast_into(b, BType, st.src_b);
    ckernel::ttemu_srcs_loaded();
}

ALWI void llk_unpack_AB_matmul_init(const uint32_t operandA = 0, const uint32_t operandB = 1,
                                    const uint32_t transpose = 0, const uint32_t ct_dim = 1, const uint32_t rt_dim = 1,
                                    const uint32_t kt_dim = 1) {}

// The matmul's operands (in0's tile, in1's tile) for the llk_math_matmul that follows, which reads them from their
// CBs (in a split kernel the unpacker waits for it before going on to pop them).
ALWI void llk_unpack_AB_matmul(const uint32_t operandA, const uint32_t operandB, const uint32_t tile_index_a,
                               const uint32_t tile_index_b, const uint32_t ct_dim = 1, const uint32_t rt_dim = 1,
                               const uint32_t kt_dim = 1) {
    auto& st = ckernel::ttemu_state();
    ckernel::ttemu_srcs_begin_load();
    st.mm_in0 = operandA, st.mm_in1 = operandB, st.mm_tile0 = tile_index_a, st.mm_tile1 = tile_index_b;
    st.mm_kt_dim = kt_dim;
    ckernel::ttemu_srcs_loaded();
}

ALWI void llk_unpack_tilize_init(const uint32_t operand, const uint32_t ct_dim) {}
ALWI void llk_unpack_tilize_uninit(const uint32_t operand, const uint32_t face_r_dim = 16) {}
// Tile `tile_index` of the row-major block (block_ct_dim tiles wide) at the front of `operand`, tilized, into srcA.
ALWI void llk_unpack_tilize(uint32_t operand, uint32_t tile_index, uint32_t block_ct_dim) {
    auto& st = ckernel::ttemu_state();
    ckernel::ttemu_srcs_begin_load();
    st.src_a_int = ckernel::ttemu_tilize_tile(operand, tile_index, block_ct_dim, st.src_a);
    memcpy(st.src_b, st.src_a, sizeof st.src_b);
    st.src_b_int = st.src_a_int;
    ckernel::ttemu_srcs_loaded();
}

template <bool is_fp32_dest_acc_en = false>
ALWI void llk_unpack_untilize_hw_configure_disaggregated(const uint32_t unpA_operand) {}
ALWI void llk_unpack_untilize_init(uint32_t operand = 0) {}
ALWI void llk_unpack_untilize_uninit(const uint32_t operand, const uint32_t face_r_dim = 16) {}
// The block of block_c_tiles tiles at the front of `operand`, untilized: block_c_tiles loads of srcA, the k-th
// holding values [1024k, 1024k + 1024) of the block's 32 row-major rows, so that datacopies and packs of them in
// order lay the rows out in the output CB.
TTEMU_LOOP_FN void llk_unpack_untilize(uint32_t operand, uint32_t block_c_tiles) {
    auto& st = ckernel::ttemu_state();
    uint32_t* block = new uint32_t[size_t(block_c_tiles) * ckernel::kTileElems];
    bool is_int = false;
    for (uint32_t t = 0; t < block_c_tiles; t++)
        is_int = ckernel::ttemu_unpack_to(int32_t(operand), t, block + size_t(t) * ckernel::kTileElems);
    const uint32_t width = block_c_tiles * 32;
    for (uint32_t k = 0; k < block_c_tiles; k++) {
        ckernel::ttemu_srcs_begin_load();
        for (uint32_t i = 0; i < ckernel::kTileElems; i++) {
            const uint32_t at = k * ckernel::kTileElems + i, r = at / width, c = at % width;
            st.src_a[i] = block[(c / 32) * ckernel::kTileElems + ckernel::ttemu_face_index(r, c % 32)];
        }
        memcpy(st.src_b, st.src_a, sizeof st.src_b);
        st.src_a_int = st.src_b_int = is_int;
        ckernel::ttemu_srcs_loaded();
    }
    delete[] block;
}

template <bool is_fp32_dest_acc_en = false, ckernel::StochRndType stoch_rnd_mode = ckernel::StochRndType::None>
ALWI void llk_unpack_hw_configure_disaggregated(const uint32_t unpA_operand, const uint32_t unpB_operand,
                                                const uint32_t transpose_xy_srca = 0) {}
template <bool is_fp32_dest_acc_en = false, ckernel::StochRndType stoch_rnd_mode = ckernel::StochRndType::None>
ALWI void llk_unpack_AB_hw_configure_disaggregated(const uint32_t unpA_operand, const uint32_t unpB_operand,
                                                   const int within_face_16x16_transpose = 0) {}
template <bool is_fp32_dest_acc_en = false, ckernel::StochRndType stoch_rnd_mode = ckernel::StochRndType::None>
ALWI void llk_unpack_A_hw_configure_disaggregated(const uint32_t unpA_operand,
                                                  const int within_face_16x16_transpose = 0) {}
template <bool to_from_int8 = false, bool is_fp32_dest_acc_en = false, bool is_tile_dim_reconfig_en = false>
ALWI void llk_unpack_reconfig_data_format(const uint32_t srca_new_operand, const uint32_t srcb_new_operand) {}
template <bool to_from_int8 = false, bool is_fp32_dest_acc_en = false, bool is_tile_dim_reconfig_en = false>
ALWI void llk_unpack_reconfig_data_format(const uint32_t srca_old_operand, const uint32_t srca_new_operand,
                                          const uint32_t srcb_old_operand, const uint32_t srcb_new_operand) {}
template <bool to_from_int8 = false, bool is_fp32_dest_acc_en = false, bool is_tile_dim_reconfig_en = false>
ALWI void llk_unpack_reconfig_data_format_srca(const uint32_t srca_new_operand) {}
template <bool to_from_int8 = false, bool is_fp32_dest_acc_en = false, bool is_tile_dim_reconfig_en = false>
ALWI void llk_unpack_reconfig_data_format_srcb(const uint32_t srcb_new_operand) {}

// ---- CB io, as the unpack and pack threads see the circular buffers
ALWI void llk_wait_tiles(int operand, int32_t num_tiles) { ttemu_api->cb_wait_front(operand, num_tiles); }
template <bool pop_blocks = false>
ALWI void llk_pop_tiles(const int32_t operand, const int32_t num_tiles, const int32_t block_c_dim = 0) {
    ttemu_api->cb_pop_front(operand, num_tiles);
}
template <bool skip_sync = false, bool wait_for_blocks = false, bool brisc_pack = false>
ALWI void llk_wait_for_free_tiles(const int32_t operand, const int32_t num_tiles) {
    ttemu_api->cb_reserve_back(operand, num_tiles);
}
template <bool push_blocks = false, bool brisc_pack = false>
ALWI void llk_push_tiles(const int32_t operand, const int32_t num_tiles) {
    ckernel::cb_push_back(uint32_t(operand), uint32_t(num_tiles));
}

// ---- Math
template <bool untilize_en = false, bool skip_inputs = false>
ALWI void llk_math_hw_configure_disaggregated(const uint32_t srca_operand, const uint32_t srcb_operand) {}
// DST passes from the packer to math (starting as zeros) and back, as tile_regs_acquire and tile_regs_commit.
ALWI void llk_math_wait_for_dest_available() { ckernel::ttemu_dst_acquire(); }
template <bool is_fp32_dest_acc_en = false>
ALWI void llk_math_dest_section_done() { ckernel::ttemu_dst_commit(); }
template <bool is_fp32_dest_acc_en = false>
ALWI void llk_math_pack_sync_init() {}
template <bool to_from_int8 = false, bool is_fp32_dest_acc_en = false>
ALWI void llk_math_reconfig_data_format(const uint32_t srca_new_operand, const uint32_t srcb_new_operand) {}
template <bool to_from_int8 = false, bool is_fp32_dest_acc_en = false>
ALWI void llk_math_reconfig_data_format(const uint32_t srca_old_operand, const uint32_t srca_new_operand,
                                        const uint32_t srcb_old_operand, const uint32_t srcb_new_operand) {}
template <bool to_from_int8 = false, bool is_fp32_dest_acc_en = false>
ALWI void llk_math_reconfig_data_format_srca(const uint32_t srca_new_operand) {}
template <bool to_from_int8 = false, bool is_fp32_dest_acc_en = false>
ALWI void llk_math_reconfig_data_format_srcb(const uint32_t srcb_new_operand) {}

namespace ckernel {
// What the release's forms of the math calls do (TTEMU_LLK_FORMS names the header that declares them).

// DST[dst_index] = srcA (A2D) or srcB (B2D).
template <DataCopyType type>
ALWI void ttemu_llk_datacopy(uint32_t dst_index) {
    auto& st = ttemu_state();
    ttemu_check_dst(dst_index);
    const bool from_a = type == A2D;
    ttemu_srcs_take();
    memcpy(st.dst[dst_index], from_a ? st.src_a : st.src_b, sizeof st.dst[dst_index]);
    st.dst_int[dst_index] = from_a ? st.src_a_int : st.src_b_int;
    ttemu_srcs_taken();
}

// DST[dst_index] = srcA op srcB; reusing DST, the DST tile takes the place of srcA (DEST_TO_SRCA) or srcB first.
template <EltwiseBinaryType eltwise_binary_type, EltwiseBinaryReuseDestType binary_reuse_dest>
ALWI void ttemu_llk_binary(uint32_t dst_index) {
    auto& st = ttemu_state();
    ttemu_check_dst(dst_index);
    ttemu_srcs_take();
    if (binary_reuse_dest == EltwiseBinaryReuseDestType::DEST_TO_SRCA) {
        memcpy(st.src_a, st.dst[dst_index], sizeof st.src_a);
        st.src_a_int = st.dst_int[dst_index];
    } else if (binary_reuse_dest == EltwiseBinaryReuseDestType::DEST_TO_SRCB) {
        memcpy(st.src_b, st.dst[dst_index], sizeof st.src_b);
        st.src_b_int = st.dst_int[dst_index];
    }
    ttemu_combine(st.src_a, st.src_a_int, st.src_b, st.src_b_int, dst_index, ttemu_binary_op<eltwise_binary_type>());
    ttemu_srcs_taken();
}

// DST += in0 x in1 for the operands the last llk_unpack_AB_matmul named (a ct_dim x rt_dim block, as matmul_block).
ALWI void ttemu_llk_matmul(uint32_t dst_index, bool transpose, uint32_t ct_dim, uint32_t rt_dim, uint32_t kt_dim) {
    const auto& st = ttemu_state();
    ttemu_srcs_take();
    matmul_block(st.mm_in0, st.mm_in1, st.mm_tile0, st.mm_tile1, dst_index, transpose, ct_dim, rt_dim, kt_dim);
    ttemu_srcs_taken();
}
}  // namespace ckernel

// ---- Pack
template <bool untilize = false, bool is_fp32_dest_acc_en = false,
          ckernel::ReluType relu_type = ckernel::ReluType::NO_RELU, uint32_t relu_threshold = 0, bool tilize = false>
ALWI void llk_pack_hw_configure_disaggregated(uint32_t pack_output) {}
template <bool untilize = false, bool zero_output = false, bool tilize = false>
ALWI void llk_pack_init(const uint32_t pack_output = 16) {}
template <bool untilize = false, bool is_fp32_dest_acc_en = false>
ALWI void llk_pack_dest_init(const uint32_t pack_output = 16) {}
template <bool untilize = false, bool diagonal = false>
ALWI void llk_init_packer_dest_offset_registers(const uint32_t pack_output = 16) {}
ALWI void llk_packer_wait_for_math_done() { ckernel::ttemu_dst_wait(); }
template <bool is_fp32_dest_acc_en = false>
ALWI void llk_pack_dest_section_done() { ckernel::ttemu_dst_release(); }
template <bool is_fp32_dest_acc_en = false, bool is_tile_dim_reconfig_en = false>
ALWI void llk_pack_reconfig_data_format(const uint32_t new_operand) {}
template <bool is_fp32_dest_acc_en = false, bool is_tile_dim_reconfig_en = false>
ALWI void llk_pack_reconfig_data_format(const uint32_t old_operand, const uint32_t new_operand) {}

// The calls whose form (template parameters, arguments) differs between tt-metal releases: each release's kernel
// API names its header (v0.56.0's by default; v0.67.0's prelude names api/ttemu_llk_forms.h).
#ifndef TTEMU_LLK_FORMS
#define TTEMU_LLK_FORMS "ttemu_llk_forms.h"
#endif
#include TTEMU_LLK_FORMS
