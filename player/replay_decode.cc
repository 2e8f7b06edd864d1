#include "player/replay_decode.h"

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#if LTCAP_HAS_TENSOR_ACCESSOR_ARGS
#include <tt-metalium/tensor_accessor_args.hpp>
#endif

#include <bit>
#include <initializer_list>

#include <cstring>
#include <map>

#include "player/format.h"
#include "schema/values/buffer_config.h"
#include "schema/values/cb_config.h"
#include "schema/values/cores.h"
#include "schema/values/kernel_config.h"
#include "schema/values/object.h"
#include "schema/values/region.h"
#include "schema/values/scalars.h"
#include "schema/values/shard_spec.h"
#include "schema/values/words.h"

namespace ltcap {
namespace {

// What a value must be for a parameter, or a LogError saying what it is instead.
void Expect(bool ok, const char* what, Value v) {
    if (!ok) values::Unexpected(what, v);
}


std::vector<CoreRange> Ranges(const std::vector<values::Rect>& rects) {
    std::vector<CoreRange> out;
    for (const auto& r : rects) out.emplace_back(CoreCoord{r.start_x, r.start_y}, CoreCoord{r.end_x, r.end_y});
    return out;
}

}  // namespace

tm::ShardSpecBuffer DecodeShardSpec(const values::ShardValue& s) {
    tm::ShardSpecBuffer spec(CoreRangeSet(Ranges(s.grid)), {s.shape_height, s.shape_width},
                             static_cast<tm::ShardOrientation>(s.orientation), {s.page_height, s.page_width},
                             {s.tensor_pages_height, s.tensor_pages_width});
#if LTCAP_HAS_SHARD_MODE
    spec.tensor_shard_spec.mode = static_cast<tm::ShardMode>(s.mode);
#endif
    return spec;
}

namespace {
tm::ShardSpecBuffer ShardSpec(const values::ShardValue& s) { return DecodeShardSpec(s); }
}  // namespace

std::uint64_t Unsigned(Value v) { return values::ReadUnsigned(v); }

values::ObjectValue ObjectOf(Value v, schema::ObjectKind kind, const char* what) {
    const values::ObjectValue o = values::ReadObject(v);
    if (o.kind != static_cast<layout::ObjectKind>(kind)) values::Unexpected(what, v);
    return o;
}

Held<std::string> Decode(CallReplay&, Value v, Tag<std::string>) { return {values::ReadText(v)}; }

// ---- Objects

Held<tm::IDevice*> Decode(CallReplay& x, Value v, Tag<tm::IDevice*>) {
    if (v.isObject() && v.getObject().getKind() == schema::ObjectKind::MESH_DEVICE)
        return {Decode(x, v, Tag<tm::distributed::MeshDevice*>{}).value};
    const auto o = ObjectOf(v, schema::ObjectKind::DEVICE, "a device");
    return {o.id ? x.o.Device(o.id) : nullptr};
}

#if LTCAP_HAS_COMMAND_QUEUE
// A queue is its device's queue with the captured index, looked up at every use: never kept by id, since a queue
// goes with its device (closing it frees the queue) and logs of format 8 and before gave a later device's queue the
// id of a closed one's whose memory it reused.
Ref<tm::CommandQueue> Decode(CallReplay& x, Value v, Tag<tm::CommandQueue>) {
    const auto o = ObjectOf(v, schema::ObjectKind::COMMAND_QUEUE, "a command queue");
    tm::IDevice* device = x.o.Device(o.parent);
    if (o.raw >= device->num_hw_cqs())
        throw LogError("names command queue " + std::to_string(o.raw) + " of a device with " +
                       std::to_string(device->num_hw_cqs()));
    return {&device->command_queue(o.raw)};
}
#endif

// A program the log has not seen created was constructed directly (`Program program{}`), which is no API call: it
// is created here on first use, as it was in the captured program.
Ref<tm::Program> Decode(CallReplay& x, Value v, Tag<tm::Program>) {
    const std::uint64_t id = ObjectOf(v, schema::ObjectKind::PROGRAM, "a program").id;
    if (!x.o.programs.Has(id)) x.o.programs.Put(id, std::make_unique<tm::Program>());
    return {&x.o.ProgramById(id)};
}

Held<std::shared_ptr<tm::Buffer>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<tm::Buffer>>) {
    const std::uint64_t id = ObjectOf(v, schema::ObjectKind::BUFFER, "a buffer").id;
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

#if LTCAP_HAS_EVENT
Held<std::shared_ptr<tm::Event>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<tm::Event>>) {
    const std::uint64_t id = ObjectOf(v, schema::ObjectKind::EVENT, "an event").id;
    return {id ? x.o.events.Get(id) : nullptr};
}
#endif
#if LTCAP_HAS_KERNEL_OBJECT

// The (IDevice*, shared_ptr<Kernel>) forms name the kernel by its object, which the capture gave the id of the
// program's handle.
Held<std::shared_ptr<tm::Kernel>> Decode(CallReplay& x, Value v, Tag<std::shared_ptr<tm::Kernel>>) {
    const std::uint64_t id = ObjectOf(v, schema::ObjectKind::KERNEL, "a kernel").id;
    if (!id) return {nullptr};
    const KernelEntry& k = x.o.kernels.Get(id);
    return {x.o.ProgramById(k.program).get_kernel(k.handle)};
}
#endif

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
    return {x.s.addresses.Remap(values::ReadWords(v))};
}

#if LTCAP_HAS_INITIALIZER_LIST_ARGS
namespace {
struct ListLayout {  // libstdc++'s std::initializer_list: its array and its length
    const std::uint32_t* array;
    std::size_t length;
};
static_assert(sizeof(ListLayout) == sizeof(std::initializer_list<std::uint32_t>) &&
              std::is_trivially_copyable_v<std::initializer_list<std::uint32_t>>);
}  // namespace
std::initializer_list<std::uint32_t>& HeldList::get() {
    list = std::bit_cast<std::initializer_list<std::uint32_t>>(ListLayout{items.data(), items.size()});
    return list;
}
HeldList Decode(CallReplay& x, Value v, Tag<std::initializer_list<std::uint32_t>>) {
    return {x.s.addresses.Remap(values::ReadWords(v)), {}};
}
#endif

Held<std::vector<std::uint32_t>> Decode(CallReplay&, Value v, Tag<std::vector<std::uint32_t>>) {
    return {values::ReadWords(v)};
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
    x.s.times.CountWritten(d.getSize());
    return x.s.payloads.DataFor(x.Seq(), d, d.getSize());
}

Held<tt::stl::Span<const std::uint8_t>> Decode(CallReplay& x, Value v, Tag<tt::stl::Span<const std::uint8_t>>) {
    const std::uint8_t* bytes = DataBytes(x, v);
    return {tt::stl::Span<const std::uint8_t>(bytes, x.payload_bytes)};
}

#if LTCAP_HAS_RUNTIME_ARGS_OBJECT
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
#endif

Held<tm::DispatchCoreConfig> Decode(CallReplay&, Value v, Tag<tm::DispatchCoreConfig>) {
    const auto w = values::ReadWords(v);
    return {tm::DispatchCoreConfig(static_cast<tm::DispatchCoreType>(w.size() > 0 ? w[0] : 0),
                                   static_cast<tm::DispatchCoreAxis>(w.size() > 1 ? w[1] : 0))};
}

// ---- Cores

Held<api::CoreSpec> Decode(CallReplay&, Value v, Tag<api::CoreSpec>) {
    const values::CoresValue c = values::ReadCores(v);  // a coord or a range has exactly one range
    auto ranges = Ranges(c.ranges);
    switch (c.form) {
        case layout::CoreForm::coord: return {ranges[0].start_coord};
        case layout::CoreForm::range: return {ranges[0]};
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

#if LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER
Held<api::CoreMapping> Decode(CallReplay& x, Value v, Tag<api::CoreMapping>) {
    Expect(v.isList(), "a core mapping", v);
    Held<api::CoreMapping> out;
    for (auto pair : v.getList()) {
        Expect(pair.isList() && pair.getList().size() == 2, "a (sender core, receiver cores) pair", pair);
        out.value.emplace_back(Decode(x, pair.getList()[0], Tag<CoreCoord>{}).value,
                               Decode(x, pair.getList()[1], Tag<CoreRangeSet>{}).value);
    }
    return out;
}
Ref<tm::experimental::GlobalCircularBuffer> Decode(CallReplay& x, Value v, Tag<tm::experimental::GlobalCircularBuffer>) {
    const auto& buffer = x.o.global_circular_buffers.Get(
        ObjectOf(v, schema::ObjectKind::GLOBAL_CIRCULAR_BUFFER, "a global circular buffer").id);
    if (!buffer) throw LogError("passes a null global circular buffer by reference");
    return {buffer.get()};
}
#endif

#if LTCAP_HAS_METAL_ENV
// The program constructed its MetalEnv (no API call): made here on first use, with the default descriptor (the log
// holds no descriptor; a mock cluster is the replaying environment's choice: TT_METAL_MOCK_CLUSTER_DESC_PATH).
Ref<tm::MetalEnv> Decode(CallReplay& x, Value v, Tag<tm::MetalEnv>) {
    const std::uint64_t id = ObjectOf(v, schema::ObjectKind::METAL_ENV, "a MetalEnv").id;
    if (!id) throw LogError("a null MetalEnv");
    if (!x.o.metal_envs.Has(id)) x.o.metal_envs.Put(id, std::make_unique<tm::MetalEnv>());
    return {x.o.metal_envs.Get(id).get()};
}
#endif

// ---- Configs and small types

#if LTCAP_HAS_TENSOR_ACCESSOR_ARGS
// A kernel's compile-time args with each recorded TensorAccessorArgs' words made again by this release's, for the
// buffer this replay has under the recorded id (--cross-release between releases that lay them out otherwise).
std::vector<std::uint32_t> RemadeArgs(CallReplay& x, const values::KernelConfigValue& k) {
    std::vector<std::uint32_t> args, unused;
    std::size_t at = 0;
    for (const values::TensorAccessorUse& u : k.tensor_accessors) {  // by offset, within the args (ReadKernelConfig)
        args.insert(args.end(), k.compile_args.begin() + at, k.compile_args.begin() + u.offset);
        if (!u.known)
            throw LogError("the TensorAccessorArgs words at compile-time argument " + std::to_string(u.offset) +
                           " come from an object the capture did not see made");
        const tensor_accessor::ArgsConfig config(u.args_config);
        const std::size_t made = args.size();
        if (!u.buffer) {
            tm::TensorAccessorArgs(static_cast<const tm::Buffer*>(nullptr), config).append_to(args, unused);
        } else if (u.mesh_buffer) {
            const auto& buffer = x.o.mesh_buffers.Get(u.buffer);
            if (!buffer) throw LogError("TensorAccessorArgs of mesh buffer#" + std::to_string(u.buffer) + ", freed");
            tm::TensorAccessorArgs(*buffer, config).append_to(args, unused);
        } else {
            const auto& buffer = x.o.buffers.Get(u.buffer);
            if (!buffer) throw LogError("TensorAccessorArgs of buffer#" + std::to_string(u.buffer) + ", freed");
            tm::TensorAccessorArgs(*buffer, config).append_to(args, unused);
        }
        // Both layouts start with the config word, which says the same in both (sharded, DRAM, what is at run time):
        // one that differs means the record names another object than the one that made the words.
        if (args.size() == made || args[made] != k.compile_args[u.offset])
            throw LogError("the TensorAccessorArgs words at compile-time argument " + std::to_string(u.offset) +
                           " (config word " + std::to_string(k.compile_args[u.offset]) + ") are not those of " +
                           (u.mesh_buffer ? "mesh buffer#" : "buffer#") + std::to_string(u.buffer) + " (config word " +
                           (args.size() == made ? std::string("none") : std::to_string(args[made])) +
                           "): the record does not match them");
        at = u.offset + u.count;
    }
    args.insert(args.end(), k.compile_args.begin() + at, k.compile_args.end());
    return args;
}
#endif

Held<api::KernelConfig> Decode(CallReplay& x, Value v, Tag<api::KernelConfig>) {
    values::KernelConfigValue k = values::ReadKernelConfig(v);
#if LTCAP_HAS_TENSOR_ACCESSOR_ARGS
    if (x.s.crossing && !k.tensor_accessors.empty() &&
        x.s.crossing->Remakes(x.c.call, RecordedWords::kTensorAccessorArgs))
        k.compile_args = RemadeArgs(x, k);
#else
    (void)x;
#endif
    const std::map<std::string, std::string> defines(k.defines.begin(), k.defines.end());
    const auto opt = static_cast<tm::KernelBuildOptLevel>(k.opt_level);
    const auto named = [&](auto& cfg) {  // v0.67.0's named compile-time args
        if constexpr (requires { cfg.named_compile_args; })
            for (const auto& [name, value] : k.named_compile_args) cfg.named_compile_args[name] = value;
    };
    switch (k.kind) {
        case layout::KernelKind::dataMovement: {
            tm::DataMovementConfig cfg;
            cfg.processor = static_cast<tm::DataMovementProcessor>(k.processor);
            cfg.noc = static_cast<tm::NOC>(k.noc);
            cfg.noc_mode = static_cast<tm::NOC_MODE>(k.noc_mode);
            cfg.compile_args = k.compile_args;
            cfg.defines = defines;
            cfg.opt_level = opt;
            named(cfg);
            return {cfg};
        }
        case layout::KernelKind::compute: {
            tm::ComputeConfig cfg;
            cfg.math_fidelity = static_cast<MathFidelity>(k.math_fidelity);
            cfg.fp32_dest_acc_en = k.fp32_dest_acc_en;
            cfg.dst_full_sync_en = k.dst_full_sync_en;
            for (auto m : k.unpack_to_dest_mode) cfg.unpack_to_dest_mode.push_back(static_cast<UnpackToDestMode>(m));
            cfg.bfp8_pack_precise = k.bfp8_pack_precise;
            cfg.math_approx_mode = k.math_approx_mode;
            cfg.compile_args = k.compile_args;
            cfg.defines = defines;
            cfg.opt_level = opt;
            named(cfg);
            return {cfg};
        }
#if LTCAP_HAS_ETHERNET_KERNEL_CONFIG
        default:
            return {tm::EthernetConfig{static_cast<tm::Eth>(k.eth_mode), static_cast<tm::NOC>(k.noc),
                                       static_cast<tm::DataMovementProcessor>(k.processor), k.compile_args, defines, opt}};
#else
        default: throw LogError("an Ethernet kernel config, which v0.67.0's CreateKernel does not take");
#endif
    }
}

void CheckConfigDevice(schema::Value::Reader v) {
    if (v.isBufferConfig() && v.getBufferConfig().getDevice() == 0) throw ImpossibleValue("a buffer config of no device");
}

Held<tm::InterleavedBufferConfig> Decode(CallReplay& x, Value v, Tag<tm::InterleavedBufferConfig>) {
    const values::BufferConfigValue b = values::ReadBufferConfig(v);
    tm::InterleavedBufferConfig config{};
    config.device = x.o.Device(b.device);
    config.size = b.size;
    config.page_size = b.page_size;
    config.buffer_type = static_cast<tm::BufferType>(b.buffer_type);
    [](auto& c, tm::TensorMemoryLayout layout) {  // v0.67.0's has none: it is interleaved
        if constexpr (requires { c.buffer_layout; }) c.buffer_layout = layout;
    }(config, static_cast<tm::TensorMemoryLayout>(b.layout));
    return {config};
}

Held<tm::ShardedBufferConfig> Decode(CallReplay& x, Value v, Tag<tm::ShardedBufferConfig>) {
    const values::BufferConfigValue b = values::ReadBufferConfig(v);
    Expect(b.sharded, "a sharded buffer config", v);
    return {{x.o.Device(b.device), b.size, b.page_size, static_cast<tm::BufferType>(b.buffer_type),
             static_cast<tm::TensorMemoryLayout>(b.layout), ShardSpec(b.shard)}};
}

Held<tm::CircularBufferConfig> Decode(CallReplay& x, Value v, Tag<tm::CircularBufferConfig>) {
    const values::CbConfigValue c = values::ReadCbConfig(v);
    std::map<std::uint8_t, tt::DataFormat> formats;
    for (const auto& i : c.indices)
        if (!i.remote) formats[i.index] = static_cast<tt::DataFormat>(i.data_format);
    tm::CircularBufferConfig cfg = c.global_buffer
                                       ? tm::CircularBufferConfig(c.total_size, formats, *x.o.buffers.Get(c.global_buffer))
                                       : tm::CircularBufferConfig(c.total_size, formats);
    for (const auto& i : c.indices) {
        if (i.remote) cfg.remote_index(i.index).set_data_format(static_cast<tt::DataFormat>(i.data_format));
        if (i.page_size) cfg.set_page_size(i.index, i.page_size);
    }
    return {std::move(cfg)};
}

Held<tm::BufferRegion> Decode(CallReplay&, Value v, Tag<tm::BufferRegion>) {
    const values::RegionValue r = values::ReadRegion(v);
    return {tm::BufferRegion(r.offset, r.size)};
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

Held<tm::ShardSpecBuffer> Decode(CallReplay&, Value v, Tag<tm::ShardSpecBuffer>) {
    return {ShardSpec(values::ReadShard(v))};
}

}  // namespace ltcap
