// Two streams of keys (two logs' calls by function) aligned in bounded memory: runs of equal keys pass straight
// through, one key of each read at a time; where the fronts differ each stream is read a window ahead and the two
// windows are aligned with the fewest edits (align.h, each side open at its window's end unless its stream ended
// there); the steps in the first half of the windows are kept and the rest is aligned again with what follows.
// Memory is two windows of keys and one alignment (max_edits² × 4 bytes at most), whatever the streams' length.
// Limits: differences are found where they fit in a window — a run of more than max_edits keys added or removed, or
// more than max_edits differences within one window, is paired by position over half a window (counted), and the
// alignment then resumes. Where the windows hold the whole of both streams the result is Align's.
//   AlignWindows(next_a, next_b, 8192, 2000, [&](const AlignStep& s) { ... });   // positions over the whole streams
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include "cli/align.h"

namespace ltcap::cli {

// `next` gives a stream's next key, false at its end (and is not called again). `step` gets every step in order;
// s.a and s.b count from each stream's start. Returns how many half-windows were paired by position.
std::uint64_t AlignWindows(const std::function<bool(std::uint32_t&)>& next_a,
                           const std::function<bool(std::uint32_t&)>& next_b, std::size_t window,
                           std::size_t max_edits, const std::function<void(const AlignStep&)>& step);

}  // namespace ltcap::cli
