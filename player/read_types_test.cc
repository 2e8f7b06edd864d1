// What a read's untyped bytes are taken to hold: the output circular buffer's format of the last program whose
// runtime args name the buffer, or a later typed write; nothing when the log says nothing.
#include "player/read_types.h"

#include <capnp/message.h>
#include <gtest/gtest.h>

#include <functional>
#include <initializer_list>

namespace ltcap {
namespace {

using A = schema::Api;
using K = schema::ObjectKind;
using ValueFn = std::function<void(schema::Value::Builder)>;

ValueFn Object(K kind, std::uint64_t id, std::uint64_t raw = 0, std::uint64_t parent = 0) {
    return [=](schema::Value::Builder v) {
        auto o = v.initObject();
        o.setKind(kind), o.setId(id), o.setRaw(raw), o.setParent(parent);
    };
}
ValueFn Words(std::initializer_list<std::uint32_t> words) {
    std::vector<std::uint32_t> w(words);
    return [w](schema::Value::Builder v) {
        auto l = v.initWords(w.size());
        for (unsigned i = 0; i < w.size(); i++) l.set(i, w[i]);
    };
}
// A CB config: (index, tt::DataFormat) pairs.
ValueFn Cbs(std::initializer_list<std::pair<int, int>> indices) {
    std::vector<std::pair<int, int>> i(indices);
    return [i](schema::Value::Builder v) {
        auto l = v.initCbConfig().initIndices(i.size());
        for (unsigned n = 0; n < i.size(); n++) l[n].setIndex(i[n].first), l[n].setDataFormat(i[n].second);
    };
}
ValueFn Data(schema::ElementType type) {
    return [=](schema::Value::Builder v) { v.initData().setElementType(type); };
}
ValueFn Flag() {
    return [](schema::Value::Builder v) { v.setBool(true); };
}

class ReadTypesTest : public ::testing::Test {
protected:
    void Call(A function, std::initializer_list<ValueFn> args) {
        capnp::MallocMessageBuilder m;
        auto c = m.initRoot<schema::Call>();
        c.setSeq(++seq_);
        c.setFunction(function);
        auto a = c.initArgs(args.size());
        unsigned i = 0;
        for (const auto& f : args) f(a[i++]);
        const DecodedCall call = DecodeCall(c.asReader());
        programs_.OnCall(call);
        types_.OnCall(call);
    }
    // A read of buffer `id` at `address` on device 1: its guess.
    std::optional<ReadTypes::Guess> ReadOf(std::uint64_t id, std::uint64_t address) {
        Call(A::ENQUEUE_READ_BUFFER, {Object(K::COMMAND_QUEUE, 9, 0, 1), Object(K::BUFFER, id, address, 1)});
        types_.Read(seq_);
        return types_.Of(seq_);
    }
    const ValueFn queue_ = Object(K::COMMAND_QUEUE, 9, 0, 1);
    std::uint64_t seq_ = 0;
    Programs programs_;
    ReadTypes types_{programs_};
};

TEST_F(ReadTypesTest, RuntimeArgsAsAListOfNumbersNameABufferToo) {
    const ValueFn program = Object(K::PROGRAM, 4);
    Call(A::CREATE_CIRCULAR_BUFFER, {program, Words({}), Cbs({{16, 5}})});
    Call(A::SET_RUNTIME_ARGS, {program, Object(K::KERNEL, 2, 0, 4), Words({}), [](schema::Value::Builder v) {
             auto l = v.initList(2);
             l[0].setUint(0x2000), l[1].setUint(7);
         }});
    Call(A::ENQUEUE_PROGRAM, {queue_, program, Flag()});
    const auto out = ReadOf(3, 0x2000);
    ASSERT_TRUE(out);
    EXPECT_EQ(out->type, Dtype::bfloat16);
    // A number at the top level (a count, a flag) is no runtime arg.
    Call(A::SET_RUNTIME_ARGS, {program, Object(K::KERNEL, 2, 0, 4), [](schema::Value::Builder v) { v.setUint(0x4000); }});
    Call(A::ENQUEUE_PROGRAM, {queue_, program, Flag()});
    EXPECT_FALSE(ReadOf(5, 0x4000));
}

TEST_F(ReadTypesTest, ABufferBackingADynamicCircularBufferIsReadAsThatCbsFormat) {
    const ValueFn program = Object(K::PROGRAM, 4);
    Call(A::CREATE_CIRCULAR_BUFFER, {program, Words({}), Cbs({{0, 0}, {16, 0}})});  // Float32 elsewhere
    Call(A::CREATE_CIRCULAR_BUFFER, {program, Words({}), [](schema::Value::Builder v) {
             auto cb = v.initCbConfig();
             cb.setGlobalBuffer(3);
             auto l = cb.initIndices(1);
             l[0].setIndex(24), l[0].setDataFormat(5);  // Float16_b, backed by buffer 3
         }});
    Call(A::ENQUEUE_PROGRAM, {queue_, program, Flag()});
    const auto out = ReadOf(3, 0x9000);  // its address is in no runtime arg
    ASSERT_TRUE(out);
    EXPECT_EQ(out->type, Dtype::bfloat16);
    EXPECT_EQ(out->why, "Float16_b, circular buffer 24 of program#4, which the buffer backs");
}

TEST_F(ReadTypesTest, TheProgramNamingTheBufferGivesItsOutputFormat) {
    const ValueFn program = Object(K::PROGRAM, 4);
    Call(A::CREATE_CIRCULAR_BUFFER, {program, Words({}), Cbs({{0, 5}, {1, 5}, {16, 0}, {24, 6}})});
    Call(A::SET_RUNTIME_ARGS, {program, Object(K::KERNEL, 2, 0, 4), Words({}), Words({0x1000, 0x2000, 7})});
    Call(A::ENQUEUE_PROGRAM, {queue_, program, Flag()});
    const auto out = ReadOf(3, 0x2000);
    ASSERT_TRUE(out);
    EXPECT_EQ(out->type, Dtype::float32);  // out0 (16) over the intermediate (24) and the inputs
    EXPECT_EQ(out->why, "Float32, circular buffer 16 of program#4");
}

TEST_F(ReadTypesTest, AgreeingFormatsNeedNoOutputIndex) {
    const ValueFn program = Object(K::PROGRAM, 4);
    Call(A::CREATE_CIRCULAR_BUFFER, {program, Words({}), Cbs({{0, 6}, {2, 6}})});
    Call(A::SET_RUNTIME_ARGS, {program, Object(K::KERNEL, 2, 0, 4), Words({}), Words({0x2000})});
    Call(A::ENQUEUE_PROGRAM, {queue_, program, Flag()});
    ASSERT_TRUE(ReadOf(3, 0x2000));
    EXPECT_EQ(types_.Of(seq_)->type, Dtype::bfp8_b);
}

TEST_F(ReadTypesTest, NothingSaidIsNoGuess) {
    EXPECT_FALSE(ReadOf(3, 0x2000));  // no program, no write
    const ValueFn program = Object(K::PROGRAM, 4);
    Call(A::CREATE_CIRCULAR_BUFFER, {program, Words({}), Cbs({{16, 5}})});
    Call(A::SET_RUNTIME_ARGS, {program, Object(K::KERNEL, 2, 0, 4), Words({}), Words({0x1000})});
    Call(A::ENQUEUE_PROGRAM, {queue_, program, Flag()});
    EXPECT_FALSE(ReadOf(3, 0x2000));    // the program does not name this buffer
    EXPECT_FALSE(types_.Of(seq_ + 1));  // a call that read nothing
}

TEST_F(ReadTypesTest, ALaterTypedWriteWinsAndAnEarlierOneLoses) {
    const ValueFn program = Object(K::PROGRAM, 4), buffer = Object(K::BUFFER, 3, 0x2000, 1);
    Call(A::ENQUEUE_WRITE_BUFFER, {queue_, buffer, Data(schema::ElementType::UINT32), Flag()});
    Call(A::CREATE_CIRCULAR_BUFFER, {program, Words({}), Cbs({{16, 5}})});
    Call(A::SET_RUNTIME_ARGS, {program, Object(K::KERNEL, 2, 0, 4), Words({}), Words({0x2000})});
    Call(A::ENQUEUE_PROGRAM, {queue_, program, Flag()});
    EXPECT_EQ(ReadOf(3, 0x2000)->type, Dtype::bfloat16);
    Call(A::ENQUEUE_WRITE_BUFFER, {queue_, buffer, Data(schema::ElementType::UINT32), Flag()});
    const auto after = ReadOf(3, 0x2000);
    EXPECT_EQ(after->type, Dtype::uint32);
    EXPECT_EQ(after->why, "as written by call #" + std::to_string(seq_ - 1));
}

TEST_F(ReadTypesTest, ResolveOrdersDtypeProgramTypeAndGuess) {
    const ValueFn program = Object(K::PROGRAM, 4);
    Call(A::CREATE_CIRCULAR_BUFFER, {program, Words({}), Cbs({{16, 6}})});  // Bfp8_b
    Call(A::SET_RUNTIME_ARGS, {program, Object(K::KERNEL, 2, 0, 4), Words({}), Words({0x2000})});
    Call(A::ENQUEUE_PROGRAM, {queue_, program, Flag()});
    ASSERT_TRUE(ReadOf(3, 0x2000));
    using E = schema::ElementType;
    EXPECT_EQ(types_.Resolve(seq_, E::RAW_POINTER, {}).type, Dtype::bfp8_b);
    // uint32 words holding block-float tiles (tt-metal's packed Bfp8_b vectors): the tiles' format.
    EXPECT_EQ(types_.Resolve(seq_, E::UINT32, {}).type, Dtype::bfp8_b);
    // Any other type the program read into is what it holds.
    EXPECT_EQ(types_.Resolve(seq_, E::BFLOAT16, {}).type, Dtype::bfloat16);
    EXPECT_EQ(types_.Resolve(seq_, E::BFLOAT16, {}).why, "");
    EXPECT_EQ(types_.Resolve(seq_, E::RAW_POINTER, Dtype::uint8).type, Dtype::uint8);
    EXPECT_EQ(types_.Resolve(seq_ + 1, E::RAW_POINTER, {}).type, Dtype::bytes);  // nothing said
    EXPECT_NE(types_.Resolve(seq_ + 1, E::RAW_POINTER, {}).why.find("no launched program names its buffer"),
              std::string::npos);
}

// A read that stays bytes says why: the program that wrote its buffer says nothing of its element type.
TEST_F(ReadTypesTest, BytesSayWhy) {
    const ValueFn program = Object(K::PROGRAM, 4), other = Object(K::PROGRAM, 5);
    Call(A::CREATE_CIRCULAR_BUFFER, {program, Words({}), Cbs({{16, 0xf0}})});  // RawUInt8: no element type
    Call(A::SET_RUNTIME_ARGS, {program, Object(K::KERNEL, 2, 0, 4), Words({}), Words({0x2000})});
    Call(A::ENQUEUE_PROGRAM, {queue_, program, Flag()});
    const auto raw = ReadOf(3, 0x2000);
    ASSERT_TRUE(raw);
    EXPECT_EQ(raw->type, Dtype::bytes);
    EXPECT_NE(raw->why.find("holds RawUInt8, which has no element type"), std::string::npos) << raw->why;
    Call(A::SET_RUNTIME_ARGS, {other, Object(K::KERNEL, 6, 0, 5), Words({}), Words({0x3000})});  // no CB at all
    Call(A::ENQUEUE_PROGRAM, {queue_, other, Flag()});
    const auto none = ReadOf(7, 0x3000);
    ASSERT_TRUE(none);
    EXPECT_EQ(none->type, Dtype::bytes);
    EXPECT_NE(none->why.find("program#5, which last wrote its buffer, has no circular buffer"), std::string::npos)
        << none->why;
}

TEST_F(ReadTypesTest, MeshWorkloadsLaunchTheirPrograms) {
    const ValueFn program = Object(K::PROGRAM, 4), workload = Object(K::MESH_WORKLOAD, 8);
    Call(A::CREATE_CIRCULAR_BUFFER, {program, Words({}), Cbs({{16, 0}})});
    Call(A::SET_RUNTIME_ARGS, {program, Object(K::KERNEL, 2, 0, 4), Words({}), Words({0x40000})});
    Call(A::ADD_PROGRAM_TO_MESH_WORKLOAD, {workload, program, Words({})});
    Call(A::ENQUEUE_MESH_WORKLOAD, {Object(K::MESH_COMMAND_QUEUE, 10, 0, 1), workload, Flag()});
    Call(A::ENQUEUE_READ_BUFFER, {Object(K::MESH_COMMAND_QUEUE, 10, 0, 1), Object(K::MESH_BUFFER, 5, 0x40000, 1)});
    types_.Read(seq_);
    ASSERT_TRUE(types_.Of(seq_));
    EXPECT_EQ(types_.Of(seq_)->type, Dtype::float32);
}

TEST_F(ReadTypesTest, AnotherDevicesProgramDoesNotCount) {
    const ValueFn program = Object(K::PROGRAM, 4);
    Call(A::CREATE_CIRCULAR_BUFFER, {program, Words({}), Cbs({{16, 5}})});
    Call(A::SET_RUNTIME_ARGS, {program, Object(K::KERNEL, 2, 0, 4), Words({}), Words({0x2000})});
    Call(A::ENQUEUE_PROGRAM, {Object(K::COMMAND_QUEUE, 11, 0, 2), program, Flag()});  // device 2
    EXPECT_FALSE(ReadOf(3, 0x2000));                                                  // the buffer is device 1's
}

}  // namespace
}  // namespace ltcap
