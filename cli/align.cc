#include "cli/align.h"

#include <algorithm>

namespace ltcap::cli {

std::optional<std::vector<AlignStep>> Align(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                                            std::size_t max_edits, bool a_open, bool b_open) {
    std::size_t prefix = 0;
    while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) prefix++;
    std::size_t suffix = 0;  // (an open side's last keys are not its end: no common suffix then)
    while (!a_open && !b_open && suffix < a.size() - prefix && suffix < b.size() - prefix &&
           a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
        suffix++;
    const long n = static_cast<long>(a.size() - prefix - suffix), m = static_cast<long>(b.size() - prefix - suffix);
    const auto A = [&](long i) { return a[prefix + i]; };
    const auto B = [&](long j) { return b[prefix + j]; };
    // Where an alignment may end: the end of an open side (whatever is left of the other), or of both. A point past
    // either end (the search's diagonals can overshoot one) is none.
    const auto end = [&](long x, long y) {
        return x <= n && y <= m && ((a_open && x == n) || (b_open && y == m) || (x == n && y == m));
    };

    // Myers: v[k] is the furthest x reached on diagonal k = x - y; trace[d] keeps v over k in [-d, d] after d edits.
    const long max = std::min<long>(n + m, static_cast<long>(max_edits));
    std::vector<long> v(2 * max + 3, 0);
    const long off = max + 1;
    std::vector<std::vector<std::int32_t>> trace;  // 4 bytes a diagonal: a log has fewer than 2^31 calls
    long found = -1, end_x = n, end_y = m;
    for (long d = 0; d <= max && found < 0; d++) {
        for (long k = -d; k <= d; k += 2) {
            long x = (k == -d || (k != d && v[off + k - 1] < v[off + k + 1])) ? v[off + k + 1] : v[off + k - 1] + 1;
            long y = x - k;
            while (x < n && y < m && A(x) == B(y)) x++, y++;
            v[off + k] = x;
            if (end(x, y)) {
                found = d, end_x = x, end_y = y;
                break;
            }
        }
        trace.emplace_back(v.begin() + off - d, v.begin() + off + d + 1);
    }
    if (found < 0) return std::nullopt;

    // Back from the end: each edit, and the matches after it, in reverse.
    std::vector<AlignStep> back;
    long x = end_x, y = end_y;
    for (long d = found; d > 0; d--) {
        const std::vector<std::int32_t>& prev = trace[d - 1];  // over k in [-(d-1), d-1]
        const auto at = [&](long k) { return static_cast<long>(prev[k + d - 1]); };
        const long k = x - y;
        const bool down = k == -d || (k != d && at(k - 1) < at(k + 1));  // came from k + 1: an insertion (B only)
        const long pk = down ? k + 1 : k - 1;
        const long px = at(pk), py = px - pk;
        const long sx = down ? px : px + 1, sy = sx - k;  // after the edit, before the matches
        while (x > sx && y > sy) back.push_back({AlignStep::kBoth, std::size_t(--x), std::size_t(--y)});
        if (down)
            back.push_back({AlignStep::kOnlyB, std::size_t(px), std::size_t(py)});
        else
            back.push_back({AlignStep::kOnlyA, std::size_t(px), std::size_t(py)});
        x = px, y = py;
    }
    while (x > 0 && y > 0) back.push_back({AlignStep::kBoth, std::size_t(--x), std::size_t(--y)});

    std::vector<AlignStep> steps;
    steps.reserve(prefix + suffix + back.size());
    for (std::size_t i = 0; i < prefix; i++) steps.push_back({AlignStep::kBoth, i, i});
    for (auto s = back.rbegin(); s != back.rend(); ++s) steps.push_back({s->kind, s->a + prefix, s->b + prefix});
    for (std::size_t i = 0; i < suffix; i++)
        steps.push_back({AlignStep::kBoth, a.size() - suffix + i, b.size() - suffix + i});
    return steps;
}

}  // namespace ltcap::cli
