#include "cli/window_align.h"

#include <algorithm>
#include <deque>
#include <vector>

namespace ltcap::cli {

std::uint64_t AlignWindows(const std::function<bool(std::uint32_t&)>& next_a,
                           const std::function<bool(std::uint32_t&)>& next_b, std::size_t window,
                           std::size_t max_edits, const std::function<void(const AlignStep&)>& step) {
    window = std::max<std::size_t>(window, 2);
    const std::size_t half = window / 2;
    struct Side {
        const std::function<bool(std::uint32_t&)>& next;
        std::deque<std::uint32_t> keys;  // read, not yet stepped past
        bool ended = false;
        std::size_t at = 0;  // the stream position of keys.front()
    } a{next_a}, b{next_b};
    // Reads keys until `s` holds `want` (or its stream ends). Equal fronts need one key each: the streams are read
    // a whole window ahead only where they differ (a caller reading its entries again finds them close by).
    const auto fill = [](Side& s, std::size_t want) {
        for (std::uint32_t key; !s.ended && s.keys.size() < want;) {
            if (s.next(key))
                s.keys.push_back(key);
            else
                s.ended = true;
        }
    };
    const auto emit = [&](AlignStep::Kind kind) {
        step({kind, a.at, b.at});
        if (kind != AlignStep::kOnlyB) a.keys.pop_front(), a.at++;
        if (kind != AlignStep::kOnlyA) b.keys.pop_front(), b.at++;
    };
    std::uint64_t by_position = 0;
    for (;;) {
        fill(a, 1), fill(b, 1);
        if (a.keys.empty() && b.keys.empty()) return by_position;
        if (b.keys.empty() || a.keys.empty()) {
            emit(b.keys.empty() ? AlignStep::kOnlyA : AlignStep::kOnlyB);
            continue;
        }
        if (a.keys.front() == b.keys.front()) {
            emit(AlignStep::kBoth);
            continue;
        }
        fill(a, window), fill(b, window);
        const std::vector<std::uint32_t> wa(a.keys.begin(), a.keys.end()), wb(b.keys.begin(), b.keys.end());
        const bool a_open = !a.ended, b_open = !b.ended;
        if (const auto steps = Align(wa, wb, max_edits, a_open, b_open)) {
            // (the first step is at the fronts, so each round moves on)
            for (const AlignStep& s : *steps) {
                if ((a_open && s.a >= half) || (b_open && s.b >= half)) break;
                emit(s.kind);
            }
            continue;
        }
        by_position++;
        for (std::size_t i = 0; i < half && (i < wa.size() || i < wb.size()); i++) {
            if (i < wa.size() && i < wb.size() && wa[i] == wb[i]) {
                emit(AlignStep::kBoth);
                continue;
            }
            if (i < wa.size()) emit(AlignStep::kOnlyA);
            if (i < wb.size()) emit(AlignStep::kOnlyB);
        }
    }
}

}  // namespace ltcap::cli
