#include "player/replay_times.h"

#include <algorithm>

namespace ltcap {

ReplayTimes::Summary ReplayTimes::Loops() const {
    std::vector<double> measured;
    Summary t;
    for (const Loop& l : loops_)
        if (!l.warmup) measured.push_back(l.seconds);
    if (measured.empty()) return t;
    std::sort(measured.begin(), measured.end());
    for (double x : measured) t.total += x;
    t.min = measured.front();
    t.max = measured.back();
    t.mean = t.total / measured.size();
    const std::size_t n = measured.size();
    t.median = n % 2 ? measured[n / 2] : (measured[n / 2 - 1] + measured[n / 2]) / 2;
    return t;
}

}  // namespace ltcap
