#include "player/read_verifier.h"

#include <capnp/message.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <tuple>
#include <vector>

#include "schema/log_error.h"

namespace ltcap {
namespace {

// A readData entry: call `seq` delivered `size` bytes of blob `blob` at `offset` of what it read.
class Entry {
public:
    Entry(std::uint64_t seq, std::uint64_t blob, std::uint64_t size, std::uint64_t offset = 0) {
        auto r = message_.initRoot<schema::ReadData>();
        r.setSeq(seq);
        r.setOffset(offset);
        r.initData().setBlob(blob);
        r.getData().setSize(size);
    }
    schema::ReadData::Reader get() { return message_.getRoot<schema::ReadData>().asReader(); }

private:
    capnp::MallocMessageBuilder message_;
};

struct Fixture : ::testing::Test {
    std::vector<std::pair<int, std::string>> said;
    std::unique_ptr<ReadVerifier> v;
    std::vector<std::uint8_t> golden{1, 2, 3, 4, 5, 6, 7, 8};
    Payloads payloads{[this](std::uint64_t at, std::uint64_t) { return Pinned{golden.data() + at, nullptr}; }};
    void Make(ReadVerifier::Settings s = {}) {
        v = std::make_unique<ReadVerifier>(s, [this](int level, const std::string& line) { said.emplace_back(level, line); });
        payloads.Add(1, 8, 0, 0, 8);
    }
    std::string Said() const {
        std::string out;
        for (const auto& [level, line] : said) out += line + "\n";
        return out;
    }
};

TEST_F(Fixture, EachRecordedPieceIsDeliveredAsReplayedEvenWithoutVerifying) {
    std::vector<std::tuple<std::uint64_t, std::uint64_t, std::vector<std::uint8_t>>> got;
    ReadVerifier::Settings s;
    s.verify = false;
    s.deliver = [&](std::uint64_t seq, std::uint64_t offset, const std::uint8_t* bytes, std::uint64_t size) {
        got.emplace_back(seq, offset, std::vector<std::uint8_t>(bytes, bytes + size));
    };
    Make(s);
    Entry first(7, 1, 4), second(7, 1, 4, 4);
    v->Recorded(first.get());
    v->Recorded(second.get());
    auto& t = v->Target(7, "buffer#3", 8);
    t = {10, 11, 12, 13, 14, 15, 16, 17};  // not what the capture read: delivered all the same
    v->Verify(first.get(), payloads);
    v->Verify(second.get(), payloads);
    ASSERT_EQ(got.size(), 2u);
    EXPECT_EQ(got[0], std::make_tuple(std::uint64_t{7}, std::uint64_t{0}, std::vector<std::uint8_t>{10, 11, 12, 13}));
    EXPECT_EQ(got[1], std::make_tuple(std::uint64_t{7}, std::uint64_t{4}, std::vector<std::uint8_t>{14, 15, 16, 17}));
    EXPECT_EQ(v->checked(), 0u);
    EXPECT_EQ(v->mismatches(), 0u);
}

TEST_F(Fixture, AMatchingReadIsCheckedAndAChangedOneIsAMismatch) {
    Make();
    Entry e(5, 1, 8), again(6, 1, 8);
    v->Recorded(e.get());
    v->Recorded(again.get());
    auto& t = v->Target(5, "buffer#2", 8);
    t = golden;
    v->Verify(e.get(), payloads);
    EXPECT_EQ(v->checked(), 1u);
    EXPECT_EQ(v->mismatches(), 0u);
    auto& u = v->Target(6, "buffer#2", 8);
    u = golden;
    u[3] = 99;
    v->Verify(again.get(), payloads);
    EXPECT_EQ(v->checked(), 2u);
    EXPECT_EQ(v->mismatches(), 1u);
    EXPECT_NE(Said().find("MISMATCH in call #6 (buffer#2): "), std::string::npos) << Said();
    EXPECT_EQ(v->bytes_read(), 16u);
}

TEST_F(Fixture, UnrecordedReadsAreBoundedBeforeAnythingIsAllocated) {
    Make();
    EXPECT_NO_THROW(v->CheckSize(9, "buffer#3", ReadVerifier::kMaxUnrecordedRead));  // unrecorded, but small enough
    EXPECT_THROW(v->CheckSize(9, "buffer#3", ReadVerifier::kMaxUnrecordedRead + 1), LogError);
    Entry wraps(7, 1, 8, ~0ull - 3);
    EXPECT_THROW(v->Recorded(wraps.get()), LogError);
}

// The replay decides how many bytes a call reads (a buffer's size, its shards); data recorded for more or fewer bytes
// is a read that differs — one mismatch, its pieces not compared, the read not counted as unchecked.
TEST_F(Fixture, AReadOfAnotherSizeThanRecordedIsOneMismatch) {
    Make();
    Entry e(5, 1, 8), far(6, 1, 8, 1ull << 49), fits(7, 1, 8);
    for (Entry* x : {&e, &far, &fits}) v->Recorded(x->get());
    auto& t = v->Target(5, "buffer#2", 4);
    EXPECT_EQ(t.size(), 4u);
    std::copy(golden.begin(), golden.begin() + 4, t.begin());  // what it read agrees with the recorded start
    EXPECT_EQ(v->mismatches(), 1u);
    EXPECT_NE(Said().find("MISMATCH in call #5 (buffer#2): the replay read 4 bytes, the capture recorded 8"),
              std::string::npos)
        << Said();
    EXPECT_NO_THROW(v->Verify(e.get(), payloads));
    v->Expect(6, "buffer#3", std::vector<std::uint8_t>(8));  // data recorded 2^49 bytes in
    EXPECT_NO_THROW(v->Verify(far.get(), payloads));
    EXPECT_EQ(v->mismatches(), 2u);
    EXPECT_NE(Said().find("(buffer#3): the replay read 8 bytes, the capture recorded 562949953421320"), std::string::npos)
        << Said();
    v->Target(7, "buffer#4", 8) = golden;  // the same size: compared as always
    v->Verify(fits.get(), payloads);
    EXPECT_EQ(v->checked(), 3u);
    EXPECT_EQ(v->mismatches(), 2u);
    v->EndLoop();
    EXPECT_EQ(v->unverified(), 0u);
}

TEST_F(Fixture, PiecesAreComparedEachUnderItsName) {
    Make();
    Entry first(4, 1, 4, 0), second(4, 1, 4, 4);
    v->Recorded(first.get());
    v->Recorded(second.get());
    std::vector<std::uint8_t> bytes{1, 2, 3, 4, 1, 2, 3, 0};  // the second piece differs from the blob's start
    v->Expect(4, "mesh buffer#1", bytes);
    v->NamePiece(4, 4, "shard (0, 1)");
    v->Verify(first.get(), payloads);
    EXPECT_EQ(v->mismatches(), 0u);
    v->Verify(second.get(), payloads);
    EXPECT_EQ(v->checked(), 2u);
    EXPECT_EQ(v->mismatches(), 1u);
    EXPECT_NE(Said().find("MISMATCH in call #4 (mesh buffer#1, shard (0, 1)): "), std::string::npos) << Said();
}

// Data recorded past what the replay read, met before its size was known (the data came long after the call): the
// read is one mismatch too, and its other pieces are not compared.
TEST_F(Fixture, APiecePastTheReadIsAMismatchWhenItComes) {
    Make();
    Entry past(4, 1, 8, 4), start(4, 1, 4, 0);
    v->Expect(4, "buffer#1", std::vector<std::uint8_t>(8));
    EXPECT_NO_THROW(v->Verify(past.get(), payloads));
    EXPECT_EQ(v->mismatches(), 1u);
    EXPECT_NE(Said().find("MISMATCH in call #4 (buffer#1): the replay read 8 bytes, the capture recorded bytes from 4 to 12"),
              std::string::npos)
        << Said();
    v->Verify(start.get(), payloads);  // would mismatch too (the read is zeros): not compared, not counted again
    EXPECT_EQ(v->mismatches(), 1u);
    EXPECT_EQ(v->checked(), 1u);
    v->EndLoop();
    EXPECT_EQ(v->unverified(), 0u);
}

TEST_F(Fixture, ReadsOutsideTheRangeOrWithoutVerifyAreNotCompared) {
    ReadVerifier::Settings s;
    s.calls.first = 10;
    Make(s);
    Entry e(5, 1, 8);
    v->Target(5, "buffer#2", 8)[0] = 42;
    v->Verify(e.get(), payloads);
    EXPECT_EQ(v->checked(), 0u);
    EXPECT_EQ(v->mismatches(), 0u);
}

TEST_F(Fixture, ReadsWhoseDataNeverCameAreCountedNotVerified) {
    Make();
    Entry e(5, 1, 8);
    v->Recorded(e.get());
    v->Target(5, "buffer#2", 8);
    v->Target(6, "buffer#2", 8);  // not recorded: nothing to check it against, not counted
    v->EndLoop();
    EXPECT_EQ(v->unverified(), 1u);
    EXPECT_EQ(v->checked(), 0u);
    v->Verify(e.get(), payloads);  // forgotten with the loop
    EXPECT_EQ(v->checked(), 0u);
}

// A read the device may still be writing: its destination is compared only after its drain ran (the device put the
// bytes), and is never freed before — not at the end of a loop, not when the verifier goes.
TEST_F(Fixture, ADestinationInFlightIsDrainedBeforeItIsComparedOrFreed) {
    Make();
    Entry e(5, 1, 8);
    v->Recorded(e.get());
    std::vector<std::uint8_t>* target = nullptr;
    int drains = 0;
    target = &v->Target(5, "buffer#2", 8, [&] {
        drains++;
        *target = golden;  // what the device delivers when its queue finishes
    });
    v->Verify(e.get(), payloads);
    EXPECT_EQ(drains, 1);
    EXPECT_EQ(v->checked(), 1u);
    EXPECT_EQ(v->mismatches(), 0u) << Said();

    // Cut before its data: the loop's end drains it (once) before forgetting it.
    Entry later(6, 1, 8);
    v->Recorded(later.get());
    v->Target(6, "buffer#3", 8, [&] { drains++; });
    v->CompleteAll();
    v->EndLoop();
    EXPECT_EQ(drains, 2);
    EXPECT_EQ(v->unverified(), 1u);
}

TEST_F(Fixture, ADrainThatFailsLeavesItsDestinationToTheProcess) {
    Make();
    std::uint8_t* bytes = v->Target(7, "buffer#4", 8, [] { throw std::runtime_error("queue hung"); }).data();
    EXPECT_THROW(v->EndLoop(), std::runtime_error);
    bytes[0] = 1;  // still the process's memory (ASan would report a write into a freed block)
    std::uint8_t* never = v->Target(8, "buffer#5", 8, [] {}).data();
    v.reset();  // the verifier goes with a drain pending: the destination is not freed
    never[7] = 1;
}

TEST_F(Fixture, APieceCoveringBytesCheckedBeforeIsTheLogsFault) {
    Make();
    Entry first(4, 1, 4, 0), twice(4, 1, 4, 0), straddles(4, 1, 4, 2);
    v->Recorded(first.get());
    v->Recorded(Entry(4, 1, 4, 4).get());
    v->Expect(4, "mesh buffer#1", std::vector<std::uint8_t>{1, 2, 3, 4, 1, 2, 3, 4});
    v->Verify(first.get(), payloads);
    try {
        v->Verify(twice.get(), payloads);
        FAIL() << "the same piece verified twice";
    } catch (const LogError& error) {
        EXPECT_STREQ(error.what(),
                     "the read data of call #4 at offset 0 (4 bytes) covers bytes an earlier piece of the read covered");
    }
    EXPECT_THROW(v->Verify(straddles.get(), payloads), LogError);
    EXPECT_EQ(v->checked(), 1u);
}

TEST_F(Fixture, MismatchesAreDumpedWhenAsked) {
    const auto dir = std::filesystem::path(::testing::TempDir()) / "dumps";
    std::filesystem::create_directories(dir);
    ReadVerifier::Settings s;
    s.dump_dir = dir.string();
    Make(s);
    Entry e(3, 1, 8);
    v->Target(3, "buffer#1", 8);
    v->Verify(e.get(), payloads);
    EXPECT_EQ(std::filesystem::file_size(dir / "call3.replay.bin"), 8u);
    EXPECT_EQ(std::filesystem::file_size(dir / "call3.capture.bin"), 8u);
}

}  // namespace
}  // namespace ltcap
