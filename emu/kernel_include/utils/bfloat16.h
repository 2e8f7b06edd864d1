// Comparing bfloat16 values by their bits, as kernels sorting or reducing bfloat16 data do.
#pragma once

#include <stdint.h>

// Whether a > b, for non-NaN bfloat16 bit patterns (sign-magnitude: negative values order in reverse).
inline bool bfloat16_greater(uint16_t bf16_a, uint16_t bf16_b) {
    const bool a_negative = bf16_a & 0x8000, b_negative = bf16_b & 0x8000;
    if (a_negative != b_negative) return !a_negative;
    return a_negative ? bf16_a < bf16_b : bf16_a > bf16_b;
}
