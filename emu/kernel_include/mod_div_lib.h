// Integer helpers tt-metal's kernels use where the RISC-V cores lack fast division: multiplication, and division
// and remainder by a compile-time constant. Here they are exact host arithmetic (a zero divisor gives a quotient of
// 0, as tt-metal's helper does).
#pragma once

#include <stdint.h>

inline __attribute__((always_inline)) unsigned int mulsi3(unsigned int a, unsigned int b) { return a * b; }

inline __attribute__((always_inline)) uint32_t fast_udiv_12(uint32_t n) { return n / 12; }
inline __attribute__((always_inline)) uint32_t fast_udiv_56(uint32_t n) { return n / 56; }
inline __attribute__((always_inline)) uint32_t fast_udiv_63(uint32_t n) { return n / 63; }
inline __attribute__((always_inline)) uint32_t fast_udiv_70(uint32_t n) { return n / 70; }
inline __attribute__((always_inline)) uint32_t fast_udiv_80(uint32_t n) { return n / 80; }
inline __attribute__((always_inline)) uint32_t fast_udiv_94(uint32_t n) { return n / 94; }
inline __attribute__((always_inline)) uint32_t fast_udiv_124(uint32_t n) { return n / 124; }
inline __attribute__((always_inline)) uint32_t fast_udiv_130(uint32_t n) { return n / 130; }
inline __attribute__((always_inline)) uint32_t fast_udiv_140(uint32_t n) { return n / 140; }

template <uint32_t d>
inline __attribute__((always_inline)) uint32_t udivsi3_const_divisor(uint32_t n) {
    if constexpr (d == 0) {
        return 0;
    } else {
        return n / d;
    }
}

template <uint32_t d>
inline __attribute__((always_inline)) uint32_t umodsi3_const_divisor(uint32_t a) {
    return a - udivsi3_const_divisor<d>(a) * d;
}
