#include "cli/launch_diff.h"

#include <map>

namespace ltcap::cli {

LaunchDivergence FirstDivergence(const std::vector<LaunchRecord>& a, const std::vector<LaunchRecord>& b) {
    LaunchDivergence d;
    for (std::size_t i = 0; i < a.size() || i < b.size(); i++) {
        d.launch = i;
        if (i >= a.size() || i >= b.size()) {
            d.found = true;
            d.why = std::string(i >= a.size() ? "A" : "B") + " made " + std::to_string(std::min(a.size(), b.size())) +
                    " launches, " + (i >= a.size() ? "B" : "A") + " more";
            return d;
        }
        const LaunchRecord &x = a[i], &y = b[i];
        if (x.seq != y.seq || x.function != y.function) {
            d.found = true;
            d.why = "launch " + std::to_string(i + 1) + " is call #" + std::to_string(x.seq) + " " + x.function +
                    " in A and call #" + std::to_string(y.seq) + " " + y.function + " in B";
            return d;
        }
        std::map<std::uint64_t, const LaunchRecord::Buffer*> theirs;
        for (const auto& buf : y.buffers) theirs[buf.id] = &buf;
        for (const auto& mine : x.buffers) {
            const auto it = theirs.find(mine.id);
            if (it == theirs.end()) continue;  // read back on one side only (gone on the other): not compared
            const LaunchRecord::Buffer& other = *it->second;
            if (mine.bytes != other.bytes || mine.pages.size() != other.pages.size()) {
                d.found = true;
                d.buffer = mine.id;
                d.why = "buffer#" + std::to_string(mine.id) + " holds " + std::to_string(mine.bytes) + " bytes in A, " +
                        std::to_string(other.bytes) + " in B";
                return d;
            }
            for (std::size_t p = 0; p < mine.pages.size(); p++)
                if (mine.pages[p] != other.pages[p]) {
                    if (!d.found) d.first_page = p;
                    d.found = true;
                    d.pages_differ++;
                }
            if (d.found) {
                d.buffer = mine.id;
                d.pages = mine.pages.size();
                d.page_size = mine.page_size;
                return d;
            }
            d.agreed_buffers++;
        }
    }
    return d;
}

}  // namespace ltcap::cli
