#include "player/replay_times.h"

#include <gtest/gtest.h>

namespace ltcap {
namespace {

TEST(ReplayTimes, WarmUpLoopsAreLeftOutOfTheSummary) {
    ReplayTimes t;
    t.AddLoop(100, 0, true);
    t.AddLoop(3, 0, false);
    t.AddLoop(1, 1, false);
    t.AddLoop(2, 0, false);
    const auto s = t.Loops();
    EXPECT_DOUBLE_EQ(s.total, 6);
    EXPECT_DOUBLE_EQ(s.min, 1);
    EXPECT_DOUBLE_EQ(s.max, 3);
    EXPECT_DOUBLE_EQ(s.mean, 2);
    EXPECT_DOUBLE_EQ(s.median, 2);
    EXPECT_EQ(t.loops().size(), 4u);  // every loop is reported
}

TEST(ReplayTimes, TheMedianOfAnEvenCountIsTheMiddlePairsMean) {
    ReplayTimes t;
    for (double x : {4.0, 1.0, 3.0, 2.0}) t.AddLoop(x, 0, false);
    EXPECT_DOUBLE_EQ(t.Loops().median, 2.5);
}

TEST(ReplayTimes, NoMeasuredLoopIsAllZero) {
    ReplayTimes t;
    t.AddLoop(5, 0, true);
    const auto s = t.Loops();
    EXPECT_EQ(s.total, 0);
    EXPECT_EQ(s.max, 0);
}

TEST(ReplayTimes, CallsAddUpPerFunction) {
    ReplayTimes t;
    t.AddCall("enqueueProgram", 0.5);
    t.AddCall("enqueueProgram", 0.25);
    t.AddCall("finish", 1);
    t.CountWritten(10);
    t.CountWritten(5);
    ASSERT_EQ(t.functions().size(), 2u);
    EXPECT_EQ(t.functions().at("enqueueProgram").count, 2u);
    EXPECT_DOUBLE_EQ(t.functions().at("enqueueProgram").seconds, 0.75);
    EXPECT_EQ(t.bytes_written(), 15u);
}

}  // namespace
}  // namespace ltcap
