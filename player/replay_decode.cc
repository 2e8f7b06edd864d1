#include "player/replay_decode.h"

#include <cstring>
#include <map>

#include "player/format.h"

namespace ltcap {
namespace {

// What a value must be for a parameter, or a LogError saying what it is instead.
void Expect(bool ok, const char* what, Value v) {
    if (!ok) throw LogError(std::string("expected ") + what + ", the log has " + FormatValue(v));
}

schema::ObjectRef::Reader Object(Value v, schema::ObjectKind kind, const char* what) {
    Expect(v.isObject() && v.getObject().getKind() == kind, what, v);
    return v.getObject();
}

std::vector<CoreRange> Ranges(capnp::List<schema::CoreRange>::Reader list) {
    std::vector<CoreRange> out;
    for (auto r : list) out.emplace_back(CoreCoord{r.getStartX(), r.getStartY()}, CoreCoord{r.getEndX(), r.getEndY()});
    return out;
}

std::map<std::string, std::string> Defines(capnp::List<schema::Define>::Reader list) {
    std::map<std::string, std::string> out;
    for (auto d : list) out[d.getName().cStr()] = d.getValue().cStr();
    return out;
}

}  // namespace

std::uint64_t Unsigned(Value v) {
    switch (v.which()) {
        case schema::Value::UINT: return v.getUint();
        case schema::Value::INT: return static_cast<std::uint64_t>(v.getInt());
        case schema::Value::BOOL: return v.getBool();
        case schema::Value::NONE: return 0;
        default: throw LogError("expected a number, the log has " + FormatValue(v));
    }
}

Held<std::string> Decode(CallReplay&, Value v, Tag<std::string>) {
    Expect(v.isText(), "text", v);
    return {v.getText().cStr()};
}

// ---- Objects

Held<tm::IDevice*> Decode(CallReplay& x, Value v, Tag<tm::IDevice*>) {
    const auto o = Object(v, schema::ObjectKind::DEVICE, "a device");
    return {o.getId() ? x.o.devices.Get(o.getId()) : nullptr};
}

// A queue is looked up on first use: its device's queue with the captured index.
Ref<tm::CommandQueue> Decode(CallReplay& x, Value v, Tag<tm::CommandQueue>) {
    const auto o = Object(v, schema::ObjectKind::COMMAND_QUEUE, "a command queue");
    if (!x.o.queues.Has(o.getId()))
        x.o.queues.Put(o.getId(), &x.o.devices.Get(o.getParent())->command_queue(o.getRaw()));
    return {x.o.queues.Get(o.getId())};
}

// A program the log has not seen created was constructed directly (`Program program{}`), which is no API call: it
// is created here on first use, as it was in the captured program.
Ref<tm::Program> Decode(CallReplay& x, Value v, Tag<tm::Program>) {
    const std::uint64_t id = Object(v, schema::ObjectKind::PROGRAM, "a program").getId();
    if (!x.o.programs.Has(id)) x.o.programs.Put(id, std::make_unique<tm::Program>());
    return {x.o.programs.Get(id).get()};
}

Held<std::shared_ptr<tm::Buffer>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<tm::Buffer>>) {
    const std::uint64_t id = Object(v, schema::ObjectKind::BUFFER, "a buffer").getId();
    return {id ? x.o.buffers.Get(id) : nullptr};
}

Ref<tm::Buffer> Decode(CallReplay& x, Value v, Tag<tm::Buffer>) {
    const auto buffer = Decode(x, v, Tag<std::shared_ptr<tm::Buffer>>{}).value;  // the table keeps it alive
    if (!buffer) throw LogError("a null buffer where the function takes one by reference");
    return {buffer.get()};
}

Held<api::BufRef> Decode(CallReplay& x, Value v, Tag<api::BufRef>) {
    return {Decode(x, v, Tag<std::shared_ptr<tm::Buffer>>{}).value};
}

Held<std::shared_ptr<tm::Event>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<tm::Event>>) {
    const std::uint64_t id = Object(v, schema::ObjectKind::EVENT, "an event").getId();
    return {id ? x.o.events.Get(id) : nullptr};
}

// The (IDevice*, shared_ptr<Kernel>) forms name the kernel by its object, which the capture gave the id of the
// program's handle.
Held<std::shared_ptr<tm::Kernel>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<tm::Kernel>>) {
    const std::uint64_t id = Object(v, schema::ObjectKind::KERNEL, "a kernel").getId();
    if (!id) return {nullptr};
    const KernelEntry& k = x.o.kernels.Get(id);
    return {x.o.programs.Get(k.program)->get_kernel(k.handle)};
}

Held<std::vector<tm::IDevice*>> Decode(CallReplay& x, Value v, Tag<std::vector<tm::IDevice*>>) {
    Expect(v.isList(), "a list of devices", v);
    Held<std::vector<tm::IDevice*>> out;
    for (auto d : v.getList()) out.value.push_back(Decode(x, d, Tag<tm::IDevice*>{}).value);
    return out;
}

Held<api::DeviceMap> Decode(CallReplay& x, Value v, Tag<api::DeviceMap>) {
    Held<api::DeviceMap> out;
    for (tm::IDevice* d : Decode(x, v, Tag<std::vector<tm::IDevice*>>{}).value)
        if (d) out.value[d->id()] = d;
    return out;
}

// ---- Words, data, runtime args

HeldSpan<const std::uint32_t> Decode(CallReplay& x, Value v, Tag<tt::stl::Span<const std::uint32_t>>) {
    Expect(v.isWords(), "words", v);
    return {x.r.Words(v.getWords())};
}

Held<std::vector<std::uint32_t>> Decode(CallReplay&, Value v, Tag<std::vector<std::uint32_t>>) {
    Expect(v.isWords(), "words", v);
    return {ToVector<std::uint32_t>(v.getWords())};
}

Held<std::vector<std::vector<std::uint32_t>>> Decode(CallReplay& x, Value v,
                                                      Tag<std::vector<std::vector<std::uint32_t>>>) {
    Expect(v.isList(), "a list of words", v);
    Held<std::vector<std::vector<std::uint32_t>>> out;
    for (auto e : v.getList()) out.value.push_back(Decode(x, e, Tag<tt::stl::Span<const std::uint32_t>>{}).items);
    return out;
}

const std::uint8_t* DataBytes(CallReplay& x, Value v) {
    Expect(v.isData(), "data", v);
    auto d = v.getData();
    x.payload_bytes = d.getSize();
    x.r.CountWritten(d.getSize());
    return x.r.Data(d, d.getSize());
}

Held<tt::stl::Span<const std::uint8_t>> Decode(CallReplay& x, Value v, Tag<tt::stl::Span<const std::uint8_t>>) {
    const std::uint8_t* bytes = DataBytes(x, v);
    return {tt::stl::Span<const std::uint8_t>(bytes, x.payload_bytes)};
}

// Runtime args with buffers were recorded as the buffers' addresses: plain words now.
Held<std::shared_ptr<tm::RuntimeArgs>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<tm::RuntimeArgs>>) {
    if (v.isNone()) return {nullptr};
    auto args = std::make_shared<tm::RuntimeArgs>();
    for (std::uint32_t w : Decode(x, v, Tag<tt::stl::Span<const std::uint32_t>>{}).items) args->emplace_back(w);
    return {std::move(args)};
}

Held<std::vector<std::shared_ptr<tm::RuntimeArgs>>> Decode(CallReplay& x, Value v,
                                                            Tag<std::vector<std::shared_ptr<tm::RuntimeArgs>>>) {
    Expect(v.isList(), "a list of runtime args", v);
    Held<std::vector<std::shared_ptr<tm::RuntimeArgs>>> out;
    for (auto e : v.getList()) out.value.push_back(Decode(x, e, Tag<std::shared_ptr<tm::RuntimeArgs>>{}).value);
    return out;
}

Held<tm::TraceDescriptor> Decode(CallReplay& x, Value v, Tag<tm::TraceDescriptor>) {
    Held<tm::TraceDescriptor> out;
    out.value.data = Decode(x, v, Tag<std::vector<std::uint32_t>>{}).value;
    return out;
}

Held<tm::DispatchCoreConfig> Decode(CallReplay&, Value v, Tag<tm::DispatchCoreConfig>) {
    Expect(v.isWords(), "a dispatch core config (type, axis)", v);
    auto w = v.getWords();
    return {tm::DispatchCoreConfig(static_cast<tm::DispatchCoreType>(w.size() > 0 ? w[0] : 0),
                                   static_cast<tm::DispatchCoreAxis>(w.size() > 1 ? w[1] : 0))};
}

// ---- Cores

Held<api::CoreSpec> Decode(CallReplay&, Value v, Tag<api::CoreSpec>) {
    Expect(v.isCores(), "cores", v);
    auto c = v.getCores();
    auto ranges = Ranges(c.getRanges());
    if (ranges.empty() && c.getForm() != schema::CoreForm::RANGE_SET) throw LogError("a core or core range with no range");
    switch (c.getForm()) {
        case schema::CoreForm::COORD: return {ranges[0].start_coord};
        case schema::CoreForm::RANGE: return {ranges[0]};
        default: return {CoreRangeSet(std::move(ranges))};
    }
}

Held<CoreCoord> Decode(CallReplay& x, Value v, Tag<CoreCoord>) {
    auto spec = Decode(x, v, Tag<api::CoreSpec>{}).value;
    if (auto* c = std::get_if<CoreCoord>(&spec)) return {*c};
    throw LogError("expected one core, the log has " + FormatValue(v));
}

Held<CoreRangeSet> Decode(CallReplay& x, Value v, Tag<CoreRangeSet>) {
    auto spec = Decode(x, v, Tag<api::CoreSpec>{}).value;
    if (auto* s = std::get_if<CoreRangeSet>(&spec)) return {std::move(*s)};
    throw LogError("expected a core range set, the log has " + FormatValue(v));
}

Held<api::SemaphoreCores> Decode(CallReplay& x, Value v, Tag<api::SemaphoreCores>) {
    auto spec = Decode(x, v, Tag<api::CoreSpec>{}).value;
    if (auto* r = std::get_if<CoreRange>(&spec)) return {*r};
    if (auto* s = std::get_if<CoreRangeSet>(&spec)) return {std::move(*s)};
    return {CoreRange(std::get<CoreCoord>(spec))};
}

Held<std::vector<CoreCoord>> Decode(CallReplay& x, Value v, Tag<std::vector<CoreCoord>>) {
    Expect(v.isList(), "a list of cores", v);
    Held<std::vector<CoreCoord>> out;
    for (auto e : v.getList()) out.value.push_back(Decode(x, e, Tag<CoreCoord>{}).value);
    return out;
}

// ---- Configs and small types

Held<api::KernelConfig> Decode(CallReplay&, Value v, Tag<api::KernelConfig>) {
    Expect(v.isKernelConfig(), "a kernel config", v);
    auto k = v.getKernelConfig();
    std::vector<std::uint32_t> args = ToVector<std::uint32_t>(k.getCompileArgs());
    const auto opt = static_cast<tm::KernelBuildOptLevel>(k.getOptLevel());
    switch (k.getKind()) {
        case schema::KernelKind::DATA_MOVEMENT:
            return {tm::DataMovementConfig{static_cast<tm::DataMovementProcessor>(k.getProcessor()),
                                           static_cast<tm::NOC>(k.getNoc()), static_cast<tm::NOC_MODE>(k.getNocMode()),
                                           args, Defines(k.getDefines()), opt}};
        case schema::KernelKind::COMPUTE: {
            tm::ComputeConfig cfg;
            cfg.math_fidelity = static_cast<MathFidelity>(k.getMathFidelity());
            cfg.fp32_dest_acc_en = k.getFp32DestAccEn();
            cfg.dst_full_sync_en = k.getDstFullSyncEn();
            for (auto m : k.getUnpackToDestMode()) cfg.unpack_to_dest_mode.push_back(static_cast<UnpackToDestMode>(m));
            cfg.bfp8_pack_precise = k.getBfp8PackPrecise();
            cfg.math_approx_mode = k.getMathApproxMode();
            cfg.compile_args = args;
            cfg.defines = Defines(k.getDefines());
            cfg.opt_level = opt;
            return {cfg};
        }
        default:
            return {tm::EthernetConfig{static_cast<tm::Eth>(k.getEthMode()), static_cast<tm::NOC>(k.getNoc()),
                                       static_cast<tm::DataMovementProcessor>(k.getProcessor()), args,
                                       Defines(k.getDefines()), opt}};
    }
}

Held<tm::InterleavedBufferConfig> Decode(CallReplay& x, Value v, Tag<tm::InterleavedBufferConfig>) {
    Expect(v.isBufferConfig(), "a buffer config", v);
    auto b = v.getBufferConfig();
    return {{x.o.devices.Get(b.getDevice()), b.getSize(), b.getPageSize(), static_cast<tm::BufferType>(b.getBufferType()),
             static_cast<tm::TensorMemoryLayout>(b.getLayout())}};
}

Held<tm::ShardedBufferConfig> Decode(CallReplay& x, Value v, Tag<tm::ShardedBufferConfig>) {
    Expect(v.isBufferConfig() && v.getBufferConfig().getSharded(), "a sharded buffer config", v);
    auto b = v.getBufferConfig();
    auto s = b.getShard();
    tm::ShardSpecBuffer spec(CoreRangeSet(Ranges(s.getGrid())), {s.getShapeHeight(), s.getShapeWidth()},
                             static_cast<tm::ShardOrientation>(s.getOrientation()),
                             {s.getPageHeight(), s.getPageWidth()}, {s.getTensorPagesHeight(), s.getTensorPagesWidth()});
    spec.tensor_shard_spec.mode = static_cast<tm::ShardMode>(s.getMode());
    return {{x.o.devices.Get(b.getDevice()), b.getSize(), b.getPageSize(), static_cast<tm::BufferType>(b.getBufferType()),
             static_cast<tm::TensorMemoryLayout>(b.getLayout()), spec}};
}

Held<tm::CircularBufferConfig> Decode(CallReplay& x, Value v, Tag<tm::CircularBufferConfig>) {
    Expect(v.isCbConfig(), "a circular buffer config", v);
    auto c = v.getCbConfig();
    std::map<std::uint8_t, tt::DataFormat> formats;
    for (auto i : c.getIndices()) formats[i.getIndex()] = static_cast<tt::DataFormat>(i.getDataFormat());
    tm::CircularBufferConfig cfg = c.getGlobalBuffer()
                                       ? tm::CircularBufferConfig(c.getTotalSize(), formats, *x.o.buffers.Get(c.getGlobalBuffer()))
                                       : tm::CircularBufferConfig(c.getTotalSize(), formats);
    for (auto i : c.getIndices())
        if (i.getPageSize()) cfg.set_page_size(i.getIndex(), i.getPageSize());
    return {std::move(cfg)};
}

Held<tm::BufferRegion> Decode(CallReplay&, Value v, Tag<tm::BufferRegion>) {
    Expect(v.isRegion(), "a buffer region", v);
    return {tm::BufferRegion(v.getRegion().getOffset(), v.getRegion().getSize())};
}

Held<tm::SubDeviceId> Decode(CallReplay&, Value v, Tag<tm::SubDeviceId>) {
    return {tm::SubDeviceId{static_cast<std::uint8_t>(Unsigned(v))}};
}

HeldSpan<const tm::SubDeviceId> Decode(CallReplay& x, Value v, Tag<api::SubIds>) {
    HeldSpan<const tm::SubDeviceId> out;
    if (v.isNone()) return out;
    Expect(v.isList(), "a list of sub-device ids", v);
    for (auto e : v.getList()) out.items.push_back(Decode(x, e, Tag<tm::SubDeviceId>{}).value);
    return out;
}

Held<std::optional<std::uint8_t>> Decode(CallReplay&, Value v, Tag<std::optional<std::uint8_t>>) {
    if (v.isNone()) return {std::nullopt};
    return {static_cast<std::uint8_t>(Unsigned(v))};
}

}  // namespace ltcap
