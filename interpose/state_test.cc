// The tracker's records: replacement by key, and records the log's writer thread keeps late (after newer ones).
#include "interpose/state.h"

#include <gtest/gtest.h>

namespace ltcap {
namespace {

constexpr std::uint64_t kProgram = 7, kKey = 99;

void Keep(StateTracker& t, std::uint64_t seq, const std::string& bytes, bool late = false,
          std::uint64_t replaces = kKey, std::uint64_t owner = kProgram) {
    std::string records = bytes;
    t.Keep(seq, owner, replaces, records, late);
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

}  // namespace
}  // namespace ltcap
