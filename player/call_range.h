// A range of call sequence numbers as the tools take it on their command line (ltdump --calls, ltplay --calls,
// ltcap trim --calls): "A-B" (inclusive), "A-" (A to the end), "-B" (the start to B) or "A" (that call alone).
#pragma once

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace ltcap {

struct CallRange {
    std::uint64_t first = 0, last = ~0ull;
    bool Contains(std::uint64_t seq) const { return seq >= first && seq <= last; }
    bool All() const { return first == 0 && last == ~0ull; }
    // As ParseCallRange takes it: "A-B", or "A-" when open-ended.
    std::string Text() const { return std::to_string(first) + "-" + (last == ~0ull ? std::string() : std::to_string(last)); }
};

// False for anything else (a sign, spaces, a number past 2^64, A > B).
inline bool ParseCallRange(const std::string& text, CallRange& range) {
    auto number = [](const std::string& s, std::uint64_t& out) {
        if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return false;
        errno = 0;
        out = std::strtoull(s.c_str(), nullptr, 10);
        return errno == 0;
    };
    const auto dash = text.find('-');
    CallRange r;
    if (dash == std::string::npos) {
        if (!number(text, r.first)) return false;
        r.last = r.first;
    } else {
        const std::string a = text.substr(0, dash), b = text.substr(dash + 1);
        if (a.empty() && b.empty()) return false;
        if (!a.empty() && !number(a, r.first)) return false;
        if (!b.empty() && !number(b, r.last)) return false;
    }
    if (r.first > r.last) return false;
    range = r;
    return true;
}

}  // namespace ltcap
