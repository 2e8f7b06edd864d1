#include "player/call_names.h"

#include <capnp/message.h>
#include <gtest/gtest.h>

namespace ltcap {
namespace {

using K = schema::ObjectKind;

TEST(NamesOf, FindsWhatACallNamesWhereverInItsArguments) {
    capnp::MallocMessageBuilder m;
    auto c = m.initRoot<schema::Call>();
    c.setSeq(3);
    c.setFunction(schema::Api::SET_RUNTIME_ARGS);
    auto args = c.initArgs(6);
    auto kernel = args[0].initObject();
    kernel.setKind(K::KERNEL), kernel.setId(20), kernel.setParent(2);  // its program: 2
    auto words = args[1].initWords(2);
    words.set(0, 0x1000), words.set(1, 5);
    auto list = args[2].initList(3);
    list[0].setUint(0x2000);               // a runtime arg as a number in a list
    list[1].setUint(1ull << 40);           // no 32-bit word
    auto buffer = list[2].initObject();    // a buffer, nested
    buffer.setKind(K::MESH_BUFFER), buffer.setId(7), buffer.setRaw(0x2000), buffer.setParent(1);
    args[3].setUint(0x3000);               // a number at the top level: no runtime arg
    auto cb = args[4].initCbConfig();
    cb.setGlobalBuffer(9);
    auto i = cb.initIndices(1);
    i[0].setIndex(24), i[0].setDataFormat(5);
    args[5].initCores().initRanges(1)[0].setEndX(3);
    c.initArgsChanged(1)[0].initWords(1).set(0, 0x4000);  // edited in place before a launch
    const CallNames n = NamesOf(DecodeCall(c.asReader()), 16);
    EXPECT_EQ(n.program, 2u);
    EXPECT_EQ(n.words, (std::vector<std::uint32_t>{0x1000, 5, 0x2000, 0x4000}));
    ASSERT_EQ(n.buffers.size(), 1u);
    EXPECT_EQ(n.buffers[0].id, 7u);
    EXPECT_EQ(n.buffers[0].address, 0x2000u);
    EXPECT_EQ(n.buffers[0].device, 1u);
    ASSERT_EQ(n.backing.size(), 1u);
    EXPECT_EQ(n.backing[0].buffer, 9u);
    EXPECT_EQ(n.backing[0].index, 24u);
    EXPECT_EQ(n.formats, (std::vector<std::pair<std::uint8_t, std::uint8_t>>{{24, 5}}));
    ASSERT_TRUE(n.cores);
    EXPECT_FALSE(n.source);
    EXPECT_EQ(n.source_id, 0u);
    EXPECT_FALSE(n.typed);
    EXPECT_EQ(NamesOf(DecodeCall(c.asReader()), 1).words.size(), 1u);  // bounded
}

TEST(NamesOf, TheFirstKernelSourceAndItsId) {
    capnp::MallocMessageBuilder m;
    auto c = m.initRoot<schema::Call>();
    c.setFunction(schema::Api::CREATE_KERNEL);
    auto args = c.initArgs(2);
    args[0].setUint(4);
    auto list = args[1].initList(2);  // nested, as a kernel config's may be
    list[0].setKernelSource(11);
    list[1].setKernelSource(12);
    CallNames n = NamesOf(DecodeCall(c.asReader()), 0);
    EXPECT_TRUE(n.source);
    EXPECT_EQ(n.source_id, 11u);
    list[0].setKernelSource(0);  // a source the capture could not read: still a source, id 0
    n = NamesOf(DecodeCall(c.asReader()), 0);
    EXPECT_TRUE(n.source);
    EXPECT_EQ(n.source_id, 0u);
}

TEST(OutputCb, IsTheFirstOutputIndexWhenTheFormatsDisagree) {
    EXPECT_FALSE(OutputCb({}));
    EXPECT_EQ(*OutputCb({{0, 5}, {16, 5}}), (std::pair<std::uint8_t, std::uint8_t>{16, 5}));  // agree: the highest
    EXPECT_EQ(*OutputCb({{0, 0}, {16, 5}, {24, 6}}), (std::pair<std::uint8_t, std::uint8_t>{16, 5}));
    EXPECT_EQ(*OutputCb({{0, 0}, {1, 5}}), (std::pair<std::uint8_t, std::uint8_t>{1, 5}));  // no output index
}

}  // namespace
}  // namespace ltcap
