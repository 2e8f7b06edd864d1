// Entries read ahead on a thread of their own reach the tool as ForEachCheckedEntry hands them: every one, in order,
// across many batches; an error — the checker's, or the tool's about an entry — named for the entry it is about
// exactly as NamingTheEntry names it on the plain path, after the tool has seen every entry before it; a foreign
// exception passing through; a cut log read up to its cut. Each on a plain and a compressed log, with the checker on
// the reading thread and on the tool's.
#include "player/entries_ahead.h"

#include <gtest/gtest.h>
#include <kj/exception.h>

#include <functional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "player/log_testing.h"

namespace ltcap {
namespace {

using log_testing::Message;
using log_testing::TempFile;
using log_testing::Zstd;

// A header, `calls` calls of seq 1, 2, … (a call at `backwards` repeats the seq before it: the checker refuses it),
// and an end entry.
std::string Log(int calls, int backwards = 0) {
    std::string out = Message([](schema::Entry::Builder e) {
        auto h = e.initHeader();
        h.setFormatVersion(schema::FORMAT_VERSION);
        h.setTtMetalVersion("v0.56.0");
    });
    for (int i = 1; i <= calls; i++)
        out += Message([&](schema::Entry::Builder e) {
            auto c = e.initCall();
            c.setSeq(i == backwards ? i - 1 : i);
            c.setThread(1);
            c.setFunction(schema::Api::FINISH);
            c.setEndNs(i);
            c.initArgs(1)[0].setBool(true);
        });
    out += Message([&](schema::Entry::Builder e) { e.initEnd().setLastSeq(calls); });
    return out;
}

using Fn = std::function<void(schema::Entry::Reader)>;

// What the tool saw (calls' seqs, -1 for the end entry) and the error's text ("" for none), read ahead or plainly.
struct Outcome {
    std::vector<long> seen;
    std::string error;
    bool complete = false;
    bool operator==(const Outcome&) const = default;
};

CheckOn g_check_on = CheckOn::kReadingThread;

Outcome ReadLog(const std::string& path, bool ahead, const std::function<void(schema::Entry::Reader)>& also = nullptr) {
    Outcome o;
    LogReader log(path);
    LogChecker check;
    const Fn fn = [&](schema::Entry::Reader e) {
        if (also) also(e);
        o.seen.push_back(e.isCall() ? static_cast<long>(e.getCall().getSeq()) : -1);
    };
    try {
        if (ahead) ForEachCheckedEntryAhead(log, check, fn, g_check_on);
        else NamingTheEntry(log, [&] { ForEachCheckedEntry(log, check, fn); });
    } catch (const LogError& e) {
        o.error = e.what();
    }
    o.complete = log.complete();
    return o;
}

// Compressed or not; the checker on the reading thread or on the tool's.
class EntriesAhead : public ::testing::TestWithParam<std::tuple<bool, CheckOn>> {
protected:
    void SetUp() override { g_check_on = std::get<1>(GetParam()); }
    bool Compressed() const { return std::get<0>(GetParam()); }
    std::string Bytes(const std::string& log) const { return Compressed() ? Zstd(log) : log; }
};

TEST_P(EntriesAhead, EveryEntryInOrderAcrossBatches) {
    const TempFile f(Bytes(Log(7000)));
    const Outcome o = ReadLog(f.path(), true);
    ASSERT_EQ(o.seen.size(), 7001u);
    for (long i = 0; i < 7000; i++) ASSERT_EQ(o.seen[i], i + 1);
    EXPECT_EQ(o.seen.back(), -1);
    EXPECT_TRUE(o.error.empty()) << o.error;
    EXPECT_TRUE(o.complete);
    EXPECT_EQ(o, ReadLog(f.path(), false));
}

TEST_P(EntriesAhead, TheCheckersErrorComesAfterEveryEntryBeforeItNamingItsEntry) {
    const TempFile f(Bytes(Log(5000, 4321)));
    const Outcome o = ReadLog(f.path(), true);
    ASSERT_EQ(o.seen.size(), 4320u);  // calls 1 to 4320 (past two batches), then call entry 4321 is refused
    EXPECT_EQ(o.seen.back(), 4320);
    EXPECT_EQ(o.error.rfind("entry 4321 (byte ", 0), 0u) << o.error;
    EXPECT_NE(o.error.find("call #4320 comes after call #4320"), std::string::npos) << o.error;
    const Outcome plain = ReadLog(f.path(), false);  // (how far the reader got may differ: not compared)
    EXPECT_EQ(o.seen, plain.seen);
    EXPECT_EQ(o.error, plain.error);
}

TEST_P(EntriesAhead, TheToolsErrorNamesTheEntryItWasGiven) {
    const TempFile f(Bytes(Log(5000)));
    for (const bool damage : {false, true}) {
        const auto refuse = [&](schema::Entry::Reader e) {
            if (!e.isCall() || e.getCall().getSeq() != 3333) return;
            if (damage) KJ_FAIL_REQUIRE("pointer out of bounds");
            throw LogError("no such kernel");
        };
        const Outcome o = ReadLog(f.path(), true, refuse);
        EXPECT_EQ(o.seen.size(), 3332u);
        EXPECT_EQ(o.error.rfind("entry 3333 (byte ", 0), 0u) << o.error;
        EXPECT_NE(o.error.find(damage ? ": damaged: " : ": no such kernel"), std::string::npos) << o.error;
        const Outcome plain = ReadLog(f.path(), false, refuse);  // (how far the reader got differs: not compared)
        EXPECT_EQ(o.seen, plain.seen);
        EXPECT_EQ(o.error, plain.error);
    }
}

TEST_P(EntriesAhead, AnyOtherExceptionGoesThroughAsItIs) {
    const TempFile f(Bytes(Log(5000)));
    LogReader log(f.path());
    LogChecker check;
    long seen = 0;
    try {
        ForEachCheckedEntryAhead(
            log, check,
            [&](schema::Entry::Reader) {
                if (++seen == 10) throw std::runtime_error("disk full");
            },
            g_check_on);
        FAIL() << "no exception";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "disk full");
    }
    EXPECT_EQ(seen, 10);  // and the reading thread was stopped: the test ends
}

TEST_P(EntriesAhead, ACutLogIsReadUpToItsCut) {
    const std::string whole = Log(6000);
    const TempFile f(Bytes(whole.substr(0, whole.size() * 2 / 3)));
    const Outcome o = ReadLog(f.path(), true);
    EXPECT_GT(o.seen.size(), 3900u);
    EXPECT_FALSE(o.complete);
    EXPECT_EQ(o, ReadLog(f.path(), false));
}

INSTANTIATE_TEST_SUITE_P(PlainAndCompressed, EntriesAhead,
                         ::testing::Combine(::testing::Bool(),
                                            ::testing::Values(CheckOn::kReadingThread, CheckOn::kToolsThread)));

}  // namespace
}  // namespace ltcap
