// SFPI, the SFPU's C++ vector language, as compute kernels write custom SFPU functions with it (tt-metal's
// custom_sfpi_* examples): vFloat (32 float lanes), dst_reg[i] (row i of DST, 32 lanes; a 32×32 tile is 32 rows,
// a 16×16 face 8), arithmetic with vectors and scalars, comparisons, and predicated execution
// (v_if / v_elseif / v_else / v_endif: assignments to vectors and DST rows reach only the lanes whose condition
// holds). The LLK drivers that call such a function once per face are here too
// (_llk_math_eltwise_unary_sfpu_params_, _llk_math_eltwise_binary_sfpu_params_).
//
// DST row r is elements [32·(r mod 32), 32·(r mod 32) + 32) of tile r / 32 as the emulator stores it (four 16×16
// faces, each row-major): face f is rows 8f … 8f + 7 of its tile. Element-wise functions see exactly the hardware's
// values; functions that depend on which lane holds which element would see the emulator's order.
//   inline void add_face(uint32_t a, uint32_t b, uint32_t out) {
//       for (int i = 0; i < 8; i++) dst_reg[out * 32 + i] = vFloat(dst_reg[a * 32 + i]) + dst_reg[b * 32 + i];
//   }
#pragma once

#include <stdint.h>
#include <string.h>

#include "ttemu_compute_core.h"

namespace sfpi {

constexpr int kLanes = 32;
constexpr uint32_t kAllLanes = 0xFFFFFFFFu;

// The lanes enabled for assignment (the condition code) and DST's row base, per emulated core's thread (a mesh's
// chips run launches on threads of their own; one core's SFPU code never yields between the two).
struct TtemuSfpuState {
    uint32_t enabled = kAllLanes;
    uint32_t dst_base = 0;  // DST row that dst_reg[0] names
};
inline thread_local TtemuSfpuState ttemu_sfpu;

// A lane mask: the result of comparing vectors.
struct vCond {
    uint32_t lanes;
    vCond operator&&(const vCond& o) const { return {lanes & o.lanes}; }
    vCond operator||(const vCond& o) const { return {lanes | o.lanes}; }
    vCond operator!() const { return {~lanes}; }
};

class vFloat {
public:
    vFloat() { memset(v_, 0, sizeof v_); }
    vFloat(float f) {
        for (float& x : v_) x = f;
    }
    vFloat(const vFloat& o) { memcpy(v_, o.v_, sizeof v_); }
    // Assignment reaches only the enabled lanes (inside v_if, those whose condition holds).
    vFloat& operator=(const vFloat& o) {
        const uint32_t m = ttemu_sfpu.enabled;
        for (int i = 0; i < kLanes; i++)
            if (m >> i & 1u) v_[i] = o.v_[i];
        return *this;
    }
    vFloat& operator=(float f) { return *this = vFloat(f); }

    float operator[](int lane) const { return v_[lane]; }
    float& lane(int i) { return v_[i]; }

    template <typename Op>
    friend vFloat ttemu_map2(const vFloat& a, const vFloat& b, Op op) {
        vFloat r;
        for (int i = 0; i < kLanes; i++) r.v_[i] = op(a.v_[i], b.v_[i]);
        return r;
    }
    template <typename Op>
    friend vCond ttemu_compare(const vFloat& a, const vFloat& b, Op op) {
        uint32_t lanes = 0;
        for (int i = 0; i < kLanes; i++)
            if (op(a.v_[i], b.v_[i])) lanes |= 1u << i;
        return {lanes};
    }

    vFloat operator-() const {
        vFloat r;
        for (int i = 0; i < kLanes; i++) r.v_[i] = -v_[i];
        return r;
    }
    vFloat& operator+=(const vFloat& o) { return *this = *this + o; }
    vFloat& operator-=(const vFloat& o) { return *this = *this - o; }
    vFloat& operator*=(const vFloat& o) { return *this = *this * o; }

    friend vFloat operator+(const vFloat& a, const vFloat& b) {
        return ttemu_map2(a, b, [](float x, float y) { return x + y; });
    }
    friend vFloat operator-(const vFloat& a, const vFloat& b) {
        return ttemu_map2(a, b, [](float x, float y) { return x - y; });
    }
    friend vFloat operator*(const vFloat& a, const vFloat& b) {
        return ttemu_map2(a, b, [](float x, float y) { return x * y; });
    }
    friend vCond operator<(const vFloat& a, const vFloat& b) {
        return ttemu_compare(a, b, [](float x, float y) { return x < y; });
    }
    friend vCond operator<=(const vFloat& a, const vFloat& b) {
        return ttemu_compare(a, b, [](float x, float y) { return x <= y; });
    }
    friend vCond operator>(const vFloat& a, const vFloat& b) {
        return ttemu_compare(a, b, [](float x, float y) { return x > y; });
    }
    friend vCond operator>=(const vFloat& a, const vFloat& b) {
        return ttemu_compare(a, b, [](float x, float y) { return x >= y; });
    }
    friend vCond operator==(const vFloat& a, const vFloat& b) {
        return ttemu_compare(a, b, [](float x, float y) { return x == y; });
    }
    friend vCond operator!=(const vFloat& a, const vFloat& b) {
        return ttemu_compare(a, b, [](float x, float y) { return x != y; });
    }

private:
    float v_[kLanes];
};

// The SFPU's constant registers.
inline const vFloat vConst0(0.0f);
inline const vFloat vConst1(1.0f);
inline const vFloat vConstNeg1(-1.0f);
inline const vFloat vConst0p8373(0.8373f);

// Row i (from the current base) of DST: reads as a vFloat, assignment writes the enabled lanes.
class DstRow {
public:
    explicit DstRow(uint32_t row) : row_(row) {}
    operator vFloat() const {
        vFloat r;
        const uint32_t* src = Elements();
        for (int i = 0; i < kLanes; i++) r.lane(i) = ckernel::ttemu_f(src[i]);
        return r;
    }
    DstRow& operator=(const vFloat& value) {
        uint32_t* dst = Elements();
        const uint32_t m = ttemu_sfpu.enabled;
        for (int i = 0; i < kLanes; i++)
            if (m >> i & 1u) dst[i] = ckernel::ttemu_u(value[i]);
        ckernel::ttemu_state().dst_int[row_ / 32] = false;
        return *this;
    }
    DstRow& operator=(const DstRow& other) { return *this = vFloat(other); }
    DstRow& operator=(float f) { return *this = vFloat(f); }

private:
    uint32_t* Elements() const {
        ckernel::ttemu_check_dst(row_ / 32);
        return &ckernel::ttemu_state().dst[row_ / 32][(row_ % 32) * kLanes];
    }
    uint32_t row_;
};

struct DstRegister {
    DstRow operator[](int i) const { return DstRow(ttemu_sfpu.dst_base + static_cast<uint32_t>(i)); }
    DstRegister& operator++() {
        ttemu_sfpu.dst_base++;
        return *this;
    }
    DstRegister operator++(int) {
        ttemu_sfpu.dst_base++;
        return *this;
    }
    DstRegister& operator+=(int rows) {
        ttemu_sfpu.dst_base += static_cast<uint32_t>(rows);
        return *this;
    }
};
inline DstRegister dst_reg;

// The condition-code scope v_if opens: the lanes enabled outside it, and those a branch has already taken.
class CcScope {
public:
    CcScope() : outer_(ttemu_sfpu.enabled) {}
    ~CcScope() { ttemu_sfpu.enabled = outer_; }
    CcScope(const CcScope&) = delete;
    CcScope& operator=(const CcScope&) = delete;
    void If(const vCond& c) { Enable(outer_ & c.lanes); }
    void ElseIf(const vCond& c) { Enable(outer_ & ~taken_ & c.lanes); }
    void Else() { Enable(outer_ & ~taken_); }

private:
    void Enable(uint32_t lanes) {
        taken_ |= lanes;
        ttemu_sfpu.enabled = lanes;
    }
    uint32_t outer_, taken_ = 0;
};

}  // namespace sfpi

#define v_if(cond)             \
    {                          \
        ::sfpi::CcScope ttemu_cc; \
        ttemu_cc.If(cond);
#define v_elseif(cond) ttemu_cc.ElseIf(cond);
#define v_else ttemu_cc.Else();
#define v_endif }

namespace ckernel {

enum class VectorMode : uint8_t { None = 0, R = 1, C = 2, RC = 4, RC_custom = 5, Invalid = 0xFF };

// The faces of a tile a vector mode covers: R the top two, C the left two, RC all four, None the first.
ALWI uint32_t ttemu_faces_of(int mode, uint32_t (&faces)[4]) {
    switch (static_cast<VectorMode>(mode)) {
        case VectorMode::R: faces[0] = 0, faces[1] = 1; return 2;
        case VectorMode::C: faces[0] = 0, faces[1] = 2; return 2;
        case VectorMode::None: faces[0] = 0; return 1;
        default: faces[0] = 0, faces[1] = 1, faces[2] = 2, faces[3] = 3; return 4;
    }
}

// Calls sfpu_func(args...) once per face of DST[dst_index] the mode covers, dst_reg[0] at the face's first row.
template <bool APPROXIMATE, typename Fn, typename... Args>
TTEMU_LOOP_FN void _llk_math_eltwise_unary_sfpu_params_(Fn&& sfpu_func, uint32_t dst_index,
                                                int vector_mode = static_cast<int>(VectorMode::RC), Args&&... args) {
    ttemu_check_dst(dst_index);
    uint32_t faces[4];
    const uint32_t n = ttemu_faces_of(vector_mode, faces);
    for (uint32_t f = 0; f < n; f++) {
        sfpi::ttemu_sfpu.dst_base = dst_index * 32 + faces[f] * 8;
        sfpu_func(args...);
    }
    sfpi::ttemu_sfpu.dst_base = 0;
}
template <bool APPROXIMATE, typename Fn, typename... Args>
ALWI void _llk_math_eltwise_unary_sfpu_params_(Fn&& sfpu_func, uint32_t dst_index, VectorMode vector_mode,
                                                Args&&... args) {
    _llk_math_eltwise_unary_sfpu_params_<APPROXIMATE>(sfpu_func, dst_index, static_cast<int>(vector_mode), args...);
}

// Calls sfpu_func(dst_index_in0, dst_index_in1, dst_index_out, args...) once per face, dst_reg[0] at the face's
// first row of tile 0 (the function adds each tile's 32 rows itself).
template <bool APPROXIMATE, typename Fn, typename... Args>
TTEMU_LOOP_FN void _llk_math_eltwise_binary_sfpu_params_(Fn&& sfpu_func, uint32_t dst_index_in0, uint32_t dst_index_in1,
                                                 uint32_t dst_index_out,
                                                 int vector_mode = static_cast<int>(VectorMode::RC), Args&&... args) {
    uint32_t faces[4];
    const uint32_t n = ttemu_faces_of(vector_mode, faces);
    for (uint32_t f = 0; f < n; f++) {
        sfpi::ttemu_sfpu.dst_base = faces[f] * 8;
        sfpu_func(dst_index_in0, dst_index_in1, dst_index_out, args...);
    }
    sfpi::ttemu_sfpu.dst_base = 0;
}

}  // namespace ckernel

using namespace sfpi;
