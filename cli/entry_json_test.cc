// EntryJson against libcapnp-json: for every entry of every golden log (both profiles) and for entries made here to
// reach each corner (floats JSON lacks, control characters, bytes that are not UTF-8, enum values the schema does
// not name, unions at their default, blobs with and without a file), the encoder writes exactly what
// libcapnp-json's JsonCodec writes for the entry — given the export's handlers for Data and the tt-metal enum
// fields — once its keys are snake_cased and its text made valid UTF-8.
#include "cli/entry_json.h"

#include <capnp/compat/json.h>
#include <capnp/message.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "common/json.h"
#include "player/log_reader.h"
#include "schema/trace.capnp.h"
#include "schema/values/tt_enums.h"

namespace ltcap::cli {
namespace {

std::vector<std::string> g_logs;

// ---- the reference: libcapnp-json with handlers that say what the export says

class BlobBytes final : public capnp::JsonCodec::Handler<capnp::Data> {
public:
    std::string file;
    std::uint64_t offset = 0;
    void encode(const capnp::JsonCodec&, capnp::Data::Reader input, capnp::JsonValue::Builder output) const override {
        auto fields = output.initObject(file.empty() ? 1 : 3);
        fields[0].setName("bytes");
        fields[0].initValue().setNumber(static_cast<double>(input.size()));
        if (file.empty()) return;
        fields[1].setName("file");
        fields[1].initValue().setString(file);
        fields[2].setName("offset");
        fields[2].initValue().setNumber(static_cast<double>(offset));
    }
    capnp::Orphan<capnp::Data> decode(const capnp::JsonCodec&, capnp::JsonValue::Reader,
                                      capnp::Orphanage) const override {
        throw std::logic_error("not decoded");
    }
};

class TtEnumField final : public capnp::JsonCodec::Handler<std::uint8_t> {
public:
    explicit TtEnumField(const char* type) : type_(type) {}
    void encode(const capnp::JsonCodec&, std::uint8_t input, capnp::JsonValue::Builder output) const override {
        output.setString(values::TtEnumName(type_, input));
    }
    std::uint8_t decode(const capnp::JsonCodec&, capnp::JsonValue::Reader) const override {
        throw std::logic_error("not decoded");
    }

private:
    const char* type_;
};

void SnakeKeys(capnp::JsonValue::Builder v) {
    if (v.isObject())
        for (auto field : v.getObject()) {
            std::string snake;
            for (const char* c = field.getName().cStr(); *c; c++)
                if (*c >= 'A' && *c <= 'Z')
                    snake += '_', snake += static_cast<char>(*c - 'A' + 'a');
                else
                    snake += *c;
            field.setName(snake);
            SnakeKeys(field.getValue());
        }
    if (v.isArray())
        for (auto element : v.getArray()) SnakeKeys(element);
}

// libcapnp-json passes a log's text bytes through: each byte that does not start a well-formed UTF-8 sequence as the
// escape \ufffd (JSON outside strings is ASCII, so such bytes are inside strings), as the export writes them.
std::string ValidUtf8(const std::string& json) {
    std::string out;
    for (std::size_t i = 0; i < json.size();) {
        const std::size_t n = static_cast<unsigned char>(json[i]) < 0x80 ? 1 : JsonWriter::Utf8Length(json, i);
        if (n == 0)
            out += "\\ufffd", i++;
        else
            out.append(json, i, n), i += n;
    }
    return out;
}

class Reference {
public:
    Reference() {
        codec_.addTypeHandler(blob_);
        const auto field = [&](capnp::StructSchema s, const char* name, TtEnumField& h) {
            codec_.addFieldHandler(s.getFieldByName(name), h);
        };
        const auto buffer = capnp::Schema::from<schema::BufferConfig>();
        const auto kernel = capnp::Schema::from<schema::KernelConfig>();
        field(buffer, "bufferType", buffer_type_), field(buffer, "layout", layout_);
        field(capnp::Schema::from<schema::ShardSpec>(), "orientation", orientation_);
        field(capnp::Schema::from<schema::MeshBufferConfig>(), "orientation", orientation_);
        field(kernel, "processor", processor_), field(kernel, "noc", noc_), field(kernel, "nocMode", noc_mode_);
        field(kernel, "ethMode", eth_), field(kernel, "mathFidelity", fidelity_);
        field(capnp::Schema::from<schema::CbIndex>(), "dataFormat", data_format_);
    }
    void SetBlobFile(std::string file, std::uint64_t offset) { blob_.file = std::move(file), blob_.offset = offset; }
    template <typename Reader>
    std::string Encode(Reader r) {
        capnp::MallocMessageBuilder m;
        auto json = m.initRoot<capnp::JsonValue>();
        codec_.encode(r, json);
        SnakeKeys(json);
        return ValidUtf8(codec_.encodeRaw(json).cStr());
    }

private:
    capnp::JsonCodec codec_;
    BlobBytes blob_;
    TtEnumField buffer_type_{"BufferType"}, layout_{"TensorMemoryLayout"}, orientation_{"ShardOrientation"},
        processor_{"DataMovementProcessor"}, noc_{"NOC"}, noc_mode_{"NOC_MODE"}, eth_{"Eth"}, fidelity_{"MathFidelity"},
        data_format_{"DataFormat"};
};

template <typename Reader>
std::string Encoded(EntryJson& j, Reader r) {
    std::string out;
    j.Append(capnp::toDynamic(r), out);
    return out;
}

TEST(EntryJson, EveryEntryOfEveryGoldenLogIsWhatLibcapnpJsonWrites) {
    ASSERT_FALSE(g_logs.empty()) << "no golden logs given";
    Reference ref;
    EntryJson mine;
    std::size_t entries = 0, blobs = 0;
    for (const std::string& path : g_logs) {
        SCOPED_TRACE(path);
        LogReader log(path);
        EXPECT_EQ(Encoded(mine, log.header()), ref.Encode(log.header()));
        for (auto m = log.Next(); m; m = log.Next()) {
            const auto e = m->getRoot<schema::Entry>();
            if (e.isBlob()) {  // as with --blobs: each blob's bytes said to be in a file
                const std::string file = std::to_string(e.getBlob().getId()) + ".bin";
                mine.SetBlobFile(file, e.getBlob().getOffset()), ref.SetBlobFile(file, e.getBlob().getOffset());
                blobs++;
            }
            ASSERT_EQ(Encoded(mine, e), ref.Encode(e)) << "entry " << entries + 2;
            mine.SetBlobFile("", 0), ref.SetBlobFile("", 0);
            entries++;
            log.ReleasePassed();
        }
    }
    EXPECT_GT(entries, 1000u);  // the golden logs hold thousands; a reader that saw none proves nothing
    EXPECT_GT(blobs, 0u);
}

TEST(EntryJson, CornersAreWhatLibcapnpJsonWrites) {
    capnp::MallocMessageBuilder m;
    auto call = m.initRoot<schema::Entry>().initCall();
    call.setSeq(std::numeric_limits<std::uint64_t>::max());
    call.setFunction(static_cast<schema::Api>(65000));  // a function this schema does not name: its number
    auto args = call.initArgs(15);
    args[0].setFloat(std::numeric_limits<double>::quiet_NaN());
    args[1].setFloat(std::numeric_limits<double>::infinity());
    args[2].setFloat(-std::numeric_limits<double>::infinity());
    args[3].setFloat(0.1);
    args[4].setFloat(-0.0);
    args[5].setFloat(1e300);
    args[6].setText(capnp::Text::Reader("q\"b\\s\b\f\n\r\t\x01\x1f\x7f end"));
    const char bad[] = "ok \xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 bad \xff \xc0\xaf \xed\xa0\x80 \xc3";
    args[7].setText(capnp::Text::Reader(bad, sizeof bad - 1));
    args[8].setInt(std::numeric_limits<std::int64_t>::min());
    args[9].setNone();
    args[10].initWords(3).set(2, 4294967295u);
    auto config = args[11].initBufferConfig();
    config.setBufferType(200);  // tt-metal's enum has no such value: TtEnumName says so
    config.setLayout(0);
    auto kernel = args[12].initKernelConfig();
    kernel.setMathFidelity(2), kernel.setNoc(1);
    auto list = args[13].initList(2);
    list[0].setBool(true);
    list[1].adoptText(capnp::Orphan<capnp::Text>());  // a null pointer member, not the union's first: "null"
    args[14].initCbConfig().initIndices(1)[0].setDataFormat(250);
    Reference ref;
    EntryJson mine;
    const auto e = m.getRoot<schema::Entry>().asReader();
    EXPECT_EQ(Encoded(mine, e), ref.Encode(e));
    // The union's first member as a null pointer is left out (an entry with nothing set).
    capnp::MallocMessageBuilder empty;
    const auto h = empty.initRoot<schema::Entry>().initHeader().asReader();
    EXPECT_EQ(Encoded(mine, h), ref.Encode(h));
    capnp::MallocMessageBuilder nothing;
    const auto bare = nothing.initRoot<schema::Entry>().asReader();
    EXPECT_EQ(Encoded(mine, bare), ref.Encode(bare));

    // Data, with and without the file it went to.
    capnp::MallocMessageBuilder b;
    auto blob = b.initRoot<schema::Entry>().initBlob();
    blob.setId(7), blob.setOffset(4096), blob.initData(300);
    const auto be = b.getRoot<schema::Entry>().asReader();
    EXPECT_EQ(Encoded(mine, be), ref.Encode(be));
    mine.SetBlobFile("7 \"x\".bin", 4096), ref.SetBlobFile("7 \"x\".bin", 4096);
    EXPECT_EQ(Encoded(mine, be), ref.Encode(be));
}

TEST(EntryJson, ACallsEndCanBeWrittenOverItsTopLevelField) {
    capnp::MallocMessageBuilder m;
    auto call = m.initRoot<schema::Call>();
    call.setSeq(3), call.setBeginNs(10);
    EntryJson mine;
    std::string out;
    mine.Append(capnp::toDynamic(call.asReader()), out, 12345);
    EXPECT_NE(out.find("\"end_ns\":\"12345\""), std::string::npos) << out;
    out.clear();
    mine.Append(capnp::toDynamic(call.asReader()), out);
    EXPECT_NE(out.find("\"end_ns\":\"0\""), std::string::npos) << out;
}

TEST(EntryJson, StringsAreValidJsonWhateverTheBytes) {
    std::string out;
    AppendJsonString(std::string_view("a\0b\xff\xe2\x82\xac", 7), out);
    EXPECT_EQ(out, "\"a\\u0000b\\ufffd\xe2\x82\xac\"");
}

}  // namespace
}  // namespace ltcap::cli

int main(int argc, char** argv) {
    testing::InitGoogleTest(&argc, argv);
    for (int i = 1; i < argc; i++) ltcap::cli::g_logs.push_back(argv[i]);
    return RUN_ALL_TESTS();
}
