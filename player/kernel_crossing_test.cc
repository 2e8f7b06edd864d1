// KernelCrossing: a kernel whose recorded files use a kernel API name two releases give different meanings blocks
// the calls naming it, between those releases only, in either direction.
#include "player/kernel_crossing.h"

#include <capnp/message.h>
#include <gtest/gtest.h>

#include <initializer_list>
#include <memory>

#include "api/releases.h"

namespace ltcap {
namespace {

using A = schema::Api;

// The first release pair (older, newer) the release table says changed a kernel API name, and that name.
struct Changed {
    std::string older, newer, name;
};
Changed FirstChange() {
    for (std::size_t i = 1; i < kReleaseCount; i++)
        if (kProfiles[i].kernel_changes && kProfiles[i].kernel_changes->name)
            return {kProfiles[i - 1].release, kProfiles[i].release, kProfiles[i].kernel_changes->name};
    return {};
}

class KernelCrossingTest : public ::testing::Test {
protected:
    void Source(KernelCrossing& k, std::uint64_t id, const char* path, std::initializer_list<std::string> files) {
        capnp::MallocMessageBuilder m;
        auto s = m.initRoot<schema::KernelSource>();
        s.setId(id), s.setPath(path);
        auto f = s.initFiles(files.size());
        unsigned i = 0;
        for (const auto& text : files) f[i].setPath("f" + std::to_string(i)), f[i++].setContent(text);
        k.OnKernelSource(s.asReader());
    }
    // A call whose second argument names kernel source `source` (inside a list when `nested`).
    DecodedCall Call(std::uint64_t source, bool nested = false) {
        message_ = std::make_unique<capnp::MallocMessageBuilder>();
        auto c = message_->initRoot<schema::Call>();
        c.setSeq(7), c.setFunction(A::CREATE_KERNEL);
        auto a = c.initArgs(2);
        a[0].setUint(1);
        if (nested)
            a[1].initList(2)[1].setKernelSource(source);
        else
            a[1].setKernelSource(source);
        return DecodeCall(c.asReader());
    }
    // A createKernel of kernel source `source` whose config records `known.size()` TensorAccessorArgs uses, each
    // made for a buffer the capture knew or not.
    DecodedCall Make(std::uint64_t source, std::initializer_list<bool> known) {
        message_ = std::make_unique<capnp::MallocMessageBuilder>();
        auto c = message_->initRoot<schema::Call>();
        c.setSeq(8), c.setFunction(A::CREATE_KERNEL);
        auto a = c.initArgs(4);
        a[1].setKernelSource(source);
        auto config = a[3].initKernelConfig();
        auto args = config.initCompileArgs(known.size());
        auto uses = config.initTensorAccessors(known.size());
        unsigned i = 0;
        for (bool k : known) {
            args.set(i, 2);
            uses[i].setOffset(i), uses[i].setCount(1), uses[i].setKnown(k), uses[i].setBuffer(k ? 5 + i : 0);
            i++;
        }
        return DecodeCall(c.asReader());
    }
    std::unique_ptr<capnp::MallocMessageBuilder> message_;
};

// The first release pair whose change is in words a log records the making of.
Changed FirstRecordedChange() {
    for (std::size_t i = 1; i < kReleaseCount; i++)
        for (const KernelChange* c = kProfiles[i].kernel_changes; c && c->name; c++)
            if (c->words == RecordedWords::kTensorAccessorArgs)
                return {kProfiles[i - 1].release, kProfiles[i].release, c->name};
    return {};
}

TEST(TemplateUses, CountsTheNameUsedAsATemplate) {
    EXPECT_EQ(TemplateUses("auto a = TensorAccessorArgs<0>(); auto b = TensorAccessorArgs <a.next()>();",
                           "TensorAccessorArgs"),
              2u);
    EXPECT_EQ(TemplateUses("TensorAccessorArgs\n<1>", "TensorAccessorArgs"), 1u);
    EXPECT_EQ(TemplateUses("MyTensorAccessorArgs<0> TensorAccessorArgs x; TensorAccessorArgs", "TensorAccessorArgs"), 0u);
    EXPECT_EQ(TemplateUses("", "TensorAccessorArgs"), 0u);
}

TEST_F(KernelCrossingTest, AKernelWhoseChangedWordsTheLogRecordsCrossesWhenAllAre) {
    const Changed c = FirstRecordedChange();
    ASSERT_FALSE(c.name.empty()) << "no release in the table changes words a log records";
    for (const auto& [from, to] : {std::pair(c.older, c.newer), std::pair(c.newer, c.older)}) {
        KernelCrossing k(from, to);
        Source(k, 1, "reader.cpp", {"constexpr auto a = " + c.name + "<0>();", "auto b = " + c.name + "<1>();"});
        Source(k, 2, "compute.cpp", {"void MAIN { constexpr uint32_t n = get_compile_time_arg_val(0); }"});
        EXPECT_EQ(k.Blocked(Make(1, {true, true})), "");
        EXPECT_TRUE(k.Remakes(Make(1, {true, true}), RecordedWords::kTensorAccessorArgs));
        EXPECT_FALSE(k.Remakes(Make(1, {true, true}), RecordedWords::kNone));
        // A kernel that does not use the name keeps its words, whatever its config records.
        EXPECT_EQ(k.Blocked(Make(2, {true})), "");
        EXPECT_FALSE(k.Remakes(Make(2, {true}), RecordedWords::kTensorAccessorArgs));
        const std::string fewer = k.Blocked(Make(1, {true}));
        EXPECT_NE(fewer.find("kernel reader.cpp uses " + c.name), std::string::npos) << fewer;
        EXPECT_NE(fewer.find("its source reads 2 and the log records the making of 1"), std::string::npos) << fewer;
        EXPECT_NE(k.Blocked(Make(1, {})).find("records the making of 0 (a log of format 18"), std::string::npos);
        // A use whose buffer the log does not make (a window opened after it was freed) cannot be made again.
        const auto made = [](schema::ObjectKind, std::uint64_t id) { return id != 6; };
        const std::string gone = k.Blocked(Make(1, {true, true}), made);
        EXPECT_NE(gone.find("argument 1 describe buffer#6, which the log does not make"), std::string::npos) << gone;
        EXPECT_EQ(k.Blocked(Make(1, {true, true}), [](schema::ObjectKind, std::uint64_t) { return true; }), "");
        const std::string copy = k.Blocked(Make(1, {true, false}));
        EXPECT_NE(copy.find("argument 1 come from a TensorAccessorArgs the capture did not see made"),
                  std::string::npos)
            << copy;
    }
}

TEST(UsesIdentifier, WholeIdentifiersOnly) {
    EXPECT_TRUE(UsesIdentifier("constexpr auto a = TensorAccessorArgs<0>();", "TensorAccessorArgs"));
    EXPECT_TRUE(UsesIdentifier("TensorAccessorArgs", "TensorAccessorArgs"));
    EXPECT_FALSE(UsesIdentifier("MyTensorAccessorArgs<0>", "TensorAccessorArgs"));
    EXPECT_FALSE(UsesIdentifier("TensorAccessorArgs_v2 x; TensorAccessorArgsX", "TensorAccessorArgs"));
    EXPECT_TRUE(UsesIdentifier("TensorAccessorArgsX; (TensorAccessorArgs)", "TensorAccessorArgs"));
    EXPECT_FALSE(UsesIdentifier("", "TensorAccessorArgs"));
    EXPECT_FALSE(UsesIdentifier("anything", ""));
}

TEST_F(KernelCrossingTest, AKernelUsingAChangedNameBlocksItsCallsBothWays) {
    const Changed c = FirstChange();
    ASSERT_FALSE(c.name.empty()) << "no release in the table changes a kernel API name";
    for (const auto& [from, to] : {std::pair(c.older, c.newer), std::pair(c.newer, c.older)}) {
        KernelCrossing k(from, to);
        EXPECT_FALSE(k.empty());
        Source(k, 1, "kernels/dataflow/reader.cpp", {"void kernel_main() {}", "auto a = " + c.name + "<0>();"});
        Source(k, 2, "kernels/dataflow/writer.cpp", {"void kernel_main() { noc_async_write_barrier(); }"});
        Source(k, 3, "", {"constexpr auto args = " + c.name + "<2>();"});
        const std::string why = k.Blocked(Call(1));
        EXPECT_NE(why.find("kernel reader.cpp uses " + c.name), std::string::npos) << why;
        EXPECT_NE(why.find("between tt-metal " + c.older + " and " + c.newer), std::string::npos) << why;
        EXPECT_EQ(k.Blocked(Call(2)), "");
        EXPECT_EQ(k.Blocked(Call(9)), "");  // a source the log did not hold
        EXPECT_NE(k.Blocked(Call(3, true)).find("kernel source#3 uses"), std::string::npos);
    }
}

TEST_F(KernelCrossingTest, NothingBlocksWithinARelease) {
    const Changed c = FirstChange();
    ASSERT_FALSE(c.name.empty());
    for (const std::string& r : {c.older, c.newer, std::string("v9.9.9")}) {
        KernelCrossing k(r, r == "v9.9.9" ? c.newer : r);
        EXPECT_TRUE(k.empty());
        Source(k, 1, "reader.cpp", {c.name + "<0>()"});
        EXPECT_EQ(k.Blocked(Call(1)), "");
        EXPECT_FALSE(k.Remakes(Make(1, {true}), RecordedWords::kTensorAccessorArgs));
    }
}

TEST(KernelChangesBetween, EveryReleaseAfterTheOlderUpToTheNewer) {
    ASSERT_GE(kReleaseCount, 2u);
    const std::string first = kProfiles[0].release, last = kProfiles[kReleaseCount - 1].release;
    std::size_t all = 0;
    for (std::size_t i = 1; i < kReleaseCount; i++)
        for (const KernelChange* c = kProfiles[i].kernel_changes; c && c->name; c++) all++;
    EXPECT_EQ(KernelChangesBetween(first, last).size(), all);
    EXPECT_EQ(KernelChangesBetween(last, first).size(), all);
    EXPECT_TRUE(KernelChangesBetween(first, first).empty());
    EXPECT_TRUE(KernelChangesBetween("v0.0.0", last).empty());
}

}  // namespace
}  // namespace ltcap
