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

TEST(Payloads, OneChunkComesStraightFromTheLog) {
    const std::vector<std::uint8_t> log{1, 2, 3, 4, 5, 6, 7, 8};
    Payloads p;
    p.Add(9, 8, 0, log.data(), 8);
    Ref ref(9, 8);
    EXPECT_EQ(p.Data(ref.get(), 8), log.data());  // no copy
    Ref part(9, 4);  // a reference may use the start of a blob
    EXPECT_EQ(p.Data(part.get(), 4), log.data());
}

TEST(Payloads, ChunksAreJoinedInOrder) {
    const std::vector<std::uint8_t> a{1, 2, 3}, b{4, 5};
    Payloads p;
    p.Add(2, 5, 0, a.data(), 3);
    p.Add(2, 5, 3, b.data(), 2);
    Ref ref(2, 5);
    const std::uint8_t* d = p.Data(ref.get(), 5);
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(std::vector<std::uint8_t>(d, d + 5), (std::vector<std::uint8_t>{1, 2, 3, 4, 5}));
}

TEST(Payloads, RefusesWhatTheLogDoesNotHold) {
    const std::vector<std::uint8_t> a{1, 2, 3};
    Payloads p;
    p.Add(1, 6, 0, a.data(), 3);  // the rest never came (a cut log)
    Ref whole(1, 6), missing(5, 1), big(1, 6), need(1, 2);
    EXPECT_EQ(LogErrorMessage([&] { p.Data(whole.get(), 6); }), "payload blob #1 is incomplete in the log: 3 of its 6 bytes are there");
    EXPECT_EQ(LogErrorMessage([&] { p.Data(missing.get(), 1); }), "the log has no payload blob #5");
    EXPECT_EQ(LogErrorMessage([&] { p.Data(need.get(), 3); }),
              "the call reads 3 bytes but its data reference holds only 2 (payload blob #1)");
    p.Add(4, 2, 0, a.data(), 2);
    Ref over(4, 3);
    EXPECT_EQ(LogErrorMessage([&] { p.Data(over.get(), 1); }),
              "a data reference of 3 bytes points into payload blob #4, which holds 2");
}

TEST(Payloads, RefusesChunksThatDoNotContinueEachOther) {
    const std::vector<std::uint8_t> a{1, 2, 3, 4};
    Payloads p;
    EXPECT_EQ(LogErrorMessage([&] { p.Add(1, 4, 2, a.data(), 2); }),
              "payload blob #1: a chunk at offset 2 does not continue the 0 bytes before it");
    EXPECT_EQ(LogErrorMessage([&] { p.Add(2, 4, 0, a.data(), 5); }),
              "payload blob #2: a chunk of 5 bytes at offset 0 runs past its size of 4");
    p.Add(3, 4, 0, a.data(), 3);
    EXPECT_EQ(LogErrorMessage([&] { p.Add(3, 4, 3, a.data(), 2); }),
              "payload blob #3: a chunk of 2 bytes at offset 3 runs past its size of 4");
    EXPECT_EQ(LogErrorMessage([&] { p.Add(3, 8, 3, a.data(), 1); }),
              "payload blob #3: a chunk says the blob holds 8 bytes, an earlier one 4");
    EXPECT_EQ(LogErrorMessage([&] { p.Add(3, 4, 3, a.data(), ~0ull); }),  // would wrap past 2^64
              "payload blob #3: a chunk of 18446744073709551615 bytes at offset 3 runs past its size of 4");
    p.Add(3, 4, 3, a.data(), 1);  // the refusals left the blob as it was
    Ref ref(3, 4);
    EXPECT_NE(p.Data(ref.get(), 4), nullptr);
}

TEST(Payloads, AnEmptyRefIsNullAndNeedsNoBlob) {
    Payloads p;
    Ref empty(77, 0);
    EXPECT_EQ(p.Data(empty.get(), 0), nullptr);
}

TEST(Payloads, GivesBackEveryPageItHandedOut) {
    const std::vector<std::uint8_t> a{1, 2}, b{3};
    Payloads p;
    p.Add(1, 3, 0, a.data(), 2);
    p.Add(1, 3, 2, b.data(), 1);
    Ref ref(1, 3);
    p.Data(ref.get(), 3);
    std::vector<std::pair<const std::uint8_t*, std::uint64_t>> released;
    p.ReleaseUsed([&](const std::uint8_t* bytes, std::uint64_t size) { released.emplace_back(bytes, size); });
    ASSERT_EQ(released.size(), 2u);
    EXPECT_EQ(released[0], std::make_pair(a.data(), std::uint64_t{2}));
    EXPECT_EQ(released[1], std::make_pair(b.data(), std::uint64_t{1}));
    released.clear();
    p.ReleaseUsed([&](const std::uint8_t* bytes, std::uint64_t size) { released.emplace_back(bytes, size); });
    EXPECT_TRUE(released.empty());  // once
}

TEST(Payloads, ScratchIsZeroedEachTime) {
    Payloads p;
    std::uint8_t* s = p.Scratch(16);
    std::memset(s, 0xab, 16);
    s = p.Scratch(16);
    for (int i = 0; i < 16; i++) EXPECT_EQ(s[i], 0);
}

}  // namespace
}  // namespace ltcap
