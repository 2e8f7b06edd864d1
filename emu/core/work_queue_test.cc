// WorkQueue: commands run in order off the caller's thread, Drain rethrows the first failure once, events complete
// in order, and a recording queue keeps commands instead of running them.
#include "emu/core/work_queue.h"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

namespace ttemu {
namespace {

TEST(WorkQueue, RunsCommandsInOrderOnItsOwnThread) {
    WorkQueue q;
    std::vector<int> order;
    std::thread::id worker;
    for (int i = 0; i < 100; i++) q.Push([&order, i] { order.push_back(i); });
    q.PushAndWait([&worker] { worker = std::this_thread::get_id(); });
    ASSERT_EQ(order.size(), 100u);
    for (int i = 0; i < 100; i++) EXPECT_EQ(order[i], i);
    EXPECT_NE(worker, std::this_thread::get_id());
}

TEST(WorkQueue, DrainThrowsTheFirstFailureOnceAndGoesOn) {
    WorkQueue q;
    std::atomic<int> ran{0};
    q.Push([] { throw std::runtime_error("first"); });
    q.Push([] { throw std::runtime_error("second"); });
    q.Push([&ran] { ran++; });
    try {
        q.Drain();
        FAIL() << "Drain did not throw";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "first");
    }
    EXPECT_EQ(ran.load(), 1);  // commands after a failure still run
    EXPECT_NO_THROW(q.Drain());
}

TEST(WorkQueue, EventsCompleteWhenTheQueueRunsPastThem) {
    WorkQueue q;
    std::atomic<bool> release{false};
    q.Push([&release] {
        while (!release) std::this_thread::yield();
    });
    const std::uint32_t e1 = q.RecordEvent(), e2 = q.RecordEvent();
    EXPECT_EQ(e2, e1 + 1);
    EXPECT_FALSE(q.EventDone(e1));  // the blocking command runs first
    release = true;
    q.WaitEvent(e2);
    EXPECT_TRUE(q.EventDone(e1));
    EXPECT_TRUE(q.EventDone(e2));
}

TEST(WorkQueue, RecordingKeepsCommandsInsteadOfRunningThem) {
    WorkQueue q;
    std::vector<Command> trace;
    int ran = 0;
    q.SetRecording(&trace);
    EXPECT_TRUE(q.recording());
    q.Push([&ran] { ran++; });
    q.Push([&ran] { ran += 10; });
    q.SetRecording(nullptr);
    q.Drain();
    EXPECT_EQ(ran, 0);
    ASSERT_EQ(trace.size(), 2u);
    for (const Command& c : trace) q.Push(c);
    q.Drain();
    EXPECT_EQ(ran, 11);
}

}  // namespace
}  // namespace ttemu
