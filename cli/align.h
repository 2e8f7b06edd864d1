// Aligning two sequences of keys (two logs' calls by function) with the fewest insertions and deletions (Myers'
// O((N+M)·D) algorithm, after the common prefix and suffix are set aside), as apitrace's and diff(1)'s comparisons do.
// Gives up past `max_edits` differences, so two unrelated logs cost bounded time and memory.
//   auto steps = Align(a_keys, b_keys, 4096);   // nullopt: more than 4096 differences
//   for (const AlignStep& s : *steps) ... s.kind == AlignStep::kBoth: a[s.a] pairs with b[s.b]
// A side whose keys go on past what is given (a window of a longer stream: window_align.h) is `open`: the alignment
// then ends where the fewest edits reach the end of an open side (or of both), and covers only a prefix of the
// other — the rest is aligned with what follows.
//   auto steps = Align(a_window, b_window, 2000, /*a_open=*/true, /*b_open=*/false);
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace ltcap::cli {

struct AlignStep {
    enum Kind { kBoth, kOnlyA, kOnlyB } kind;
    std::size_t a, b;  // positions; the one of the side a step lacks is where it would go
    bool operator==(const AlignStep&) const = default;
};

std::optional<std::vector<AlignStep>> Align(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                                            std::size_t max_edits, bool a_open = false, bool b_open = false);

}  // namespace ltcap::cli
