// The compute kernel API (namespace ckernel) on the emulated device.
//
// On the device a compute kernel is three programs (unpack, math, pack) on three TRISCs synchronised through
// DST; their combined effect is what a single thread running the kernel in program order computes, which is
// what the emulator does. DST holds 16 tiles of 32-bit values; tiles keep tt-metal's layout (four 16×16
// faces, each row-major) in DST and in circular buffers, so element-wise ops need no reordering and matmul
// maps face order to logical order. Supported CB formats: Float16_b, Float16, Float32, Int32, UInt32, UInt16.
#pragma once

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ttemu_args.h"
#include "ttemu_data_format.h"
#include "debug/dprint.h"

#define UNPACK(x) x
#define MATH(x) x
#define PACK(x) x

namespace ckernel {

enum EltwiseBinaryType : uint8_t { ELWMUL = 0, ELWDIV = 1, ELWADD = 2, ELWSUB = 3, ELWLESS = 4 };
enum class EltwiseBinaryReuseDestType { NONE = 0, DEST_TO_SRCA = 1, DEST_TO_SRCB = 2 };
enum class BroadcastType : uint8_t { NONE = 0, COL = 1, ROW = 2, SCALAR = 3 };
enum class PoolType { SUM, AVG, MAX };
enum class ReduceDim { REDUCE_ROW, REDUCE_COL, REDUCE_SCALAR };

constexpr uint32_t kTileElems = 1024;
constexpr uint32_t kDstTiles = 16;

// Per-kernel state, in the block the emulator hands out (compute_state): DST and the pack positions.
struct TtemuComputeState {
    uint32_t dst[kDstTiles][kTileElems];  // float bits, or integer bits when dst_int is set
    bool dst_int[kDstTiles];
    uint32_t pack_slot[32];               // next sequential pack position per CB
};
static_assert(sizeof(TtemuComputeState) <= TTEMU_COMPUTE_STATE_BYTES, "compute state exceeds the ABI block");

ALWI TtemuComputeState& ttemu_state() { return *static_cast<TtemuComputeState*>(ttemu_api->compute_state()); }

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

// Unpack tile `itile` at the front of `cb` into DST[idst] (face layout kept).
ALWI void ttemu_unpack(int32_t cb, uint32_t itile, uint32_t idst) {
    ttemu_check_dst(idst);
    auto& st = ttemu_state();
    const auto fmt = static_cast<DataFormat>(ttemu_api->cb_data_format(cb));
    const uint8_t* src = ttemu_cb_tile(cb, ttemu_api->cb_read_ptr(cb), itile);
    uint32_t* d = st.dst[idst];
    st.dst_int[idst] = false;
    switch (fmt) {
        case DataFormat::Float16_b:
            for (uint32_t i = 0; i < kTileElems; i++) { uint16_t h; memcpy(&h, src + 2 * i, 2); d[i] = uint32_t(h) << 16; }
            break;
        case DataFormat::Float16:
            for (uint32_t i = 0; i < kTileElems; i++) { uint16_t h; memcpy(&h, src + 2 * i, 2); d[i] = ttemu_u(ttemu_half_to_f(h)); }
            break;
        case DataFormat::Float32: case DataFormat::Tf32:
            memcpy(d, src, 4 * kTileElems);
            break;
        case DataFormat::Int32: case DataFormat::UInt32:
            memcpy(d, src, 4 * kTileElems);
            st.dst_int[idst] = true;
            break;
        case DataFormat::UInt16:
            for (uint32_t i = 0; i < kTileElems; i++) { uint16_t h; memcpy(&h, src + 2 * i, 2); d[i] = h; }
            st.dst_int[idst] = true;
            break;
        default: ttemu_api->fail("unpack: this CB data format is not supported by the emulator's compute API");
    }
}

// Pack DST[idst] into `cb` at position `slot` from its write pointer, converting to the CB's format.
ALWI void ttemu_pack(uint32_t idst, int32_t cb, uint32_t slot) {
    ttemu_check_dst(idst);
    auto& st = ttemu_state();
    const auto fmt = static_cast<DataFormat>(ttemu_api->cb_data_format(cb));
    uint8_t* out = ttemu_cb_tile(cb, ttemu_api->cb_write_ptr(cb), slot);
    const uint32_t* d = st.dst[idst];
    const bool is_int = st.dst_int[idst];
    auto as_float = [&](uint32_t i) { return is_int ? float(int32_t(d[i])) : ttemu_f(d[i]); };
    switch (fmt) {
        case DataFormat::Float16_b:
            for (uint32_t i = 0; i < kTileElems; i++) { uint16_t h = ttemu_f_to_bf16(as_float(i)); memcpy(out + 2 * i, &h, 2); }
            break;
        case DataFormat::Float16:
            for (uint32_t i = 0; i < kTileElems; i++) { uint16_t h = ttemu_f_to_half(as_float(i)); memcpy(out + 2 * i, &h, 2); }
            break;
        case DataFormat::Float32: case DataFormat::Tf32:
            for (uint32_t i = 0; i < kTileElems; i++) { uint32_t u = ttemu_u(as_float(i)); memcpy(out + 4 * i, &u, 4); }
            break;
        case DataFormat::Int32: case DataFormat::UInt32:
            for (uint32_t i = 0; i < kTileElems; i++) { uint32_t u = is_int ? d[i] : uint32_t(int32_t(ttemu_f(d[i]))); memcpy(out + 4 * i, &u, 4); }
            break;
        case DataFormat::UInt16:
            for (uint32_t i = 0; i < kTileElems; i++) { uint16_t h = uint16_t(is_int ? d[i] : uint32_t(ttemu_f(d[i]))); memcpy(out + 2 * i, &h, 2); }
            break;
        default: ttemu_api->fail("pack: this CB data format is not supported by the emulator's compute API");
    }
}

// ---- Circular buffers (compute side). cb_push_back also restarts sequential packing for that CB.
ALWI void cb_wait_front(uint32_t cb, uint32_t n) { ttemu_api->cb_wait_front(int32_t(cb), int32_t(n)); }
ALWI void cb_pop_front(uint32_t cb, uint32_t n) { ttemu_api->cb_pop_front(int32_t(cb), int32_t(n)); }
ALWI void cb_reserve_back(uint32_t cb, uint32_t n) { ttemu_api->cb_reserve_back(int32_t(cb), int32_t(n)); }
ALWI void cb_push_back(uint32_t cb, uint32_t n) {
    ttemu_api->cb_push_back(int32_t(cb), int32_t(n));
    ttemu_state().pack_slot[cb & 31] = 0;
}
ALWI uint32_t get_tile_size(uint32_t cb) { return ttemu_api->cb_tile_size(int32_t(cb)); }

// ---- DST synchronisation. DST is treated as zero at each acquire.
ALWI void tile_regs_acquire() { memset(ttemu_state().dst, 0, sizeof(TtemuComputeState::dst)); memset(ttemu_state().dst_int, 0, sizeof(TtemuComputeState::dst_int)); }
ALWI void tile_regs_commit() {}
ALWI void tile_regs_wait() {}
ALWI void tile_regs_release() {}
[[deprecated("Use tile_regs_acquire() and tile_regs_wait()")]] ALWI void acquire_dst() { tile_regs_acquire(); }
[[deprecated("Use tile_regs_commit() and tile_regs_release()")]] ALWI void release_dst() {}

// ---- Initialisation calls configure the hardware; they have no effect on data.
ALWI void binary_op_init_common(uint32_t, uint32_t, uint32_t = 16) {}
ALWI void unary_op_init_common(uint32_t, uint32_t = 16) {}
ALWI void init_sfpu(uint32_t, uint32_t = 16) {}
ALWI void mm_init(uint32_t = 0, uint32_t = 1, uint32_t = 16, uint32_t = 0) {}
ALWI void mm_init_short(uint32_t = 0, uint32_t = 1, uint32_t = 0) {}
ALWI void mm_init_short_with_dt(uint32_t = 0, uint32_t = 1, uint32_t = 2, uint32_t = 0) {}
ALWI void add_tiles_init(uint32_t = 0, uint32_t = 1, bool = false) {}
ALWI void sub_tiles_init(uint32_t = 0, uint32_t = 1, bool = false) {}
ALWI void mul_tiles_init(uint32_t = 0, uint32_t = 1) {}
ALWI void add_tiles_init_nof() {}
ALWI void sub_tiles_init_nof() {}
ALWI void mul_tiles_init_f() {}
template <bool full_init = false, EltwiseBinaryType eltwise_binary_type = ELWADD>
ALWI void binary_op_specific_init(uint32_t = 0, uint32_t = 1) {}
ALWI void copy_tile_to_dst_init_short(uint32_t = 0, uint32_t = 0) {}
ALWI void copy_tile_init(uint32_t = 0) {}
ALWI void copy_tile_to_dst_init_short_with_dt(uint32_t, uint32_t, uint32_t = 0) {}
ALWI void pack_tile_init() {}
ALWI void pack_reconfig_data_format(uint32_t, uint32_t = 0) {}
ALWI void reconfig_data_format(uint32_t, uint32_t, uint32_t = 0, uint32_t = 0) {}
ALWI void reconfig_data_format_srca(uint32_t, uint32_t = 0) {}
ALWI void reconfig_data_format_srcb(uint32_t, uint32_t = 0) {}

// ---- Moving tiles
ALWI void copy_tile(uint32_t cb, uint32_t itile, uint32_t idst) { ttemu_unpack(int32_t(cb), itile, idst); }

template <bool out_of_order_output = false>
ALWI void pack_tile(uint32_t idst, uint32_t ocb, uint32_t output_tile_index = 0) {
    auto& slot = ttemu_state().pack_slot[ocb & 31];
    if (out_of_order_output) {
        ttemu_pack(idst, int32_t(ocb), output_tile_index);
    } else {
        ttemu_pack(idst, int32_t(ocb), slot++);
    }
}

// ---- Element-wise binary: DST[idst] = A[ia] op B[ib]. Integer tiles combine as integers.
template <typename Op>
ALWI void ttemu_binary(uint32_t a, uint32_t b, uint32_t ia, uint32_t ib, uint32_t idst, Op op) {
    static uint32_t scratch_a[kTileElems], scratch_b[kTileElems];
    auto& st = ttemu_state();
    ttemu_check_dst(idst);
    // Unpack both operands through DST[idst] so format handling is in one place.
    ttemu_unpack(int32_t(a), ia, idst);
    const bool ia_int = st.dst_int[idst];
    memcpy(scratch_a, st.dst[idst], sizeof scratch_a);
    ttemu_unpack(int32_t(b), ib, idst);
    const bool ib_int = st.dst_int[idst];
    memcpy(scratch_b, st.dst[idst], sizeof scratch_b);
    const bool both_int = ia_int && ib_int;
    for (uint32_t i = 0; i < kTileElems; i++) {
        if (both_int) {
            st.dst[idst][i] = uint32_t(op(int64_t(int32_t(scratch_a[i])), int64_t(int32_t(scratch_b[i]))));
        } else {
            const float x = ia_int ? float(int32_t(scratch_a[i])) : ttemu_f(scratch_a[i]);
            const float y = ib_int ? float(int32_t(scratch_b[i])) : ttemu_f(scratch_b[i]);
            st.dst[idst][i] = ttemu_u(float(op(x, y)));
        }
    }
    st.dst_int[idst] = both_int;
}
ALWI void add_tiles(uint32_t a, uint32_t b, uint32_t ia, uint32_t ib, uint32_t idst) {
    ttemu_binary(a, b, ia, ib, idst, [](auto x, auto y) { return x + y; });
}
ALWI void sub_tiles(uint32_t a, uint32_t b, uint32_t ia, uint32_t ib, uint32_t idst) {
    ttemu_binary(a, b, ia, ib, idst, [](auto x, auto y) { return x - y; });
}
ALWI void mul_tiles(uint32_t a, uint32_t b, uint32_t ia, uint32_t ib, uint32_t idst) {
    ttemu_binary(a, b, ia, ib, idst, [](auto x, auto y) { return x * y; });
}

// ---- Matmul: DST[idst] += A[ia] × B[ib] (32×32, logical order; B transposed first if asked).
ALWI uint32_t ttemu_face_index(uint32_t r, uint32_t c) { return ((r / 16) * 2 + c / 16) * 256 + (r % 16) * 16 + c % 16; }
ALWI void matmul_tiles(uint32_t a, uint32_t b, uint32_t ia, uint32_t ib, uint32_t idst, const uint32_t transpose = 0) {
    static float A[32][32], B[32][32];
    auto& st = ttemu_state();
    ttemu_check_dst(idst);
    static uint32_t saved[kTileElems];
    memcpy(saved, st.dst[idst], sizeof saved);
    const bool saved_int = st.dst_int[idst];
    ttemu_unpack(int32_t(a), ia, idst);
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 32; c++) A[r][c] = ttemu_f(st.dst[idst][ttemu_face_index(r, c)]);
    ttemu_unpack(int32_t(b), ib, idst);
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 32; c++)
            B[r][c] = ttemu_f(st.dst[idst][transpose ? ttemu_face_index(c, r) : ttemu_face_index(r, c)]);
    for (uint32_t r = 0; r < 32; r++) {
        for (uint32_t c = 0; c < 32; c++) {
            float acc = saved_int ? 0.0f : ttemu_f(saved[ttemu_face_index(r, c)]);
            for (uint32_t k = 0; k < 32; k++) acc += A[r][k] * B[k][c];
            st.dst[idst][ttemu_face_index(r, c)] = ttemu_u(acc);
        }
    }
    st.dst_int[idst] = false;
}

// ---- SFPU unary ops, in place on DST[idst].
template <typename Fn>
ALWI void ttemu_unary(uint32_t idst, Fn fn) {
    auto& st = ttemu_state();
    ttemu_check_dst(idst);
    for (uint32_t i = 0; i < kTileElems; i++) {
        const float x = st.dst_int[idst] ? float(int32_t(st.dst[idst][i])) : ttemu_f(st.dst[idst][i]);
        st.dst[idst][i] = ttemu_u(fn(x));
    }
    st.dst_int[idst] = false;
}

template <bool approx = false>
ALWI void exp_tile_init() {}
template <bool approx = false>
ALWI void exp_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return expf(x); }); }
ALWI void exp2_tile_init() {}
ALWI void exp2_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return exp2f(x); }); }
ALWI void expm1_tile_init() {}
ALWI void expm1_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return expm1f(x); }); }
template <bool fast_and_approx = true>
ALWI void gelu_tile_init() {}
template <bool fast_and_approx = true>
ALWI void gelu_tile(uint32_t idst) {
    ttemu_unary(idst, [](float x) {
        if (fast_and_approx) return 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
        return 0.5f * x * (1.0f + erff(x * 0.70710678f));
    });
}
ALWI void sqrt_tile_init() {}
ALWI void sqrt_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return sqrtf(x); }); }
ALWI void rsqrt_tile_init() {}
template <bool fast_and_approx = false>
ALWI void rsqrt_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return 1.0f / sqrtf(x); }); }
ALWI void recip_tile_init() {}
ALWI void recip_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return 1.0f / x; }); }
ALWI void relu_tile_init() {}
ALWI void relu_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return x > 0.0f ? x : 0.0f; }); }
ALWI void relu_max_tile_init() {}
ALWI void relu_max_tile(uint32_t idst, uint32_t upper) {
    const float hi = ttemu_f(upper);
    ttemu_unary(idst, [hi](float x) { return x < 0.0f ? 0.0f : (x > hi ? hi : x); });
}
ALWI void sigmoid_tile_init() {}
ALWI void sigmoid_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return 1.0f / (1.0f + expf(-x)); }); }
ALWI void log_tile_init() {}
ALWI void log_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return logf(x); }); }
ALWI void tanh_tile_init() {}
ALWI void tanh_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return tanhf(x); }); }
ALWI void abs_tile_init() {}
ALWI void abs_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return fabsf(x); }); }
ALWI void negative_tile_init() {}
ALWI void negative_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return -x; }); }
ALWI void square_tile_init() {}
ALWI void square_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return x * x; }); }
ALWI void sin_tile_init() {}
ALWI void sin_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return sinf(x); }); }
ALWI void cos_tile_init() {}
ALWI void cos_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return cosf(x); }); }
ALWI void power_tile_init() {}
ALWI void power_tile(uint32_t idst, uint32_t power) {
    ttemu_unary(idst, [power](float x) { return powf(x, float(power)); });
}
ALWI void sign_tile_init() {}
ALWI void sign_tile(uint32_t idst) { ttemu_unary(idst, [](float x) { return float((x > 0.0f) - (x < 0.0f)); }); }

}  // namespace ckernel

using namespace ckernel;
