#include "cli/line_diff.h"

#include <algorithm>
#include <cstdint>
#include <unordered_map>

#include "cli/align.h"

namespace ltcap::cli {
namespace {

std::vector<std::string_view> Lines(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        lines.push_back(text.substr(0, end));
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

}  // namespace

std::optional<std::vector<std::string>> UnifiedDiff(std::string_view a, std::string_view b, std::size_t context,
                                                    std::size_t max_edits) {
    const std::vector<std::string_view> la = Lines(a), lb = Lines(b);
    // Each distinct line a key of its own: equal keys are equal lines, never a hash's collision.
    std::unordered_map<std::string_view, std::uint32_t> ids;
    const auto keys = [&ids](const std::vector<std::string_view>& lines) {
        std::vector<std::uint32_t> out;
        out.reserve(lines.size());
        for (std::string_view l : lines) out.push_back(ids.emplace(l, static_cast<std::uint32_t>(ids.size())).first->second);
        return out;
    };
    const std::vector<std::uint32_t> ka = keys(la), kb = keys(lb);
    const auto steps = Align(ka, kb, max_edits);
    if (!steps) return std::nullopt;
    std::vector<std::string> out;
    const std::vector<AlignStep>& s = *steps;
    std::size_t i = 0;
    while (i < s.size()) {
        if (s[i].kind == AlignStep::kBoth) {
            i++;
            continue;
        }
        // A hunk: from `context` steps before this change to `context` after the last change within reach.
        const std::size_t begin = i >= context ? i - context : 0;
        std::size_t end = i;
        for (std::size_t j = i; j < s.size(); j++) {
            if (s[j].kind != AlignStep::kBoth) end = j + 1;
            else if (j >= end + 2 * context) break;
        }
        end = std::min(s.size(), end + context);
        std::size_t na = 0, nb = 0;
        for (std::size_t j = begin; j < end; j++) {
            na += s[j].kind != AlignStep::kOnlyB;
            nb += s[j].kind != AlignStep::kOnlyA;
        }
        // Where the hunk starts on each side, 1-based (a side with no line in it names the line before: diff(1)).
        const std::size_t start_a = s[begin].a + (na ? 1 : 0), start_b = s[begin].b + (nb ? 1 : 0);
        out.push_back("@@ -" + std::to_string(start_a) + "," + std::to_string(na) + " +" + std::to_string(start_b) + "," +
                      std::to_string(nb) + " @@");
        for (std::size_t j = begin; j < end; j++) {
            switch (s[j].kind) {
                case AlignStep::kBoth: out.push_back(" " + std::string(la[s[j].a])); break;
                case AlignStep::kOnlyA: out.push_back("-" + std::string(la[s[j].a])); break;
                case AlignStep::kOnlyB: out.push_back("+" + std::string(lb[s[j].b])); break;
            }
        }
        i = end;
    }
    return out;
}

}  // namespace ltcap::cli
