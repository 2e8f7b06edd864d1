// The hand-written wire format must be what libcapnp reads: every kind of field the shim writes is set here
// and read back through the generated reader classes.
#include <capnp/serialize.h>
#include <gtest/gtest.h>
#include <kj/io.h>

#include "schema/trace.capnp.h"
#include "schema/trace_layout.h"
#include "schema/wire.h"

namespace ltcap {
namespace {

namespace L = layout;

std::vector<std::string> ReadStream(const std::string& bytes, std::vector<std::string> (*each)(schema::Entry::Reader)) {
    kj::ArrayInputStream in(kj::arrayPtr(reinterpret_cast<const kj::byte*>(bytes.data()), bytes.size()));
    std::vector<std::string> out;
    while (in.tryGetReadBuffer().size() > 0) {
        capnp::InputStreamMessageReader reader(in);
        for (auto& s : each(reader.getRoot<schema::Entry>())) out.push_back(s);
    }
    return out;
}

TEST(Wire, HeaderTextsListsAndNumbersReadBack) {
    wire::Message m;
    auto e = m.InitRoot(L::Entry::kSize);
    auto h = m.InitStruct<L::Entry>(e, L::Entry::f_header, L::Header::kSize);
    m.Set<L::Header>(h, L::Header::f_formatVersion, 1);
    m.Set<L::Header>(h, L::Header::f_pid, 4242);
    m.Set<L::Header>(h, L::Header::f_startTimeUnixNs, 1234567890123456789ull);
    m.SetText<L::Header>(h, L::Header::f_processName, "loopback");
    auto argv = m.InitTextList<L::Header>(h, L::Header::f_commandLine, 3);
    m.SetTextElement(argv, 0, "./loopback");
    m.SetTextElement(argv, 1, "");
    m.SetTextElement(argv, 2, "--x=seven chars");
    auto env = m.InitStructList<L::Header>(h, L::Header::f_environment, 2, L::EnvVar::kSize);
    m.SetText<L::EnvVar>(m.Element(env, 0), L::EnvVar::f_name, "TT_METAL_HOME");
    m.SetText<L::EnvVar>(m.Element(env, 1), L::EnvVar::f_value, "/opt/tt");
    std::string bytes;
    m.AppendTo(bytes);

    auto out = ReadStream(bytes, [](schema::Entry::Reader r) {
        EXPECT_TRUE(r.isHeader());
        auto h = r.getHeader();
        EXPECT_EQ(h.getFormatVersion(), 1u);
        EXPECT_EQ(h.getPid(), 4242u);
        EXPECT_EQ(h.getStartTimeUnixNs(), 1234567890123456789ull);
        EXPECT_EQ(h.getEnvironment()[0].getName(), "TT_METAL_HOME");
        EXPECT_EQ(h.getEnvironment()[1].getValue(), "/opt/tt");
        std::vector<std::string> s{h.getProcessName()};
        for (auto t : h.getCommandLine()) s.push_back(t);
        return s;
    });
    EXPECT_EQ(out, (std::vector<std::string>{"loopback", "./loopback", "", "--x=seven chars"}));
}

TEST(Wire, CallWithEveryValueKindAndExternalDataReadBack) {
    std::string bytes;
    const std::string payload(1000, 'z');
    for (int round = 0; round < 2; round++) {
        wire::Message m;
        auto e = m.InitRoot(L::Entry::kSize);
        if (round == 0) {
            auto c = m.InitStruct<L::Entry>(e, L::Entry::f_call, L::Call::kSize);
            m.Set<L::Call>(c, L::Call::f_seq, 99);
            m.Set<L::Call>(c, L::Call::f_thread, 3);
            m.Set<L::Call>(c, L::Call::f_function, static_cast<std::uint16_t>(L::Api::setRuntimeArgs));
            m.Set<L::Call>(c, L::Call::f_beginNs, 555);
            auto args = m.InitStructList<L::Call>(c, L::Call::f_args, 6, L::Value::kSize);
            m.Set<L::Value>(m.Element(args, 0), L::Value::f_uint, 0xfffffffffull);
            m.Set<L::Value>(m.Element(args, 1), L::Value::f_bool, 1);
            auto obj = m.InitStruct<L::Value>(m.Element(args, 2), L::Value::f_object, L::ObjectRef::kSize);
            m.Set<L::ObjectRef>(obj, L::ObjectRef::f_kind, static_cast<std::uint16_t>(L::ObjectKind::program));
            m.Set<L::ObjectRef>(obj, L::ObjectRef::f_id, 17);
            const std::uint32_t w[3] = {1, 2, 0xdeadbeef};
            m.SetU32List<L::Value>(m.Element(args, 3), L::Value::f_words, w, 3);
            auto cores = m.InitStruct<L::Value>(m.Element(args, 4), L::Value::f_cores, L::CoreSpec::kSize);
            m.Set<L::CoreSpec>(cores, L::CoreSpec::f_form, static_cast<std::uint16_t>(L::CoreForm::range));
            auto ranges = m.InitStructList<L::CoreSpec>(cores, L::CoreSpec::f_ranges, 1, L::CoreRange::kSize);
            m.Set<L::CoreRange>(m.Element(ranges, 0), L::CoreRange::f_endX, 7);
            m.Set<L::CoreRange>(m.Element(ranges, 0), L::CoreRange::f_endY, 6);
            m.SetDouble<L::Value>(m.Element(args, 5), L::Value::f_float, 2.5);
        } else {
            auto b = m.InitStruct<L::Entry>(e, L::Entry::f_blob, L::Blob::kSize);
            m.Set<L::Blob>(b, L::Blob::f_id, 5);
            m.Set<L::Blob>(b, L::Blob::f_totalSize, payload.size());
            m.SetBytesExternal<L::Blob>(b, L::Blob::f_data, payload.data(), payload.size());
        }
        m.AppendTo(bytes);
    }
    auto out = ReadStream(bytes, [](schema::Entry::Reader r) {
        std::vector<std::string> s;
        if (r.isCall()) {
            auto c = r.getCall();
            EXPECT_EQ(c.getSeq(), 99u);
            EXPECT_EQ(c.getThread(), 3u);
            EXPECT_EQ(c.getFunction(), schema::Api::SET_RUNTIME_ARGS);
            EXPECT_EQ(c.getBeginNs(), 555u);
            auto a = c.getArgs();
            EXPECT_EQ(a[0].getUint(), 0xfffffffffull);
            EXPECT_TRUE(a[1].getBool());
            EXPECT_EQ(a[2].getObject().getKind(), schema::ObjectKind::PROGRAM);
            EXPECT_EQ(a[2].getObject().getId(), 17u);
            EXPECT_EQ(a[3].getWords()[2], 0xdeadbeefu);
            EXPECT_EQ(a[4].getCores().getForm(), schema::CoreForm::RANGE);
            EXPECT_EQ(a[4].getCores().getRanges()[0].getEndX(), 7u);
            EXPECT_EQ(a[4].getCores().getRanges()[0].getEndY(), 6u);
            EXPECT_EQ(a[5].getFloat(), 2.5);
            s.push_back("call");
        } else {
            EXPECT_TRUE(r.isBlob());
            auto d = r.getBlob().getData();
            s.push_back(std::string(reinterpret_cast<const char*>(d.begin()), d.size()));
        }
        return s;
    });
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0], "call");
    EXPECT_EQ(out[1], payload);
}

}  // namespace
}  // namespace ltcap
