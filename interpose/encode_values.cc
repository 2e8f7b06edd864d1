// Plain parameters, encoded by their C++ type: each tt-metal type becomes the plain value of its kind
// (schema/values/) and is written by that kind's writer; an object comes back as what the call named (Named).
#include <algorithm>

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include "interpose/encode.h"
#include "interpose/tensor_accessors.h"
#include "interpose/tt_calls.h"
#include "schema/values/buffer_config.h"
#include "schema/values/cb_config.h"
#include "schema/values/cores.h"
#include "schema/values/data.h"
#include "schema/values/kernel_config.h"
#include "schema/values/list.h"
#include "schema/values/object.h"
#include "schema/values/region.h"
#include "schema/values/scalars.h"
#include "schema/values/shard_spec.h"
#include "schema/values/words.h"

namespace ltcap {

namespace {

values::Rect RectOf(const CoreRange& r) {
    return {static_cast<std::uint32_t>(r.start_coord.x), static_cast<std::uint32_t>(r.start_coord.y),
            static_cast<std::uint32_t>(r.end_coord.x), static_cast<std::uint32_t>(r.end_coord.y)};
}

std::vector<values::Rect> Rects(const std::vector<CoreRange>& ranges) {
    std::vector<values::Rect> out;
    for (const auto& r : ranges) out.push_back(RectOf(r));
    return out;
}

Named Cores(CallContext& c, V v, L::CoreForm form, const values::Rect* rects, std::size_t n) {
    return Named::Cores(values::WriteCores(c.msg, v, form, rects, n));
}

// A list whose elements are encoded by `each` (which returns what the element names: added to the call's facts).
template <typename T, typename Fn>
Named List(CallContext& c, V v, const T& items, Fn each) {
    auto list = values::WriteList(c.msg, v, items.size());
    std::size_t i = 0;
    for (const auto& item : items) c.facts.Add(each(c.msg.Element(list, i++), item));
    return {};
}

#if LTCAP_HAS_RUNTIME_ARGS_OBJECT
std::vector<std::uint32_t> Resolve(const tm::RuntimeArgs& args) {
    std::vector<std::uint32_t> words;
    for (const auto& a : args) {
        if (auto* b = std::get_if<tm::Buffer*>(&a)) words.push_back(*b ? static_cast<std::uint32_t>(lib::BufferAddress(**b)) : 0);
        else words.push_back(std::get<std::uint32_t>(a));
    }
    return words;
}
#endif

}  // namespace

Named Encode(CallContext& c, V v, bool x) {
    values::WriteBool(c.msg, v, x);
    return {};
}
Named Encode(CallContext& c, V v, const std::string& x) {
    values::WriteText(c.msg, v, x);
    return {};
}
Named Encode(CallContext& c, V v, void* pointer) {
    values::WriteHostPointer(c.msg, v, Key(pointer));
    return {};
}

Named Encode(CallContext& c, V v, tm::IDevice* device) {
    const std::uint64_t key = Key(device);
    // A mesh is an IDevice: a single-device call given one names the mesh (MeshDevice's IDevice base is its first).
    if (device && c.cap.meshes().IsMesh(key)) return Encode(c, v, static_cast<dist::MeshDevice*>(device));
    return Object(c, v, Kind::device, device ? c.cap.ids().Id(Kind::device, key) : 0, key,
                  device ? static_cast<std::uint64_t>(device->id()) : 0, 0);
}

#if LTCAP_HAS_COMMAND_QUEUE
// The queue's device is named too (a trace id of the queue's device needs it).
Named Encode(CallContext& c, V v, tm::CommandQueue& cq) {
    tm::IDevice* device = cq.device();
    const Named dev{Kind::device, c.cap.ids().Id(Kind::device, Key(device)), Key(device)};
    c.facts.Add(dev);
    c.cap.reads().NoteQueueDevice(Key(&cq), dev.key());
    return Object(c, v, Kind::commandQueue, c.cap.ids().Id(Kind::commandQueue, Key(&cq)), Key(&cq), cq.id(), dev.id());
}
#endif

// A program is known by its id (programs move: their address is no identity).
Named Encode(CallContext& c, V v, const tm::Program& program) {
    const std::uint64_t key = lib::ProgramId(program, Key(&program));
    c.program = &program;
    return Object(c, v, Kind::program, c.cap.ids().Id(Kind::program, key), key, key, 0);
}

Named Encode(CallContext& c, V v, const tm::Buffer& buffer) {
    std::uint64_t address = 0;
    try {
        address = lib::BufferAddress(buffer);
    } catch (...) {
        // A deallocated buffer has no address; the reference alone identifies it.
    }
    // The parent device is recorded where the buffer is created (Buffer::device() is an inline field read).
    return Object(c, v, Kind::buffer, c.cap.ids().Id(Kind::buffer, Key(&buffer)), Key(&buffer), address, 0);
}
Named Encode(CallContext& c, V v, const std::shared_ptr<tm::Buffer>& buffer) {
    if (!buffer) return Object(c, v, Kind::buffer, 0, 0, 0, 0);
    return Encode(c, v, *buffer);
}
Named Encode(CallContext& c, V v, const BufferRef& buffer) {
    if (auto* r = std::get_if<std::reference_wrapper<tm::Buffer>>(&buffer)) return Encode(c, v, r->get());
    return Encode(c, v, std::get<std::shared_ptr<tm::Buffer>>(buffer));
}

Named Encode(CallContext& c, V v, tt::stl::Span<const std::uint32_t> words) {
    values::WriteWords(c.msg, v, words.data(), words.size());
    return {};
}
Named Encode(CallContext& c, V v, const std::vector<std::uint32_t>& words) {
    values::WriteWords(c.msg, v, words.data(), words.size());
    return {};
}
Named Encode(CallContext& c, V v, tt::stl::Span<const std::uint8_t> bytes) {
    values::WriteData(c.msg, v, {c.Blob(bytes.data(), bytes.size()), bytes.size(), L::ElementType::bytes});
    return {};
}

// One core or range: no allocation on the hot path (SetRuntimeArgs on a core is the most frequent call).
Named Encode(CallContext& c, V v, const CoreCoord& core) {
    const auto x = static_cast<std::uint32_t>(core.x), y = static_cast<std::uint32_t>(core.y);
    const values::Rect rect{x, y, x, y};
    return Cores(c, v, L::CoreForm::coord, &rect, 1);
}
Named Encode(CallContext& c, V v, const CoreRange& range) {
    const values::Rect rect = RectOf(range);
    return Cores(c, v, L::CoreForm::range, &rect, 1);
}
Named Encode(CallContext& c, V v, const CoreRangeSet& set) {
    const auto rects = Rects(set.ranges());
    return Cores(c, v, L::CoreForm::rangeSet, rects.data(), rects.size());
}
Named Encode(CallContext& c, V v, const std::variant<CoreCoord, CoreRange, CoreRangeSet>& spec) {
    return std::visit([&](const auto& s) { return Encode(c, v, s); }, spec);
}
Named Encode(CallContext& c, V v, const std::variant<CoreRange, CoreRangeSet>& spec) {
    return std::visit([&](const auto& s) { return Encode(c, v, s); }, spec);
}
Named Encode(CallContext& c, V v, const std::vector<CoreCoord>& cores) {
    return List(c, v, cores, [&](V e, const CoreCoord& core) { return Encode(c, e, core); });
}
Named Encode(CallContext& c, V v, const std::vector<std::vector<std::uint32_t>>& args) {
    return List(c, v, args, [&](V e, const std::vector<std::uint32_t>& w) { return Encode(c, e, w); });
}

Named Encode(CallContext& c, V v, const api::KernelConfig& config) {
    values::KernelConfigValue k;
    auto common = [&](const auto& cfg) {
        k.opt_level = static_cast<std::uint8_t>(cfg.opt_level);
        k.compile_args = cfg.compile_args;
        for (const auto& [name, value] : cfg.defines) k.defines.emplace_back(name, value);
        if constexpr (requires { cfg.named_compile_args; }) {  // v0.67.0; sorted, so a log does not depend on hashing
            for (const auto& [name, value] : cfg.named_compile_args) k.named_compile_args.emplace_back(name, value);
            std::sort(k.named_compile_args.begin(), k.named_compile_args.end());
        }
    };
    if (auto* dm = std::get_if<tm::DataMovementConfig>(&config)) {
        k.kind = L::KernelKind::dataMovement;
        k.processor = static_cast<std::uint8_t>(dm->processor);
        k.noc = dm->noc;
        k.noc_mode = dm->noc_mode;
        common(*dm);
    } else if (auto* cc = std::get_if<tm::ComputeConfig>(&config)) {
        k.kind = L::KernelKind::compute;
        k.math_fidelity = static_cast<std::uint8_t>(cc->math_fidelity);
        k.fp32_dest_acc_en = cc->fp32_dest_acc_en;
        k.dst_full_sync_en = cc->dst_full_sync_en;
        k.bfp8_pack_precise = cc->bfp8_pack_precise;
        k.math_approx_mode = cc->math_approx_mode;
        for (auto m : cc->unpack_to_dest_mode) k.unpack_to_dest_mode.push_back(static_cast<std::uint8_t>(m));
        common(*cc);
    }
#if LTCAP_HAS_ETHERNET_KERNEL_CONFIG  // an EthernetConfig kernel
    else {
        const auto& eth = std::get<tm::EthernetConfig>(config);
        k.kind = L::KernelKind::ethernet;
        k.eth_mode = eth.eth_mode;
        k.noc = eth.noc;
        k.processor = static_cast<std::uint8_t>(eth.processor);
        common(eth);
    }
#endif
#if LTCAP_HAS_TENSOR_ACCESSOR_ARGS
    // Which of its args TensorAccessorArgs appended, for which buffer (tensor_accessors.h): a release that lays them
    // out otherwise recomputes them at replay.
    for (const AccessorSpan& s : Accessors().SpansIn(k.compile_args)) {
        values::TensorAccessorUse u{s.offset, s.count, 0, s.source.mesh_buffer, s.source.config, s.known};
        if (s.known && s.source.buffer) {
            // a buffer no call made or named is not one a replay has
            u.buffer = c.cap.ids().Find(s.source.mesh_buffer ? Kind::meshBuffer : Kind::buffer, s.source.buffer);
            u.known = u.buffer != 0;
        }
        k.tensor_accessors.push_back(u);
    }
#endif
    values::WriteKernelConfig(c.msg, v, k);
    return {};
}

namespace {
// A buffer config names its device (the buffer a call creates with it belongs to that device).
values::BufferConfigValue BufferConfig(CallContext& c, tm::IDevice* device, std::uint64_t size, std::uint64_t page,
                                       tm::BufferType type, tm::TensorMemoryLayout layout) {
    const Named dev{Kind::device, device ? c.cap.ids().Id(Kind::device, Key(device)) : 0, Key(device)};
    c.facts.Add(dev);
    return {dev.id(), size, page, static_cast<std::uint8_t>(type), static_cast<std::uint8_t>(layout), false, {}};
}
// v0.67.0's ShardSpec has no mode (physical, the only one then).
template <typename Spec>
std::uint8_t ShardMode(const Spec& spec) {
    if constexpr (requires { spec.mode; }) return static_cast<std::uint8_t>(spec.mode);
    else return 0;
}
values::ShardValue Shard(const tm::ShardSpecBuffer& p) {
    return {Rects(p.tensor_shard_spec.grid.ranges()),
            p.tensor_shard_spec.shape[0],
            p.tensor_shard_spec.shape[1],
            static_cast<std::uint8_t>(p.tensor_shard_spec.orientation),
            ShardMode(p.tensor_shard_spec),
            p.page_shape[0],
            p.page_shape[1],
            p.tensor2d_shape_in_pages[0],
            p.tensor2d_shape_in_pages[1]};
}
}  // namespace

// v0.67.0's interleaved config has no layout: it is interleaved.
template <typename Config>
tm::TensorMemoryLayout LayoutOf(const Config& config) {
    if constexpr (requires { config.buffer_layout; }) return config.buffer_layout;
    else return tm::TensorMemoryLayout::INTERLEAVED;
}
Named Encode(CallContext& c, V v, const tm::InterleavedBufferConfig& config) {
    values::WriteBufferConfig(c.msg, v, BufferConfig(c, config.device, config.size, config.page_size, config.buffer_type,
                                                     LayoutOf(config)));
    return {};
}

Named Encode(CallContext& c, V v, const tm::ShardedBufferConfig& config) {
    auto b = BufferConfig(c, config.device, config.size, config.page_size, config.buffer_type, config.buffer_layout);
    b.sharded = true;
    b.shard = Shard(config.shard_parameters);
    values::WriteBufferConfig(c.msg, v, b);
    return {};
}

// A mesh buffer's per-device layout: a buffer config of no device and no size (the mesh config says the size).
// v0.56.0 has its layout and shard parameters as fields; v0.67.0 in its sharding_args, with an N-D distribution spec
// or a 2-D shard spec.
namespace {
// (A pointer into the config: copying a shard spec would copy its CoreRangeSet, an out-of-line constructor.)
template <typename Config>
std::pair<tm::TensorMemoryLayout, const tm::ShardSpecBuffer*> Sharding(const Config& config) {
    if constexpr (requires { config.sharding_args; }) {
        const auto& spec = config.sharding_args.shard_spec();
        return {config.sharding_args.buffer_layout(), spec ? &*spec : nullptr};
    } else {
        return {config.buffer_layout, config.shard_parameters ? &*config.shard_parameters : nullptr};
    }
}
}  // namespace
Named Encode(CallContext& c, V v, const dist::DeviceLocalBufferConfig& config) {
    const auto [layout, shard] = Sharding(config);
    values::BufferConfigValue b{0, 0, config.page_size, static_cast<std::uint8_t>(config.buffer_type),
                                static_cast<std::uint8_t>(layout), false, {}, 0};
    if (shard) {
        b.sharded = true;
        b.shard = Shard(*shard);
    }
    if (config.bottom_up) b.bottom_up = *config.bottom_up ? 2 : 1;
#if LTCAP_HAS_DISTRIBUTION_SPEC
    // An N-D spec: its shapes and its cores, in order (what its (tensor, shard, cores) constructor takes back).
    if (const auto& spec = config.sharding_args.buffer_distribution_spec()) {
        values::DistributionValue d;
        const auto tensor = spec->tensor_shape_in_pages().view(), shard = spec->shard_shape_in_pages().view();
        d.tensor_pages.assign(tensor.begin(), tensor.end());
        d.shard_pages.assign(shard.begin(), shard.end());
        for (const CoreCoord& core : spec->cores()) {
            const auto x = static_cast<std::uint32_t>(core.x), y = static_cast<std::uint32_t>(core.y);
            d.cores.push_back({x, y, x, y});
        }
        b.distribution = std::move(d);
    }
#endif
    values::WriteBufferConfig(c.msg, v, b);
    return {};
}

Named Encode(CallContext& c, V v, const tm::ShardSpecBuffer& shard) {
    values::WriteShard(c.msg, v, Shard(shard));
    return {};
}

Named Encode(CallContext& c, V v, const tm::CircularBufferConfig& config) {
    values::CbConfigValue cb{config.total_size(), {}, 0};
    for (std::uint8_t i = 0; i < NUM_CIRCULAR_BUFFERS; i++)
        if (config.data_formats()[i])
            cb.indices.push_back({i, static_cast<std::uint8_t>(*config.data_formats()[i]), config.page_sizes()[i].value_or(0),
                                  config.remote_buffer_indices().count(i) != 0});
    std::uint64_t key = 0;
    if (config.globally_allocated_address() && config.shadow_global_buffer) {
        key = Key(config.shadow_global_buffer);
        cb.global_buffer = c.cap.ids().Id(Kind::buffer, key);
    }
    values::WriteCbConfig(c.msg, v, cb);
    // The buffer the CB is placed in: the tracker keeps it (as a ghost once released) while this record lasts.
    return cb.global_buffer ? Named(Kind::buffer, cb.global_buffer, key) : Named();
}

Named Encode(CallContext& c, V v, const tm::BufferRegion& region) {
    values::WriteRegion(c.msg, v, {region.offset, region.size});
    return {};
}

#if LTCAP_HAS_EVENT
Named Encode(CallContext& c, V v, const std::shared_ptr<tm::Event>& event) {
    const std::uint64_t key = Key(event.get());
    return Object(c, v, Kind::event, event ? c.cap.ids().Id(Kind::event, key) : 0, key, 0, 0);
}
#endif

Named Encode(CallContext& c, V v, tt::stl::Span<const tm::SubDeviceId> ids) {
    return List(c, v, ids, [&](V e, tm::SubDeviceId id) { return Encode(c, e, id); });
}
Named Encode(CallContext& c, V v, tm::SubDeviceId id) {
    values::WriteUint(c.msg, v, *id);
    return {};
}
Named Encode(CallContext& c, V v, const tm::DispatchCoreConfig& config) {
    const std::uint32_t words[] = {static_cast<std::uint32_t>(config.get_dispatch_core_type()),
                                   static_cast<std::uint32_t>(config.get_dispatch_core_axis())};
    values::WriteWords(c.msg, v, words, 2);
    return {};
}
#if LTCAP_HAS_METAL_TRACE
Named Encode(CallContext& c, V v, const tm::TraceDescriptor& desc) { return Encode(c, v, desc.data); }
#endif
#if LTCAP_HAS_KERNEL_OBJECT
Named Encode(CallContext& c, V v, const std::shared_ptr<tm::Kernel>& kernel) {
    const std::uint64_t key = Key(kernel.get());
    return Object(c, v, Kind::kernel, kernel ? c.cap.ids().Id(Kind::kernel, key) : 0, key, 0, 0);
}
#endif
#if LTCAP_HAS_RUNTIME_ARGS_OBJECT
Named Encode(CallContext& c, V v, const std::shared_ptr<tm::RuntimeArgs>& args) {
    if (args) Encode(c, v, Resolve(*args));
    return {};
}
Named Encode(CallContext& c, V v, const std::vector<std::shared_ptr<tm::RuntimeArgs>>& args) {
    return List(c, v, args, [&](V e, const std::shared_ptr<tm::RuntimeArgs>& a) { return Encode(c, e, a); });
}
#endif
#if LTCAP_HAS_INITIALIZER_LIST_ARGS
// SetRuntimeArgs' initializer_list form: its words, as the span form's.
Named Encode(CallContext& c, V v, std::initializer_list<std::uint32_t> words) {
    return Encode(c, v, tt::stl::Span<const std::uint32_t>(words.begin(), words.size()));
}
#endif
#if LTCAP_HAS_PROFILER_METADATA
// Op names for the profiler's report: not recorded (a replay reads the profile without them).
Named Encode(CallContext&, V, const ProfilerOptionalMetadata&) { return {}; }
#endif
Named Encode(CallContext& c, V v, const std::vector<tm::IDevice*>& devices) {
    return List(c, v, devices, [&](V e, tm::IDevice* d) { return Encode(c, e, d); });
}
Named Encode(CallContext& c, V v, const std::vector<chip_id_t>& ids) {
    return List(c, v, ids, [&](V e, chip_id_t id) { return Encode(c, e, id); });
}
Named Encode(CallContext& c, V v, const std::map<chip_id_t, tm::IDevice*>& devices) {
    return List(c, v, devices, [&](V e, const std::pair<const chip_id_t, tm::IDevice*>& d) { return Encode(c, e, d.second); });
}
Named Encode(CallContext& c, V v, const tm::RuntimeArgsData& args) {
    values::WriteWords(c.msg, v, args.rt_args_data, args.rt_args_count);
    return {};
}
Named Encode(CallContext& c, V v, const std::vector<std::vector<tm::RuntimeArgsData>>& args) {
    values::WriteUint(c.msg, v, args.size());
    return {};
}
#if LTCAP_HAS_LIGHT_METAL
Named Encode(CallContext& c, V v, const tm::LightMetalBinary& binary) {
    values::WriteUint(c.msg, v, binary.size());
    return {};
}
#endif
Named Encode(CallContext& c, V v, const tm::GlobalSemaphore& semaphore) {
    return Object(c, v, Kind::globalSemaphore, c.cap.ids().Id(Kind::globalSemaphore, semaphore.address()),
                  semaphore.address(), semaphore.address(), 0);
}
#if LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER
Named Encode(CallContext& c, V v, const api::CoreMapping& mapping) {
    return List(c, v, mapping, [&](V e, const std::pair<CoreCoord, CoreRangeSet>& m) {
        auto pair = values::WriteList(c.msg, e, 2);
        Encode(c, c.msg.Element(pair, 0), m.first);
        Encode(c, c.msg.Element(pair, 1), m.second);
        return Named{};
    });
}
// Known by its configuration's address, which no other live global circular buffer shares.
Named Encode(CallContext& c, V v, const tm::experimental::GlobalCircularBuffer& buffer) {
    const std::uint64_t config = buffer.config_address();
    return Object(c, v, Kind::globalCircularBuffer, c.cap.ids().Id(Kind::globalCircularBuffer, config), config, config, 0);
}
#endif
#if LTCAP_HAS_METAL_ENV
// Known by its address: MetalEnv can be neither copied nor moved, and the shim sees no constructor or destructor of
// it, so an environment made where a destroyed one lived is taken for it (docs/emulator.md, the v0.68.0-rc1 profile).
Named Encode(CallContext& c, V v, const tm::MetalEnv& env) {
    return Object(c, v, Kind::metalEnv, c.cap.ids().Id(Kind::metalEnv, Key(&env)), Key(&env), 0, 0);
}
#endif

}  // namespace ltcap
