// Two replays' launch records (player/launch_outputs.h) compared launch by launch: the first launch after which a
// buffer its kernels can write holds other bytes on one side than on the other — what `ltcap bisect` reports.
//   LaunchDivergence d = FirstDivergence(a_records, b_records);
//   if (d.found) … a[d.launch], buffer d.buffer, pages from d.first_page …
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "player/launch_outputs.h"

namespace ltcap::cli {

struct LaunchDivergence {
    bool found = false;
    std::size_t launch = 0;        // index into both record lists
    std::string why;               // a launch the sides disagree about ("B launched call #9, A call #8"), or ""
    std::uint64_t buffer = 0;      // the first buffer whose bytes differ (by id)
    std::uint64_t first_page = 0;  // its first differing page
    std::uint64_t pages = 0, pages_differ = 0;
    std::uint64_t page_size = 0;
    std::uint64_t agreed_buffers = 0;  // buffer records found equal before the divergence
};

LaunchDivergence FirstDivergence(const std::vector<LaunchRecord>& a, const std::vector<LaunchRecord>& b);

}  // namespace ltcap::cli
