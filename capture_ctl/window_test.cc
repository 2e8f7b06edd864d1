#include "capture_ctl/window.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

namespace ltcap {
namespace {

// Runs `events` boundary events through a control, opening and closing as it says; returns the open windows as
// (first event, last event) pairs.
std::vector<std::pair<std::uint64_t, std::uint64_t>> Windows(WindowControl& w, int events, bool& open,
                                                             std::vector<std::pair<std::uint64_t, std::uint64_t>> out = {}) {
    for (int i = 0; i < events; i++) {
        const WindowAction before = w.Before(open);
        if (before == WindowAction::kOpen) {
            open = true;
            out.push_back({w.events(), 0});
        } else if (before == WindowAction::kClose) {
            open = false;
            out.back().second = w.events() - 1;
        }
        if (w.After(open) == WindowAction::kClose) {
            open = false;
            out.back().second = w.events();
        }
    }
    return out;
}

using Pairs = std::vector<std::pair<std::uint64_t, std::uint64_t>>;

TEST(Window, RangesOpenBeforeTheFirstEventAndCloseAfterTheLast) {
    const Settings s = ParseSettings({"LTCAP_RANGES=3-4,10-12,15"});
    ASSERT_EQ(s.error, "");
    WindowControl w(s);
    bool open = false;
    EXPECT_EQ(Windows(w, 20, open), (Pairs{{3, 4}, {10, 12}, {15, 15}}));
    EXPECT_FALSE(open);
}

TEST(Window, OpenEndedRangeStaysOpen) {
    const Settings s = ParseSettings({"LTCAP_RANGES=5-", "LTCAP_OUTPUT=x.capnp"});
    ASSERT_EQ(s.error, "");
    WindowControl w(s);
    bool open = false;
    EXPECT_EQ(Windows(w, 1000, open), (Pairs{{5, 0}}));
    EXPECT_TRUE(open);
}

TEST(Window, AWindowWhoseOpeningFailedStillEnds) {
    const Settings s = ParseSettings({"LTCAP_RANGES=2-3,5"});
    WindowControl w(s);
    EXPECT_EQ(w.Before(false), WindowAction::kNone);
    EXPECT_EQ(w.After(false), WindowAction::kNone);
    EXPECT_EQ(w.Before(false), WindowAction::kOpen);  // event 2: pretend the log could not be created
    EXPECT_EQ(w.After(false), WindowAction::kNone);
    w.Before(false);
    EXPECT_EQ(w.After(false), WindowAction::kNone);  // event 3 ends window 1 though it never opened
    w.Before(false);
    w.After(false);
    EXPECT_EQ(w.Before(false), WindowAction::kOpen);  // event 5
    EXPECT_EQ(w.After(true), WindowAction::kClose);
}

TEST(Window, SignalTogglesAtTheNextBoundary) {
    const Settings s = ParseSettings({"LTCAP_TRIGGER_SIGNAL=SIGUSR2"});
    ASSERT_EQ(s.error, "");
    std::atomic<bool> flag{false};  // what the handler flips
    WindowControl w(s);
    w.Follow(&flag);
    bool open = false;
    Pairs got = Windows(w, 3, open);
    flag = true;
    got = Windows(w, 4, open, got);  // events 4–7 open
    flag = false;
    got = Windows(w, 2, open, got);  // closes before event 8
    EXPECT_EQ(got, (Pairs{{4, 7}}));
    EXPECT_FALSE(open);
}

// A flag its handler set before the control existed (raised before the first call): open from the first event.
TEST(Window, SignalRaisedBeforeTheControlOpensAtTheFirstEvent) {
    const Settings s = ParseSettings({"LTCAP_TRIGGER_SIGNAL=SIGUSR2"});
    ASSERT_EQ(s.error, "");
    std::atomic<bool> flag{true};
    WindowControl w(s);
    w.Follow(&flag);
    bool open = false;
    Pairs got = Windows(w, 3, open);  // events 1-3 open
    flag = false;
    got = Windows(w, 2, open, got);  // closes before event 4
    EXPECT_EQ(got, (Pairs{{1, 3}}));
}

TEST(Window, SignalWithNoFlagNeverOpens) {
    const Settings s = ParseSettings({"LTCAP_TRIGGER_SIGNAL=SIGUSR2"});
    ASSERT_EQ(s.error, "");
    WindowControl w(s);
    bool open = false;
    EXPECT_TRUE(Windows(w, 4, open).empty());
}

TEST(Window, FileIsCheckedAtEveryBoundary) {
    const std::string path = ::testing::TempDir() + "/ltcap-window-trigger";
    std::remove(path.c_str());
    const Settings s = ParseSettings({"LTCAP_TRIGGER_FILE=" + path});
    ASSERT_EQ(s.error, "");
    WindowControl w(s);
    bool open = false;
    Pairs got = Windows(w, 2, open);
    std::FILE* f = std::fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fclose(f);
    got = Windows(w, 3, open, got);
    std::remove(path.c_str());
    got = Windows(w, 1, open, got);
    EXPECT_EQ(got, (Pairs{{3, 5}}));
}

TEST(Window, LightMetalCallsOpenAndCloseOnlyInThatMode) {
    WindowControl on(ParseSettings({"LTCAP_LIGHTMETAL=1"}));
    EXPECT_EQ(on.BeforeLightMetalBegin(false), WindowAction::kOpen);
    EXPECT_EQ(on.BeforeLightMetalBegin(true), WindowAction::kNone);
    EXPECT_EQ(on.AfterLightMetalEnd(true), WindowAction::kClose);
    EXPECT_EQ(on.Before(true), WindowAction::kNone);  // boundaries do not close a LightMetal window
    WindowControl off(ParseSettings({}));
    EXPECT_EQ(off.BeforeLightMetalBegin(false), WindowAction::kNone);
    EXPECT_EQ(off.AfterLightMetalEnd(true), WindowAction::kNone);
}

TEST(Window, BoundaryKinds) {
    using A = layout::Api;
    EXPECT_TRUE(WindowControl::IsBoundary(Boundary::kProgram, A::enqueueProgram));
    EXPECT_TRUE(WindowControl::IsBoundary(Boundary::kProgram, A::replayTrace));
    EXPECT_FALSE(WindowControl::IsBoundary(Boundary::kProgram, A::finish));
    EXPECT_TRUE(WindowControl::IsBoundary(Boundary::kFinish, A::synchronize));
    EXPECT_FALSE(WindowControl::IsBoundary(Boundary::kFinish, A::enqueueTrace));
    EXPECT_TRUE(WindowControl::IsBoundary(Boundary::kCall, A::setRuntimeArgs));
    EXPECT_FALSE(WindowControl::IsBoundary(Boundary::kCall, A::bufferReleased));
}

}  // namespace
}  // namespace ltcap
