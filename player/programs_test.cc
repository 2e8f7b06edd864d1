// Programs: kernels by the values a call holds, workloads' programs, what a launch runs, and the bounds.
#include "player/programs.h"

#include <capnp/message.h>
#include <gtest/gtest.h>

#include <functional>
#include <initializer_list>

namespace ltcap {
namespace {

using A = schema::Api;
using K = schema::ObjectKind;
using ValueFn = std::function<void(schema::Value::Builder)>;

ValueFn Object(K kind, std::uint64_t id) {
    return [=](schema::Value::Builder v) { v.initObject().setKind(kind), v.getObject().setId(id); };
}
ValueFn Source(std::uint64_t id) {
    return [=](schema::Value::Builder v) { v.setKernelSource(id); };
}
ValueFn None() {
    return [](schema::Value::Builder) {};
}

class ProgramsTest : public ::testing::Test {
protected:
    // Builds a call (kept until the next) and feeds it.
    DecodedCall Call(A function, std::initializer_list<ValueFn> args, bool feed = true) {
        message_ = std::make_unique<capnp::MallocMessageBuilder>();
        auto c = message_->initRoot<schema::Call>();
        c.setSeq(++seq_), c.setFunction(function);
        auto a = c.initArgs(args.size());
        unsigned i = 0;
        for (const auto& f : args) f(a[i++]);
        const DecodedCall call = DecodeCall(c.asReader());
        if (feed) programs_.OnCall(call);
        return call;
    }
    void AddSource(std::uint64_t id, const char* path) {
        capnp::MallocMessageBuilder m;
        auto s = m.initRoot<schema::KernelSource>();
        s.setId(id), s.setPath(path);
        programs_.OnKernelSource(s.asReader());
    }
    std::unique_ptr<capnp::MallocMessageBuilder> message_;
    std::uint64_t seq_ = 0;
    Programs programs_;
};

TEST_F(ProgramsTest, KernelsByTheirFilesAndLaunchesByTheirProgram) {
    AddSource(1, "tests/kernels/dataflow/reader_binary.cpp");
    AddSource(2, "eltwise_add.cpp");
    Call(A::CREATE_KERNEL, {Object(K::PROGRAM, 4), Source(1), None(), None()});
    Call(A::CREATE_KERNEL, {Object(K::PROGRAM, 4), Source(2), None(), None()});
    Call(A::CREATE_KERNEL_FROM_STRING, {Object(K::PROGRAM, 4), Source(3), None(), None()});
    EXPECT_EQ(programs_.Label(4), "program#4 (reader_binary, eltwise_add, source#3)");
    EXPECT_EQ(programs_.Label(5), "program#5");
    const auto launch = Call(A::ENQUEUE_PROGRAM, {Object(K::COMMAND_QUEUE, 9), Object(K::PROGRAM, 4), None()});
    EXPECT_EQ(programs_.Launched(launch), std::vector<std::uint64_t>{4});
    EXPECT_EQ(programs_.LaunchLabel(launch), "program#4 (reader_binary, eltwise_add, source#3)");
    EXPECT_EQ(programs_.Kernels(4).size(), 3u);  // the launch added no kernel
    // A call naming a program that launches nothing runs nothing.
    EXPECT_TRUE(programs_.Launched(Call(A::SET_RUNTIME_ARGS, {Object(K::PROGRAM, 4)})).empty());
}

TEST_F(ProgramsTest, OnlyCallsThatBuildProgramsAddToThem) {
    // The call class says which calls add kernels: a call of another class naming a program and a source adds none.
    Call(A::SET_RUNTIME_ARGS, {Object(K::PROGRAM, 4), Source(1)});
    Call(A::ENQUEUE_MESH_WORKLOAD, {Object(K::MESH_WORKLOAD, 8), Object(K::PROGRAM, 4), None()});
    EXPECT_TRUE(programs_.Kernels(4).empty());
    const auto launch =
        Call(A::ENQUEUE_MESH_WORKLOAD, {Object(K::MESH_COMMAND_QUEUE, 10), Object(K::MESH_WORKLOAD, 8), None()});
    EXPECT_TRUE(programs_.Launched(launch).empty());
}

TEST_F(ProgramsTest, WorkloadsRunTheirPrograms) {
    Call(A::ADD_PROGRAM_TO_MESH_WORKLOAD, {Object(K::MESH_WORKLOAD, 8), Object(K::PROGRAM, 4), None()});
    Call(A::ADD_PROGRAM_TO_MESH_WORKLOAD, {Object(K::MESH_WORKLOAD, 8), Object(K::PROGRAM, 5), None()});
    Call(A::ADD_PROGRAM_TO_MESH_WORKLOAD, {Object(K::MESH_WORKLOAD, 8), Object(K::PROGRAM, 4), None()});
    const auto launch =
        Call(A::ENQUEUE_MESH_WORKLOAD, {Object(K::MESH_COMMAND_QUEUE, 10), Object(K::MESH_WORKLOAD, 8), None()});
    EXPECT_EQ(programs_.Launched(launch), (std::vector<std::uint64_t>{4, 5}));
    EXPECT_EQ(programs_.LaunchLabel(launch), "meshWorkload#8: program#4; program#5");
}

TEST_F(ProgramsTest, TracesAreNamed) {
    const auto replay = Call(A::REPLAY_TRACE, {Object(K::DEVICE, 1), None(), Object(K::TRACE, 2), None()});
    EXPECT_TRUE(programs_.Launched(replay).empty());
    EXPECT_EQ(programs_.LaunchLabel(replay), "trace#2");
}

TEST_F(ProgramsTest, KernelsPerProgramAreBounded) {
    for (std::size_t i = 0; i < Programs::kMaxKernels + 10; i++)
        Call(A::CREATE_KERNEL, {Object(K::PROGRAM, 4), Source(1), None(), None()});
    EXPECT_EQ(programs_.Kernels(4).size(), Programs::kMaxKernels);
}

}  // namespace
}  // namespace ltcap
