#include "player/replay_edits.h"

#include <capnp/message.h>
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

namespace ltcap {
namespace {

std::string EditErrorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const EditError& e) {
        return e.what();
    }
    return "(no error)";
}

// A write call: `seq`, a buffer argument `buffer` (0: none), and `data` data arguments of `size` bytes each.
void FeedWrite(ReplayEdits& edits, std::uint64_t seq, std::uint64_t buffer, unsigned data, std::uint64_t size) {
    capnp::MallocMessageBuilder m;
    auto c = m.initRoot<schema::Call>();
    c.setSeq(seq);
    c.setFunction(schema::Api::ENQUEUE_WRITE_BUFFER);
    auto args = c.initArgs(1 + data);
    args[0].initObject().setKind(schema::ObjectKind::BUFFER);
    args[0].getObject().setId(buffer);
    for (unsigned i = 0; i < data; i++) args[1 + i].initData().setSize(size);
    edits.OnCall(DecodeCall(c.asReader()));
}

void FeedSource(ReplayEdits& edits, std::uint64_t id, const std::string& path, bool unreadable = false) {
    capnp::MallocMessageBuilder m;
    auto k = m.initRoot<schema::KernelSource>();
    k.setId(id);
    k.setPath(path);
    if (unreadable) {
        k.setUnreadable("not found");
    } else {
        auto files = k.initFiles(1);
        files[0].setPath(path);
        files[0].setContent("original");
    }
    edits.OnKernelSource(k.asReader());
}

TEST(ReplayEdits, AKernelIsMatchedByItsPathItsLastComponentsOrItsId) {
    ReplayEdits edits;
    edits.AddKernel("dataflow/reader.cpp", "new reader", "fix/reader.cpp");
    edits.AddKernel("@4", "new compute", "fix/compute.cpp");
    FeedSource(edits, 1, "/src/kernels/dataflow/reader.cpp");
    FeedSource(edits, 2, "/src/kernels/dataflow/writer.cpp");
    FeedSource(edits, 3, "/src/kernels/dataflow/reader.cpp");  // the same file, for another program
    FeedSource(edits, 4, "");                                  // CreateKernelFromString's
    FeedSource(edits, 5, "/src/kernels/mydataflow/reader.cpp");  // "dataflow/reader.cpp" is no whole component here
    edits.Finish();
    ASSERT_NE(edits.KernelText(1), nullptr);
    EXPECT_EQ(*edits.KernelText(1), "new reader");
    EXPECT_EQ(*edits.KernelText(3), "new reader");
    EXPECT_EQ(edits.KernelText(2), nullptr);
    EXPECT_EQ(edits.KernelText(5), nullptr);
    ASSERT_NE(edits.KernelText(4), nullptr);
    EXPECT_EQ(*edits.KernelText(4), "new compute");
    EXPECT_TRUE(edits.edits_kernels());
    EXPECT_EQ(edits.Describe(), "kernel dataflow/reader.cpp (2 sources) from fix/reader.cpp; kernel @4 from fix/compute.cpp");
}

TEST(ReplayEdits, AKernelEditThatNamesTwoFilesOrNothingIsRefused) {
    ReplayEdits two;
    two.AddKernel("reader.cpp", "x", "f");
    FeedSource(two, 1, "a/reader.cpp");
    EXPECT_EQ(EditErrorOf([&] { FeedSource(two, 2, "b/reader.cpp"); }),
              "--replace-kernel reader.cpp names more than one kernel file: a/reader.cpp and b/reader.cpp (give more "
              "of the path, or @ID)");
    ReplayEdits none;
    none.AddKernel("reader.cpp", "x", "f");
    FeedSource(none, 1, "a/writer.cpp");
    EXPECT_EQ(EditErrorOf([&] { none.Finish(); }),
              "--replace-kernel reader.cpp: no kernel source of the log is at that path (`ltcap info --kernels` and "
              "`ltcap extract` list them)");
    ReplayEdits unreadable;
    unreadable.AddKernel("@1", "x", "f");
    EXPECT_NE(EditErrorOf([&] { FeedSource(unreadable, 1, "gone.cpp", true); }).find("has no text in the log"),
              std::string::npos);
    ReplayEdits bad;
    EXPECT_NE(EditErrorOf([&] { bad.AddKernel("@x", "", "f"); }), "(no error)");
    EXPECT_NE(EditErrorOf([&] { bad.AddKernel("", "", "f"); }), "(no error)");
    bad.AddKernel("k.cpp", "", "f");
    EXPECT_EQ(EditErrorOf([&] { bad.AddKernel("k.cpp", "", "g"); }), "--replace-kernel k.cpp is given twice");
}

TEST(ReplayEdits, AWriteIsMatchedByCallOrByBufferWithItsRecordedSize) {
    ReplayEdits edits;
    edits.AddWrite("3", {1, 2, 3, 4}, "a.bin");
    edits.AddWrite("buffer#9", {5, 6}, "b.bin");
    FeedWrite(edits, 2, 7, 1, 4);  // neither
    FeedWrite(edits, 3, 7, 1, 4);
    FeedWrite(edits, 5, 9, 1, 2);
    FeedWrite(edits, 6, 9, 0, 0);  // a call naming buffer 9 without data: no write
    FeedWrite(edits, 8, 9, 1, 2);
    edits.Finish();
    const auto writes = edits.TakeWrites();
    ASSERT_EQ(writes.size(), 3u);
    EXPECT_EQ(writes.at(3), (std::vector<std::uint8_t>{1, 2, 3, 4}));
    EXPECT_EQ(writes.at(5), (std::vector<std::uint8_t>{5, 6}));
    EXPECT_EQ(writes.at(8), (std::vector<std::uint8_t>{5, 6}));
    EXPECT_EQ(edits.Describe(), "call #3's data from a.bin; the writes to buffer#9 (2 calls) from b.bin");
    EXPECT_FALSE(edits.edits_kernels());
}

TEST(ReplayEdits, AWriteEditOfAnotherSizeOrOnNoWriteOrNoCallIsRefused) {
    ReplayEdits size;
    size.AddWrite("3", {1, 2, 3}, "a.bin");
    EXPECT_EQ(EditErrorOf([&] { FeedWrite(size, 3, 7, 1, 4); }),
              "--replace-write 3=a.bin: call #3 enqueueWriteBuffer wrote 4 bytes, and the file holds 3 bytes (an "
              "edit keeps the recorded size)");
    ReplayEdits nodata;
    nodata.AddWrite("3", {1}, "a.bin");
    EXPECT_EQ(EditErrorOf([&] { FeedWrite(nodata, 3, 7, 0, 0); }),
              "--replace-write 3: call #3 enqueueWriteBuffer has 0 data arguments, not one: it is no write");
    ReplayEdits missing;
    missing.AddWrite("30", {1}, "a.bin");
    missing.AddWrite("buffer#4", {1}, "b.bin");
    FeedWrite(missing, 3, 7, 1, 1);
    EXPECT_EQ(EditErrorOf([&] { missing.Finish(); }), "--replace-write 30: the log has no call #30");
    ReplayEdits both;
    both.AddWrite("3", {1}, "a.bin");
    both.AddWrite("buffer#7", {2}, "b.bin");
    EXPECT_EQ(EditErrorOf([&] { FeedWrite(both, 3, 7, 1, 1); }),
              "--replace-write 3 and buffer#7 both edit call #3 enqueueWriteBuffer");
    ReplayEdits bad;
    EXPECT_NE(EditErrorOf([&] { bad.AddWrite("x", {}, "f"); }), "(no error)");
    EXPECT_NE(EditErrorOf([&] { bad.AddWrite("0", {}, "f"); }), "(no error)");
    EXPECT_NE(EditErrorOf([&] { bad.AddWrite("buffer#", {}, "f"); }), "(no error)");
    EXPECT_NE(EditErrorOf([&] { bad.AddWrite("99999999999999999999", {}, "f"); }), "(no error)");
}

TEST(ReplayEdits, ASynthesizedCallIsNoWrite) {
    ReplayEdits edits;
    edits.AddWrite("buffer#9", {5, 6}, "b.bin");
    capnp::MallocMessageBuilder m;
    auto c = m.initRoot<schema::Call>();
    c.setSeq(4);
    c.setSynthesized(true);
    c.setFunction(schema::Api::ENQUEUE_WRITE_BUFFER);
    auto args = c.initArgs(2);
    args[0].initObject().setKind(schema::ObjectKind::BUFFER);
    args[0].getObject().setId(9);
    args[1].initData().setSize(2);
    edits.OnCall(DecodeCall(c.asReader()));
    EXPECT_NE(EditErrorOf([&] { edits.Finish(); }), "(no error)");
}

}  // namespace
}  // namespace ltcap
