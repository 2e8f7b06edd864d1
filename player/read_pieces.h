// The pieces a read's data arrives in (offset, size), kept so each byte of the read is covered once: a piece that
// overlaps one already taken is refused — listed twice, it would leave another piece unchecked. Shared by the log
// checker (before a replay) and the read verifier (during it). Pieces of size 0 cover nothing and are not kept.
#pragma once

#include <cstdint>
#include <iterator>
#include <map>

namespace ltcap {

class ReadPieces {
public:
    // Takes [offset, offset + size) (the caller checked it does not wrap); false, taking nothing, when it overlaps a
    // piece taken before.
    bool Take(std::uint64_t offset, std::uint64_t size) {
        if (size == 0) return true;
        auto next = ends_.lower_bound(offset);
        if (next != ends_.end() && next->first < offset + size) return false;
        if (next != ends_.begin() && std::prev(next)->second > offset) return false;
        ends_.emplace_hint(next, offset, offset + size);
        return true;
    }
    bool empty() const { return ends_.empty(); }
    void clear() { ends_.clear(); }

private:
    std::map<std::uint64_t, std::uint64_t> ends_;  // offset → end
};

}  // namespace ltcap
