#include "interpose/tensor_accessors.h"

#include <gtest/gtest.h>

#include <thread>

namespace ltcap {
namespace {

// A program's vector and the objects it appends with, as the hooks report them.
struct Program {
    AccessorLedger& ledger;
    std::vector<std::uint32_t> words;
    void Append(const void* object, std::vector<std::uint32_t> added) {
        const std::size_t before = words.size();
        words.insert(words.end(), added.begin(), added.end());
        ledger.Appended(object, this, before, words.data(), words.size());
    }
};

const int a = 0, b = 0, c = 0;  // three objects' addresses

TEST(AccessorLedger, FindsTheSpansOfTheVectorACopyOfWhichTheKernelGot) {
    AccessorLedger ledger;
    ledger.Made(&a, {0x1000, true, 0});
    ledger.Made(&b, {0x2000, false, 4});
    Program reader{ledger, {7}};
    reader.Append(&a, {2});
    reader.words.push_back(9);  // the program's own word between the two
    reader.Append(&b, {0, 1024});
    const std::vector<std::uint32_t> args = reader.words;  // CreateKernel's copy
    const auto spans = ledger.SpansIn(args);
    ASSERT_EQ(spans.size(), 2u);
    EXPECT_EQ(spans[0], (AccessorSpan{1, 1, true, {0x1000, true, 0}}));
    EXPECT_EQ(spans[1], (AccessorSpan{3, 2, true, {0x2000, false, 4}}));
    // Args a recorded vector's words only begin are not that vector's: another kernel's {2, 5, 40} is not the reader's
    // {2} with words added, and neither are words the program pushed after its last append (those kernels' uses
    // are not recorded; a replay across releases refuses them).
    std::vector<std::uint32_t> longer = args;
    longer.push_back(5);
    EXPECT_TRUE(ledger.SpansIn(longer).empty());
    EXPECT_TRUE(ledger.SpansIn(std::vector<std::uint32_t>(args.begin(), args.end() - 1)).empty());
}

TEST(AccessorLedger, ArgsNoVectorBeginsHaveNoSpans) {
    AccessorLedger ledger;
    ledger.Made(&a, {0x1000, true, 0});
    Program p{ledger, {}};
    p.Append(&a, {2});
    EXPECT_TRUE(ledger.SpansIn(std::vector<std::uint32_t>{0}).empty());
    EXPECT_TRUE(ledger.SpansIn(std::vector<std::uint32_t>{}).empty());
    EXPECT_EQ(ledger.SpansIn(std::vector<std::uint32_t>{2}).size(), 1u);
}

TEST(AccessorLedger, AnObjectItDidNotSeeMadeGivesASpanNotKnown) {
    AccessorLedger ledger;
    Program p{ledger, {}};
    p.Append(&c, {2});  // e.g. a copy of an object the program made
    const auto spans = ledger.SpansIn(p.words);
    ASSERT_EQ(spans.size(), 1u);
    EXPECT_FALSE(spans[0].known);
    EXPECT_EQ(spans[0].source, AccessorSource{});
}

TEST(AccessorLedger, EqualWordsGoToTheKernelsInTheOrderTheVectorsWereMade) {
    // A reader's and a writer's args, both one DRAM buffer's word, for buffers of different page sizes: the reader
    // kernel is made first and takes the reader's vector, the writer the writer's.
    AccessorLedger ledger;
    ledger.Made(&a, {0x1000, true, 0});
    ledger.Made(&b, {0x2000, true, 0});
    Program reader{ledger, {}}, writer{ledger, {}};
    reader.Append(&a, {2});
    writer.Append(&b, {2});
    EXPECT_EQ(ledger.SpansIn(reader.words)[0].source.buffer, 0x1000u);
    EXPECT_EQ(ledger.SpansIn(writer.words)[0].source.buffer, 0x2000u);
    // One vector for a third kernel: the one appended to last.
    EXPECT_EQ(ledger.SpansIn(writer.words)[0].source.buffer, 0x2000u);
}

TEST(AccessorLedger, AVectorWhoseWordsBeginTheArgsIsNotTheirs) {
    // matmul_multicore_reuse: the writer's args are {2} (one TensorAccessorArgs), the compute kernel's {2, 5, 40, …}
    // (no TensorAccessorArgs at all).
    AccessorLedger ledger;
    ledger.Made(&a, {0x1000, true, 0});
    Program writer{ledger, {}};
    writer.Append(&a, {2});
    EXPECT_TRUE(ledger.SpansIn(std::vector<std::uint32_t>{2, 5, 40, 8}).empty());
    EXPECT_EQ(ledger.SpansIn(writer.words).size(), 1u);
}

TEST(AccessorLedger, AnotherVectorAtTheSameAddressStartsAnew) {
    AccessorLedger ledger;
    ledger.Made(&a, {0x1000, true, 0});
    ledger.Made(&b, {0x2000, false, 0});
    static const int vector = 0;  // one address, several vectors over time
    std::vector<std::uint32_t> words{5, 6, 0};
    ledger.Appended(&a, &vector, 0, words.data(), 1);  // [5]
    ledger.Appended(&b, &vector, 2, words.data(), 3);  // [5, 6, 0]: the same vector, appended to again
    EXPECT_EQ(ledger.SpansIn(words).size(), 2u);
    std::vector<std::uint32_t> other{8, 0};
    ledger.Appended(&b, &vector, 1, other.data(), 2);  // its words do not begin with what was recorded: another
    const auto spans = ledger.SpansIn(other);
    ASSERT_EQ(spans.size(), 1u);
    EXPECT_EQ(spans[0].offset, 1u);
    EXPECT_TRUE(ledger.SpansIn(words).empty());
    // An append at an offset before the recorded words' end is another vector too.
    std::vector<std::uint32_t> shorter{0};
    ledger.Appended(&b, &vector, 0, shorter.data(), 1);
    EXPECT_EQ(ledger.SpansIn(shorter).size(), 1u);
    EXPECT_TRUE(ledger.SpansIn(other).empty());
}

TEST(AccessorLedger, StaysBounded) {
    AccessorLedger ledger;
    std::vector<int> objects(AccessorLedger::kMaxObjects + 10);
    for (int& o : objects) ledger.Made(&o, {1, false, 0});
    Program p{ledger, {}};
    p.Append(&objects.back(), {2});
    EXPECT_TRUE(ledger.SpansIn(p.words).at(0).known);  // the newest is kept
    Program q{ledger, {}};
    q.Append(&objects.front(), {3});
    EXPECT_FALSE(ledger.SpansIn(q.words).at(0).known);  // the oldest were forgotten
    std::vector<int> vectors(AccessorLedger::kMaxVectors + 1);
    const std::uint32_t word = 4;
    for (int& v : vectors) ledger.Appended(&objects.back(), &v, 0, &word, 1);
    EXPECT_EQ(ledger.SpansIn(std::vector<std::uint32_t>{4}).size(), 1u);
    EXPECT_TRUE(ledger.SpansIn(p.words).empty());  // the first vector was dropped
    std::vector<std::uint32_t> huge(AccessorLedger::kMaxWords + 1, 2);
    ledger.Appended(&objects.back(), &huge, 0, huge.data(), huge.size());
    EXPECT_TRUE(ledger.SpansIn(huge).empty());
}

TEST(AccessorLedger, ThreadsMayReportAtOnce) {
    AccessorLedger ledger;
    auto run = [&](int t) {
        std::vector<int> objects(200);
        for (int i = 0; i < 200; i++) {
            ledger.Made(&objects[i], {static_cast<std::uint64_t>(t * 1000 + i), false, 0});
            std::vector<std::uint32_t> v{static_cast<std::uint32_t>(t), static_cast<std::uint32_t>(i)};
            ledger.Appended(&objects[i], &v, 1, v.data(), 2);
            const auto spans = ledger.SpansIn(v);
            ASSERT_EQ(spans.size(), 1u);
            EXPECT_EQ(spans[0].source.buffer, static_cast<std::uint64_t>(t * 1000 + i));
        }
    };
    std::thread t0(run, 1), t1(run, 2);
    t0.join();
    t1.join();
}

}  // namespace
}  // namespace ltcap
