#include "player/decoded_call.h"

#include <capnp/message.h>
#include <capnp/serialize.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace ltcap {
namespace {

TEST(CallModel, EveryFunctionOfTheSchemaHasItsNameClassAndParameters) {
    const CallModel* launch = ModelOf(schema::Api::ENQUEUE_PROGRAM);
    ASSERT_NE(launch, nullptr);
    EXPECT_EQ(launch->name, "enqueueProgram");
    EXPECT_TRUE(launch->call_class.launch);
    EXPECT_FALSE(launch->call_class.finish);
    ASSERT_EQ(launch->params, 3u);
    EXPECT_STREQ(launch->ParamName(0), "cq");
    EXPECT_EQ(launch->ParamName(3), nullptr);
    EXPECT_EQ(launch->ParamEnum(0), nullptr);
    const CallModel* finish = ModelOf(schema::Api::FINISH);
    ASSERT_NE(finish, nullptr);
    EXPECT_TRUE(finish->call_class.finish);
    EXPECT_FALSE(finish->call_class.launch);
    const CallModel* semaphore = ModelOf(schema::Api::CREATE_GLOBAL_SEMAPHORE);
    ASSERT_NE(semaphore, nullptr);
    EXPECT_STREQ(semaphore->ParamEnum(3), "BufferType");
    // A value past the schema's (a newer log's function) has no model.
    EXPECT_EQ(ModelOf(static_cast<schema::Api>(60000)), nullptr);
    // The names the log reader gives are the models'.
    EXPECT_EQ(ApiName(schema::Api::FINISH), "finish");
    EXPECT_EQ(ApiName(static_cast<schema::Api>(60000)), "api#60000");
    EXPECT_TRUE(ClassOfCall(schema::Api::ENQUEUE_PROGRAM).launch);
    EXPECT_FALSE(ClassOfCall(static_cast<schema::Api>(60000)).launch);
}

TEST(DecodedCall, CarriesTheEntrysFieldsAndPrintsEnumArgumentsByName) {
    capnp::MallocMessageBuilder m;
    auto c = m.initRoot<schema::Call>();
    c.setSeq(7);
    c.setThread(2);
    c.setFunction(schema::Api::CREATE_GLOBAL_SEMAPHORE);
    c.setBeginNs(100);
    c.setEndNs(250);
    auto args = c.initArgs(4);
    args[0].initObject().setKind(schema::ObjectKind::DEVICE);
    args[0].getObject().setId(1);
    args[2].setUint(5);
    args[3].setUint(1);
    const DecodedCall d = DecodeCall(c.asReader());
    EXPECT_EQ(d.seq, 7u);
    EXPECT_EQ(d.thread, 2u);
    EXPECT_EQ(d.begin_ns, 100u);
    EXPECT_TRUE(d.ended_in_place());
    EXPECT_FALSE(d.synthesized);
    ASSERT_NE(d.model, nullptr);
    EXPECT_EQ(d.args.size(), 4u);
    EXPECT_EQ(d.Arg(3), "L1");
    EXPECT_EQ(d.Arg(2), "5");
    EXPECT_EQ(d.Arg(9), "?");
    const std::string text = d.Text();
    EXPECT_EQ(text.rfind("createGlobalSemaphore(device=", 0), 0u) << text;
    EXPECT_NE(text.find("buffer_type=L1)"), std::string::npos) << text;

    // An unknown function still prints, by number, without parameter names.
    c.setFunction(static_cast<schema::Api>(60000));
    const DecodedCall unknown = DecodeCall(c.asReader());
    EXPECT_EQ(unknown.model, nullptr);
    EXPECT_EQ(unknown.Arg(3), "1");
    EXPECT_EQ(unknown.Text().rfind("api#60000(", 0), 0u);
}

// Records what it is handed, tagged with its own name (the order of consumers shows).
struct Recorder : EntryConsumer {
    Recorder(std::string n, std::vector<std::string>& l) : name(std::move(n)), log(l) {}
    void OnCall(const DecodedCall& c) override { log.push_back(name + " call " + std::to_string(c.seq) + " " + c.Name()); }
    void OnReturn(const DecodedReturn& r) override {
        log.push_back(name + " return " + std::to_string(r.seq) + (r.threw ? " threw " + std::string(r.exception.cStr()) : ""));
    }
    void OnBlob(schema::Blob::Reader b) override { log.push_back(name + " blob " + std::to_string(b.getId())); }
    void OnEnd(schema::End::Reader e) override { log.push_back(name + " end " + std::to_string(e.getLastSeq())); }
    std::string name;
    std::vector<std::string>& log;
};

std::string Message(const std::function<void(schema::Entry::Builder)>& fill) {
    capnp::MallocMessageBuilder m;
    fill(m.initRoot<schema::Entry>());
    const auto words = capnp::messageToFlatArray(m);
    return std::string(reinterpret_cast<const char*>(words.begin()), words.size() * sizeof(capnp::word));
}

std::string CallMessage(std::uint64_t seq, schema::Api function) {
    return Message([&](schema::Entry::Builder e) {
        auto c = e.initCall();
        c.setSeq(seq);
        c.setThread(1);
        c.setFunction(function);
    });
}

// A log file of the header and `entries`.
std::string LogFile(const std::vector<std::string>& entries) {
    std::string bytes = Message([](schema::Entry::Builder e) {
        auto h = e.initHeader();
        h.setFormatVersion(schema::FORMAT_VERSION);
        h.setTtMetalVersion("v0.56.0");
    });
    for (const std::string& entry : entries) bytes += entry;
    char name[] = "/tmp/decoded_call_test.XXXXXX";
    const int fd = mkstemp(name);
    EXPECT_EQ(::write(fd, bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
    ::close(fd);
    return name;
}

TEST(EntryDecoder, HandsEachEntryToEveryConsumerInOrder) {
    const std::string path = LogFile({
        CallMessage(1, schema::Api::FINISH),
        Message([](schema::Entry::Builder e) {
            auto r = e.initReturn();
            r.setSeq(1);
            r.setThrew(true);
            r.setException("no device");
        }),
        Message([](schema::Entry::Builder e) {
            auto b = e.initBlob();
            b.setId(4);
            b.setTotalSize(2);
            b.initData(2);
        }),
        CallMessage(2, schema::Api::ENQUEUE_PROGRAM),
        Message([](schema::Entry::Builder e) { e.initEnd().setLastSeq(2); }),
    });
    std::vector<std::string> seen;
    Recorder a("a", seen), b("b", seen);
    LogReader log(path);
    LogChecker check;
    ForEachDecodedEntry(log, check, {&a, &b});
    std::remove(path.c_str());
    EXPECT_EQ(seen, (std::vector<std::string>{"a call 1 finish", "b call 1 finish", "a return 1 threw no device",
                                              "b return 1 threw no device", "a blob 4", "b blob 4",
                                              "a call 2 enqueueProgram", "b call 2 enqueueProgram", "a end 2", "b end 2"}));
    EXPECT_TRUE(log.complete());
}

TEST(EntryDecoder, AnEntryTheCheckerRefusesReachesNoConsumer) {
    // Call #1 after call #2: out of order.
    const std::string path = LogFile({CallMessage(2, schema::Api::FINISH), CallMessage(1, schema::Api::FINISH)});
    std::vector<std::string> seen;
    Recorder a("a", seen);
    LogReader log(path);
    LogChecker check;
    EXPECT_THROW(ForEachDecodedEntry(log, check, {&a}), LogError);
    std::remove(path.c_str());
    EXPECT_EQ(seen, (std::vector<std::string>{"a call 2 finish"}));
}

}  // namespace
}  // namespace ltcap
