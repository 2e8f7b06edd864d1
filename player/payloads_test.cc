#include "player/payloads.h"

#include <capnp/message.h>
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "schema/log_error_testing.h"

namespace ltcap {
namespace {
using testing::LogErrorMessage;

class Ref {
public:
    Ref(std::uint64_t blob, std::uint64_t size) {
        auto r = message_.initRoot<schema::DataRef>();
        r.setBlob(blob);
        r.setSize(size);
    }
    schema::DataRef::Reader get() { return message_.getRoot<schema::DataRef>().asReader(); }

private:
    capnp::MallocMessageBuilder message_;
};

// A message stream in memory standing in for the log reader: Bytes(at, size) as LogReader gives them, each with a
// pin that counts how many are alive.
struct Stream {
    std::vector<std::uint8_t> bytes;
    int pins = 0, fetches = 0;
    Payloads::Fetch Fetch() {
        return [this](std::uint64_t at, std::uint64_t size) {
            if (at > bytes.size() || size > bytes.size() - at) throw LogError("no such bytes");
            fetches++;
            pins++;
            return Pinned{bytes.data() + at, Pin(bytes.data() + at, [this](const std::uint8_t*) { pins--; })};
        };
    }
};

TEST(Payloads, OneChunkComesStraightFromTheLog) {
    Stream log{{0, 0, 1, 2, 3, 4, 5, 6, 7, 8}};
    Payloads p(log.Fetch());
    p.Add(9, 8, 0, 2, 8);
    Ref ref(9, 8);
    EXPECT_EQ(p.Data(ref.get(), 8), log.bytes.data() + 2);  // no copy
    Ref part(9, 4);  // a reference may use the start of a blob
    EXPECT_EQ(p.Data(part.get(), 4), log.bytes.data() + 2);
}

TEST(Payloads, DataBoundToACallReplacesItsRecordedBytesForThatCallOnly) {
    Stream log{{1, 2, 3, 4}};
    Payloads p(log.Fetch());
    p.Add(3, 4, 0, 0, 4);
    Ref ref(3, 4);
    const std::vector<std::uint8_t> fresh{9, 8, 7, 6};
    p.Bind(12, fresh);
    const std::uint8_t* bound = p.DataFor(12, ref.get(), 4);
    EXPECT_EQ(std::vector<std::uint8_t>(bound, bound + 4), fresh);
    // Another call writing the same recorded blob still gets the log's bytes.
    EXPECT_EQ(p.DataFor(13, ref.get(), 4), log.bytes.data());
    // A binding shorter than what the call reads is refused, naming the call.
    p.Bind(14, {1, 2});
    EXPECT_EQ(LogErrorMessage([&] { p.DataFor(14, ref.get(), 4); }), "call #14 reads 4 bytes, and the data bound to it holds 2");
}

TEST(Payloads, ChunksAreJoinedInOrder) {
    Stream log{{1, 2, 3, 9, 9, 4, 5}};
    Payloads p(log.Fetch());
    p.Add(2, 5, 0, 0, 3);
    p.Add(2, 5, 3, 5, 2);  // the second chunk's data is elsewhere in the stream
    Ref ref(2, 5);
    const std::uint8_t* d = p.Data(ref.get(), 5);
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(std::vector<std::uint8_t>(d, d + 5), (std::vector<std::uint8_t>{1, 2, 3, 4, 5}));
    EXPECT_EQ(log.pins, 0);  // joined: nothing of the log is held
}

TEST(Payloads, RefusesWhatTheLogDoesNotHold) {
    Stream log{{1, 2, 3}};
    Payloads p(log.Fetch());
    p.Add(1, 6, 0, 0, 3);  // the rest never came (a cut log)
    Ref whole(1, 6), missing(5, 1), big(1, 6), need(1, 2);
    EXPECT_EQ(LogErrorMessage([&] { p.Data(whole.get(), 6); }), "payload blob #1 is incomplete in the log: 3 of its 6 bytes are there");
    EXPECT_EQ(LogErrorMessage([&] { p.Data(missing.get(), 1); }), "the log has no payload blob #5");
    EXPECT_EQ(LogErrorMessage([&] { p.Data(need.get(), 3); }),
              "the call reads 3 bytes but its data reference holds only 2 (payload blob #1)");
    p.Add(4, 2, 0, 0, 2);
    Ref over(4, 3);
    EXPECT_EQ(LogErrorMessage([&] { p.Data(over.get(), 1); }),
              "a data reference of 3 bytes points into payload blob #4, which holds 2");
    p.Add(6, 2, 0, 7, 2);  // a place the stream does not have: the reader's refusal comes through
    Ref gone(6, 2);
    EXPECT_EQ(LogErrorMessage([&] { p.Data(gone.get(), 2); }), "no such bytes");
}

TEST(Payloads, RefusesChunksThatDoNotContinueEachOther) {
    Stream log{{1, 2, 3, 4}};
    Payloads p(log.Fetch());
    EXPECT_EQ(LogErrorMessage([&] { p.Add(1, 4, 2, 0, 2); }),
              "payload blob #1: a chunk at offset 2 does not continue the 0 bytes before it");
    EXPECT_EQ(LogErrorMessage([&] { p.Add(2, 4, 0, 0, 5); }),
              "payload blob #2: a chunk of 5 bytes at offset 0 runs past its size of 4");
    p.Add(3, 4, 0, 0, 3);
    EXPECT_EQ(LogErrorMessage([&] { p.Add(3, 4, 3, 0, 2); }),
              "payload blob #3: a chunk of 2 bytes at offset 3 runs past its size of 4");
    EXPECT_EQ(LogErrorMessage([&] { p.Add(3, 8, 3, 0, 1); }),
              "payload blob #3: a chunk says the blob holds 8 bytes, an earlier one 4");
    EXPECT_EQ(LogErrorMessage([&] { p.Add(3, 4, 3, 0, ~0ull); }),  // would wrap past 2^64
              "payload blob #3: a chunk of 18446744073709551615 bytes at offset 3 runs past its size of 4");
    p.Add(3, 4, 3, 3, 1);  // the refusals left the blob as it was
    Ref ref(3, 4);
    const std::uint8_t* d = p.Data(ref.get(), 4);
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(std::vector<std::uint8_t>(d, d + 4), (std::vector<std::uint8_t>{1, 2, 3, 4}));
}

TEST(Payloads, AnEmptyRefIsNullAndNeedsNoBlob) {
    Stream log;
    Payloads p(log.Fetch());
    Ref empty(77, 0);
    EXPECT_EQ(p.Data(empty.get(), 0), nullptr);
    EXPECT_EQ(log.fetches, 0);
}

TEST(Payloads, HoldsWhatItHandedOutUntilReleased) {
    Stream log{{1, 2, 3, 4}};
    Payloads p(log.Fetch());
    p.Add(1, 2, 0, 0, 2);
    p.Add(2, 2, 0, 2, 2);
    Ref one(1, 2), two(2, 2);
    const std::uint8_t* a = p.Data(one.get(), 2);
    const std::uint8_t* b = p.Data(two.get(), 2);
    EXPECT_EQ(log.pins, 2);  // both stay valid together (a call may use several payloads)
    EXPECT_EQ(a[1], 2);
    EXPECT_EQ(b[1], 4);
    p.ReleaseUsed();
    EXPECT_EQ(log.pins, 0);
    p.ReleaseUsed();  // once
    EXPECT_EQ(log.pins, 0);
    EXPECT_EQ(p.Data(one.get(), 2)[0], 1);  // read again when asked again
    EXPECT_EQ(log.fetches, 3);
}

TEST(Payloads, ScratchIsZeroedEachTime) {
    Stream log;
    Payloads p(log.Fetch());
    std::uint8_t* s = p.Scratch(16);
    std::memset(s, 0xab, 16);
    s = p.Scratch(16);
    for (int i = 0; i < 16; i++) EXPECT_EQ(s[i], 0);
}

}  // namespace
}  // namespace ltcap
