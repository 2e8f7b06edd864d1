// Each value codec round-trips: written with the shim's writer (wire.h), read back with libcapnp, read by the
// codec's reader into an equal value, and printed the same way every time.
#include <capnp/message.h>
#include <capnp/serialize.h>
#include <gtest/gtest.h>

#include <functional>

#include "schema/values/print.h"

namespace ltcap::values {
namespace {

// Writes one Value with `write`, then hands the read-back Value to `check`.
void RoundTrip(const std::function<void(wire::Message&, V)>& write, const std::function<void(Value)>& check) {
    wire::Message m;
    auto root = m.InitRoot(L::Value::kSize);
    write(m, root);
    std::string bytes;
    m.AppendTo(bytes);
    kj::ArrayPtr<const capnp::word> words(reinterpret_cast<const capnp::word*>(bytes.data()), bytes.size() / 8);
    capnp::FlatArrayMessageReader reader(words);
    check(reader.getRoot<schema::Value>());
}

TEST(Values, Object) {
    for (const ObjectValue o : {ObjectValue{L::ObjectKind::buffer, 5, 0x1020, 3}, ObjectValue{L::ObjectKind::kernel, 7, 0, 2},
                                ObjectValue{L::ObjectKind::device, 1, 0, 0}}) {
        RoundTrip([&](wire::Message& m, V v) { WriteObject(m, v, o); }, [&](Value v) { EXPECT_EQ(ReadObject(v), o); });
    }
    RoundTrip([](wire::Message& m, V v) { WriteObject(m, v, {L::ObjectKind::buffer, 5, 0x1020, 0}); },
              [](Value v) { EXPECT_EQ(PrintValue(v), "buffer#5@0x1020"); });
    RoundTrip([](wire::Message& m, V v) { WriteObject(m, v, {L::ObjectKind::kernel, 7, 1, 2}); },
              [](Value v) { EXPECT_EQ(PrintValue(v), "kernel#7{1}"); });
    RoundTrip([](wire::Message& m, V v) { WriteObject(m, v, {L::ObjectKind::device, 0, 0, 0}); },
              [](Value v) { EXPECT_EQ(PrintValue(v), "null"); });
}

TEST(Values, Cores) {
    const CoresValue set{L::CoreForm::rangeSet, {{0, 0, 3, 3}, {5, 5, 5, 5}}};
    std::uint64_t hash = 0;
    RoundTrip([&](wire::Message& m, V v) { hash = WriteCores(m, v, set.form, set.ranges.data(), set.ranges.size()); },
              [&](Value v) {
                  EXPECT_EQ(ReadCores(v), set);
                  EXPECT_EQ(PrintValue(v), "{(0,0)-(3,3) (5,5)}");
              });
    EXPECT_NE(hash, 0u);
    const Rect one{2, 3, 2, 3};
    RoundTrip([&](wire::Message& m, V v) { EXPECT_NE(WriteCores(m, v, L::CoreForm::coord, &one, 1), hash); },
              [&](Value v) {
                  EXPECT_EQ(ReadCores(v), (CoresValue{L::CoreForm::coord, {one}}));
                  EXPECT_EQ(PrintValue(v), "(2,3)");
              });
    // A coord must have exactly one range.
    RoundTrip([&](wire::Message& m, V v) { WriteCores(m, v, L::CoreForm::coord, set.ranges.data(), 2); },
              [](Value v) { EXPECT_THROW(ReadCores(v), LogError); });
}

TEST(Values, Data) {
    const DataValue d{3, 4096, L::ElementType::float32};
    RoundTrip([&](wire::Message& m, V v) { WriteData(m, v, d); }, [&](Value v) {
        EXPECT_EQ(ReadData(v), d);
        EXPECT_EQ(PrintValue(v), "blob#3(4096 B float32)");
    });
}

TEST(Values, Words) {
    std::vector<std::uint32_t> w(20);
    for (std::uint32_t i = 0; i < w.size(); i++) w[i] = i * 7;
    RoundTrip([&](wire::Message& m, V v) { WriteWords(m, v, w.data(), w.size()); }, [&](Value v) {
        EXPECT_EQ(ReadWords(v), w);
        EXPECT_EQ(PrintValue(v), "[0, 7, 14, 21, 28, 35, 42, 49, 56, 63, 70, 77, 84, 91, 98, 105, … 20 words]");
        EXPECT_THROW(ReadText(v), LogError);
    });
}

TEST(Values, Scalars) {
    RoundTrip([](wire::Message& m, V v) { WriteInt(m, v, -5); }, [](Value v) {
        EXPECT_EQ(static_cast<std::int64_t>(ReadUnsigned(v)), -5);
        EXPECT_EQ(PrintValue(v), "-5");
    });
    RoundTrip([](wire::Message& m, V v) { WriteText(m, v, "a\x1b[31m\"b"); }, [](Value v) {
        EXPECT_EQ(ReadText(v), "a\x1b[31m\"b");
        EXPECT_EQ(PrintValue(v), "\"a\\x1b[31m\\\"b\"");  // no terminal escape sequence comes out of a log
    });
    RoundTrip([](wire::Message& m, V v) { WriteText(m, v, "a\xc2\x9b" "2Jb\xc2\x9d" "0;x\xc3\xa4"); }, [](Value v) {
        EXPECT_EQ(PrintValue(v), "\"a\\u009b2Jb\\u009d0;x\xc3\xa4\"");  // C1 CSI and OSC shown; other UTF-8 kept
    });
    RoundTrip([](wire::Message& m, V v) { WriteBool(m, v, true); }, [](Value v) { EXPECT_TRUE(ReadBool(v)); });
    RoundTrip([](wire::Message&, V) {}, [](Value v) {
        EXPECT_EQ(ReadUnsigned(v), 0u);  // none reads as 0
        EXPECT_EQ(PrintValue(v), "-");
    });
    RoundTrip([](wire::Message& m, V v) { WriteKernelSource(m, v, 9); }, [](Value v) {
        EXPECT_EQ(ReadKernelSource(v), 9u);
        EXPECT_THROW(ReadUnsigned(v), LogError);
    });
}

TEST(Values, KernelConfig) {
    KernelConfigValue c;
    c.kind = L::KernelKind::compute;
    c.math_fidelity = 4;
    c.fp32_dest_acc_en = true;
    c.math_approx_mode = true;
    c.opt_level = 2;
    c.unpack_to_dest_mode = {1, 0};
    c.compile_args = {64, 1};
    c.defines = {{"SFPU_OP_CHAIN_0", "exp_tile_init(); exp_tile(0);"}};
    RoundTrip([&](wire::Message& m, V v) { WriteKernelConfig(m, v, c); }, [&](Value v) {
        EXPECT_EQ(ReadKernelConfig(v), c);
        EXPECT_EQ(PrintValue(v), "compute{fidelity=HiFi4 args=[64, 1] SFPU_OP_CHAIN_0=exp_tile_init(); exp_tile(0);}");
    });
}

TEST(Values, KernelConfigTensorAccessors) {
    KernelConfigValue c;
    c.compile_args = {7, 2, 0, 1024};
    c.tensor_accessors = {{1, 1, 4, true, 0, true}, {2, 2, 9, false, 3, true}};
    RoundTrip([&](wire::Message& m, V v) { WriteKernelConfig(m, v, c); }, [&](Value v) {
        EXPECT_EQ(ReadKernelConfig(v), c);
        EXPECT_EQ(PrintValue(v),
                  "dataMovement{RISCV_0 NOC_0 args=[7, 2, 0, 1024] accessors=[1+1:meshBuffer#4, 2+2:buffer#9 config=3]}");
    });
    c.tensor_accessors = {{0, 1, 0, false, 0, false}};
    RoundTrip([&](wire::Message& m, V v) { WriteKernelConfig(m, v, c); },
              [&](Value v) { EXPECT_NE(PrintValue(v).find("accessors=[0+1:?]"), std::string::npos); });
    // Uses that are not words of the args, one after another, are refused.
    for (const auto& bad : std::vector<std::vector<TensorAccessorUse>>{
             {{3, 2, 1, false, 0, true}},                             // past the args' end
             {{0, 0, 1, false, 0, true}},                             // no words
             {{1, 2, 1, false, 0, true}, {2, 1, 1, false, 0, true}},  // overlapping
             {{2, 1, 1, false, 0, true}, {0, 1, 1, false, 0, true}},  // out of order
             {{0xFFFFFFFFu, 2, 1, false, 0, true}}}) {                // an offset that wraps
        c.tensor_accessors = bad;
        RoundTrip([&](wire::Message& m, V v) { WriteKernelConfig(m, v, c); },
                  [&](Value v) { EXPECT_THROW(ReadKernelConfig(v), LogError); });
    }
}

TEST(Values, BufferConfig) {
    BufferConfigValue c{3, 102400, 2048, 0, 0, false, {}};
    RoundTrip([&](wire::Message& m, V v) { WriteBufferConfig(m, v, c); }, [&](Value v) {
        EXPECT_EQ(ReadBufferConfig(v), c);
        EXPECT_EQ(PrintValue(v), "{device#3 size=102400 page=2048 DRAM INTERLEAVED}");
    });
    c.buffer_type = 9;  // a number v0.56.0 does not have
    RoundTrip([&](wire::Message& m, V v) { WriteBufferConfig(m, v, c); },
              [&](Value v) { EXPECT_EQ(PrintValue(v), "{device#3 size=102400 page=2048 BufferType(9) INTERLEAVED}"); });
    c = {3, 65536, 2048, 1, 2, true, {{{0, 0, 3, 0}}, 128, 32, 0, 0, 32, 32, 16, 1}};
    RoundTrip([&](wire::Message& m, V v) { WriteBufferConfig(m, v, c); }, [&](Value v) {
        EXPECT_EQ(ReadBufferConfig(v), c);
        EXPECT_EQ(PrintValue(v), "{device#3 size=65536 page=2048 L1 HEIGHT_SHARDED shard=128x32 on {(0,0)-(3,0)}}");
    });
}

TEST(Values, ShardSpec) {
    const ShardValue shard{{{0, 0, 1, 0}, {2, 2, 2, 3}}, 64, 32, 1, 1, 32, 32, 4, 1};
    RoundTrip([&](wire::Message& m, V v) { WriteShard(m, v, shard); }, [&](Value v) {
        EXPECT_EQ(ReadShard(v), shard);
        EXPECT_EQ(PrintValue(v), "shard{64x32 on {(0,0)-(1,0) (2,2)-(2,3)} pages 4x1 of 32x32}");
    });
    RoundTrip([&](wire::Message& m, V v) { WriteUint(m, v, 3); }, [&](Value v) { EXPECT_THROW(ReadShard(v), LogError); });
}

TEST(Values, CbConfig) {
    const CbConfigValue c{4096, {{0, 5, 2048}, {16, 6, 1088}}, 7};
    RoundTrip([&](wire::Message& m, V v) { WriteCbConfig(m, v, c); }, [&](Value v) {
        EXPECT_EQ(ReadCbConfig(v), c);
        EXPECT_EQ(PrintValue(v), "{total=4096 c0:Float16_b/2048 c16:Bfp8_b/1088 buffer#7}");
    });
}

TEST(Values, Region) {
    const RegionValue r{4096, 1024};
    RoundTrip([&](wire::Message& m, V v) { WriteRegion(m, v, r); }, [&](Value v) {
        EXPECT_EQ(ReadRegion(v), r);
        EXPECT_EQ(PrintValue(v), "[4096, +1024]");
    });
}

TEST(Values, List) {
    RoundTrip(
        [](wire::Message& m, V v) {
            auto list = WriteList(m, v, 20);
            for (std::size_t i = 0; i < 20; i++) WriteUint(m, m.Element(list, i), i);
        },
        [](Value v) {
            EXPECT_EQ(ReadList(v).size(), 20u);
            EXPECT_EQ(PrintValue(v), "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, … 4 more]");
        });
}

TEST(Values, TtEnums) {
    EXPECT_EQ(TtEnumName("BufferType", 1), "L1");
    EXPECT_EQ(TtEnumName("MathFidelity", 2), "HiFi2");
    EXPECT_EQ(TtEnumName("MathFidelity", 1), "MathFidelity(1)");  // the gap tt-metal leaves
    EXPECT_EQ(TtEnumName("DataFormat", 24), "UInt32");
    EXPECT_EQ(TtEnumName("NoSuchEnum", 3), "NoSuchEnum(3)");
    // Every enum type the schema gives a parameter has a table here.
    unsigned typed = 0;
    for (const char* const* row : L::kApiParamTypes)
        for (unsigned i = 0; row[i]; i++)
            if (*row[i]) {
                EXPECT_NE(FindTtEnum(row[i]), nullptr) << row[i];
                typed++;
            }
    EXPECT_GE(typed, 13u);  // v0.56.0: BufferType, TensorMemoryLayout, CoreType, profiler and fabric parameters
}

}  // namespace
}  // namespace ltcap::values
