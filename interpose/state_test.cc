// The tracker's records: replacement by key, records the log's writer thread keeps late (after newer ones), and
// released buffers kept as ghosts while a kept record names them.
#include "interpose/state.h"

#include <gtest/gtest.h>

namespace ltcap {
namespace {

constexpr std::uint64_t kProgram = 7, kKey = 99;

void Keep(StateTracker& t, std::uint64_t seq, const std::string& bytes, bool late = false,
          std::uint64_t replaces = kKey, std::uint64_t owner = kProgram, std::uint64_t names = 0) {
    std::string records = bytes;
    t.Keep(seq, {owner, replaces, names}, records, late);
}

void Release(StateTracker& t, std::uint64_t seq, std::uint64_t buffer) {
    std::string records = "release " + std::to_string(buffer);
    t.Release(buffer, seq, records);
}

std::vector<std::string> Records(const StateTracker& t) { return t.Take().records; }

TEST(StateTracker, ALaterRecordReplacesTheEarlierOneWithItsKey) {
    StateTracker t;
    Keep(t, 1, "create", false, 0);  // no key: never replaced
    Keep(t, 2, "args 1");
    Keep(t, 3, "args 2");
    EXPECT_EQ(Records(t), (std::vector<std::string>{"create", "args 2"}));
}

TEST(StateTracker, ALateRecordOlderThanTheKeptOneIsMoot) {
    StateTracker t;
    Keep(t, 5, "args 5");          // kept as its call returned
    Keep(t, 4, "args 4", true);    // kept late by a log's writer thread
    EXPECT_EQ(Records(t), (std::vector<std::string>{"args 5"}));
    Keep(t, 6, "args 6", true);    // a late record newer than the kept one replaces it
    EXPECT_EQ(Records(t), (std::vector<std::string>{"args 6"}));
}

TEST(StateTracker, ALateRecordFromBeforeATraceStaysBesideTheNewerOne) {
    StateTracker t;
    Keep(t, 1, "args 1");
    t.SetCapturingTrace(50);
    Keep(t, 3, "begin trace", false, 0, 50);
    t.SetCapturingTrace(0);
    Keep(t, 4, "args 4");
    Keep(t, 2, "args 2", true);  // set before the trace began: its recipe may need it
    EXPECT_EQ(Records(t), (std::vector<std::string>{"args 1", "args 2", "begin trace", "args 4"}));
    Keep(t, 5, "args 5", true);  // replaces the newest, not the one kept beside it
    EXPECT_EQ(Records(t), (std::vector<std::string>{"args 1", "args 2", "begin trace", "args 5"}));
    t.Prune(kProgram);
    EXPECT_EQ(Records(t), (std::vector<std::string>{"begin trace"}));
}

// A framework's cached program: its CB was created in the first step's activation, then moved to each new one
// (one kept update record, replaced each time); every activation is released at the end of its step.
TEST(StateTracker, AReleasedBufferANamedRecordNeedsStaysAGhostUntilTheRecordGoes) {
    StateTracker t;
    constexpr std::uint64_t kCb = 5;
    Keep(t, 1, "create 10", false, 0, 10);
    Keep(t, 2, "program", false, 0);
    Keep(t, 3, "cb in 10", false, 0, kProgram, 10);  // createCircularBuffer: names buffer 10 for good
    Release(t, 4, 10);
    Keep(t, 5, "create 11", false, 0, 11);
    Keep(t, 6, "cb to 11", false, kCb, kProgram, 11);  // UpdateDynamicCircularBufferAddress
    Release(t, 7, 11);
    EXPECT_EQ(Records(t), (std::vector<std::string>{"create 10", "program", "cb in 10", "release 10", "create 11",
                                                    "cb to 11", "release 11"}));
    EXPECT_TRUE(t.Take().buffers.empty());  // ghosts have no contents to read back

    Keep(t, 8, "create 12", false, 0, 12);
    Keep(t, 9, "cb to 12", false, kCb, kProgram, 12);  // replaces "cb to 11": buffer 11 is no longer needed
    Release(t, 10, 13);                                 // a buffer nothing names goes at once
    EXPECT_EQ(Records(t), (std::vector<std::string>{"create 10", "program", "cb in 10", "release 10", "create 12",
                                                    "cb to 12"}));

    t.Prune(kProgram);  // the program goes: so do the ghost it held and its records; live buffer 12 stays
    EXPECT_EQ(Records(t), (std::vector<std::string>{"create 12"}));
    Release(t, 11, 12);
    EXPECT_TRUE(Records(t).empty());
}

// A program's CB placed in a buffer of a device that then closes: the buffer goes with its device (a snapshot could
// not recreate it), and so do the records of the program that need it — a window opening later must not name a
// buffer it never makes.
TEST(StateTracker, AProgramNamingABufferOfAClosedDeviceGoesWithTheDevice) {
    StateTracker t;
    constexpr std::uint64_t kDevice = 1, kOther = 8;
    Keep(t, 1, "device", false, 0, kDevice);
    Keep(t, 2, "create 10", false, 0, 10);
    t.SetParent(10, kDevice);
    Keep(t, 3, "program", false, 0);
    Keep(t, 4, "cb in 10", false, 0, kProgram, 10);
    Keep(t, 5, "other program", false, 0, kOther);
    t.Prune(kDevice);  // CloseDevice
    EXPECT_EQ(Records(t), (std::vector<std::string>{"other program"}));
    Release(t, 6, 10);  // the buffer's destructor, after its device closed: nothing names it any more
    EXPECT_EQ(Records(t), (std::vector<std::string>{"other program"}));
}

}  // namespace
}  // namespace ltcap
