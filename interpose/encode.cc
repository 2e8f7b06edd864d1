#include "interpose/encode.h"

#include "interpose/tt_calls.h"

namespace ltcap {
namespace {

// Trailing fields that are 0 are left out of the struct (Cap'n Proto reads a shorter struct's missing fields as
// their defaults): most references have no raw value or parent, and references are most of a hot call's bytes.
void SetObject(CallContext& c, V v, Kind kind, std::uint64_t id, std::uint64_t raw, std::uint64_t parent) {
    static_assert(L::ObjectRef::f_raw.offset == 128 && L::ObjectRef::f_parent.offset == 192, "raw, parent last");
    const std::uint16_t words = parent ? 4 : raw ? 3 : 2;
    auto o = c.msg.InitStruct<L::Value>(v, L::Value::f_object, wire::StructSize{words, 0});
    c.msg.Set<L::ObjectRef>(o, L::ObjectRef::f_kind, static_cast<std::uint16_t>(kind));
    c.msg.Set<L::ObjectRef>(o, L::ObjectRef::f_id, id);
    if (raw) c.msg.Set<L::ObjectRef>(o, L::ObjectRef::f_raw, raw);
    if (parent) c.msg.Set<L::ObjectRef>(o, L::ObjectRef::f_parent, parent);
}

std::uint64_t Key(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }

struct Rect {
    CoreCoord start, end;
};

std::vector<Rect> Rects(const std::vector<CoreRange>& ranges) {
    std::vector<Rect> out;
    for (const auto& r : ranges) out.push_back({r.start_coord, r.end_coord});
    return out;
}

void SetRanges(CallContext& c, wire::StructRef parent, const wire::Field& f, const Rect* ranges, std::size_t n) {
    for (std::size_t i = 0; i < n; i++) {  // which cores a call names: runtime args records replace by target
        for (std::uint64_t w : {ranges[i].start.x, ranges[i].start.y, ranges[i].end.x, ranges[i].end.y})
            c.spec_hash = (c.spec_hash ^ w) * 0x100000001b3ull + 0x9E3779B97F4A7C15ull;
    }
    auto list = c.msg.InitStructList<L::CoreSpec>(parent, f, n, L::CoreRange::kSize);
    for (std::size_t i = 0; i < n; i++) {
        auto r = c.msg.Element(list, i);
        c.msg.Set<L::CoreRange>(r, L::CoreRange::f_startX, ranges[i].start.x);
        c.msg.Set<L::CoreRange>(r, L::CoreRange::f_startY, ranges[i].start.y);
        c.msg.Set<L::CoreRange>(r, L::CoreRange::f_endX, ranges[i].end.x);
        c.msg.Set<L::CoreRange>(r, L::CoreRange::f_endY, ranges[i].end.y);
    }
}

void SetCores(CallContext& c, V v, L::CoreForm form, const Rect* ranges, std::size_t n) {
    auto spec = c.msg.InitStruct<L::Value>(v, L::Value::f_cores, L::CoreSpec::kSize);
    c.msg.Set<L::CoreSpec>(spec, L::CoreSpec::f_form, static_cast<std::uint16_t>(form));
    SetRanges(c, spec, L::CoreSpec::f_ranges, ranges, n);
}

void SetData(CallContext& c, V v, std::uint64_t blob, std::uint64_t size, L::ElementType type) {
    auto d = c.msg.InitStruct<L::Value>(v, L::Value::f_data, L::DataRef::kSize);
    c.msg.Set<L::DataRef>(d, L::DataRef::f_blob, blob);
    c.msg.Set<L::DataRef>(d, L::DataRef::f_size, size);
    c.msg.Set<L::DataRef>(d, L::DataRef::f_elementType, static_cast<std::uint16_t>(type));
}

template <typename T, typename Fn>
void SetList(CallContext& c, V v, const T& items, Fn each) {
    auto list = c.msg.InitStructList<L::Value>(v, L::Value::f_list, items.size(), L::Value::kSize);
    std::size_t i = 0;
    for (const auto& item : items) each(c.msg.Element(list, i++), item);
}

std::vector<std::uint32_t> Resolve(const tm::RuntimeArgs& args) {
    std::vector<std::uint32_t> words;
    for (const auto& a : args) {
        if (auto* b = std::get_if<tm::Buffer*>(&a)) words.push_back(*b ? static_cast<std::uint32_t>(lib::BufferAddress(**b)) : 0);
        else words.push_back(std::get<std::uint32_t>(a));
    }
    return words;
}

}  // namespace

void Encode(CallContext& c, V v, bool x) { c.msg.Set<L::Value>(v, L::Value::f_bool, x); }
void Encode(CallContext& c, V v, const std::string& x) { c.msg.SetText<L::Value>(v, L::Value::f_text, x); }
void Encode(CallContext& c, V v, void* pointer) { c.msg.Set<L::Value>(v, L::Value::f_hostPointer, Key(pointer)); }

void Encode(CallContext& c, V v, tm::IDevice* device) {
    c.device_key = Key(device);
    c.device_id = device ? c.cap.ids().Id(Kind::device, c.device_key) : 0;
    if (c.device_count < c.devices.size()) c.devices[c.device_count++] = c.device_id;
    SetObject(c, v, Kind::device, c.device_id, device ? static_cast<std::uint64_t>(device->id()) : 0, 0);
}

void Encode(CallContext& c, V v, tm::CommandQueue& cq) {
    tm::IDevice* device = cq.device();
    c.device_key = Key(device);
    c.device_id = c.cap.ids().Id(Kind::device, c.device_key);
    c.queue_key = Key(&cq);
    c.queue_id = c.cap.ids().Id(Kind::commandQueue, c.queue_key);
    c.cap.reads().NoteQueueDevice(c.queue_key, c.device_key);
    SetObject(c, v, Kind::commandQueue, c.queue_id, cq.id(), c.device_id);
}

void Encode(CallContext& c, V v, const tm::Program& program) {
    c.program_key = lib::ProgramId(program, Key(&program));
    c.program_id = c.cap.ids().Id(Kind::program, c.program_key);
    c.program = &program;
    SetObject(c, v, Kind::program, c.program_id, c.program_key, 0);
}

void Encode(CallContext& c, V v, const tm::Buffer& buffer) {
    std::uint64_t address = 0;
    try {
        address = lib::BufferAddress(buffer);
    } catch (...) {
        // A deallocated buffer has no address; the reference alone identifies it.
    }
    // The parent device is recorded where the buffer is created (Buffer::device() is an inline field read).
    c.buffer_id = c.cap.ids().Id(Kind::buffer, Key(&buffer));
    SetObject(c, v, Kind::buffer, c.buffer_id, address, 0);
}
void Encode(CallContext& c, V v, const std::shared_ptr<tm::Buffer>& buffer) {
    if (!buffer) return SetObject(c, v, Kind::buffer, 0, 0, 0);
    Encode(c, v, *buffer);
}
void Encode(CallContext& c, V v, const BufferRef& buffer) {
    if (auto* r = std::get_if<std::reference_wrapper<tm::Buffer>>(&buffer)) return Encode(c, v, r->get());
    Encode(c, v, std::get<std::shared_ptr<tm::Buffer>>(buffer));
}

void Encode(CallContext& c, V v, tt::stl::Span<const std::uint32_t> words) {
    c.msg.SetU32List<L::Value>(v, L::Value::f_words, words.data(), words.size());
}
void Encode(CallContext& c, V v, const std::vector<std::uint32_t>& words) {
    c.msg.SetU32List<L::Value>(v, L::Value::f_words, words.data(), words.size());
}
void Encode(CallContext& c, V v, tt::stl::Span<const std::uint8_t> bytes) {
    SetData(c, v, c.Blob(bytes.data(), bytes.size()), bytes.size(), L::ElementType::bytes);
}

void Encode(CallContext& c, V v, const CoreCoord& core) {
    const Rect r{core, core};
    SetCores(c, v, L::CoreForm::coord, &r, 1);
}
void Encode(CallContext& c, V v, const CoreRange& range) {
    const Rect r{range.start_coord, range.end_coord};
    SetCores(c, v, L::CoreForm::range, &r, 1);
}
void Encode(CallContext& c, V v, const CoreRangeSet& set) {
    const auto rects = Rects(set.ranges());
    SetCores(c, v, L::CoreForm::rangeSet, rects.data(), rects.size());
}
void Encode(CallContext& c, V v, const std::variant<CoreCoord, CoreRange, CoreRangeSet>& spec) {
    std::visit([&](const auto& s) { Encode(c, v, s); }, spec);
}
void Encode(CallContext& c, V v, const std::variant<CoreRange, CoreRangeSet>& spec) {
    std::visit([&](const auto& s) { Encode(c, v, s); }, spec);
}
void Encode(CallContext& c, V v, const std::vector<CoreCoord>& cores) {
    SetList(c, v, cores, [&](V e, const CoreCoord& core) { Encode(c, e, core); });
}
void Encode(CallContext& c, V v, const std::vector<std::vector<std::uint32_t>>& args) {
    SetList(c, v, args, [&](V e, const std::vector<std::uint32_t>& w) { Encode(c, e, w); });
}

void Encode(CallContext& c, V v,
            const std::variant<tm::DataMovementConfig, tm::ComputeConfig, tm::EthernetConfig>& config) {
    auto k = c.msg.InitStruct<L::Value>(v, L::Value::f_kernelConfig, L::KernelConfig::kSize);
    using K = L::KernelConfig;
    auto common = [&](const auto& cfg) {
        c.msg.Set<K>(k, K::f_optLevel, static_cast<std::uint64_t>(cfg.opt_level));
        c.msg.SetU32List<K>(k, K::f_compileArgs, cfg.compile_args.data(), cfg.compile_args.size());
        auto defs = c.msg.InitStructList<K>(k, K::f_defines, cfg.defines.size(), L::Define::kSize);
        std::size_t i = 0;
        for (const auto& [name, value] : cfg.defines) {
            c.msg.SetText<L::Define>(c.msg.Element(defs, i), L::Define::f_name, name);
            c.msg.SetText<L::Define>(c.msg.Element(defs, i++), L::Define::f_value, value);
        }
    };
    if (auto* dm = std::get_if<tm::DataMovementConfig>(&config)) {
        c.msg.Set<K>(k, K::f_kind, static_cast<std::uint16_t>(L::KernelKind::dataMovement));
        c.msg.Set<K>(k, K::f_processor, static_cast<std::uint64_t>(dm->processor));
        c.msg.Set<K>(k, K::f_noc, dm->noc);
        c.msg.Set<K>(k, K::f_nocMode, dm->noc_mode);
        common(*dm);
    } else if (auto* cc = std::get_if<tm::ComputeConfig>(&config)) {
        c.msg.Set<K>(k, K::f_kind, static_cast<std::uint16_t>(L::KernelKind::compute));
        c.msg.Set<K>(k, K::f_mathFidelity, static_cast<std::uint64_t>(cc->math_fidelity));
        c.msg.Set<K>(k, K::f_fp32DestAccEn, cc->fp32_dest_acc_en);
        c.msg.Set<K>(k, K::f_dstFullSyncEn, cc->dst_full_sync_en);
        c.msg.Set<K>(k, K::f_bfp8PackPrecise, cc->bfp8_pack_precise);
        c.msg.Set<K>(k, K::f_mathApproxMode, cc->math_approx_mode);
        std::vector<std::uint8_t> modes;
        for (auto m : cc->unpack_to_dest_mode) modes.push_back(static_cast<std::uint8_t>(m));
        c.msg.SetU8List<K>(k, K::f_unpackToDestMode, modes.data(), modes.size());
        common(*cc);
    } else {
        const auto& eth = std::get<tm::EthernetConfig>(config);
        c.msg.Set<K>(k, K::f_kind, static_cast<std::uint16_t>(L::KernelKind::ethernet));
        c.msg.Set<K>(k, K::f_ethMode, eth.eth_mode);
        c.msg.Set<K>(k, K::f_noc, eth.noc);
        c.msg.Set<K>(k, K::f_processor, static_cast<std::uint64_t>(eth.processor));
        common(eth);
    }
}

namespace {
wire::StructRef BufferConfigValue(CallContext& c, V v, tm::IDevice* device, std::uint64_t size, std::uint64_t page,
                                  tm::BufferType type, tm::TensorMemoryLayout layout) {
    using B = L::BufferConfig;
    auto b = c.msg.InitStruct<L::Value>(v, L::Value::f_bufferConfig, B::kSize);
    c.device_key = Key(device);
    c.device_id = device ? c.cap.ids().Id(Kind::device, c.device_key) : 0;
    c.msg.Set<B>(b, B::f_device, c.device_id);
    c.msg.Set<B>(b, B::f_size, size);
    c.msg.Set<B>(b, B::f_pageSize, page);
    c.msg.Set<B>(b, B::f_bufferType, static_cast<std::uint64_t>(type));
    c.msg.Set<B>(b, B::f_layout, static_cast<std::uint64_t>(layout));
    return b;
}
}  // namespace

void Encode(CallContext& c, V v, const tm::InterleavedBufferConfig& config) {
    BufferConfigValue(c, v, config.device, config.size, config.page_size, config.buffer_type, config.buffer_layout);
}

void Encode(CallContext& c, V v, const tm::ShardedBufferConfig& config) {
    using B = L::BufferConfig;
    using S = L::ShardSpec;
    auto b = BufferConfigValue(c, v, config.device, config.size, config.page_size, config.buffer_type,
                               config.buffer_layout);
    c.msg.Set<B>(b, B::f_sharded, true);
    auto s = c.msg.InitStruct<B>(b, B::f_shard, S::kSize);
    const auto& p = config.shard_parameters;
    c.msg.Set<S>(s, S::f_shapeHeight, p.tensor_shard_spec.shape[0]);
    c.msg.Set<S>(s, S::f_shapeWidth, p.tensor_shard_spec.shape[1]);
    c.msg.Set<S>(s, S::f_orientation, static_cast<std::uint64_t>(p.tensor_shard_spec.orientation));
    c.msg.Set<S>(s, S::f_mode, static_cast<std::uint64_t>(p.tensor_shard_spec.mode));
    c.msg.Set<S>(s, S::f_pageHeight, p.page_shape[0]);
    c.msg.Set<S>(s, S::f_pageWidth, p.page_shape[1]);
    c.msg.Set<S>(s, S::f_tensorPagesHeight, p.tensor2d_shape_in_pages[0]);
    c.msg.Set<S>(s, S::f_tensorPagesWidth, p.tensor2d_shape_in_pages[1]);
    const auto grid = Rects(p.tensor_shard_spec.grid.ranges());
    SetRanges(c, s, S::f_grid, grid.data(), grid.size());
}

void Encode(CallContext& c, V v, const tm::CircularBufferConfig& config) {
    using C = L::CbConfig;
    auto cb = c.msg.InitStruct<L::Value>(v, L::Value::f_cbConfig, C::kSize);
    c.msg.Set<C>(cb, C::f_totalSize, config.total_size());
    std::vector<std::uint8_t> indices;
    for (std::uint8_t i = 0; i < NUM_CIRCULAR_BUFFERS; i++)
        if (config.data_formats()[i]) indices.push_back(i);
    auto list = c.msg.InitStructList<C>(cb, C::f_indices, indices.size(), L::CbIndex::kSize);
    for (std::size_t n = 0; n < indices.size(); n++) {
        const auto i = indices[n];
        auto e = c.msg.Element(list, n);
        c.msg.Set<L::CbIndex>(e, L::CbIndex::f_index, i);
        c.msg.Set<L::CbIndex>(e, L::CbIndex::f_dataFormat, static_cast<std::uint64_t>(*config.data_formats()[i]));
        c.msg.Set<L::CbIndex>(e, L::CbIndex::f_pageSize, config.page_sizes()[i].value_or(0));
    }
    if (config.globally_allocated_address() && config.shadow_global_buffer)
        c.msg.Set<C>(cb, C::f_globalBuffer, c.cap.ids().Id(Kind::buffer, Key(config.shadow_global_buffer)));
}

void Encode(CallContext& c, V v, const tm::BufferRegion& region) {
    auto r = c.msg.InitStruct<L::Value>(v, L::Value::f_region, L::Region::kSize);
    c.msg.Set<L::Region>(r, L::Region::f_offset, region.offset);
    c.msg.Set<L::Region>(r, L::Region::f_size, region.size);
}

void Encode(CallContext& c, V v, const std::shared_ptr<tm::Event>& event) {
    c.event_id = event ? c.cap.ids().Id(Kind::event, Key(event.get())) : 0;
    SetObject(c, v, Kind::event, c.event_id, 0, 0);
}

void Encode(CallContext& c, V v, tt::stl::Span<const tm::SubDeviceId> ids) {
    SetList(c, v, ids, [&](V e, tm::SubDeviceId id) { Encode(c, e, id); });
}
void Encode(CallContext& c, V v, tm::SubDeviceId id) { c.msg.Set<L::Value>(v, L::Value::f_uint, *id); }
void Encode(CallContext& c, V v, const std::optional<std::uint8_t>& cq_id) {
    if (cq_id) c.msg.Set<L::Value>(v, L::Value::f_uint, *cq_id);
}
void Encode(CallContext& c, V v, const tm::DispatchCoreConfig& config) {
    const std::vector<std::uint32_t> words{static_cast<std::uint32_t>(config.get_dispatch_core_type()),
                                           static_cast<std::uint32_t>(config.get_dispatch_core_axis())};
    Encode(c, v, words);
}
void Encode(CallContext& c, V v, const tm::TraceDescriptor& desc) { Encode(c, v, desc.data); }
void Encode(CallContext& c, V v, const std::shared_ptr<tm::Kernel>& kernel) {
    c.kernel_id = kernel ? c.cap.ids().Id(Kind::kernel, Key(kernel.get())) : 0;
    SetObject(c, v, Kind::kernel, c.kernel_id, 0, 0);
}
void Encode(CallContext& c, V v, const std::shared_ptr<tm::RuntimeArgs>& args) {
    if (args) Encode(c, v, Resolve(*args));
}
void Encode(CallContext& c, V v, const std::vector<std::shared_ptr<tm::RuntimeArgs>>& args) {
    SetList(c, v, args, [&](V e, const std::shared_ptr<tm::RuntimeArgs>& a) { Encode(c, e, a); });
}
void Encode(CallContext& c, V v, const std::vector<tm::IDevice*>& devices) {
    SetList(c, v, devices, [&](V e, tm::IDevice* d) { Encode(c, e, d); });
}
void Encode(CallContext& c, V v, const std::vector<chip_id_t>& ids) {
    SetList(c, v, ids, [&](V e, chip_id_t id) { Encode(c, e, id); });
}
void Encode(CallContext& c, V v, const std::map<chip_id_t, tm::IDevice*>& devices) {
    SetList(c, v, devices, [&](V e, const std::pair<const chip_id_t, tm::IDevice*>& d) { Encode(c, e, d.second); });
}
void Encode(CallContext& c, V v, const tm::RuntimeArgsData& args) {
    c.msg.SetU32List<L::Value>(v, L::Value::f_words, args.rt_args_data, args.rt_args_count);
}
void Encode(CallContext& c, V v, const std::vector<std::vector<tm::RuntimeArgsData>>& args) {
    c.msg.Set<L::Value>(v, L::Value::f_uint, args.size());
}
void Encode(CallContext& c, V v, const tm::LightMetalBinary& binary) {
    c.msg.Set<L::Value>(v, L::Value::f_uint, binary.size());
}
void Encode(CallContext& c, V v, const tm::GlobalSemaphore& semaphore) {
    SetObject(c, v, Kind::globalSemaphore, c.cap.ids().Id(Kind::globalSemaphore, semaphore.address()), semaphore.address(), 0);
}

// ---- Roles

void Encode(CallContext& c, V v, const KernelRef& r) {
    c.kernel_id = c.cap.ids().Id(Kind::kernel, (c.program_key << 20) | r.value);
    SetObject(c, v, Kind::kernel, c.kernel_id, r.value, c.program_id);
}
// The log tracks the library's view of runtime args only for kernels the program can edit in place.
void Encode(CallContext& c, V v, const SetsArgsOf& r) {
    const std::uint64_t kernel_id = c.kernel_id = c.cap.ids().Id(Kind::kernel, (c.program_key << 20) | r.value);
    SetObject(c, v, Kind::kernel, kernel_id, r.value, c.program_id);
    if (c.program && c.cap.args().Exposed(kernel_id))
        c.Then([](CallContext& c, std::uint64_t kernel, std::uint64_t) { NoteArgs(c, *c.program, kernel); }, r.value);
}
void Encode(CallContext& c, V v, const ExposesArgsOf& r) {
    Encode(c, v, KernelRef{r.value});
    const std::uint64_t kernel_id = c.cap.ids().Id(Kind::kernel, (c.program_key << 20) | r.value);
    if (!c.program) return;
    c.Then(
        [](CallContext& c, std::uint64_t kernel, std::uint64_t id) {
            if (c.cap.args().Exposed(id)) return;
            NoteArgs(c, *c.program, kernel);  // the log's view now equals the library's
            c.cap.args().Expose(id);
        },
        r.value, kernel_id);
}
void Encode(CallContext& c, V v, const CbRef& r) {
    c.cb_id = c.cap.ids().Id(Kind::circularBuffer, r.value);
    SetObject(c, v, Kind::circularBuffer, c.cb_id, 0, c.program_id);
}
void Encode(CallContext& c, V v, const TraceRef& r) {
    c.trace_id = c.cap.ids().Id(Kind::trace, (c.device_id << 32) | r.value);
    SetObject(c, v, Kind::trace, c.trace_id, r.value, c.device_id);
}
void Encode(CallContext& c, V v, const KernelFile& r) {
    c.msg.Set<L::Value>(v, L::Value::f_kernelSource, c.cap.sources().FromFile(c.log, r.value));
}
void Encode(CallContext& c, V v, const KernelText& r) {
    c.msg.Set<L::Value>(v, L::Value::f_kernelSource, c.cap.sources().FromText(c.log, r.value));
}
void Encode(CallContext& c, V v, const LaunchOf& r) {
    Encode(c, v, static_cast<const tm::Program&>(r.value));
    c.launch = &r.value;
}
void Encode(CallContext& c, V v, const FinishesQueue& r) {
    Encode(c, v, r.value);
    c.Then([](CallContext& c, std::uint64_t, std::uint64_t) {
        if (c.log) c.log->CompleteReads(c.queue_key, c.seq);
    });
}
void Encode(CallContext& c, V v, const ClosesDevice& r) {
    Encode(c, v, r.value);
    c.Then([](CallContext& c, std::uint64_t key, std::uint64_t) { c.cap.reads().CompleteDeviceReads(c.log, key); }, Key(r.value));
}
void Encode(CallContext& c, V v, const SynchronizesDevice& r) {
    Encode(c, v, r.value);
    c.Then([](CallContext& c, std::uint64_t key, std::uint64_t) { c.cap.reads().CompleteDeviceReads(c.log, key); }, Key(r.value));
}
void Encode(CallContext& c, V v, const SynchronizesEvent& r) {
    Encode(c, v, r.value);
    c.Then(
        [](CallContext& c, std::uint64_t key, std::uint64_t) {
            std::uint64_t queue, seq;
            if (c.log && c.cap.reads().EventQueue(key, queue, seq)) c.log->CompleteReads(queue, seq);
        },
        Key(r.value.get()));
}
void Encode(CallContext& c, V v, const RecordsEvent& r) {
    Encode(c, v, r.value);
    c.Then([](CallContext& c, std::uint64_t key, std::uint64_t) { c.cap.reads().NoteEvent(key, c.queue_key, c.seq); },
           Key(r.value.get()));
}
void Encode(CallContext& c, V v, const Blocking& r) {
    Encode(c, v, r.value);
    if (r.value && c.log)
        c.Then([](CallContext& c, std::uint64_t, std::uint64_t) { c.log->CompleteReads(c.queue_key, c.seq + 1); });
}
void Encode(CallContext& c, V v, const OutWords& r) {
    std::vector<std::uint32_t>* out = &r.value;
    c.msg.Set<L::Value>(v, L::Value::f_hostPointer, Key(out));
    if (c.cap.capture_reads() && c.log)
        c.Then(
            [](CallContext& c, std::uint64_t p, std::uint64_t) {
                const auto* words = reinterpret_cast<std::vector<std::uint32_t>*>(p);
                c.log->EmitReadData(c.seq, words->data(), words->size() * 4);
            },
            Key(out));
}
void Encode(CallContext& c, V v, const OutWord& r) {
    std::uint32_t* out = &r.value;
    c.msg.Set<L::Value>(v, L::Value::f_hostPointer, Key(out));
    if (c.cap.capture_reads() && c.log)
        c.Then([](CallContext& c, std::uint64_t p, std::uint64_t) { c.log->EmitReadData(c.seq, reinterpret_cast<void*>(p), 4); },
               Key(out));
}

void Encode(CallContext& c, V v, const Payload& p) {
    const L::ElementType type = static_cast<L::ElementType>(p.value.index());
    const void* data = std::visit(
        [](const auto& alt) -> const void* {
            if constexpr (std::is_same_v<std::decay_t<decltype(alt)>, const void*>) return alt;
            else return alt ? static_cast<const void*>(alt->data()) : nullptr;
        },
        p.value);
    if (!data) return SetData(c, v, 0, 0, type);
    SetData(c, v, c.Blob(data, p.size), p.size, type);
}

void Encode(CallContext& c, V v, const LaunchOfShared& r) {
    if (!r.value) return SetObject(c, v, Kind::program, 0, 0, 0);
    Encode(c, v, LaunchOf{*r.value});
}

void Encode(CallContext& c, V v, const LoadsTrace& r) { Encode(c, v, TraceRef{r.value}); }
void Encode(CallContext& c, V v, const DeviceNumber& r) { Encode(c, v, r.value); }
void Encode(CallContext& c, V v, const DeviceNumbers& r) { Encode(c, v, r.value); }
void Encode(CallContext& c, V v, const ClosesDevices& r) { Encode(c, v, r.value); }
void Encode(CallContext& c, V v, const ShardInto& r) { c.msg.Set<L::Value>(v, L::Value::f_hostPointer, Key(r.value)); }
void Encode(CallContext& c, V v, const Golden& r) {
    if (!r.value) return SetData(c, v, 0, 0, L::ElementType::bytes);
    SetData(c, v, c.Blob(r.value, r.size), r.size, L::ElementType::bytes);
}

void Encode(CallContext& c, V v, const ReleasedBuffer& r) {
    c.buffer_id = c.cap.ids().Id(Kind::buffer, Key(r.value));
    SetObject(c, v, Kind::buffer, c.buffer_id, 0, 0);
}

void EncodeReadInto(CallContext& c, V v, const void* dst, std::uint64_t size, bool final_on_return) {
    c.msg.Set<L::Value>(v, L::Value::f_hostPointer, Key(dst));
    if (!c.cap.capture_reads() || !dst || !c.log) return;
    if (final_on_return) {
        c.Then([](CallContext& c, std::uint64_t p, std::uint64_t n) { c.log->EmitReadData(c.seq, reinterpret_cast<void*>(p), n); },
               Key(dst), size);
        return;
    }
    // Blocking reads are final on return; others when their queue is finished (see the roles above).
    c.Then([](CallContext& c, std::uint64_t p, std::uint64_t n) {
        c.log->AddPendingRead(c.queue_key, c.seq, reinterpret_cast<void*>(p), n);
    }, Key(dst), size);
}

// The shim's side of api/roles.h: through the exported members.
std::uint64_t WholeBuffer(const tm::Buffer& b) { return lib::BufferBytes(b); }
std::uint64_t WholeBuffer(const BufferRef& b) {
    if (auto* r = std::get_if<std::reference_wrapper<tm::Buffer>>(&b)) return WholeBuffer(r->get());
    const auto& sp = std::get<std::shared_ptr<tm::Buffer>>(b);
    return sp ? WholeBuffer(*sp) : 0;
}

// ---- Results

void EncodeResult(CallContext& c, V v, PlainResult, const tm::Program& program) {
    const std::uint64_t key = lib::ProgramId(program, Key(&program));
    c.created_id = c.cap.ids().NewId(Kind::program, key);
    SetObject(c, v, Kind::program, c.created_id, key, 0);
}
void EncodeResult(CallContext& c, V v, PlainResult, tm::IDevice* device) {
    if (!device) return SetObject(c, v, Kind::device, 0, 0, 0);
    const std::uint64_t id = c.cap.ids().NewId(Kind::device, Key(device));
    if (!c.created_id) c.created_id = id;  // CreateDevices: its record belongs to the first
    SetObject(c, v, Kind::device, id, static_cast<std::uint64_t>(device->id()), 0);
}
void EncodeResult(CallContext& c, V v, PlainResult, const std::shared_ptr<tm::Buffer>& buffer) {
    if (!buffer) return SetObject(c, v, Kind::buffer, 0, 0, 0);
    c.created_id = c.cap.ids().NewId(Kind::buffer, Key(buffer.get()));
    c.created_buffer = buffer;
    SetObject(c, v, Kind::buffer, c.created_id, lib::BufferAddress(*buffer), c.device_id);
}
void EncodeResult(CallContext& c, V v, PlainResult, const std::map<chip_id_t, tm::IDevice*>& devices) {
    SetList(c, v, devices,
            [&](V e, const std::pair<const chip_id_t, tm::IDevice*>& d) { EncodeResult(c, e, PlainResult{}, d.second); });
}
void EncodeResult(CallContext& c, V v, PlainResult, const tm::GlobalSemaphore& semaphore) {
    c.created_id = c.cap.ids().NewId(Kind::globalSemaphore, semaphore.address());
    SetObject(c, v, Kind::globalSemaphore, c.created_id, semaphore.address(), c.device_id);
}
void EncodeResult(CallContext& c, V v, NewKernel, std::uint32_t handle) {
    c.created_id = c.cap.ids().NewId(Kind::kernel, (c.program_key << 20) | handle);
    // SetRuntimeArgs(IDevice*, shared_ptr<Kernel>, …) names the kernel by its object: the same id.
    if (c.program)
        if (const auto kernel = lib::ProgramKernel(*c.program, handle)) c.cap.ids().Alias(Kind::kernel, Key(kernel.get()), c.created_id);
    SetObject(c, v, Kind::kernel, c.created_id, handle, c.program_id);
}
void EncodeResult(CallContext& c, V v, NewCb, std::uintptr_t handle) {
    c.created_id = c.cap.ids().NewId(Kind::circularBuffer, handle);
    SetObject(c, v, Kind::circularBuffer, c.created_id, 0, c.program_id);
}
void EncodeResult(CallContext& c, V v, NewSemaphore, std::uint32_t id) {
    c.created_id = c.cap.ids().NewId(Kind::semaphore, (c.program_key << 20) | id);
    SetObject(c, v, Kind::semaphore, c.created_id, id, c.program_id);
}
void EncodeResult(CallContext& c, V v, NewTrace, std::uint32_t tid) {
    c.created_id = c.cap.ids().NewId(Kind::trace, (c.device_id << 32) | tid);
    SetObject(c, v, Kind::trace, c.created_id, tid, c.device_id);
}

namespace {
struct ArgsChange {
    std::uint64_t kernel;
    bool common;
    std::uint32_t x, y;
    std::vector<std::uint32_t> words;
};

// Compares kernel `k`'s runtime args in the library with the log's view, updating the view; returns changes.
void ScanArgs(CallContext& c, const tm::Program& program, std::uint32_t k, std::vector<ArgsChange>& changes) {
    const std::uint64_t kernel_id = c.cap.ids().Id(Kind::kernel, (c.program_key << 20) | k);
    const tm::RuntimeArgsData& common = lib::RealGetCommonRuntimeArgs(program, k);
    if (common.rt_args_count && c.cap.args().Differ({kernel_id, true, 0, 0}, common.rt_args_data, common.rt_args_count))
        changes.push_back({kernel_id, true, 0, 0, {common.rt_args_data, common.rt_args_data + common.rt_args_count}});
    auto& per_core = lib::RealGetRuntimeArgs(program, k);
    for (std::uint32_t x = 0; x < per_core.size(); x++) {
        for (std::uint32_t y = 0; y < per_core[x].size(); y++) {
            const tm::RuntimeArgsData& a = per_core[x][y];
            if (a.rt_args_data && c.cap.args().Differ({kernel_id, false, x, y}, a.rt_args_data, a.rt_args_count))
                changes.push_back({kernel_id, false, x, y, {a.rt_args_data, a.rt_args_data + a.rt_args_count}});
        }
    }
}
}  // namespace

void NoteArgs(CallContext& c, const tm::Program& program, std::uint32_t kernel) {
    std::vector<ArgsChange> ignored;  // what the call set is in its own arguments
    ScanArgs(c, program, kernel, ignored);
}

void EncodeArgsChanged(CallContext& c, const tm::Program& program) {
    std::vector<ArgsChange> changes;
    const std::uint64_t kernels = lib::ProgramNumKernels(program);
    for (std::uint32_t k = 0; k < kernels; k++)
        if (c.cap.args().Exposed(c.cap.ids().Id(Kind::kernel, (c.program_key << 20) | k))) ScanArgs(c, program, k, changes);
    if (changes.empty()) return;
    using A = L::ArgsSnapshot;
    auto list = c.msg.InitStructList<L::Call>(c.call, L::Call::f_argsChanged, changes.size(), A::kSize);
    for (std::size_t i = 0; i < changes.size(); i++) {
        auto e = c.msg.Element(list, i);
        c.msg.Set<A>(e, A::f_kernel, changes[i].kernel);
        c.msg.Set<A>(e, A::f_common, changes[i].common);
        c.msg.Set<A>(e, A::f_x, changes[i].x);
        c.msg.Set<A>(e, A::f_y, changes[i].y);
        c.msg.SetU32List<A>(e, A::f_words, changes[i].words.data(), changes[i].words.size());
    }
}

}  // namespace ltcap
