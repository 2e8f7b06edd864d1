// ReadCompletion with a real Session: a device finishing completes the pending reads of its queues only.
#include "interpose/read_completion.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "interpose/session_testing.h"
#include "player/log_reader.h"
#include "schema/trace.capnp.h"

namespace ltcap {
namespace {

TEST(ReadCompletion, EventsRememberTheirQueueAndCall) {
    ReadCompletion r;
    std::uint64_t queue = 0, seq = 0;
    EXPECT_FALSE(r.EventQueue(0xe0, queue, seq));
    r.NoteEvent(0xe0, 0xa0, 12);
    ASSERT_TRUE(r.EventQueue(0xe0, queue, seq));
    EXPECT_EQ(queue, 0xa0u);
    EXPECT_EQ(seq, 12u);
    r.NoteEvent(0xe0, 0xb0, 15);  // recorded again: the newest recording counts
    ASSERT_TRUE(r.EventQueue(0xe0, queue, seq));
    EXPECT_EQ(queue, 0xb0u);
    EXPECT_EQ(seq, 15u);
}

TEST(ReadCompletion, ADeviceFinishingCompletesOnlyItsQueuesReads) {
    testing::SessionState state;
    SessionInfo info;
    info.path = ::testing::TempDir() + "/completion.capnp";
    Session* s = state.Open(info);
    ASSERT_NE(s, nullptr);
    ReadCompletion r;
    r.NoteQueueDevice(/*queue*/ 1, /*device*/ 10);
    r.NoteQueueDevice(2, 10);
    r.NoteQueueDevice(3, 20);
    const std::vector<std::uint8_t> data(16, 1);
    s->AddPendingRead(1, 5, data.data(), data.size());
    s->AddPendingRead(2, 6, data.data(), data.size());
    s->AddPendingRead(3, 7, data.data(), data.size());
    r.CompleteDeviceReads(s, 10);
    r.CompleteDeviceReads(nullptr, 20);  // no log open: nothing to do
    s->BeginClose();
    std::vector<std::uint64_t> recorded;
    LogReader log(info.path);
    while (auto m = log.Next()) {
        auto e = m->getRoot<schema::Entry>();
        if (e.isReadData()) recorded.push_back(e.getReadData().getSeq());
    }
    EXPECT_EQ(recorded, (std::vector<std::uint64_t>{5, 6}));
}

}  // namespace
}  // namespace ltcap
