// The log writer's ordering and in-place ending rules, plain and compressed, read back with libcapnp's own reader
// (after libzstd's own streaming decoder for a compressed log).
#include "interpose/log_writer.h"

#include <capnp/serialize.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <kj/io.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <filesystem>
#include <mutex>
#include <fstream>
#include <sstream>
#include <thread>

#include "schema/trace.capnp.h"
#include "schema/trace_layout.h"

namespace ltcap {
namespace {

namespace L = layout;

// A Call entry with `seq`; `call` is where its struct is in the message.
wire::Message CallMessage(std::uint64_t seq, wire::StructRef* call) {
    wire::Message m;
    auto e = m.InitRoot(L::Entry::kSize);
    *call = m.InitStruct<L::Entry>(e, L::Entry::f_call, L::Call::kSize);
    m.Set<L::Call>(*call, L::Call::f_seq, seq);
    m.Set<L::Call>(*call, L::Call::f_beginNs, 1000 + seq);
    return m;
}

std::size_t EndNsAt(wire::StructRef call) { return 8 + (std::size_t{call.at} * 64 + L::Call::f_endNs.offset) / 8; }

std::string ReadFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The whole file through zstd's streaming decoder (every frame must be complete and valid).
std::string Unzstd(const std::string& file) {
    ZSTD_DCtx* d = ZSTD_createDCtx();
    ZSTD_inBuffer in{file.data(), file.size(), 0};
    std::string out;
    std::size_t left = 0;
    char buf[1 << 16];
    bool full = false;
    while (in.pos < in.size || full) {
        ZSTD_outBuffer o{buf, sizeof buf, 0};
        const std::size_t r = ZSTD_decompressStream(d, &o, &in);
        EXPECT_FALSE(ZSTD_isError(r)) << ZSTD_getErrorName(r);
        if (ZSTD_isError(r)) break;
        if (o.pos == 0 && in.pos == in.size) break;  // only asked again because the buffer was exactly full
        left = r;
        out.append(buf, o.pos);
        full = o.pos == o.size;
    }
    EXPECT_EQ(left, 0u) << "the last frame is incomplete";
    ZSTD_freeDCtx(d);
    return out;
}

bool IsZstd(const std::string& file) { return file.size() >= 4 && file.compare(0, 4, "\x28\xb5\x2f\xfd") == 0; }

// seq and endNs of every Call entry in the file, in file order.
std::vector<std::pair<std::uint64_t, std::uint64_t>> ReadCalls(const std::string& path) {
    std::string bytes = ReadFile(path);
    if (IsZstd(bytes)) bytes = Unzstd(bytes);
    kj::ArrayInputStream stream(kj::arrayPtr(reinterpret_cast<const kj::byte*>(bytes.data()), bytes.size()));
    std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
    while (stream.tryGetReadBuffer().size() > 0) {
        capnp::InputStreamMessageReader reader(stream);
        auto e = reader.getRoot<schema::Entry>();
        if (e.isCall()) out.emplace_back(e.getCall().getSeq(), e.getCall().getEndNs());
    }
    return out;
}

// Parameter: the log is compressed.
class LogWriterTest : public ::testing::TestWithParam<bool> {
protected:
    void SetUp() override {
        path_ = (std::filesystem::path(::testing::TempDir()) / ("writer." + std::to_string(getpid()))).string();
        std::string error;
        writer_ = LogWriter::Open(path_, 64 << 20, 0, GetParam(), lock_, error);
        ASSERT_NE(writer_, nullptr) << error;
    }
    void TearDown() override {
        delete writer_;
        std::filesystem::remove(path_);
    }
    LogWriter::Spot Append(std::uint64_t seq, wire::StructRef* call) {
        wire::Message m = CallMessage(seq, call);
        LogWriter::Spot spot;
        std::unique_lock lock(writer_->mutex());
        EXPECT_TRUE(writer_->AppendMessageLocked(lock, m, &spot));
        return spot;
    }
    bool Patch(const LogWriter::Spot& spot, wire::StructRef call, std::uint64_t end_ns) {
        std::unique_lock lock(writer_->mutex());
        return writer_->PatchLocked(spot, EndNsAt(call), end_ns);
    }
    std::string path_;
    SpinMutex lock_;  // outlives writer_ (TearDown deletes it)
    LogWriter* writer_ = nullptr;
};

TEST_P(LogWriterTest, EndsACallInPlaceWhileItsBatchIsInMemory) {
    wire::StructRef a, b;
    const auto spot_a = Append(1, &a);
    const auto spot_b = Append(2, &b);
    EXPECT_TRUE(Patch(spot_b, b, 77));
    EXPECT_TRUE(Patch(spot_a, a, 55));
    writer_->Close();
    const auto calls = ReadCalls(path_);
    ASSERT_EQ(calls.size(), 2u);
    EXPECT_EQ(calls[0], std::make_pair(std::uint64_t{1}, std::uint64_t{55}));
    EXPECT_EQ(calls[1], std::make_pair(std::uint64_t{2}, std::uint64_t{77}));
}

TEST_P(LogWriterTest, RefusesOnceTheBatchWentToTheWriterThread) {
    wire::StructRef a, b;
    const auto spot_a = Append(1, &a);
    writer_->Flush();  // the batch holding call 1 is written
    const auto spot_b = Append(2, &b);  // the next batch: same offset as call 1 had
    EXPECT_FALSE(Patch(spot_a, a, 55));
    {  // a large message handed over whole takes the current batch with it, ahead of itself
        wire::Message blob;
        auto e = blob.InitRoot(L::Entry::kSize);
        auto x = blob.InitStruct<L::Entry>(e, L::Entry::f_blob, L::Blob::kSize);
        const std::string payload(2 << 20, 'x');
        blob.SetBytes<L::Blob>(x, L::Blob::f_data, payload.data(), payload.size());
        std::string bytes;
        blob.AppendTo(bytes);
        std::unique_lock lock(writer_->mutex());
        ASSERT_TRUE(writer_->AppendOwnedLocked(lock, std::move(bytes)));
    }
    EXPECT_FALSE(Patch(spot_b, b, 77));
    writer_->Close();
    const auto calls = ReadCalls(path_);
    ASSERT_EQ(calls.size(), 2u);
    EXPECT_EQ(calls[0], std::make_pair(std::uint64_t{1}, std::uint64_t{0}));
    EXPECT_EQ(calls[1], std::make_pair(std::uint64_t{2}, std::uint64_t{0}));
}

TEST_P(LogWriterTest, AnEmergencyFlushEndsPatching) {
    wire::StructRef a;
    const auto spot_a = Append(1, &a);
    writer_->EmergencyFlush();
    Append(2, &a);
    EXPECT_FALSE(Patch(spot_a, a, 55));
    writer_->Close();
    const auto calls = ReadCalls(path_);
    ASSERT_EQ(calls.size(), 2u);
    EXPECT_EQ(calls[0].second, 0u);
    EXPECT_EQ(calls[1].second, 0u);
}

// An emergency flush may end the file with one more message (a dying process's end entry), after everything
// appended before it.
TEST_P(LogWriterTest, AnEmergencyFlushEndsTheFileWithTheLastMessageAsked) {
    wire::StructRef a;
    Append(1, &a);
    Append(2, &a);
    std::string last;
    CallMessage(9, &a).AppendTo(last);
    int asked = 0;
    writer_->EmergencyFlush([&]() -> const std::string* { return asked++, &last; });
    EXPECT_EQ(asked, 1);
    writer_->Close();
    const auto calls = ReadCalls(path_);
    ASSERT_EQ(calls.size(), 3u);
    EXPECT_EQ(calls[0].first, 1u);
    EXPECT_EQ(calls[1].first, 2u);
    EXPECT_EQ(calls[2].first, 9u);
}

TEST_P(LogWriterTest, WritesTheContainerAsked) {
    wire::StructRef a;
    for (std::uint64_t seq = 1; seq <= 20000; seq++) Append(seq, &a);  // about 2 MiB of alike records: 2 batches
    writer_->Close();
    const std::string file = ReadFile(path_);
    EXPECT_EQ(IsZstd(file), GetParam());
    EXPECT_EQ(writer_->bytes_written(), file.size());
    const auto calls = ReadCalls(path_);
    ASSERT_EQ(calls.size(), 20000u);
    EXPECT_EQ(calls.back().first, 20000u);
    if (GetParam()) {
        EXPECT_TRUE(writer_->compression_problem().empty()) << writer_->compression_problem();
        EXPECT_LT(file.size() * 10, writer_->bytes_appended()) << "alike records should compress more than 10x";
    } else {
        EXPECT_EQ(file.size(), writer_->bytes_appended());
    }
}

// Notes come back on the writer thread with their batch, in order, pointing at their message's bytes (patched as
// the batch left), and only once that batch is written.
TEST_P(LogWriterTest, HandsNotesBackWithTheirWrittenBatch) {
    std::mutex seen_mutex;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> seen;  // (note seq, the Call's seq read from the bytes)
    std::vector<std::uint64_t> ends;
    {
        std::unique_lock lock(writer_->mutex());
        writer_->SetOnNotes([&](const std::string& batch, const std::vector<LogWriter::Note>& notes) {
            std::lock_guard g(seen_mutex);
            for (const auto& n : notes) {
                kj::ArrayPtr<const capnp::word> words(reinterpret_cast<const capnp::word*>(batch.data() + n.offset),
                                                      n.size / 8);
                capnp::FlatArrayMessageReader r(words);
                auto call = r.getRoot<schema::Entry>().getCall();
                seen.emplace_back(n.seq, call.getSeq());
                ends.push_back(call.getEndNs());
            }
        });
    }
    std::vector<std::pair<std::uint64_t, std::uint64_t>> expected;
    for (std::uint64_t seq = 1; seq <= 12000; seq++) {  // about 1.2 MiB: the first batch leaves on its own
        wire::StructRef call;
        wire::Message m = CallMessage(seq, &call);
        LogWriter::Spot spot;
        std::unique_lock lock(writer_->mutex());
        ASSERT_TRUE(writer_->AppendMessageLocked(lock, m, &spot));
        if (seq % 3 == 0) {
            writer_->NoteLocked({spot.offset, m.SerializedSize(), seq});
            expected.emplace_back(seq, seq);
            ASSERT_TRUE(writer_->PatchLocked(spot, EndNsAt(call), 5000 + seq));
        }
    }
    writer_->Flush();
    std::lock_guard g(seen_mutex);
    EXPECT_EQ(seen, expected);
    for (std::size_t i = 0; i < ends.size(); i++) ASSERT_EQ(ends[i], 5000 + expected[i].first);
}

// HandNotesOn hands on the notes of batches the writer thread has not written (it is stuck in write(2) on a full
// pipe nobody reads yet) without waiting for them, in order; the writer thread does not hand them on again.
TEST(LogWriterNotes, HandNotesOnDoesNotWaitForTheFile) {
    const std::string path = (std::filesystem::path(::testing::TempDir()) / "notes.fifo").string();
    std::filesystem::remove(path);
    ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
    const int reader = ::open(path.c_str(), O_RDONLY | O_NONBLOCK);  // so that the writer's open does not block
    ASSERT_GE(reader, 0);
    std::string error;
    SpinMutex writer_lock;
    LogWriter* writer = LogWriter::Open(path, 64 << 20, 0, false, writer_lock, error);
    ASSERT_NE(writer, nullptr) << error;
    std::mutex seen_mutex;
    std::vector<std::uint64_t> seen;
    {
        std::unique_lock lock(writer->mutex());
        writer->SetOnNotes([&](const std::string&, const std::vector<LogWriter::Note>& notes) {
            std::lock_guard g(seen_mutex);
            for (const auto& n : notes) seen.push_back(n.seq);
        });
    }
    std::vector<std::uint64_t> expected;
    for (std::uint64_t seq = 1; seq <= 40000; seq++) {  // about 4 MiB: four batches, the pipe holds 64 KiB
        wire::StructRef call;
        wire::Message m = CallMessage(seq, &call);
        LogWriter::Spot spot;
        std::unique_lock lock(writer->mutex());
        ASSERT_TRUE(writer->AppendMessageLocked(lock, m, &spot));
        if (seq % 7 == 0) {
            writer->NoteLocked({spot.offset, m.SerializedSize(), seq});
            expected.push_back(seq);
        }
    }
    writer->HandNotesOn();  // returns though nothing has been read from the pipe
    {
        std::lock_guard g(seen_mutex);
        EXPECT_EQ(seen, expected);
    }
    {
        std::unique_lock lock(writer->mutex());
        EXPECT_LT(writer->bytes_written(), writer->bytes_appended() / 2);  // the pipe holds 64 KiB of the 4 MiB
    }
    std::thread drain([&] {
        ::fcntl(reader, F_SETFL, 0);
        char buf[1 << 16];
        while (::read(reader, buf, sizeof buf) > 0) {
        }
    });
    writer->Close();
    drain.join();
    ::close(reader);
    delete writer;
    std::filesystem::remove(path);
    std::lock_guard g(seen_mutex);
    EXPECT_EQ(seen, expected) << "a batch's notes were handed on twice, or not at all";
}

INSTANTIATE_TEST_SUITE_P(Containers, LogWriterTest, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "zstd" : "plain"; });

// Raw frames are what a fatal-signal flush and large payloads use: standard frames, any size, block edges included.
TEST(RawFrame, DecodesWithLibzstdAtEverySize) {
    const std::string path = (std::filesystem::path(::testing::TempDir()) / "raw.zst").string();
    for (std::size_t size : {std::size_t{0}, std::size_t{1}, FrameEncoder::kRawBlock - 1, FrameEncoder::kRawBlock,
                             FrameEncoder::kRawBlock + 1, 33 * FrameEncoder::kRawBlock + 5}) {
        std::string data(size, '\0');
        for (std::size_t i = 0; i < size; i++) data[i] = static_cast<char>(i * 7 + i / 251);
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ASSERT_GE(fd, 0);
        ASSERT_TRUE(FrameEncoder::WriteRaw(fd, data.data(), data.size()));
        ::close(fd);
        const std::string file = ReadFile(path);
        EXPECT_EQ(file.size(), FrameEncoder::RawFrameSize(size)) << size;
        EXPECT_EQ(Unzstd(file), data) << size;
    }
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace ltcap
