// The float comparisons of tt-metal's bfloat16 helpers (equal_within_n_sig_figs, is_close), which every profile
// offers — v0.56.0 inline in its header, v0.67.0 exported by the library. Mismatches are reported on stdout, as
// tt-metal's helpers report them.
#pragma once

#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>

namespace ttemu {

// The printed values' first n significant digits agree (leading zeros and the decimal point skipped).
inline bool EqualWithinSigFigs(float a, float b, int n) {
    const std::string sa = std::to_string(a), sb = std::to_string(b);
    const std::size_t len = std::min(sa.size(), sb.size());
    std::size_t i = 0;
    while (i < len && (sa[i] == '0' || sa[i] == '.')) i++;
    int matched = 0;
    for (; i < len && matched < n; i++) {
        if (sa[i] != sb[i]) {
            std::cout << "Floats being compared: A: " << a << ", B: " << b << std::endl;
            return false;
        }
        if (sa[i] != '.') matched++;
    }
    return true;
}

// Within atol of each other, or within rtol of the larger magnitude.
inline bool IsClose(float a, float b, float rtol, float atol) {
    const float diff = std::fabs(a - b), larger = std::fmax(std::fabs(a), std::fabs(b));
    const bool close = diff <= atol || diff <= rtol * larger;
    if (!close)
        std::cout << "Discrepacy: A = " << a << " B = " << b << std::endl
                  << "   absdiff = " << diff << std::endl
                  << "   reldiff = " << diff / (larger + 1e-6f) << std::endl;
    return close;
}

}  // namespace ttemu
