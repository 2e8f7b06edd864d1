#include "player/launch_targets.h"

#include <capnp/message.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "player/launch_outputs.h"

namespace ltcap {
namespace {

using K = schema::ObjectKind;

// Feeds one call (its arguments set by `args`) to both consumers, and its result object (kind, id, raw) if any.
struct Log {
    Programs programs;
    LaunchTargets targets{programs};
    std::uint64_t seq = 0;

    std::uint64_t Call(schema::Api function, unsigned n, const std::function<void(capnp::List<schema::Value>::Builder)>& args,
                       K result_kind = K::NONE, std::uint64_t result_id = 0, std::uint64_t result_raw = 0) {
        capnp::MallocMessageBuilder m;
        auto c = m.initRoot<schema::Call>();
        c.setSeq(++seq);
        c.setFunction(function);
        args(c.initArgs(n));
        const DecodedCall d = DecodeCall(c.asReader());
        programs.OnCall(d);
        targets.OnCall(d);
        if (result_kind != K::NONE) {
            capnp::MallocMessageBuilder r;
            auto ret = r.initRoot<schema::Return>();
            ret.setSeq(seq);
            auto o = ret.initResult().initObject();
            o.setKind(result_kind);
            o.setId(result_id);
            o.setRaw(result_raw);
            targets.OnReturn(DecodeReturn(ret.asReader()));
        }
        return seq;
    }
};

void Object(schema::Value::Builder v, K kind, std::uint64_t id, std::uint64_t parent = 0) {
    auto o = v.initObject();
    o.setKind(kind);
    o.setId(id);
    o.setParent(parent);
}

void Cores(schema::Value::Builder v, std::uint32_t x0, std::uint32_t x1) {
    auto c = v.initCores();
    c.setForm(schema::CoreForm::RANGE);
    auto r = c.initRanges(1);
    r[0].setStartX(x0), r[0].setEndX(x1);
}

TEST(LaunchTargets, ALaunchCanWriteTheLiveBuffersItsRuntimeArgsName) {
    Log log;
    auto noargs = [](capnp::List<schema::Value>::Builder) {};
    log.Call(schema::Api::CREATE_BUFFER_INTERLEAVED, 0, noargs, K::BUFFER, 10, 0x1000);
    log.Call(schema::Api::CREATE_BUFFER_INTERLEAVED, 0, noargs, K::BUFFER, 11, 0x2000);
    log.Call(schema::Api::CREATE_BUFFER_INTERLEAVED, 0, noargs, K::BUFFER, 12, 0x3000);  // named by no program
    log.Call(schema::Api::CREATE_PROGRAM, 0, noargs, K::PROGRAM, 2);
    log.Call(schema::Api::CREATE_KERNEL, 3, [](auto a) {
        Object(a[0], K::PROGRAM, 2);
        a[1].setKernelSource(7);
        Cores(a[2], 0, 3);
    }, K::KERNEL, 20, 1);
    log.Call(schema::Api::CREATE_CIRCULAR_BUFFER, 2, [](auto a) {
        Object(a[0], K::PROGRAM, 2);
        auto indices = a[1].initCbConfig().initIndices(2);
        indices[0].setIndex(0), indices[0].setDataFormat(0);    // Float32 in
        indices[1].setIndex(16), indices[1].setDataFormat(5);   // Float16_b out
    });
    log.Call(schema::Api::SET_RUNTIME_ARGS, 3, [](auto a) {
        Object(a[0], K::PROGRAM, 2);
        Object(a[1], K::KERNEL, 20, 2);
        auto w = a[2].initWords(3);
        w.set(0, 0x1000), w.set(1, 0x2000), w.set(2, 64);
    });
    log.Call(schema::Api::BUFFER_RELEASED, 1, [](auto a) { Object(a[0], K::BUFFER, 11); });
    const std::uint64_t launch = log.Call(schema::Api::ENQUEUE_PROGRAM, 2, [](auto a) {
        Object(a[0], K::COMMAND_QUEUE, 3);
        Object(a[1], K::PROGRAM, 2);
    });
    const auto t = log.targets.Take(launch);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->buffers, std::vector<std::uint64_t>{10});  // 11 was released, 12 is named by no runtime arg
    ASSERT_TRUE(t->dtype);
    EXPECT_EQ(*t->dtype, Dtype::bfloat16);  // the output CB's (16), the CBs disagreeing
    EXPECT_EQ(t->cores, "(0,0)-(3,0)");
    EXPECT_EQ(t->label.rfind("program#2", 0), 0u) << t->label;
    EXPECT_FALSE(log.targets.Take(launch));  // taken once
    EXPECT_FALSE(log.targets.Take(launch - 1));  // no launch
}

TEST(LaunchTargets, RuntimeArgsAsAListOfNumbersAndADynamicCircularBuffersBackingBufferCount) {
    Log log;
    auto noargs = [](capnp::List<schema::Value>::Builder) {};
    log.Call(schema::Api::CREATE_BUFFER_INTERLEAVED, 0, noargs, K::MESH_BUFFER, 10, 0x1000);
    log.Call(schema::Api::CREATE_BUFFER_INTERLEAVED, 0, noargs, K::MESH_BUFFER, 11, 0x2000);  // a sharded output
    log.Call(schema::Api::CREATE_BUFFER_INTERLEAVED, 0, noargs, K::MESH_BUFFER, 12, 0x3000);
    log.Call(schema::Api::SET_RUNTIME_ARGS, 2, [](auto a) {
        Object(a[0], K::PROGRAM, 2);
        auto list = a[1].initList(2);
        list[0].setUint(0x1000), list[1].setUint(7);
    });
    log.Call(schema::Api::CREATE_CIRCULAR_BUFFER, 2, [](auto a) {
        Object(a[0], K::PROGRAM, 2);
        a[1].initCbConfig().setGlobalBuffer(11);
    });
    const std::uint64_t launch = log.Call(schema::Api::ENQUEUE_PROGRAM, 2, [](auto a) {
        Object(a[0], K::COMMAND_QUEUE, 3);
        Object(a[1], K::PROGRAM, 2);
    });
    const auto t = log.targets.Take(launch);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->buffers, (std::vector<std::uint64_t>{10, 11}));
    EXPECT_FALSE(t->dtype);  // no CB format recorded
}

TEST(LaunchOutputs, WritesEachPagesDigestAndReadsTheRecordsBack) {
    const std::string dir = std::string(std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp") +
                            "/launch_outputs_" + std::to_string(getpid());
    {
        LaunchOutputs out(dir, CallRange{5, 5});
        LaunchRecord a;
        a.launch = 1, a.seq = 5, a.dtype = "bfloat16", a.function = "enqueueProgram", a.program = "program#2 (r, w)";
        a.cores = "(0,0)";
        LaunchRecord::Buffer b;
        b.id = 10, b.page_size = 4, b.data = {1, 2, 3, 4, 1, 2, 3, 4, 9};
        a.buffers.push_back(b);
        out.Write(a);
        LaunchRecord c;
        c.launch = 2, c.seq = 9, c.function = "enqueueProgram", c.program = "trace#4\nx";  // a newline from a log
        out.Write(c);
    }
    const auto records = ReadLaunchOutputs(dir + "/launches.txt");
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].program, "program#2 (r, w)");
    EXPECT_EQ(records[0].cores, "(0,0)");
    EXPECT_EQ(records[0].dtype, "bfloat16");
    ASSERT_EQ(records[0].buffers.size(), 1u);
    const auto& pages = records[0].buffers[0].pages;
    ASSERT_EQ(pages.size(), 3u);  // two whole pages and the last byte
    EXPECT_EQ(pages[0], pages[1]);
    EXPECT_NE(pages[0], pages[2]);
    const std::uint8_t page[] = {1, 2, 3, 4};
    EXPECT_EQ(pages[0], PageDigest(page, 4));
    EXPECT_EQ(records[1].program, "trace#4 x");
    EXPECT_TRUE(records[1].buffers.empty());
    // The data of the launches in the range only.
    EXPECT_EQ(std::filesystem::file_size(dir + "/launch1.buffer10.bin"), 9u);
    EXPECT_FALSE(std::filesystem::exists(dir + "/launch2.buffer10.bin"));
    std::ofstream(dir + "/bad.txt") << "launch x\n";
    EXPECT_THROW(ReadLaunchOutputs(dir + "/bad.txt"), std::runtime_error);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ltcap
