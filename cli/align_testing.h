// Helpers for the alignment tests (align_test, window_align_test).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "cli/align.h"

namespace ltcap::cli::testing {

struct Walked {
    std::size_t a = 0, b = 0;  // how far the steps got on each side
    std::size_t edits = 0;     // steps with one side only
};

// Walks `steps`, expecting each to name the next position of both sides (the side a step lacks: where it would go)
// and paired keys to be equal.
inline Walked Walk(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                   const std::vector<AlignStep>& steps) {
    Walked w;
    for (const AlignStep& s : steps) {
        EXPECT_EQ(s.a, w.a);
        EXPECT_EQ(s.b, w.b);
        w.a += s.kind != AlignStep::kOnlyB;
        w.b += s.kind != AlignStep::kOnlyA;
        if (s.kind != AlignStep::kBoth) {
            w.edits++;
        } else if (s.a < a.size() && s.b < b.size()) {
            EXPECT_EQ(a[s.a], b[s.b]);
        } else {
            ADD_FAILURE() << "a pair past the end: " << s.a << ", " << s.b;
        }
    }
    return w;
}

// Every element of both sides once and in order, equal ones paired: the number of edits.
inline std::size_t Check(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                         const std::vector<AlignStep>& steps) {
    const Walked w = Walk(a, b, steps);
    EXPECT_EQ(w.a, a.size());
    EXPECT_EQ(w.b, b.size());
    return w.edits;
}

// lcs[i][j]: the length of a longest common subsequence of a's first i keys and b's first j (the fewest edits
// aligning them: i + j - 2·lcs[i][j]).
inline std::vector<std::vector<std::size_t>> LcsTable(const std::vector<std::uint32_t>& a,
                                                      const std::vector<std::uint32_t>& b) {
    std::vector<std::vector<std::size_t>> lcs(a.size() + 1, std::vector<std::size_t>(b.size() + 1, 0));
    for (std::size_t i = 1; i <= a.size(); i++)
        for (std::size_t j = 1; j <= b.size(); j++)
            lcs[i][j] = a[i - 1] == b[j - 1] ? lcs[i - 1][j - 1] + 1 : std::max(lcs[i - 1][j], lcs[i][j - 1]);
    return lcs;
}

}  // namespace ltcap::cli::testing
