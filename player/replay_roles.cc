#include "player/replay_roles.h"

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include <algorithm>
#include <cstring>

#include <tt-metalium/bfloat16.hpp>
#if LTCAP_HAS_COMMAND_QUEUE
#include <tt-metalium/tt_metal.hpp>  // detail::ReadFromBuffer
#endif

#include "player/format.h"

namespace ltcap {
namespace {

schema::ObjectRef::Reader Object(Value v, schema::ObjectKind kind, const char* what) {
    if (!v.isObject() || v.getObject().getKind() != kind)
        throw LogError(std::string("expected ") + what + ", the log has " + FormatValue(v));
    return v.getObject();
}

// A read destination every non-null captured pointer stands for until Prepare gives it room.
std::uint8_t g_placeholder;
// Golden bytes a log of format 1-3 did not record (it wrote the program's pointer): compared against zeros, as the
// replays of those formats did.
std::uint8_t g_unrecorded_golden;

}  // namespace

// ---- Decoding

Held<std::uint32_t> DecodeRole(CallReplay& x, Value v, Tag<KernelRef>) {
    return {x.o.kernels.Get(Object(v, schema::ObjectKind::KERNEL, "a kernel").getId()).handle};
}
Held<std::uint32_t> DecodeRole(CallReplay& x, Value v, Tag<SetsArgsOf>) { return DecodeRole(x, v, Tag<KernelRef>{}); }
Held<std::uint32_t> DecodeRole(CallReplay& x, Value v, Tag<ExposesArgsOf>) { return DecodeRole(x, v, Tag<KernelRef>{}); }

Held<std::uintptr_t> DecodeRole(CallReplay& x, Value v, Tag<CbRef>) {
    return {x.o.circular_buffers.Get(Object(v, schema::ObjectKind::CIRCULAR_BUFFER, "a circular buffer").getId())};
}

// A trace the log did not see begin (a window that opened after it) keeps its captured id.
#if LTCAP_HAS_METAL_TRACE
Held<std::uint32_t> DecodeRole(CallReplay& x, Value v, Tag<TraceRef>) {
    const auto o = Object(v, schema::ObjectKind::TRACE, "a metal trace");
    return {x.o.traces.Has(o.getId()) ? x.o.traces.Get(o.getId()) : static_cast<std::uint32_t>(o.getRaw())};
}
#endif
Held<std::uint32_t> DecodeRole(CallReplay&, Value v, Tag<LoadsTrace>) {
    return {static_cast<std::uint32_t>(Object(v, schema::ObjectKind::TRACE, "a metal trace").getRaw())};
}

Held<int> DecodeRole(CallReplay& x, Value v, Tag<DeviceNumber>) {
    return {x.s.addresses.MapDevice(static_cast<int>(static_cast<std::int64_t>(Unsigned(v))))};
}
Held<std::vector<int>> DecodeRole(CallReplay& x, Value v, Tag<DeviceNumbers>) {
    if (!v.isList()) throw LogError("expected a list of device numbers, the log has " + FormatValue(v));
    Held<std::vector<int>> out;
    for (auto e : v.getList()) out.value.push_back(DecodeRole(x, e, Tag<DeviceNumber>{}).value);
    return out;
}

Held<std::string> DecodeRole(CallReplay& x, Value v, Tag<KernelFile>) {
    if (!v.isKernelSource()) throw LogError("expected a kernel source, the log has " + FormatValue(v));
    return {x.s.kernels.Path(v.getKernelSource())};
}
Held<std::string> DecodeRole(CallReplay& x, Value v, Tag<KernelText>) {
    if (!v.isKernelSource()) throw LogError("expected a kernel source, the log has " + FormatValue(v));
    return {x.s.kernels.Text(v.getKernelSource())};
}

Ref<tm::Program> DecodeRole(CallReplay& x, Value v, Tag<LaunchOf>) { return Decode(x, v, Tag<tm::Program>{}); }
// The table owns the program: the shared_ptr the function gets does not.
Held<std::shared_ptr<tm::Program>> DecodeRole(CallReplay& x, Value v, Tag<LaunchOfShared>) {
    tm::Program& program = Decode(x, v, Tag<tm::Program>{}).get();
    return {std::shared_ptr<tm::Program>(&program, [](tm::Program*) {})};
}
#if LTCAP_HAS_COMMAND_QUEUE
Ref<tm::CommandQueue> DecodeRole(CallReplay& x, Value v, Tag<FinishesQueue>) { return Decode(x, v, Tag<tm::CommandQueue>{}); }
#endif
Held<tm::IDevice*> DecodeRole(CallReplay& x, Value v, Tag<ClosesDevice>) { return Decode(x, v, Tag<tm::IDevice*>{}); }
Held<tm::IDevice*> DecodeRole(CallReplay& x, Value v, Tag<SynchronizesDevice>) { return Decode(x, v, Tag<tm::IDevice*>{}); }
Held<api::DeviceMap> DecodeRole(CallReplay& x, Value v, Tag<ClosesDevices>) { return Decode(x, v, Tag<api::DeviceMap>{}); }
#if LTCAP_HAS_EVENT
Held<std::shared_ptr<tm::Event>> DecodeRole(CallReplay& x, Value v, Tag<SynchronizesEvent>) {
    return Decode(x, v, Tag<std::shared_ptr<tm::Event>>{});
}
// An event is made by the program (no API call): its first recording makes it here.
Held<std::shared_ptr<tm::Event>> DecodeRole(CallReplay& x, Value v, Tag<RecordsEvent>) {
    const std::uint64_t id = Object(v, schema::ObjectKind::EVENT, "an event").getId();
    if (!x.o.events.Has(id)) x.o.events.Put(id, std::make_shared<tm::Event>());
    return {x.o.events.Get(id)};
}
#endif
Held<bool> DecodeRole(CallReplay& x, Value v, Tag<Blocking>) {
    Held<bool> blocking = Decode(x, v, Tag<bool>{});
    x.blocking = blocking.value;
    return blocking;
}

// The bound was checked before the replay began (check_calls.cc); a call that threw during capture gets its value.

ReadVerifier::Drain ReadDrain(CallReplay& x) { return x.blocking.value_or(false) ? ReadVerifier::Drain{} : QueueFinish(x); }

ReadVerifier::Drain QueueFinish(CallReplay& x) {
    // Finishing the queue fails only as tt-metal fails: a replay failure, named by the read's call.
    const auto finish = [seq = x.Seq(), function = x.c.call.function](auto f) -> ReadVerifier::Drain {
        return [seq, function, f] {
            try {
                f();
            } catch (const std::exception& e) {
                throw ReplayError("finishing the queue of call #" + std::to_string(seq) + " " + ApiName(function) +
                                  " failed: " + e.what());
            }
        };
    };
    for (unsigned i = 0; i < x.ArgCount(); i++) {
        const Value v = x.Arg(i);
        if (!v.isObject()) continue;
#if LTCAP_HAS_COMMAND_QUEUE
        if (v.getObject().getKind() == schema::ObjectKind::COMMAND_QUEUE) {
            tm::CommandQueue* queue = &Decode(x, v, Tag<tm::CommandQueue>{}).get();
            return finish([queue] { tm::Finish(*queue); });
        }
#endif
        if (v.getObject().getKind() == schema::ObjectKind::MESH_COMMAND_QUEUE) {
            dist::MeshCommandQueue* queue = &Decode(x, v, Tag<dist::MeshCommandQueue>{}).get();
            return finish([queue] { dist::Finish(*queue); });
        }
    }
    return {};
}

std::optional<std::vector<std::uint8_t>> ReadBack(CallReplay& x, std::uint64_t id, std::uint64_t& page_size) {
#if LTCAP_HAS_COMMAND_QUEUE
    tm::CommandQueue* queue = nullptr;
#endif
    dist::MeshCommandQueue* mesh_queue = nullptr;
    for (unsigned i = 0; i < x.ArgCount(); i++) {
        const Value v = x.Arg(i);
        if (!v.isObject()) continue;
#if LTCAP_HAS_COMMAND_QUEUE
        if (v.getObject().getKind() == schema::ObjectKind::COMMAND_QUEUE && !queue)
            queue = &Decode(x, v, Tag<tm::CommandQueue>{}).get();
#endif
        if (v.getObject().getKind() == schema::ObjectKind::MESH_COMMAND_QUEUE && !mesh_queue)
            mesh_queue = &Decode(x, v, Tag<dist::MeshCommandQueue>{}).get();
    }
    // A mesh buffer first: a release with mesh buffers over one device keeps the single-device view of one in the
    // buffers' table too, under the same id.
    if (x.o.mesh_buffers.Has(id) && x.o.mesh_buffers.Get(id) && mesh_queue) {
        std::shared_ptr<dist::MeshBuffer> buffer = x.o.mesh_buffers.Get(id);
        page_size = buffer->page_size();
        std::vector<std::uint8_t> bytes, shard;
        for (const dist::MeshCoordinate& coord : dist::MeshCoordinateRange(buffer->device()->shape())) {
            dist::ReadShard(*mesh_queue, shard, buffer, coord, true);
            bytes.insert(bytes.end(), shard.begin(), shard.end());
        }
        return bytes;
    }
    if (x.o.buffers.Has(id) && x.o.buffers.Get(id)) {
#if LTCAP_HAS_COMMAND_QUEUE
        std::shared_ptr<tm::Buffer> buffer = x.o.buffers.Get(id);
        page_size = buffer->page_size();
        std::vector<std::uint8_t> bytes(buffer->size());
        if (queue)
            tm::EnqueueReadBuffer(*queue, buffer, bytes.data(), true);
        else
            tm::detail::ReadFromBuffer(*buffer, bytes.data());
        return bytes;
#else
        return std::nullopt;  // a single-device buffer of a mesh-only release: read by its mesh buffer
#endif
    }
    return std::nullopt;
}

#if LTCAP_HAS_COMMAND_QUEUE
// The payload as the program passed it: the same HostDataType alternative, the captured bytes.
Held<tm::HostDataType> DecodeRole(CallReplay& x, Value v, Tag<Payload>) {
    const std::uint8_t* bytes = DataBytes(x, v);
    const std::uint64_t size = x.payload_bytes;
    auto vec = [&](auto tag) -> tm::HostDataType {
        using T = decltype(tag);
        auto out = std::make_shared<std::vector<T>>(size / sizeof(T));
        if (!out->empty()) std::memcpy(out->data(), bytes, out->size() * sizeof(T));
        return out;
    };
    switch (v.getData().getElementType()) {
        case schema::ElementType::UINT8: return {vec(std::uint8_t{})};
        case schema::ElementType::UINT16: return {vec(std::uint16_t{})};
        case schema::ElementType::INT32: return {vec(std::int32_t{})};
        case schema::ElementType::UINT32: return {vec(std::uint32_t{})};
        case schema::ElementType::FLOAT32: return {vec(float{})};
        case schema::ElementType::BFLOAT16: return {vec(bfloat16{})};
        default: return {tm::HostDataType(static_cast<const void*>(bytes))};  // straight from the mapped log
    }
}
#endif

Held<void*> DecodeRole(CallReplay& x, Value v, Tag<Golden>) {
    if (v.isHostPointer()) return {v.getHostPointer() ? &g_unrecorded_golden : nullptr};
    return {const_cast<std::uint8_t*>(DataBytes(x, v))};
}

std::uint8_t* ReadPlaceholder(Value v) {
    if (!v.isHostPointer() && !v.isNone()) throw LogError("expected a destination pointer, the log has " + FormatValue(v));
    return v.isHostPointer() && v.getHostPointer() ? &g_placeholder : nullptr;
}
Held<std::uint8_t*> DecodeRole(CallReplay&, Value v, Tag<ShardInto>) { return {ReadPlaceholder(v)}; }
Held<std::vector<std::uint32_t>> DecodeRole(CallReplay&, Value, Tag<OutWords>) { return {}; }
Held<std::uint32_t> DecodeRole(CallReplay&, Value, Tag<OutWord>) { return {0}; }
void CheckSpanInto(schema::Value::Reader v) {
    if (!v.isList() || v.getList().size() != 2 || !(v.getList()[0].isHostPointer() || v.getList()[0].isNone()) ||
        !v.getList()[1].isUint())
        throw ImpossibleValue("expected a destination and its size, the log has " + FormatValue(v));
    CheckDeviceBytes(v.getList()[1].getUint(), "a read of");
}
Held<std::span<std::uint8_t>> DecodeRole(CallReplay&, Value v, Tag<SpanInto>) {
    if (!v.isList() || v.getList().size() != 2 || !v.getList()[1].isUint())
        throw LogError("expected a destination and its size, the log has " + FormatValue(v));
    const std::uint64_t size = v.getList()[1].getUint();
    std::uint8_t* placeholder = ReadPlaceholder(v.getList()[0]);
    // the placeholder is one byte: nothing reads it before Prepare, which gives the call room of `size`
    return {placeholder ? std::span<std::uint8_t>(placeholder, size) : std::span<std::uint8_t>()};
}

// ---- Before the call

std::uint8_t* Prepare(CallReplay& x, const ShardInto& r) {
    if (!r.value) return nullptr;
    x.s.reads.CheckSize(0, x.What(), r.room);  // bounded like any read nobody recorded
    return x.s.payloads.Scratch(r.room);
}

#if LTCAP_HAS_COMMAND_QUEUE
// The write reads `size` bytes from its source whatever the alternative: the log must hold them all.
const tm::HostDataType& Prepare(CallReplay& x, const Payload& p) {
    if (p.size > x.payload_bytes)
        throw LogErrorInReplay("the call reads " + std::to_string(p.size) + " bytes of its payload, the log holds " +
                       std::to_string(x.payload_bytes));
    return p.value;
}
#endif

void* Prepare(CallReplay& x, const Golden& g) {
    if (g.value == &g_unrecorded_golden) {
        x.s.reads.CheckSize(0, x.What(), g.size);  // bounded like any read nobody recorded
        return x.s.payloads.Scratch(g.size);
    }
    if (g.value && g.size > x.payload_bytes)
        throw LogErrorInReplay("the call reads " + std::to_string(g.size) + " golden bytes, the log holds " +
                       std::to_string(x.payload_bytes));
    return g.value;
}

// Runtime args the program had edited in place (through GetRuntimeArgs references) before this launch.
namespace {
void ApplyArgsChanged(CallReplay& x) {
    for (auto change : x.c.call.entry.getArgsChanged()) {
        const KernelEntry& k = x.o.kernels.Get(change.getKernel());
        const tm::Program& p = x.o.ProgramById(k.program);
        const auto words = x.s.addresses.Remap(ToVector<std::uint32_t>(change.getWords()));
        tm::RuntimeArgsData& args = change.getCommon()
                                        ? tm::GetCommonRuntimeArgs(p, k.handle)
                                        : tm::GetRuntimeArgs(p, k.handle, CoreCoord{change.getX(), change.getY()});
        if (args.size() != words.size())
            throw LogError("recorded runtime args of kernel#" + std::to_string(change.getKernel()) + " have " +
                           std::to_string(words.size()) + " words, the replayed kernel has " + std::to_string(args.size()));
        std::copy(words.begin(), words.end(), args.data());
    }
}
}  // namespace

tm::Program& Prepare(CallReplay& x, const LaunchOf& l) {
    ApplyArgsChanged(x);
    return l.value;
}
const std::shared_ptr<tm::Program>& Prepare(CallReplay& x, const LaunchOfShared& l) {
    ApplyArgsChanged(x);
    return l.value;
}

std::span<std::uint8_t> Prepare(CallReplay& x, const SpanInto& s) {
    if (!s.value.data()) return {};
    std::vector<std::uint8_t>& room = x.s.reads.Target(x.Seq(), x.What(), s.value.size());
    return {room.data(), room.size()};
}

std::vector<std::uint32_t>& Prepare(CallReplay& x, const OutWords& o) {
    x.s.reads.CheckSize(x.Seq(), x.What(), o.size);
    return o.value;
}

// ---- After the call

void Finished(CallReplay& x, const ClosesDevice&) { x.o.devices.Erase(x.ArgId(schema::ObjectKind::DEVICE)); }

void Finished(CallReplay& x, const ClosesDevices&) {
    if (x.ArgCount() > 0 && x.Arg(0).isList())
        for (auto d : x.Arg(0).getList()) x.o.devices.Erase(ObjectId(d));
}

#if LTCAP_HAS_METAL_TRACE
void Finished(CallReplay& x, const LoadsTrace& r) { x.o.traces.Put(x.ArgId(schema::ObjectKind::TRACE), r.value); }
#endif

// The program now lives in the workload: the one of its programs no earlier call put there.
void Finished(CallReplay& x, const AddsTo& r) {
    const std::uint64_t id = x.ArgId(schema::ObjectKind::PROGRAM);
    for (auto& entry : r.value.get_programs()) {
        tm::Program* program = &entry.second;
        const bool known = std::any_of(x.o.programs_in_workloads.begin(), x.o.programs_in_workloads.end(),
                                       [program](const auto& moved) { return moved.second == program; });
        if (!known) {
            x.o.programs_in_workloads[id] = program;
            return;
        }
    }
}

void Finished(CallReplay& x, const OutWords& r) {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(r.value.data());
    x.s.reads.Expect(x.Seq(), x.What(), {bytes, bytes + r.value.size() * 4});
}

void Finished(CallReplay& x, const OutWord& r) {
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(&r.value);
    x.s.reads.Expect(x.Seq(), x.What(), {bytes, bytes + 4});
}

// ---- Results

void Record(CallReplay& x, PlainResult, tm::IDevice* device) {
    if (x.ResultId()) x.o.devices.Put(x.ResultId(), device);
}

void Record(CallReplay& x, PlainResult, std::shared_ptr<tm::Buffer>&& buffer) {
    const std::uint64_t id = x.ResultId();
    x.o.buffers.Put(id, std::move(buffer));
    x.s.addresses.NoteBuffer(id, x.ResultRaw());
}

void Record(CallReplay& x, PlainResult, tm::Program&& program) {
    x.o.programs.Put(x.ResultId(), std::make_unique<tm::Program>(std::move(program)));
}

void Record(CallReplay& x, PlainResult, tm::GlobalSemaphore&& semaphore) {
    x.o.global_semaphores.Put(x.ResultId(), std::make_shared<tm::GlobalSemaphore>(std::move(semaphore)));
}
#if LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER
void Record(CallReplay& x, PlainResult, tm::experimental::GlobalCircularBuffer&& buffer) {
    x.o.global_circular_buffers.Put(x.ResultId(),
                                    std::make_shared<tm::experimental::GlobalCircularBuffer>(std::move(buffer)));
}
#endif

namespace {
// A call's result list of devices, paired in order with `items`: each device object of the log gets the device of
// its item (device_of is asked only for those).
template <typename Items, typename DeviceOf>
void RecordDevices(CallReplay& x, const Items& items, DeviceOf device_of) {
    if (!x.c.has_return || !x.c.ret.result.isList()) return;
    auto results = x.c.ret.result.getList();
    // One result per device the call made, or a device of the log would go unmade (the checker counts them all).
    if (results.size() != std::size(items))
        throw ReplayError(x.What() + " made " + std::to_string(std::size(items)) + " devices, the capture's made " +
                          std::to_string(results.size()));
    unsigned i = 0;
    for (const auto& item : items) {
        const auto v = results[i++];
        if (v.isObject() && v.getObject().getKind() == schema::ObjectKind::DEVICE && v.getObject().getId() != 0)
            x.o.devices.Put(v.getObject().getId(), device_of(item));
    }
}
}  // namespace

// The devices come in the map's order, as the capture listed them.
void Record(CallReplay& x, PlainResult, api::DeviceMap&& devices) {
    RecordDevices(x, devices, [](const auto& entry) { return entry.second; });
}

#if LTCAP_HAS_DEVICE_POOL
void RecordPoolDevices(CallReplay& x, const std::vector<int>& numbers) {
    RecordDevices(x, numbers, [](int number) { return tt::DevicePool::instance().get_active_device(number); });
}
#endif

void Record(CallReplay& x, NewKernel, tm::KernelHandle handle) {
    x.o.kernels.Put(x.ResultId(), {x.ArgId(schema::ObjectKind::PROGRAM), handle});
}

void Record(CallReplay& x, NewCb, tm::CBHandle handle) { x.o.circular_buffers.Put(x.ResultId(), handle); }

void Record(CallReplay&, NewSemaphore, std::uint32_t) {}

#if LTCAP_HAS_METAL_TRACE
void Record(CallReplay& x, NewTrace, std::uint32_t tid) { x.o.traces.Put(x.ResultId(), tid); }
#endif

}  // namespace ltcap
