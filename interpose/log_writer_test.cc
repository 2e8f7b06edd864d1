// The log writer's ordering and in-place ending rules, read back with libcapnp's own reader.
#include "interpose/log_writer.h"

#include <capnp/serialize.h>
#include <gtest/gtest.h>
#include <kj/io.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

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

// seq and endNs of every Call entry in the file, in file order.
std::vector<std::pair<std::uint64_t, std::uint64_t>> ReadCalls(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string bytes = ss.str();
    kj::ArrayInputStream stream(kj::arrayPtr(reinterpret_cast<const kj::byte*>(bytes.data()), bytes.size()));
    std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
    while (stream.tryGetReadBuffer().size() > 0) {
        capnp::InputStreamMessageReader reader(stream);
        auto e = reader.getRoot<schema::Entry>();
        if (e.isCall()) out.emplace_back(e.getCall().getSeq(), e.getCall().getEndNs());
    }
    return out;
}

class LogWriterTest : public ::testing::Test {
protected:
    void SetUp() override {
        path_ = (std::filesystem::path(::testing::TempDir()) / ("writer." + std::to_string(getpid()))).string();
        std::string error;
        writer_ = LogWriter::Open(path_, 64 << 20, 0, error);
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
    LogWriter* writer_ = nullptr;
};

TEST_F(LogWriterTest, EndsACallInPlaceWhileItsBatchIsInMemory) {
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

TEST_F(LogWriterTest, RefusesOnceTheBatchWentToTheWriterThread) {
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

TEST_F(LogWriterTest, AnEmergencyFlushEndsPatching) {
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

}  // namespace
}  // namespace ltcap
