// Session: a log written through it reads back, with the player's reader, as what was emitted — header, calls with
// global seqs, blobs stored once and chunked, kernel sources once, pending reads recorded when completed, and the
// end entry written by the last holder.
#include "interpose/session.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <filesystem>
#include <map>
#include <thread>
#include <string>
#include <vector>

#include "interpose/session_testing.h"
#include "player/log_reader.h"
#include "schema/trace.capnp.h"

namespace ltcap {
namespace {
namespace L = layout;

struct Fixture : ::testing::Test {
    testing::SessionState state;
    std::string dir = ::testing::TempDir();
    Session* Open(const std::string& name, unsigned window = 0, const char* release = "v9.9.9") {
        SessionInfo info;
        info.path = dir + "/" + name;
        info.window = window;
        info.starts_mid_run = window != 0;
        return state.Open(info, release);
    }
    static std::uint64_t Call(Session& s, L::Api api) {
        wire::Message m;
        auto e = m.InitRoot(L::Entry::kSize);
        auto c = m.InitStruct<L::Entry>(e, L::Entry::f_call, L::Call::kSize);
        m.Set<L::Call>(c, L::Call::f_function, static_cast<std::uint16_t>(api));
        return s.EmitCall(m, c);
    }
    // Every entry of a log, by kind.
    struct Read {
        std::string release;
        unsigned window = 0;
        bool mid_run = false, complete = false, ended = false;
        std::uint64_t last_seq = 0;
        std::vector<std::uint64_t> calls;
        std::map<std::uint64_t, std::uint64_t> blob_bytes, blob_chunks;  // id → bytes, chunks
        std::map<std::uint64_t, std::string> blob_data;                  // id → its bytes, joined
        std::vector<std::uint64_t> sources;
        std::vector<std::pair<std::uint64_t, std::string>> reads;  // seq, bytes
    };
    Read ReadBack(const std::string& name) {
        Read r;
        LogReader log(dir + "/" + name);
        r.release = log.header().getTtMetalVersion().cStr();
        r.window = log.header().getWindow();
        r.mid_run = log.header().getStartsMidRun();
        while (auto m = log.Next()) {
            auto e = m->getRoot<schema::Entry>();
            switch (e.which()) {
                case schema::Entry::CALL: r.calls.push_back(e.getCall().getSeq()); break;
                case schema::Entry::BLOB:
                    r.blob_bytes[e.getBlob().getId()] += e.getBlob().getData().size();
                    r.blob_chunks[e.getBlob().getId()]++;
                    r.blob_data[e.getBlob().getId()].append(reinterpret_cast<const char*>(e.getBlob().getData().begin()),
                                                            e.getBlob().getData().size());
                    break;
                case schema::Entry::KERNEL_SOURCE: r.sources.push_back(e.getKernelSource().getId()); break;
                case schema::Entry::READ_DATA: r.reads.emplace_back(e.getReadData().getSeq(), ""); break;
                case schema::Entry::END:
                    r.ended = true;
                    r.last_seq = e.getEnd().getLastSeq();
                    break;
                default: break;
            }
        }
        r.complete = log.complete();
        return r;
    }
};

TEST_F(Fixture, HeaderCallsAndEndReadBack) {
    Session* s = Open("a.capnp", 3, "v0.67.0");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(Call(*s, L::Api::finish), 1u);
    EXPECT_EQ(Call(*s, L::Api::finish), 2u);
    s->BeginClose();
    const Read r = ReadBack("a.capnp");
    EXPECT_EQ(r.release, "v0.67.0");  // the capture's release, not a build constant
    EXPECT_EQ(r.window, 3u);
    EXPECT_TRUE(r.mid_run);
    EXPECT_EQ(r.calls, (std::vector<std::uint64_t>{1, 2}));
    EXPECT_TRUE(r.ended);
    EXPECT_EQ(r.last_seq, 2u);
    EXPECT_TRUE(r.complete);
}

TEST_F(Fixture, SeqsAreGlobalAcrossLogs) {
    Session* a = Open("first.capnp");
    Call(*a, L::Api::finish);
    a->BeginClose();
    Session* b = Open("second.capnp");
    EXPECT_EQ(Call(*b, L::Api::finish), 2u);
    b->BeginClose();
    EXPECT_EQ(ReadBack("second.capnp").calls, (std::vector<std::uint64_t>{2}));
}

// Two logs open at once (a closing window's and the next one's) and calls recorded in no log all draw from one counter
// under the writers' shared lock: every number is drawn once, and each log holds its calls in number order.
TEST_F(Fixture, SeqsFromTwoLogsAndNoLogAtOnceAreUniqueAndInLogOrder) {
    Session* a = Open("one.capnp");
    Session* b = Open("two.capnp");
    ASSERT_NE(a, nullptr);
    ASSERT_NE(b, nullptr);
    constexpr int kEach = 20000;
    std::vector<std::uint64_t> unlogged;
    {
        std::thread ta([&] { for (int i = 0; i < kEach; i++) Call(*a, L::Api::finish); });
        std::thread tb([&] { for (int i = 0; i < kEach; i++) Call(*b, L::Api::finish); });
        for (int i = 0; i < kEach; i++) unlogged.push_back(state.seq.Next());
        ta.join();
        tb.join();
    }
    a->BeginClose();
    b->BeginClose();
    const Read ra = ReadBack("one.capnp"), rb = ReadBack("two.capnp");
    ASSERT_EQ(ra.calls.size(), std::size_t{kEach});
    ASSERT_EQ(rb.calls.size(), std::size_t{kEach});
    EXPECT_TRUE(std::is_sorted(ra.calls.begin(), ra.calls.end()));
    EXPECT_TRUE(std::is_sorted(rb.calls.begin(), rb.calls.end()));
    std::vector<std::uint64_t> all = ra.calls;
    all.insert(all.end(), rb.calls.begin(), rb.calls.end());
    all.insert(all.end(), unlogged.begin(), unlogged.end());
    std::sort(all.begin(), all.end());
    for (std::size_t i = 0; i < all.size(); i++) ASSERT_EQ(all[i], i + 1) << "seq drawn twice or skipped";
}

TEST_F(Fixture, BlobsAreStoredOnceAndLargeOnesInChunks) {
    Session* s = Open("blobs.capnp");
    const std::vector<std::uint8_t> small(100, 7), other(100, 8), big(9u << 20, 1);
    const std::uint64_t a = s->Blob(small.data(), small.size());
    EXPECT_EQ(s->Blob(small.data(), small.size()), a);  // same content, same blob
    const std::uint64_t b = s->Blob(other.data(), other.size());
    EXPECT_NE(a, b);
    const std::uint64_t c = s->Blob(big.data(), big.size());
    s->BeginClose();
    const Read r = ReadBack("blobs.capnp");
    EXPECT_EQ(r.blob_bytes.size(), 3u);
    EXPECT_EQ(r.blob_chunks.at(a), 1u);
    EXPECT_EQ(r.blob_bytes.at(c), big.size());
    EXPECT_EQ(r.blob_chunks.at(c), 3u);  // 4 MiB chunks: 4 + 4 + 1
}

// A payload filled straight into its messages (a snapshot's device read): whole pages a piece, the bytes as filled,
// equal contents still stored once, and nothing stored when the fill fails.
TEST_F(Fixture, BlobsFilledInPlace) {
    Session* s = Open("filled.capnp");
    constexpr std::uint64_t kPage = 3000;  // not a power of two: a chunk is the most whole pages under 4 MiB
    std::vector<std::uint8_t> bytes(kPage * 3000);  // about 8.6 MiB: three chunks
    for (std::size_t i = 0; i < bytes.size(); i++) bytes[i] = static_cast<std::uint8_t>(i * 7 + (i >> 12));
    std::vector<std::pair<std::uint64_t, std::uint64_t>> pieces;
    const std::uint64_t a = s->BlobFrom(bytes.size(), kPage, [&](std::uint8_t* dst, std::uint64_t offset, std::uint64_t n) {
        pieces.emplace_back(offset, n);
        std::memcpy(dst, bytes.data() + offset, n);
        return true;
    });
    ASSERT_NE(a, 0u);
    ASSERT_EQ(pieces.size(), 3u);
    std::uint64_t next = 0;
    for (const auto& [offset, n] : pieces) {
        EXPECT_EQ(offset, next);
        EXPECT_EQ(offset % kPage, 0u);
        EXPECT_LE(n, Session::kBlobChunk);
        next = offset + n;
    }
    EXPECT_EQ(next, bytes.size());
    EXPECT_EQ(s->Blob(bytes.data(), bytes.size()), a);  // the same bytes written whole: the same blob
    const std::vector<std::uint8_t> small(5000, 9);
    const std::uint64_t b = s->Blob(small.data(), small.size());
    EXPECT_EQ(s->BlobFrom(small.size(), 1000, [&](std::uint8_t* dst, std::uint64_t offset, std::uint64_t n) {
        std::memcpy(dst, small.data() + offset, n);
        return true;
    }), b);  // filled in place, equal to an earlier blob: that one
    EXPECT_EQ(s->BlobFrom(kPage * 2000, kPage, [](std::uint8_t*, std::uint64_t offset, std::uint64_t) { return offset == 0; }),
              0u);
    EXPECT_EQ(s->BlobFrom(kPage * 2, kPage, [](std::uint8_t*, std::uint64_t, std::uint64_t) -> bool {
        throw std::runtime_error("the device refused");
    }), 0u);
    EXPECT_EQ(s->BlobFrom(100, Session::kBlobChunk + 1, [](std::uint8_t*, std::uint64_t, std::uint64_t) { return true; }),
              0u);  // a piece larger than a chunk
    s->BeginClose();
    const Read r = ReadBack("filled.capnp");
    // The duplicates stored nothing, nor did the fills that failed at once; the one that failed after its first
    // chunk (a streamed payload: unlike any before) left that chunk under an id nothing names.
    ASSERT_EQ(r.blob_bytes.size(), 3u);
    for (const auto& [id, stored] : r.blob_bytes) {
        if (id != a && id != b) {
            EXPECT_EQ(stored, Session::kBlobChunk / kPage * kPage);
        }
    }
    EXPECT_EQ(r.blob_chunks.at(a), 3u);
    EXPECT_EQ(r.blob_data.at(a), std::string(bytes.begin(), bytes.end()));
}

// A payload of many chunks unlike any before it goes out as it is filled; one starting like an earlier one is kept
// whole until its key is known: equal bytes are stored once, bytes that differ only later are stored again.
TEST_F(Fixture, StreamedPayloadsReadBackAndEqualOnesAreStoredOnce) {
    Session* s = Open("streamed.capnp");
    constexpr std::uint64_t kPage = 4096, kSize = 40ull << 20;  // ten chunks, more than kStreamBytes
    std::vector<std::uint8_t> bytes(kSize);
    for (std::size_t i = 0; i < bytes.size(); i++) bytes[i] = static_cast<std::uint8_t>(i * 13 + (i >> 16));
    const auto from = [&](const std::vector<std::uint8_t>& src) {
        return s->BlobFrom(src.size(), kPage, [&](std::uint8_t* dst, std::uint64_t offset, std::uint64_t n) {
            std::memcpy(dst, src.data() + offset, n);
            return true;
        });
    };
    const std::uint64_t a = from(bytes);
    ASSERT_NE(a, 0u);
    EXPECT_EQ(from(bytes), a);  // the same start: kept whole, then found equal
    std::vector<std::uint8_t> late_change = bytes;
    late_change.back() ^= 1;
    const std::uint64_t c = from(late_change);
    EXPECT_NE(c, a);
    EXPECT_EQ(s->Blob(bytes.data(), bytes.size()), a);
    s->BeginClose();
    const Read r = ReadBack("streamed.capnp");
    EXPECT_EQ(r.blob_bytes.size(), 2u);
    EXPECT_EQ(r.blob_data.at(a), std::string(bytes.begin(), bytes.end()));
    EXPECT_EQ(r.blob_data.at(c), std::string(late_change.begin(), late_change.end()));
    EXPECT_TRUE(r.complete);
}

TEST_F(Fixture, AKernelSourceIsWrittenOnce) {
    Session* s = Open("sources.capnp");
    wire::Message m;
    auto e = m.InitRoot(L::Entry::kSize);
    auto k = m.InitStruct<L::Entry>(e, L::Entry::f_kernelSource, L::KernelSource::kSize);
    m.Set<L::KernelSource>(k, L::KernelSource::f_id, 5);
    std::string bytes;
    m.AppendTo(bytes);
    s->EnsureSource(5, bytes);
    s->EnsureSource(5, bytes);
    s->BeginClose();
    EXPECT_EQ(ReadBack("sources.capnp").sources, (std::vector<std::uint64_t>{5}));
}

TEST_F(Fixture, PendingReadsAreRecordedWhenTheirQueueCompletesThem) {
    Session* s = Open("reads.capnp");
    const std::vector<std::uint8_t> data(64, 3);
    const std::uint64_t r1 = Call(*s, L::Api::finish), r2 = Call(*s, L::Api::finish);
    s->AddPendingRead(/*queue*/ 1, r1, data.data(), data.size());
    s->AddPendingRead(/*queue*/ 2, r2, data.data(), data.size());
    s->CompleteReads(1, r2);  // queue 1 finished: its read is final; queue 2's is not
    s->BeginClose();          // the still-pending one is dropped, never recorded half-done
    const Read r = ReadBack("reads.capnp");
    ASSERT_EQ(r.reads.size(), 1u);
    EXPECT_EQ(r.reads[0].first, r1);
}

TEST_F(Fixture, TheLastHolderWritesTheEnd) {
    Session* s = Open("held.capnp");
    ASSERT_TRUE(s->Acquire());  // a call in flight
    s->BeginClose();
    EXPECT_FALSE(s->Acquire());  // no new calls once closing
    Call(*s, L::Api::finish);    // the call in flight still writes: the end waits for it
    s->Release();
    const Read r = ReadBack("held.capnp");
    EXPECT_TRUE(r.ended);
    EXPECT_EQ(r.calls, (std::vector<std::uint64_t>{1}));
    EXPECT_EQ(r.last_seq, 1u);
}

// The same with the call on another thread: the close sees it in that thread's slot and leaves the end to it.
TEST_F(Fixture, ACallOnAnotherThreadHoldsTheEndBack) {
    Session* s = Open("held-elsewhere.capnp");
    std::atomic<int> step{0};
    std::thread call([&] {
        step = s->Acquire() ? 1 : -1;
        while (step.load() != 2) std::this_thread::yield();
        Call(*s, L::Api::finish);  // after the close began
        s->Release();
    });
    while (step.load() == 0) std::this_thread::yield();
    ASSERT_EQ(step.load(), 1);
    s->BeginClose();
    EXPECT_FALSE(s->Acquire());
    step = 2;
    call.join();
    const Read r = ReadBack("held-elsewhere.capnp");
    EXPECT_TRUE(r.ended);
    EXPECT_EQ(r.calls, (std::vector<std::uint64_t>{1}));
}

TEST_F(Fixture, AnUncreatableFileIsNoSession) {
    SessionInfo info;
    info.path = dir + "/no/such/folder/x.capnp";
    ::testing::internal::CaptureStderr();
    EXPECT_EQ(state.Open(info), nullptr);
    const std::string said = ::testing::internal::GetCapturedStderr();
    EXPECT_NE(said.find("ltcap: "), std::string::npos) << said;
}

}  // namespace
}  // namespace ltcap
