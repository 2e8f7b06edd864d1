#include "capture_ctl/window.h"

#include <unistd.h>

namespace ltcap {

bool WindowControl::Wanted() const {
    if (s_.trigger_signal) return follow_ && follow_->load(std::memory_order_relaxed);
    if (!s_.trigger_file.empty()) return ::access(s_.trigger_file.c_str(), F_OK) == 0;
    return false;
}

WindowAction WindowControl::Before(bool open) {
    const std::uint64_t n = ++events_;
    if (!s_.ranges.empty()) {
        if (!open && next_range_ < s_.ranges.size() && s_.ranges[next_range_].first == n) return WindowAction::kOpen;
        return WindowAction::kNone;
    }
    if (s_.trigger_signal || !s_.trigger_file.empty()) {
        const bool want = Wanted();
        if (want && !open) return WindowAction::kOpen;
        if (!want && open) return WindowAction::kClose;
    }
    return WindowAction::kNone;
}

WindowAction WindowControl::After(bool open) {
    bool ended = false;
    // A window whose opening failed still ends at its last event; the next one then waits for its first.
    while (next_range_ < s_.ranges.size() && s_.ranges[next_range_].last <= events_) {
        next_range_++;
        ended = true;
    }
    return ended && open ? WindowAction::kClose : WindowAction::kNone;
}

WindowAction WindowControl::BeforeLightMetalBegin(bool open) const {
    return s_.lightmetal && !open ? WindowAction::kOpen : WindowAction::kNone;
}

WindowAction WindowControl::AfterLightMetalEnd(bool open) const {
    return s_.lightmetal && open ? WindowAction::kClose : WindowAction::kNone;
}

}  // namespace ltcap
