// Queue work: completed by the waits that end it, lanes in order without overlap, device-wide waits, what nothing
// waited for.
#include "cli/queue_timeline.h"

#include <capnp/message.h>
#include <gtest/gtest.h>

namespace ltcap::cli {
namespace {

using A = schema::Api;
using K = schema::ObjectKind;

class QueueTimelineTest : public ::testing::Test {
protected:
    // A call on queue `queue` of device 1 (blocking: its flag), begun at `begin`.
    void Call(A function, std::uint64_t begin, std::uint64_t queue, bool blocking = false, bool mesh = false) {
        capnp::MallocMessageBuilder m;
        auto c = m.initRoot<schema::Call>();
        c.setSeq(++seq_), c.setFunction(function), c.setBeginNs(begin);
        // enqueueProgram(cq, program, blocking), enqueueReadBuffer(cq, buffer, dst, blocking)
        const bool has_flag = function == A::ENQUEUE_PROGRAM || function == A::ENQUEUE_READ_BUFFER;
        const unsigned flag = function == A::ENQUEUE_PROGRAM ? 2 : 3;
        auto args = c.initArgs(has_flag ? flag + 1 : 1);
        auto q = args[0].initObject();
        q.setKind(queue ? (mesh ? K::MESH_COMMAND_QUEUE : K::COMMAND_QUEUE) : K::DEVICE);
        q.setId(queue ? queue : 1), q.setParent(queue ? 1 : 0);
        if (has_flag) {
            auto p = args[1].initObject();
            p.setKind(function == A::ENQUEUE_PROGRAM ? K::PROGRAM : K::BUFFER), p.setId(4);
            args[flag].setBool(blocking);
        }
        timeline_.Call(DecodeCall(c.asReader()));
    }
    void Ended(std::uint64_t end) { timeline_.Ended(seq_, end); }

    std::uint64_t seq_ = 0;
    Programs programs_;
    std::vector<QueueWork> done_;
    QueueTimeline timeline_{programs_, [this](const QueueWork& w) { done_.push_back(w); }};
};

TEST_F(QueueTimelineTest, AFinishCompletesItsQueueInOrderWithoutOverlap) {
    Call(A::ENQUEUE_PROGRAM, 100, 7), Ended(110);
    Call(A::ENQUEUE_PROGRAM, 120, 7), Ended(125);
    Call(A::ENQUEUE_PROGRAM, 130, 8), Ended(135);  // another queue
    Call(A::FINISH, 140, 7), Ended(400);
    ASSERT_EQ(done_.size(), 2u);
    EXPECT_EQ(done_[0].label, "program#4");
    EXPECT_EQ(done_[0].programs, std::vector<std::uint64_t>{4});
    EXPECT_EQ(done_[0].returned, 110u);
    EXPECT_EQ(done_[0].completed, 400u);
    EXPECT_EQ(done_[0].lane_start, 100u);
    EXPECT_EQ(done_[0].lane_end, 120u);  // until the next could start
    EXPECT_EQ(done_[1].lane_start, 120u);
    EXPECT_EQ(done_[1].lane_end, 400u);  // the last ends at the wait
    // A later item starts no earlier than the lane's last end.
    Call(A::ENQUEUE_PROGRAM, 300, 7), Ended(310);
    Call(A::FINISH, 320, 7), Ended(500);
    ASSERT_EQ(done_.size(), 3u);
    EXPECT_EQ(done_[2].lane_start, 400u);
    EXPECT_EQ(done_[2].lane_end, 500u);
}

TEST_F(QueueTimelineTest, ABlockingCallCompletesItselfAndWhatCameBefore) {
    Call(A::ENQUEUE_PROGRAM, 100, 7), Ended(110);
    Call(A::ENQUEUE_READ_BUFFER, 120, 7, true), Ended(300);
    ASSERT_EQ(done_.size(), 2u);
    EXPECT_EQ(done_[1].label, "enqueueReadBuffer");
    EXPECT_EQ(done_[1].completed, 300u);
    EXPECT_EQ(done_[0].completed, 300u);
}

TEST_F(QueueTimelineTest, ADeviceWaitDrainsEveryQueueOfTheDevice) {
    Call(A::ENQUEUE_PROGRAM, 100, 7, false, true), Ended(110);  // a mesh queue
    Call(A::ENQUEUE_PROGRAM, 100, 8), Ended(110);
    Call(A::CLOSE_DEVICE, 200, 0), Ended(250);
    ASSERT_EQ(done_.size(), 2u);
    EXPECT_TRUE(done_[0].mesh);
    EXPECT_EQ(done_[0].completed, 250u);
    EXPECT_EQ(done_[1].completed, 250u);
}

TEST_F(QueueTimelineTest, WhatNothingWaitedForEndsWithTheLog) {
    Call(A::ENQUEUE_PROGRAM, 100, 7), Ended(110);
    timeline_.Finish(900);
    ASSERT_EQ(done_.size(), 1u);
    EXPECT_FALSE(done_[0].waited);
    EXPECT_EQ(done_[0].completed, 900u);
}

}  // namespace
}  // namespace ltcap::cli
