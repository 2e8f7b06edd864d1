// Aligning two sequences of keys (two logs' calls by function) with the fewest insertions and deletions (Myers'
// O((N+M)·D) algorithm, after the common prefix and suffix are set aside), as apitrace's and diff(1)'s comparisons do.
// Gives up past `max_edits` differences, so two unrelated logs cost bounded time and memory.
//   auto steps = Align(a_keys, b_keys, 4096);   // nullopt: more than 4096 differences
//   for (const AlignStep& s : *steps) ... s.kind == AlignStep::kBoth: a[s.a] pairs with b[s.b]
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
                                            std::size_t max_edits);

}  // namespace ltcap::cli
