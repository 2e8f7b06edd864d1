// Block-float value conversion, one copy for both sides: the host helpers (tt-metalium/blockfloat_common.hpp) and the
// emulator's compute kernels (embedded with the kernel headers) pack and unpack with these same functions.
// A stored value is a sign above a `bits`-wide mantissa aligned to the row's shared exponent; is_exp_a formats keep
// 5-bit exponents.
#pragma once

#include <stdint.h>

namespace ttemu_bfp {

// An fp32 exponent field as the format stores it: unchanged, or rebiased to 5 bits and clamped (is_exp_a).
inline int32_t StoredExponent(uint32_t fp32_bits, bool is_exp_a) {
    const int32_t e = int32_t((fp32_bits >> 23) & 0xff);
    if (!is_exp_a) return e;
    const int32_t r = e - 127 + 15;
    return r < 0 ? 0 : (r > 31 ? 31 : r);
}

// fp32 bits → sign and mantissa aligned to `shared_exp`, rounded to nearest even (or truncated) and saturated. The
// leading one is assumed even for denormals, as tt-metal does; a zero mantissa drops the sign.
inline uint32_t ToStored(uint32_t fp32_bits, uint32_t shared_exp, bool is_exp_a, uint32_t bits, bool truncate) {
    if ((fp32_bits & 0x7fffffffu) == 0) return 0;
    const uint32_t dropped = 24 - bits, max = (1u << bits) - 1;
    uint32_t sign = fp32_bits >> 31, fraction = fp32_bits & 0x007fffffu;
    int32_t exp = int32_t((fp32_bits >> 23) & 0xff);
    if (is_exp_a) {
        exp = exp - 127 + 15;
        if (exp > 31) exp = 31, fraction = 0x007fffffu;
        if (exp < 0) exp = 0, fraction = 0;
    }
    uint32_t significand = (1u << 23) | fraction;
    const uint32_t diff = shared_exp > uint32_t(exp) ? shared_exp - uint32_t(exp) : 0;
    significand = diff >= 32 ? 0 : significand >> diff;
    uint32_t mantissa = significand >> dropped;
    if (!truncate) {
        const uint32_t rest = significand & ((1u << dropped) - 1), half = 1u << (dropped - 1);
        if (rest > half || (rest == half && (mantissa & 1))) mantissa++;
        if (mantissa > max) mantissa = max;
    }
    if (mantissa == 0) sign = 0;
    return (sign << bits) | mantissa;
}

// A stored sign and mantissa with its shared exponent → fp32 bits (a zero mantissa keeps its sign).
inline uint32_t FromStored(uint32_t stored, uint32_t shared_exp, bool is_exp_a, uint32_t bits) {
    const uint32_t sign = (stored >> bits) & 1;
    uint32_t mantissa = stored & ((1u << bits) - 1), exp = 0;
    if (mantissa != 0) {
        // Normalise: shift until the top mantissa bit is set, then drop it (it is the implicit one).
        uint32_t shifts = 0;
        while ((mantissa & (1u << (bits - 1))) == 0) mantissa <<= 1, shifts++;
        mantissa = (mantissa << 1) & ((1u << bits) - 1);
        exp = shared_exp - shifts;
        if (is_exp_a) exp = exp - 15 + 127;
    }
    return (sign << 31) | ((exp & 0xff) << 23) | (mantissa << (23 - bits));
}

}  // namespace ttemu_bfp
