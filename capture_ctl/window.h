// When capture windows open and close. The shim reports boundary events (the calls LTCAP_BOUNDARY names) and
// the program's LightMetal capture calls; WindowControl answers whether a window opens before the event or closes
// after it. Pure logic over the settings, so every trigger is testable without a program:
//   ranges  — event n opens the window whose first is n; the window closes after its last event;
//   signal  — the handler flips a flag (async-signal-safe) the control follows; the next boundary opens or
//             closes to match it;
//   file    — at each boundary, a window is open exactly while the file exists;
//   lightmetal — LightMetalBeginCapture opens (before the call), LightMetalEndCapture closes (after it).
// The caller serializes calls to Before/After/LightMetal* (the capture holds a lock around them).
#pragma once

#include <atomic>
#include <cstdint>

#include "capture_ctl/settings.h"
#include "api/rules.h"
#include "schema/trace_layout.h"

namespace ltcap {

enum class WindowAction { kNone, kOpen, kClose };

class WindowControl {
public:
    explicit WindowControl(const Settings& settings) : s_(settings) {}

    // Whether a call of `api` is a boundary event for `boundary` (the flags of its rules in
    // profiles/v0.56.0/api/api_list.h).
    static constexpr bool IsBoundary(Boundary boundary, layout::Api api) {
        const Rules rules = RulesOf(api);
        switch (boundary) {
            case Boundary::kCall: return !rules.has(kNotACall);
            case Boundary::kFinish: return rules.has(kFinish);
            case Boundary::kProgram: return rules.has(kLaunch);
        }
        return false;
    }

    // Just before boundary event number events()+1; `open` says whether a window is open now.
    WindowAction Before(bool open);
    // Just after that event.
    WindowAction After(bool open);
    // The program's LightMetal calls (LTCAP_LIGHTMETAL=1; kNone otherwise).
    WindowAction BeforeLightMetalBegin(bool open) const;
    WindowAction AfterLightMetalEnd(bool open) const;

    // The trigger signal's state is `flag`, which its handler flips (the shim's, installed at load time, before
    // this control exists); until one is given the signal has not been raised.
    void Follow(const std::atomic<bool>* flag) { follow_ = flag; }

    std::uint64_t events() const { return events_; }

private:
    bool Wanted() const;  // signal and file modes: whether a window should be open

    const Settings& s_;
    std::uint64_t events_ = 0;  // boundary events so far
    std::size_t next_range_ = 0;
    const std::atomic<bool>* follow_ = nullptr;
};

}  // namespace ltcap
