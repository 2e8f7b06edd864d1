#include "player/log_reader.h"

#include <capnp/message.h>
#include <capnp/serialize.h>
#include <gtest/gtest.h>
#include <unistd.h>
#include <zstd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "player/log_testing.h"

namespace ltcap {
namespace {

using log_testing::Message;
using log_testing::TempFile;
using log_testing::Zstd;

// A log of a header, `blobs` one-chunk blobs (blob i: `size` bytes of value i) and an end entry, as messages.
std::vector<std::string> Messages(int blobs, std::size_t size) {
    std::vector<std::string> out;
    out.push_back(Message([](schema::Entry::Builder e) {
        auto h = e.initHeader();
        h.setFormatVersion(schema::FORMAT_VERSION);
        h.setTtMetalVersion("v0.56.0");
    }));
    for (int i = 1; i <= blobs; i++)
        out.push_back(Message([&](schema::Entry::Builder e) {
            auto b = e.initBlob();
            b.setId(i);
            b.setTotalSize(size);
            auto d = b.initData(size);
            std::fill(d.begin(), d.end(), static_cast<std::uint8_t>(i));
        }));
    out.push_back(Message([&](schema::Entry::Builder e) { e.initEnd().setLastSeq(0); }));
    return out;
}

// What a reader reads: each entry's kind, offset, and for a blob its bytes read back through Bytes.
struct Read {
    std::vector<std::string> entries;
    bool complete, damaged;
    std::string truncation;
};
Read ReadLog(const std::string& path) {
    Read r;
    LogReader log(path);
    while (auto m = log.Next()) {
        auto e = m->getRoot<schema::Entry>();
        std::string line = std::to_string(log.entry_offset()) + ":" + std::to_string(static_cast<int>(e.which()));
        if (e.isBlob()) {
            const auto data = e.getBlob().getData();
            const std::uint64_t at = log.StreamOffset(data);
            const Pinned bytes = log.Bytes(at, data.size());
            line += ":" + std::to_string(bytes.data[0]) + "x" + std::to_string(data.size());
        }
        r.entries.push_back(line);
    }
    r.complete = log.complete();
    r.damaged = log.damaged();
    r.truncation = log.truncation();
    return r;
}

std::string Joined(const std::vector<std::string>& messages, std::size_t from = 0, std::size_t to = ~std::size_t{0}) {
    std::string s;
    for (std::size_t i = from; i < std::min(to, messages.size()); i++) s += messages[i];
    return s;
}

// A header whose environment is `n` empty structs (no name, no value): each element costs a message reader a word
// of its traversal limit at every read, though the list itself takes one word of the log.
std::string HeaderOfEmptyVariables(unsigned n) {
    return Message([n](schema::Entry::Builder e) {
        auto h = e.initHeader();
        h.setFormatVersion(schema::FORMAT_VERSION);
        h.setTtMetalVersion("v0.56.0");
        h.initEnvironment(n);
    });
}

TEST(LogReader, TheHeaderReadsAsOftenAsAToolLikes) {
    // 60,000 elements pass the first reading (under the traversal limit) but a reader would run out at the second.
    const TempFile file(HeaderOfEmptyVariables(60000) + Message([](schema::Entry::Builder e) { e.initEnd(); }));
    LogReader log(file.path());
    std::uint64_t seen = 0;
    for (int i = 0; i < 100; i++) seen += log.header().getEnvironment().size();
    EXPECT_EQ(seen, 100u * 60000u);
}

TEST(LogReader, AHeaderListingTooManyVariablesIsDamaged) {
    const TempFile file(HeaderOfEmptyVariables(70000) + Message([](schema::Entry::Builder e) { e.initEnd(); }));
    try {
        LogReader log(file.path());
        FAIL() << "a header of 70000 environment variables was read";
    } catch (const LogError& e) {
        EXPECT_NE(std::string(e.what()).find("the header) is damaged: it lists 70000 environment variables (at most "
                                             "65536)"),
                  std::string::npos)
            << e.what();
    }
}

TEST(LogReader, ACompressedLogReadsAsItsPlainStream) {
    const auto messages = Messages(40, 100000);
    const TempFile plain(Joined(messages));
    std::string frames;  // a frame per 7 messages, as the capture's batches
    for (std::size_t i = 0; i < messages.size(); i += 7) frames += Zstd(Joined(messages, i, i + 7));
    const TempFile compressed(frames);
    const Read a = ReadLog(plain.path()), b = ReadLog(compressed.path());
    EXPECT_EQ(a.entries.size(), 41u);  // the header is not an entry Next() returns
    EXPECT_EQ(a.entries, b.entries);
    EXPECT_TRUE(a.complete && b.complete);
    EXPECT_EQ(a.entries[39], std::to_string(Joined(messages, 0, 40).size()) + ":3:40x100000");
}

TEST(LogReader, PayloadsReadAgainAfterReadingPastThem) {
    const auto messages = Messages(60, 1 << 20);  // 60 MiB: more than the frame cache holds
    std::string frames;
    for (const std::string& m : messages) frames += Zstd(m);
    const TempFile compressed(frames);
    LogReader log(compressed.path());
    std::vector<std::pair<std::uint64_t, std::uint64_t>> blobs;  // data offset, entry offset
    while (auto m = log.Next()) {
        auto e = m->getRoot<schema::Entry>();
        if (e.isBlob()) blobs.emplace_back(log.StreamOffset(e.getBlob().getData()), log.entry_offset());
    }
    ASSERT_EQ(blobs.size(), 60u);
    for (std::size_t i = 0; i < blobs.size(); i++) {
        const Pinned p = log.Bytes(blobs[i].first, 1 << 20);
        EXPECT_EQ(p.data[0], i + 1);
        EXPECT_EQ(p.data[(1 << 20) - 1], i + 1);
        EXPECT_EQ(log.ReadAgain(blobs[i].second)->getRoot<schema::Entry>().getBlob().getId(), i + 1);
    }
    EXPECT_THROW(log.Bytes(blobs[0].first, 2 << 20), LogError);  // past its frame
    EXPECT_THROW(log.ReadAgain(blobs[0].second + 8), LogError);   // not where a message starts
}

TEST(LogReader, MessagesCrossingFramesAreReadWhole) {
    // Another tool's framing (pzstd cuts its input anywhere): the reader decodes the whole stream instead.
    const auto messages = Messages(10, 5000);
    const std::string stream = Joined(messages);
    std::string frames;
    for (std::size_t at = 0; at < stream.size(); at += 12345) frames += Zstd(stream.substr(at, 12345));
    const TempFile crossing(frames), plain(stream);
    EXPECT_EQ(ReadLog(crossing.path()).entries, ReadLog(plain.path()).entries);
    EXPECT_TRUE(ReadLog(crossing.path()).complete);
}

TEST(LogReader, ADamagedFrameEndsReadingThereAndMarksTheLog) {
    const auto messages = Messages(12, 3000);
    std::string frames;
    std::size_t damaged_at = 0, damaged_end = 0;
    for (std::size_t i = 0; i < messages.size(); i += 4) {
        if (i == 8) damaged_at = frames.size();
        frames += Zstd(Joined(messages, i, i + 4));
        if (i == 8) damaged_end = frames.size();
    }
    frames[damaged_end - 2] ^= 0x33;  // the third frame's checksum
    const TempFile last(frames);
    const Read r = ReadLog(last.path());
    EXPECT_EQ(r.entries.size(), 7u);  // the frames before it: blobs 1–7
    EXPECT_FALSE(r.complete);
    EXPECT_TRUE(r.damaged);
    EXPECT_EQ(r.truncation.rfind("damaged compressed frame at byte " + std::to_string(damaged_at), 0), 0u) << r.truncation;
}

TEST(LogReader, DamageAfterTheEndEntryStillMakesTheLogDamaged) {
    const auto messages = Messages(3, 100);
    std::string frames = Zstd(Joined(messages));
    std::string trailing = Zstd(std::string(64, 'x'));
    trailing[trailing.size() - 1] ^= 0x44;
    const TempFile log(frames + trailing);
    const Read r = ReadLog(log.path());
    EXPECT_EQ(r.entries.size(), 4u);
    EXPECT_FALSE(r.complete);
    EXPECT_TRUE(r.damaged);
}

TEST(LogReader, ACutCompressedLogIsIncompleteNotDamaged) {
    const auto messages = Messages(5, 1000);
    const std::string frames = Zstd(Joined(messages, 0, 3)) + Zstd(Joined(messages, 3));
    const TempFile cut(frames.substr(0, frames.size() - 3));  // inside the last frame's checksum
    const Read r = ReadLog(cut.path());
    EXPECT_FALSE(r.complete);
    EXPECT_FALSE(r.damaged);
    EXPECT_NE(r.truncation.find("cut off inside the frame"), std::string::npos) << r.truncation;
}

TEST(LogReader, ReleasedPayloadPagesOfAMappedLogReadBackTheSame) {
    const auto messages = Messages(4, 64 << 10);
    const TempFile plain(Joined(messages));
    LogReader log(plain.path());
    std::vector<std::uint64_t> at;
    while (auto m = log.Next())
        if (m->getRoot<schema::Entry>().isBlob()) at.push_back(log.StreamOffset(m->getRoot<schema::Entry>().getBlob().getData()));
    for (int round = 0; round < 2; round++)  // the pin's end hands the pages back; the second read faults them in
        for (std::size_t i = 0; i < at.size(); i++) {
            const Pinned p = log.Bytes(at[i], 64 << 10);
            EXPECT_EQ(p.data[(64 << 10) - 1], i + 1);
        }
}

}  // namespace
}  // namespace ltcap
