#include "player/read_verifier.h"

#include <capnp/message.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

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
    Payloads payloads;
    std::vector<std::uint8_t> golden{1, 2, 3, 4, 5, 6, 7, 8};
    void Make(ReadVerifier::Settings s = {}) {
        v = std::make_unique<ReadVerifier>(s, [this](int level, const std::string& line) { said.emplace_back(level, line); });
        payloads.Add(1, 8, 0, golden.data(), 8);
    }
    std::string Said() const {
        std::string out;
        for (const auto& [level, line] : said) out += line + "\n";
        return out;
    }
};

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

TEST_F(Fixture, SizesAreCheckedBeforeAnythingIsAllocated) {
    Make();
    Entry e(5, 1, 8);
    v->Recorded(e.get());
    try {
        v->Target(5, "buffer#2", 1u << 30);
        FAIL();
    } catch (const LogError& error) {
        EXPECT_STREQ(error.what(), "the replayed buffer#2 reads 1073741824 bytes, the capture recorded 8");
    }
    EXPECT_NO_THROW(v->CheckSize(9, "buffer#3", ReadVerifier::kMaxUnrecordedRead));  // unrecorded, but small enough
    EXPECT_THROW(v->CheckSize(9, "buffer#3", ReadVerifier::kMaxUnrecordedRead + 1), LogError);
    Entry wraps(7, 1, 8, ~0ull - 3);
    EXPECT_THROW(v->Recorded(wraps.get()), LogError);
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

TEST_F(Fixture, APiecePastTheReadIsTheLogsFault) {
    Make();
    Entry e(4, 1, 8, 4);
    v->Expect(4, "buffer#1", std::vector<std::uint8_t>(8));
    EXPECT_THROW(v->Verify(e.get(), payloads), LogError);
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
