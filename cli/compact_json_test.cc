// The compact notation of `ltcap export --format compact`, value kind by value kind (an object as an argument and as
// a result), on calls and returns made here:
// what each kind is written as, where the function line comes, the integers JSON cannot hold exactly, the floats it
// lacks, cores that are not the form they claim, objects of a kind this build does not know, and a nesting too deep.
#include "cli/compact_json.h"

#include <capnp/message.h>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <string>

#include "schema/log_error.h"

namespace ltcap::cli {
namespace {

std::string ValueText(CompactJson& j, const std::function<void(schema::Value::Builder)>& make,
                      const char* enum_type = nullptr, bool result = false) {
    capnp::MallocMessageBuilder m;
    auto v = m.initRoot<schema::Value>();
    make(v);
    std::string out;
    j.AppendValue(v.asReader(), out, enum_type, 0, result);
    return out;
}

TEST(CompactJson, ScalarsAreJsonValuesAndLargeIntegersStrings) {
    CompactJson j;
    EXPECT_EQ(ValueText(j, [](auto v) { v.setNone(); }), "null");
    EXPECT_EQ(ValueText(j, [](auto v) { v.setBool(true); }), "true");
    EXPECT_EQ(ValueText(j, [](auto v) { v.setInt(-42); }), "-42");
    EXPECT_EQ(ValueText(j, [](auto v) { v.setUint(1ull << 53); }), "9007199254740992");
    EXPECT_EQ(ValueText(j, [](auto v) { v.setUint((1ull << 53) + 1); }), "\"9007199254740993\"");
    EXPECT_EQ(ValueText(j, [](auto v) { v.setInt(-(1ll << 53) - 1); }), "\"-9007199254740993\"");
    EXPECT_EQ(ValueText(j, [](auto v) { v.setFloat(0.1); }), "0.1");
    EXPECT_EQ(ValueText(j, [](auto v) { v.setFloat(std::nan("")); }), "\"NaN\"");
    EXPECT_EQ(ValueText(j, [](auto v) { v.setFloat(-std::numeric_limits<double>::infinity()); }), "\"-Infinity\"");
    EXPECT_EQ(ValueText(j, [](auto v) { v.setText("a\"b\n\xff"); }), "\"a\\\"b\\n\\ufffd\"");
    EXPECT_EQ(ValueText(j, [](auto v) { v.setHostPointer(4096); }), "{\"host_pointer\":4096}");
    EXPECT_EQ(ValueText(j, [](auto v) { v.setKernelSource(3); }), "{\"kernel_source\":3}");
}

TEST(CompactJson, AnEnumParameterIsItsEnumeratorsName) {
    CompactJson j;
    EXPECT_EQ(ValueText(j, [](auto v) { v.setUint(1); }, "BufferType"), "\"L1\"");
    EXPECT_EQ(ValueText(j, [](auto v) { v.setInt(0); }, "BufferType"), "\"DRAM\"");
    // A number tt-metal does not name stays recognizable; a negative int is the number it is.
    EXPECT_EQ(ValueText(j, [](auto v) { v.setUint(99); }, "BufferType"), "\"BufferType(99)\"");
    EXPECT_EQ(ValueText(j, [](auto v) { v.setInt(-1); }, "BufferType"), "-1");
}

TEST(CompactJson, ObjectsAreKeyedByKindWithWhatIsSet) {
    CompactJson j;
    EXPECT_EQ(ValueText(j,
                        [](auto v) {
                            auto o = v.initObject();
                            o.setKind(schema::ObjectKind::PROGRAM);
                            o.setId(2);
                        }),
              "{\"program\":2}");
    EXPECT_EQ(ValueText(j,
                        [](auto v) {
                            auto o = v.initObject();
                            o.setKind(schema::ObjectKind::COMMAND_QUEUE);
                            o.setId(7);
                            o.setParent(1);
                        }),
              "{\"command_queue\":7}");  // an argument: its parent is where it was made
    EXPECT_EQ(ValueText(j,
                        [](auto v) {
                            auto o = v.initObject();
                            o.setKind(schema::ObjectKind::BUFFER);
                            o.setId(7);
                            o.setRaw(64);
                            o.setParent(1);
                        }),
              "{\"buffer\":7,\"raw\":64}");
    const auto mesh = [](auto v) {
        auto o = v.initObject();
        o.setKind(schema::ObjectKind::MESH_DEVICE);
        o.setId(4);
        o.setRaw(9);
        o.setParent(2);
        auto members = o.initMembers(2);
        members.set(0, 5);
        members.set(1, 6);
    };
    EXPECT_EQ(ValueText(j, mesh, nullptr, true), "{\"mesh_device\":4,\"raw\":9,\"parent\":2,\"members\":[5,6]}");
    EXPECT_EQ(ValueText(j, mesh), "{\"mesh_device\":4,\"raw\":9}");
    // A kind this build does not know (a newer log's).
    EXPECT_EQ(ValueText(j,
                        [](auto v) {
                            auto o = v.initObject();
                            o.setKind(static_cast<schema::ObjectKind>(900));
                            o.setId(1);
                        }),
              "{\"object\":1,\"kind\":900}");
}

void SetRange(schema::CoreRange::Builder r, unsigned x0, unsigned y0, unsigned x1, unsigned y1) {
    r.setStartX(x0), r.setStartY(y0), r.setEndX(x1), r.setEndY(y1);
}

TEST(CompactJson, CoresAreWrittenInTheFormTheProgramPassed) {
    CompactJson j;
    const auto cores = [&](schema::CoreForm form, std::initializer_list<std::array<unsigned, 4>> ranges) {
        return ValueText(j, [&](auto v) {
            auto c = v.initCores();
            c.setForm(form);
            auto list = c.initRanges(ranges.size());
            unsigned i = 0;
            for (const auto& r : ranges) SetRange(list[i++], r[0], r[1], r[2], r[3]);
        });
    };
    EXPECT_EQ(cores(schema::CoreForm::COORD, {{1, 2, 1, 2}}), "{\"core\":[1,2]}");
    EXPECT_EQ(cores(schema::CoreForm::RANGE, {{0, 0, 3, 4}}), "{\"range\":[0,0,3,4]}");
    EXPECT_EQ(cores(schema::CoreForm::RANGE_SET, {{0, 0, 1, 1}, {2, 2, 2, 2}}), "{\"ranges\":[[0,0,1,1],[2,2,2,2]]}");
    // A coord that is not one core, a range of two ranges: all of it, and the form it claims.
    EXPECT_EQ(cores(schema::CoreForm::COORD, {{0, 0, 1, 1}}), "{\"ranges\":[[0,0,1,1]],\"form\":\"coord\"}");
    EXPECT_EQ(cores(schema::CoreForm::RANGE, {{0, 0, 1, 1}, {3, 3, 3, 3}}),
              "{\"ranges\":[[0,0,1,1],[3,3,3,3]],\"form\":\"range\"}");
}

TEST(CompactJson, WordsDataListsAndConfigs) {
    CompactJson j;
    EXPECT_EQ(ValueText(j,
                        [](auto v) {
                            auto w = v.initWords(3);
                            w.set(0, 1), w.set(1, 0), w.set(2, 4294967295u);
                        }),
              "[1,0,4294967295]");
    EXPECT_EQ(ValueText(j,
                        [](auto v) {
                            auto d = v.initData();
                            d.setBlob(3);
                            d.setSize(2048);
                            d.setElementType(schema::ElementType::BFLOAT16);
                        }),
              "{\"data\":3,\"size\":2048,\"element_type\":\"bfloat16\"}");
    EXPECT_EQ(ValueText(j,
                        [](auto v) {
                            auto l = v.initList(2);
                            l[0].initObject().setKind(schema::ObjectKind::BUFFER);
                            l[0].getObject().setId(5);
                            l[1].setBool(false);
                        }),
              "[{\"buffer\":5},false]");
    // A config is written as --format json writes it.
    const std::string config = ValueText(j, [](auto v) {
        auto c = v.initRegion();
        c.setOffset(16);
        c.setSize(32);
    });
    EXPECT_EQ(config, "{\"region\":{\"offset\":\"16\",\"size\":\"32\"}}");
}

TEST(CompactJson, AValueNestedTooDeepIsALogError) {
    CompactJson j;
    capnp::MallocMessageBuilder m;
    auto v = m.initRoot<schema::Value>();
    for (int i = 0; i < 120; i++) v = v.initList(1)[0];
    v.setBool(true);
    std::string out;
    EXPECT_THROW(j.AppendValue(m.getRoot<schema::Value>().asReader(), out), LogError);
}

TEST(CompactJson, TheFunctionLineComesBeforeItsFirstCallOnly) {
    CompactJson j;
    capnp::MallocMessageBuilder m;
    auto c = m.initRoot<schema::Call>();
    c.setSeq(5);
    c.setThread(1);
    c.setFunction(schema::Api::CREATE_GLOBAL_SEMAPHORE);
    c.setBeginNs(1000);
    c.setEndNs(1250);
    auto args = c.initArgs(4);
    args[0].initObject().setKind(schema::ObjectKind::DEVICE);
    args[0].getObject().setId(1);
    args[1].initCores().initRanges(1);
    args[2].setUint(0);
    args[3].setUint(1);
    std::string out;
    j.AppendCall(DecodeCall(c.asReader()), out);
    EXPECT_EQ(out,
              "{\"function\":\"createGlobalSemaphore\",\"params\":[\"device\",\"cores\",\"initial_value\","
              "\"buffer_type\"]}\n"
              "{\"call\":\"createGlobalSemaphore\",\"seq\":5,\"thread\":1,\"at\":1000,\"dur\":250,\"args\":"
              "[{\"device\":1},{\"core\":[0,0]},0,\"L1\"]}");
    out.clear();
    c.setSeq(6);
    c.setEndNs(0);  // it ended in its return
    c.setSynthesized(true);
    j.AppendCall(DecodeCall(c.asReader()), out);
    EXPECT_EQ(out,
              "{\"call\":\"createGlobalSemaphore\",\"seq\":6,\"thread\":1,\"at\":1000,\"args\":"
              "[{\"device\":1},{\"core\":[0,0]},0,\"L1\"],\"synthesized\":true}");
    // A damaged log's end before its begin is written as it is, not as a wrapped-around duration.
    out.clear();
    c.setEndNs(10);
    c.setSynthesized(false);
    j.AppendCall(DecodeCall(c.asReader()), out);
    EXPECT_NE(out.find(",\"at\":1000,\"end\":10,"), std::string::npos) << out;
    // A function this build does not know: its number, no function line.
    out.clear();
    c.setFunction(static_cast<schema::Api>(60000));
    c.initArgs(0);
    j.AppendCall(DecodeCall(c.asReader()), out);
    EXPECT_EQ(out.rfind("{\"call\":\"api#60000\",\"seq\":6,", 0), 0u) << out;
}

TEST(CompactJson, EditsInPlaceAndBacktraces) {
    CompactJson j;
    capnp::MallocMessageBuilder m;
    auto c = m.initRoot<schema::Call>();
    c.setSeq(9);
    c.setThread(2);
    c.setFunction(schema::Api::ENQUEUE_PROGRAM);
    c.setBeginNs(5);
    auto changed = c.initArgsChanged(2);
    changed[0].setKernel(3);
    changed[0].setX(1);
    changed[0].setY(2);
    changed[0].initWords(1).set(0, 7);
    changed[1].setKernel(4);
    changed[1].setCommon(true);
    changed[1].initWords(0);
    auto bt = c.initBacktrace(1);
    bt.set(0, 0x7f0012345678ull);
    std::string out;
    j.AppendCall(DecodeCall(c.asReader()), out);
    const std::string line = out.substr(out.find('\n') + 1);
    EXPECT_EQ(line,
              "{\"call\":\"enqueueProgram\",\"seq\":9,\"thread\":2,\"at\":5,\"args\":[],\"args_changed\":"
              "[{\"kernel\":3,\"core\":[1,2],\"words\":[7]},{\"kernel\":4,\"common\":true,\"words\":[]}],"
              "\"backtrace\":[139638282147448]}");
}

TEST(CompactJson, ReturnsCarryTheirEndAndResultOrException) {
    CompactJson j;
    capnp::MallocMessageBuilder m;
    auto r = m.initRoot<schema::Return>();
    r.setSeq(2);
    r.setEndNs(900);
    auto o = r.initResult().initObject();
    o.setKind(schema::ObjectKind::BUFFER);
    o.setId(2);
    o.setRaw(32);
    o.setParent(1);
    std::string out;
    j.AppendReturn(DecodeReturn(r.asReader()), out);
    EXPECT_EQ(out, "{\"return\":2,\"end\":900,\"result\":{\"buffer\":2,\"raw\":32,\"parent\":1}}");
    out.clear();
    r.initResult().setNone();
    j.AppendReturn(DecodeReturn(r.asReader()), out);
    EXPECT_EQ(out, "{\"return\":2,\"end\":900}");
    out.clear();
    r.setThrew(true);
    r.setException("TT_FATAL: out of \"memory\"");
    j.AppendReturn(DecodeReturn(r.asReader()), out);
    EXPECT_EQ(out, "{\"return\":2,\"end\":900,\"threw\":\"TT_FATAL: out of \\\"memory\\\"\"}");
}

}  // namespace
}  // namespace ltcap::cli
