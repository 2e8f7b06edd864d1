// The core of the emulator's compute kernel API (namespace ckernel): DST, the tile formats, unpacking from and
// packing to circular buffers. The API itself is split by family as tt-metal's compute_kernel_api/ is (one header
// per family, each including what it needs); ttemu_compute.h includes them all.
//
// On the device a compute kernel is three programs (unpack, math, pack) on three TRISCs synchronised through
// DST; their combined effect is what a single thread running the kernel in program order computes, which is
// what the emulator does for a kernel written as MAIN. A kernel written as unpack_main, math_main and pack_main
// (ttemu_split_kernel.h) runs as three threads sharing this state, handing the source registers and DST over
// as the hardware does (ttemu_srcs_*, ttemu_dst_*). DST holds 16 tiles of 32-bit values; tiles keep tt-metal's layout (four 16×16
// faces, each row-major) in DST and in circular buffers, so element-wise ops need no reordering and matmul
// maps face order to logical order. Supported CB formats: Float16_b, Float16, Float32, Int32, UInt32, UInt16, and
// the block-float formats Bfp8(_b), Bfp4(_b), Bfp2(_b).
#pragma once

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "hostdevcommon/ttemu_bfp.hpp"
#include "ttemu_args.h"
#include "ttemu_data_format.h"
#include "debug/dprint.h"

// A kernel running whole does every TRISC's part; one built per TRISC (TTEMU_TRISC: 0 unpack, 1 math, 2 pack, as the
// emulator builds a kernel whose files test TRISC_UNPACK/MATH/PACK) only its own, as tt-metal's firmware builds.
#if !defined(TTEMU_TRISC) || TTEMU_TRISC == 0
#define UNPACK(x) x
#else
#define UNPACK(x)
#endif
#if !defined(TTEMU_TRISC) || TTEMU_TRISC == 1
#define MATH(x) x
#else
#define MATH(x)
#endif
#if !defined(TTEMU_TRISC) || TTEMU_TRISC == 2
#define PACK(x) x
#else
#define PACK(x)
#endif

namespace ckernel {

enum EltwiseBinaryType : uint8_t { ELWMUL = 0, ELWDIV = 1, ELWADD = 2, ELWSUB = 3, ELWLESS = 4 };
enum class EltwiseBinaryReuseDestType { NONE = 0, DEST_TO_SRCA = 1, DEST_TO_SRCB = 2 };
// Unscoped, as tt-metal's: kernels name the broadcast types bare (NONE, ROW).
enum BroadcastType : uint8_t { NONE = 0, COL = 1, ROW = 2, SCALAR = 3 };
enum PoolType { SUM, AVG, MAX };
enum ReduceDim { REDUCE_ROW, REDUCE_COL, REDUCE_SCALAR };
enum ReluType { NO_RELU, ZERO_RELU, MIN_THRESHOLD_RELU, MAX_THRESHOLD_RELU };

constexpr uint32_t kTileElems = 1024;
constexpr uint32_t kDstTiles = 16;

// Per-kernel state, in the block the emulator hands out (compute_state): DST and the pack positions.
struct TtemuComputeState {
    uint32_t dst[kDstTiles][kTileElems];  // float bits, or integer bits when dst_int is set
    bool dst_int[kDstTiles];
    uint32_t pack_slot[32];               // next sequential pack position per CB
    uint32_t pack_relu;                   // the packer's ReLU (llk_pack_relu_config): mode | bf16 threshold << 16
    bool pack_l1_acc;                     // the packer adds to what L1 holds instead of overwriting it
    float cumsum_carry[32];               // cumsum_tile: each column's running sum, carried to the next tile
    // The unpacker's source registers, for kernels that drive the LLK layer directly (ttemu_llk.h).
    uint32_t src_a[kTileElems], src_b[kTileElems];
    bool src_a_int, src_b_int;
    // A matmul's operands as llk_unpack_AB_matmul named them, for llk_math_matmul.
    uint32_t mm_in0, mm_in1, mm_tile0, mm_tile1;
    uint32_t mm_kt_dim, mm_transpose;     // and its kt_dim; the transpose its init asked for (v0.67.0's forms)
    uint32_t prng;                        // the SFPU's random generator (rand_tile, dropout_tile), seeded by their inits
    uint32_t quant_zero_point;            // quant/requant/dequant's third operand (float bits), from their inits
    // A split kernel's hand-overs: srcA/srcB hold operands math has not taken yet; DST holds a section math has
    // finished and the packer has not released yet.
    uint32_t srcs_loaded, dst_committed;
};
static_assert(sizeof(TtemuComputeState) <= TTEMU_COMPUTE_STATE_BYTES, "compute state exceeds the ABI block");

ALWI TtemuComputeState& ttemu_state() { return *static_cast<TtemuComputeState*>(ttemu_api->compute_state()); }

// ---- A split kernel's threads (unpack_main, math_main, pack_main) hand over the source registers and DST. A
// kernel running whole does each step in program order, so none of these waits.
ALWI bool ttemu_split_kernel() { return ttemu_api->trisc() >= 0; }
ALWI void ttemu_wait_state(uint32_t& word, uint32_t value, const char* what) {
    if (ttemu_split_kernel()) ttemu_api->wait_state(&word, value, what);
}
// Unpack: before loading srcA/srcB, until math has taken the previous operands.
ALWI void ttemu_srcs_begin_load() {
    ttemu_wait_state(ttemu_state().srcs_loaded, 0, "unpack: math has not taken the previous srcA/srcB");
}
// Unpack: the operands are loaded. The unpacker goes on once math has taken them, so the tiles they came from
// stay in their CB (unpopped) while math reads them.
ALWI void ttemu_srcs_loaded() {
    ttemu_state().srcs_loaded = 1;
    ttemu_wait_state(ttemu_state().srcs_loaded, 0, "unpack: math has not taken srcA/srcB");
}
// Math: before an operation on srcA/srcB, until the unpacker has loaded them; after it, they are free again.
ALWI void ttemu_srcs_take() { ttemu_wait_state(ttemu_state().srcs_loaded, 1, "math: waiting for unpacked srcA/srcB"); }
ALWI void ttemu_srcs_taken() { ttemu_state().srcs_loaded = 0; }
// Math acquires DST once the packer has released it; it starts as zeros.
ALWI void ttemu_dst_acquire() {
    auto& st = ttemu_state();
    ttemu_wait_state(st.dst_committed, 0, "math: waiting for the packer to release DST");
    memset(st.dst, 0, sizeof st.dst);
    memset(st.dst_int, 0, sizeof st.dst_int);
}
ALWI void ttemu_dst_commit() { ttemu_state().dst_committed = 1; }
ALWI void ttemu_dst_wait() { ttemu_wait_state(ttemu_state().dst_committed, 1, "pack: waiting for math to commit DST"); }
ALWI void ttemu_dst_release() { ttemu_state().dst_committed = 0; }

ALWI float ttemu_f(uint32_t bits) { float f; memcpy(&f, &bits, 4); return f; }
ALWI uint32_t ttemu_u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

// bfloat16 ↔ float; float → bfloat16 rounds to nearest even (NaN stays NaN).
ALWI float ttemu_bf16_to_f(uint16_t h) { return ttemu_f(uint32_t(h) << 16); }
ALWI uint16_t ttemu_f_to_bf16(float f) {
    uint32_t u = ttemu_u(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return uint16_t((u >> 16) | 0x40);
    u += 0x7fffu + ((u >> 16) & 1u);
    return uint16_t(u >> 16);
}
ALWI float ttemu_half_to_f(uint16_t h) { return static_cast<float>(*reinterpret_cast<const _Float16*>(&h)); }
ALWI uint16_t ttemu_f_to_half(float f) {
    _Float16 h = static_cast<_Float16>(f);
    uint16_t out;
    memcpy(&out, &h, 2);
    return out;
}

// Host address of tile `index` (counted from `start`) of circular buffer `cb`, wrapping around its ring.
ALWI uint8_t* ttemu_cb_tile(int32_t cb, uint32_t start, uint32_t index) {
    uint32_t base, size, page;
    ttemu_api->cb_ring(cb, &base, &size, &page);
    const uint32_t addr = base + (start - base + index * page) % size;
    return reinterpret_cast<uint8_t*>(static_cast<uintptr_t>(addr));
}

ALWI void ttemu_check_dst(uint32_t idst) {
    if (idst >= kDstTiles) ttemu_api->fail("DST index out of range (16 tiles)");
}

// Element i of a tile of format `fmt` at `src`, as DST holds it (float bits, or integer bits: *is_int set).
ALWI uint32_t ttemu_load(DataFormat fmt, const uint8_t* src, uint32_t i, bool* is_int) {
    *is_int = false;
    switch (fmt) {
        case DataFormat::Float16_b: { uint16_t h; memcpy(&h, src + 2 * i, 2); return uint32_t(h) << 16; }
        case DataFormat::Float16: { uint16_t h; memcpy(&h, src + 2 * i, 2); return ttemu_u(ttemu_half_to_f(h)); }
        case DataFormat::Float32: case DataFormat::Tf32: { uint32_t u; memcpy(&u, src + 4 * i, 4); return u; }
        case DataFormat::Int32: case DataFormat::UInt32: { uint32_t u; memcpy(&u, src + 4 * i, 4); *is_int = true; return u; }
        case DataFormat::UInt16: { uint16_t h; memcpy(&h, src + 2 * i, 2); *is_int = true; return h; }
        default: ttemu_api->fail("unpack: this CB data format is not supported by the emulator's compute API");
    }
    return 0;
}

// Stores a DST value (float bits, or integer bits if is_int) as element i of a tile of format `fmt` at `out`.
ALWI void ttemu_store(DataFormat fmt, uint8_t* out, uint32_t i, uint32_t v, bool is_int) {
    const float f = is_int ? float(int32_t(v)) : ttemu_f(v);
    switch (fmt) {
        case DataFormat::Float16_b: { uint16_t h = ttemu_f_to_bf16(f); memcpy(out + 2 * i, &h, 2); break; }
        case DataFormat::Float16: { uint16_t h = ttemu_f_to_half(f); memcpy(out + 2 * i, &h, 2); break; }
        case DataFormat::Float32: case DataFormat::Tf32: { uint32_t u = ttemu_u(f); memcpy(out + 4 * i, &u, 4); break; }
        case DataFormat::Int32: case DataFormat::UInt32: {
            uint32_t u = is_int ? v : uint32_t(int32_t(f));
            memcpy(out + 4 * i, &u, 4);
            break;
        }
        case DataFormat::UInt16: { uint16_t h = uint16_t(is_int ? v : uint32_t(f)); memcpy(out + 2 * i, &h, 2); break; }
        default: ttemu_api->fail("pack: this CB data format is not supported by the emulator's compute API");
    }
}

// ---- Block floating point tiles (Bfp8/Bfp4/Bfp2, _b or not): 64 exponent bytes, one per face row (16 values, faces
// in order), then the values' sign-and-mantissa fields packed low bits first, in face order. A row's exponent is the
// largest of its values'; each mantissa is aligned to it, rounded to nearest even and saturated. Non-_b formats
// store 5-bit exponents. The value conversion is hostdevcommon/ttemu_bfp.hpp, shared with the host helpers.
ALWI uint32_t ttemu_bfp_bits(DataFormat f) {
    switch (f) {
        case DataFormat::Bfp8: case DataFormat::Bfp8_b: return 7;
        case DataFormat::Bfp4: case DataFormat::Bfp4_b: return 3;
        case DataFormat::Bfp2: case DataFormat::Bfp2_b: return 1;
        default: return 0;
    }
}
ALWI bool ttemu_bfp_exp_a(DataFormat f) { return f == DataFormat::Bfp8 || f == DataFormat::Bfp4 || f == DataFormat::Bfp2; }

TTEMU_LOOP_FN void ttemu_unpack_bfp(DataFormat fmt, const uint8_t* src, uint32_t* d) {
    const uint32_t bits = ttemu_bfp_bits(fmt), width = bits + 1, mask = (1u << width) - 1;
    const bool exp_a = ttemu_bfp_exp_a(fmt);
    const uint8_t* mantissas = src + 64;
    for (uint32_t k = 0; k < kTileElems; k++)
        d[k] = ttemu_bfp::FromStored((mantissas[k * width / 8] >> (k * width % 8)) & mask, src[k / 16], exp_a, bits);
}

TTEMU_LOOP_FN void ttemu_pack_bfp(DataFormat fmt, const uint32_t* d, bool is_int, uint8_t* out) {
    const uint32_t bits = ttemu_bfp_bits(fmt), width = bits + 1;
    const bool exp_a = ttemu_bfp_exp_a(fmt);
    uint8_t* mantissas = out + 64;
    memset(mantissas, 0, kTileElems * width / 8);
    for (uint32_t row = 0; row < kTileElems / 16; row++) {
        uint32_t v[16];
        int32_t shared = 0;
        for (uint32_t j = 0; j < 16; j++) {
            const uint32_t x = d[row * 16 + j];
            v[j] = is_int ? ttemu_u(float(int32_t(x))) : x;
            const int32_t e = ttemu_bfp::StoredExponent(v[j], exp_a);
            if (e > shared) shared = e;
        }
        out[row] = uint8_t(shared);
        for (uint32_t j = 0; j < 16; j++) {
            const uint32_t k = row * 16 + j;
            mantissas[k * width / 8] |= uint8_t(ttemu_bfp::ToStored(v[j], uint32_t(shared), exp_a, bits, false)
                                                << (k * width % 8));
        }
    }
}

// Unpack tile `itile` at the front of `cb` into `d` (face layout kept); true if it holds integers.
TTEMU_LOOP_FN bool ttemu_unpack_to(int32_t cb, uint32_t itile, uint32_t* d) {
    const auto fmt = static_cast<DataFormat>(ttemu_api->cb_data_format(cb));
    const uint8_t* src = ttemu_cb_tile(cb, ttemu_api->cb_read_ptr(cb), itile);
    if (ttemu_bfp_bits(fmt)) {
        ttemu_unpack_bfp(fmt, src, d);
        return false;
    }
    bool is_int = false;
    for (uint32_t i = 0; i < kTileElems; i++) d[i] = ttemu_load(fmt, src, i, &is_int);
    return is_int;
}

// Unpack tile `itile` at the front of `cb` into DST[idst].
ALWI void ttemu_unpack(int32_t cb, uint32_t itile, uint32_t idst) {
    ttemu_check_dst(idst);
    auto& st = ttemu_state();
    st.dst_int[idst] = ttemu_unpack_to(cb, itile, st.dst[idst]);
}

// Pack the tile `d` into `cb` at position `slot` from its write pointer, converting to the CB's format.
// The packer's ReLU on one float value: ZERO_RELU clamps below at 0, MIN_THRESHOLD_RELU zeroes values below the
// threshold, MAX_THRESHOLD_RELU clamps to [0, threshold].
ALWI float ttemu_pack_relu(float x, uint32_t config) {
    const float threshold = ttemu_f((config >> 16) << 16);
    switch (config & 0xf) {
        case ZERO_RELU: return x < 0 ? 0.0f : x;
        case MIN_THRESHOLD_RELU: return x < threshold ? 0.0f : x;
        case MAX_THRESHOLD_RELU: return x < 0 ? 0.0f : (x > threshold ? threshold : x);
        default: return x;
    }
}

// Pack a tile's values into `cb` at `slot` from its write pointer, converting to the CB's format; the packer's
// ReLU applies to float tiles, and with L1 accumulation on the values are added to what the slot holds.
TTEMU_LOOP_FN void ttemu_pack_from(const uint32_t* d, bool is_int, int32_t cb, uint32_t slot) {
    uint32_t staged[kTileElems], held[kTileElems];
    const auto fmt = static_cast<DataFormat>(ttemu_api->cb_data_format(cb));
    uint8_t* out = ttemu_cb_tile(cb, ttemu_api->cb_write_ptr(cb), slot);
    const auto& st = ttemu_state();
    if (st.pack_relu & 0xf || st.pack_l1_acc) {
        bool held_int = is_int;
        if (st.pack_l1_acc) {
            if (ttemu_bfp_bits(fmt)) {
                ttemu_unpack_bfp(fmt, out, held);
                held_int = false;
            } else {
                for (uint32_t i = 0; i < kTileElems; i++) held[i] = ttemu_load(fmt, out, i, &held_int);
            }
        }
        for (uint32_t i = 0; i < kTileElems; i++) {
            if (is_int && held_int) {
                staged[i] = st.pack_l1_acc ? d[i] + held[i] : d[i];
                continue;
            }
            float v = is_int ? float(int32_t(d[i])) : ttemu_f(d[i]);
            if (!is_int) v = ttemu_pack_relu(v, st.pack_relu);
            if (st.pack_l1_acc) v += held_int ? float(int32_t(held[i])) : ttemu_f(held[i]);
            staged[i] = ttemu_u(v);
        }
        is_int = is_int && held_int;
        d = staged;
    }
    if (ttemu_bfp_bits(fmt)) {
        ttemu_pack_bfp(fmt, d, is_int, out);
        return;
    }
    for (uint32_t i = 0; i < kTileElems; i++) ttemu_store(fmt, out, i, d[i], is_int);
}

// The packer's raw configuration calls that tt-metal's and ttnn's kernels make directly.
ALWI void llk_pack_relu_config(uint32_t config) { ttemu_state().pack_relu = config; }
ALWI void llk_pack_reconfig_l1_acc(uint32_t enable) { ttemu_state().pack_l1_acc = enable != 0; }

ALWI void ttemu_pack(uint32_t idst, int32_t cb, uint32_t slot) {
    ttemu_check_dst(idst);
    auto& st = ttemu_state();
    ttemu_pack_from(st.dst[idst], st.dst_int[idst], cb, slot);
}

// Where element (r, c) of a 32×32 tile sits in tt-metal's layout: four 16×16 faces, each row-major.
ALWI uint32_t ttemu_face_index(uint32_t r, uint32_t c) { return ((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16; }

// A DST value as a float, whatever the tile holds.
ALWI float ttemu_value(uint32_t v, bool is_int) { return is_int ? float(int32_t(v)) : ttemu_f(v); }

// An SFPU unary op, in place on DST[idst] (the eltwise_unary/ headers and compute_kernel_api.h use it).
template <typename Fn>
TTEMU_LOOP_FN void ttemu_unary(uint32_t idst, Fn fn) {
    auto& st = ttemu_state();
    ttemu_check_dst(idst);
    for (uint32_t i = 0; i < kTileElems; i++) {
        const float x = st.dst_int[idst] ? float(int32_t(st.dst[idst][i])) : ttemu_f(st.dst[idst][i]);
        st.dst[idst][i] = ttemu_u(fn(x));
    }
    st.dst_int[idst] = false;
}

// An SFPU op on two DST tiles, result in DST[odst] (DST[idst0] when odst is left out, as v0.56.0's two-operand
// forms have it): fn(x, y) on floats, or int_fn on the 32-bit integers when both tiles hold integers.
template <typename Fn, typename IntFn>
TTEMU_LOOP_FN void ttemu_binary_dst(uint32_t idst0, uint32_t idst1, Fn fn, IntFn int_fn, uint32_t odst = ~0u) {
    auto& st = ttemu_state();
    if (odst == ~0u) odst = idst0;
    ttemu_check_dst(idst0);
    ttemu_check_dst(idst1);
    ttemu_check_dst(odst);
    const bool in0_int = st.dst_int[idst0], in1_int = st.dst_int[idst1], as_int = in0_int && in1_int;
    for (uint32_t i = 0; i < kTileElems; i++) {
        const uint32_t x = st.dst[idst0][i], y = st.dst[idst1][i];
        st.dst[odst][i] = as_int ? int_fn(x, y) : ttemu_u(fn(ttemu_value(x, in0_int), ttemu_value(y, in1_int)));
    }
    st.dst_int[odst] = as_int;
}

// An SFPU integer op, in place on DST[idst]: on the 32-bit integer each element holds (a float tile's elements are
// converted to integers first, as an Int32 tile would hold them).
template <typename Fn>
TTEMU_LOOP_FN void ttemu_unary_int(uint32_t idst, Fn fn) {
    auto& st = ttemu_state();
    ttemu_check_dst(idst);
    for (uint32_t i = 0; i < kTileElems; i++) {
        const uint32_t x = st.dst_int[idst] ? st.dst[idst][i] : uint32_t(int32_t(ttemu_f(st.dst[idst][i])));
        st.dst[idst][i] = fn(x);
    }
    st.dst_int[idst] = true;
}

}  // namespace ckernel
