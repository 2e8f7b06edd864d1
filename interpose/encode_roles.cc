// What each argument role (api/roles.h) records, and the work it leaves for after the call; and how each result
// role records what the call made. The player's half of the same roles is player/replay_roles.cc.
#include <cstring>

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)
#include <memory>
#include <new>

#include "interpose/encode.h"
#include "interpose/tt_calls.h"
#include "schema/values/data.h"
#include "schema/values/list.h"
#include "schema/values/scalars.h"

namespace ltcap {
namespace {

// A kernel of the program argument before it: its id comes from the program's id and the handle.
Named KernelOf(CallContext& c, V v, std::uint32_t handle) {
    const std::uint64_t program_key = c.facts.Key(Kind::program);
    const std::uint64_t key = (program_key << 20) | handle;
    return Object(c, v, Kind::kernel, c.cap.ids().Id(Kind::kernel, key), key, handle, c.facts.Id(Kind::program));
}

Named Data(CallContext& c, V v, const void* data, std::uint64_t size, L::ElementType type) {
    values::WriteData(c.msg, v, {data ? c.Blob(data, size) : 0, data ? size : 0, type});
    return {};
}

}  // namespace

Named Encode(CallContext& c, V v, const KernelRef& r) { return KernelOf(c, v, r.value); }

// The log tracks the library's view of runtime args only for kernels the program can edit in place.
Named Encode(CallContext& c, V v, const SetsArgsOf& r) {
    const Named kernel = KernelOf(c, v, r.value);
    if (c.program && c.cap.args().Exposed(kernel.id()))
        c.Then([](CallContext& c, std::uint64_t handle, std::uint64_t) { NoteArgs(c, *c.program, handle); }, r.value);
    return kernel;
}

Named Encode(CallContext& c, V v, const ExposesArgsOf& r) {
    const Named kernel = KernelOf(c, v, r.value);
    if (c.program)
        c.Then(
            [](CallContext& c, std::uint64_t handle, std::uint64_t id) {
                if (c.cap.args().Exposed(id)) return;
                NoteArgs(c, *c.program, handle);  // the log's view now equals the library's
                c.cap.args().Expose(id);
            },
            r.value, kernel.id());
    return kernel;
}

Named Encode(CallContext& c, V v, const CbRef& r) {
    return Object(c, v, Kind::circularBuffer, c.cap.ids().Id(Kind::circularBuffer, r.value), r.value, 0,
                  c.facts.Id(Kind::program));
}

// A trace id of the device argument before it.
Named Encode(CallContext& c, V v, const TraceRef& r) {
    const std::uint64_t device = c.facts.Id(Kind::device);
    const std::uint64_t key = (device << 32) | r.value;
    return Object(c, v, Kind::trace, c.cap.ids().Id(Kind::trace, key), key, r.value, device);
}
Named Encode(CallContext& c, V v, const LoadsTrace& r) { return Encode(c, v, TraceRef{r.value}); }

Named Encode(CallContext& c, V v, const KernelFile& r) {
    values::WriteKernelSource(c.msg, v, c.cap.sources().FromFile(c.log, r.value));
    return {};
}
Named Encode(CallContext& c, V v, const KernelText& r) {
    values::WriteKernelSource(c.msg, v, c.cap.sources().FromText(c.log, r.value));
    return {};
}

Named Encode(CallContext& c, V v, const LaunchOf& r) {
    c.launch = &r.value;
    return Encode(c, v, static_cast<const tm::Program&>(r.value));
}
Named Encode(CallContext& c, V v, const LaunchOfShared& r) {
    if (!r.value) return Object(c, v, Kind::program, 0, 0, 0, 0);
    return Encode(c, v, LaunchOf{*r.value});
}

void ThenQueueFinished(CallContext& c, std::uint64_t queue_key) {
    c.Then([](CallContext& c, std::uint64_t queue_key, std::uint64_t) {
        if (c.log) c.log->CompleteReads(queue_key, c.seq);
    }, queue_key);
}
void ThenDeviceFinished(CallContext& c, std::uint64_t device_key) {
    c.Then([](CallContext& c, std::uint64_t key, std::uint64_t) { c.cap.reads().CompleteDeviceReads(c.log, key); }, device_key);
}
void ThenEventReached(CallContext& c, std::uint64_t event_key) {
    c.Then(
        [](CallContext& c, std::uint64_t key, std::uint64_t) {
            std::uint64_t queue, seq;
            if (c.log && c.cap.reads().EventQueue(key, queue, seq)) c.log->CompleteReads(queue, seq);
        },
        event_key);
}

#if LTCAP_HAS_COMMAND_QUEUE
Named Encode(CallContext& c, V v, const FinishesQueue& r) {
    const Named queue = Encode(c, v, r.value);
    ThenQueueFinished(c, queue.key());
    return queue;
}
#endif
Named Encode(CallContext& c, V v, const ClosesDevice& r) {
    ThenDeviceFinished(c, Key(r.value));
    return Encode(c, v, r.value);
}
Named Encode(CallContext& c, V v, const ClosesDevices& r) { return Encode(c, v, r.value); }
Named Encode(CallContext& c, V v, const SynchronizesDevice& r) {
    ThenDeviceFinished(c, Key(r.value));
    return Encode(c, v, r.value);
}
#if LTCAP_HAS_EVENT
Named Encode(CallContext& c, V v, const SynchronizesEvent& r) {
    ThenEventReached(c, Key(r.value.get()));
    return Encode(c, v, r.value);
}
Named Encode(CallContext& c, V v, const RecordsEvent& r) {
    c.Then([](CallContext& c, std::uint64_t key, std::uint64_t) { c.cap.reads().NoteEvent(key, QueueKey(c.facts), c.seq); },
           Key(r.value.get()));
    return Encode(c, v, r.value);
}
#endif
// A blocking call makes its queue's earlier reads, and its own, final.
Named Encode(CallContext& c, V v, const Blocking& r) {
    if (r.value && c.log)
        c.Then([](CallContext& c, std::uint64_t, std::uint64_t) { c.log->CompleteReads(QueueKey(c.facts), c.seq + 1); });
    return Encode(c, v, r.value);
}

Named Encode(CallContext& c, V v, const DeviceNumber& r) { return Encode(c, v, r.value); }
Named Encode(CallContext& c, V v, const MeshQueueIndex& r) { return Encode(c, v, r.value); }
Named Encode(CallContext& c, V v, const DeviceNumbers& r) { return Encode(c, v, r.value); }

namespace {
// The thread's copy of the write it is recording (a payload, or a shard write's shards: one at a time, only the
// outermost call records). Kept for reuse up to kKeepBytes; a larger copy is released by the next write.
constexpr std::uint64_t kKeepBytes = 64ull << 20;
thread_local std::unique_ptr<std::uint8_t[]> t_staging;
thread_local std::uint64_t t_staging_size = 0;
}  // namespace

std::uint8_t* StagingArea(std::uint64_t size) noexcept {
    try {
        if (t_staging_size < size || (t_staging_size > kKeepBytes && size <= kKeepBytes)) {
            t_staging.reset();
            t_staging_size = 0;
            t_staging.reset(new std::uint8_t[size]);
            t_staging_size = size;
        }
        return t_staging.get();
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}

// Copied first, then recorded and forwarded from the copy (roles.h: Payload); once per call (`staged` is the
// role's). Without memory for the copy, recorded and forwarded from the program's memory.
Named StagedData(CallContext& c, V v, const void* data, std::uint64_t size, L::ElementType type, const void*& staged) {
    if (data && size && c.log && !staged && !c.synthesized)
        if (std::uint8_t* copy = StagingArea(size)) {
            std::memcpy(copy, data, size);
            data = staged = copy;
        }
    return Data(c, v, data, size, type);
}

#if LTCAP_HAS_COMMAND_QUEUE
Named Encode(CallContext& c, V v, const Payload& p) {
    const void* data = std::visit(
        [](const auto& alt) -> const void* {
            if constexpr (std::is_same_v<std::decay_t<decltype(alt)>, const void*>) return alt;
            else return alt ? static_cast<const void*>(alt->data()) : nullptr;
        },
        p.value);
    return StagedData(c, v, data, p.size, static_cast<L::ElementType>(p.value.index()), p.staged);
}
#endif
Named Encode(CallContext& c, V v, const Golden& r) { return Data(c, v, r.value, r.size, L::ElementType::bytes); }

void EncodeReadInto(CallContext& c, V v, const void* dst, std::uint64_t size, bool final_on_return) {
    values::WriteHostPointer(c.msg, v, Key(dst));
    if (!c.cap.capture_reads() || !dst || !c.log) return;
    if (final_on_return) {
        c.Then([](CallContext& c, std::uint64_t p, std::uint64_t n) { c.log->EmitReadData(c.seq, reinterpret_cast<void*>(p), n); },
               Key(dst), size);
        return;
    }
    // Blocking reads are final on return; others when their queue is finished (see the roles above).
    c.Then([](CallContext& c, std::uint64_t p, std::uint64_t n) {
        c.log->AddPendingRead(QueueKey(c.facts), c.seq, reinterpret_cast<void*>(p), n);
    }, Key(dst), size);
}
Named Encode(CallContext& c, V v, const ShardInto& r) {
    values::WriteHostPointer(c.msg, v, Key(r.value));
    return {};
}
Named Encode(CallContext& c, V v, const OutWords& r) {
    std::vector<std::uint32_t>* out = &r.value;
    values::WriteHostPointer(c.msg, v, Key(out));
    if (c.cap.capture_reads() && c.log)
        c.Then(
            [](CallContext& c, std::uint64_t p, std::uint64_t) {
                const auto* words = reinterpret_cast<std::vector<std::uint32_t>*>(p);
                c.log->EmitReadData(c.seq, words->data(), words->size() * 4);
            },
            Key(out));
    return {};
}
Named Encode(CallContext& c, V v, const SpanInto& r) {
    auto list = values::WriteList(c.msg, v, 2);
    EncodeReadInto(c, c.msg.Element(list, 0), r.value.data(), r.value.size(), true);
    values::WriteUint(c.msg, c.msg.Element(list, 1), r.value.size());
    return {};
}
Named Encode(CallContext& c, V v, const OutWord& r) {
    std::uint32_t* out = &r.value;
    values::WriteHostPointer(c.msg, v, Key(out));
    if (c.cap.capture_reads() && c.log)
        c.Then([](CallContext& c, std::uint64_t p, std::uint64_t) { c.log->EmitReadData(c.seq, reinterpret_cast<void*>(p), 4); },
               Key(out));
    return {};
}

Named Encode(CallContext& c, V v, const ReleasedBuffer& r) {
    return Object(c, v, Kind::buffer, c.cap.ids().Id(Kind::buffer, Key(r.value)), Key(r.value), 0, 0);
}

// ---- Results: what the call made

Named EncodeResult(CallContext& c, V v, PlainResult, const tm::Program& program) {
    const std::uint64_t key = lib::ProgramId(program, Key(&program));
    return Object(c, v, Kind::program, c.cap.ids().NewId(Kind::program, key), key, key, 0);
}
Named EncodeResult(CallContext& c, V v, PlainResult, tm::IDevice* device) {
    if (!device) return Object(c, v, Kind::device, 0, 0, 0, 0);
    c.cap.meshes().Forget(Key(device));  // a mesh that was at this address has gone
    return Object(c, v, Kind::device, c.cap.ids().NewId(Kind::device, Key(device)), Key(device),
                  static_cast<std::uint64_t>(device->id()), 0);
}
Named EncodeResult(CallContext& c, V v, PlainResult, const std::shared_ptr<tm::Buffer>& buffer) {
    if (!buffer) return Object(c, v, Kind::buffer, 0, 0, 0, 0);
    c.facts.created_buffer = buffer;
    return Object(c, v, Kind::buffer, c.cap.ids().NewId(Kind::buffer, Key(buffer.get())), Key(buffer.get()),
                  lib::BufferAddress(*buffer), c.facts.Id(Kind::device));
}
namespace {
// A list of devices as a call's result, the device of each item in turn: what the call made is its first device
// (the record belongs to it); every device is named.
template <typename Items, typename DeviceOf>
Named EncodeDevices(CallContext& c, V v, const Items& items, DeviceOf device_of) {
    auto list = values::WriteList(c.msg, v, items.size());
    Named first;
    std::size_t i = 0;
    for (const auto& item : items) {
        const Named d = EncodeResult(c, c.msg.Element(list, i++), PlainResult{}, device_of(item));
        if (!first.id()) first = d;
        c.facts.Add(d);
    }
    return first;
}
}  // namespace
// CreateDevices: in the map's order.
Named EncodeResult(CallContext& c, V v, PlainResult, const std::map<chip_id_t, tm::IDevice*>& devices) {
    return EncodeDevices(c, v, devices, [](const auto& entry) { return entry.second; });
}
#if LTCAP_HAS_UNIT_MESHES
// create_unit_meshes: in the map's order (the device numbers', as the player's map is).
Named EncodeResult(CallContext& c, V v, PlainResult, const api::MeshMap& meshes) {
    return EncodeDevices(c, v, meshes, [](const auto& entry) -> const std::shared_ptr<dist::MeshDevice>& { return entry.second; });
}
#endif
#if LTCAP_HAS_DEVICE_POOL
// DevicePool::initialize: in the order of the numbers (the player pairs them with its own, mapped numbers).
Named EncodePoolDevices(CallContext& c, V v, const std::vector<int>& numbers) {
    return EncodeDevices(c, v, numbers, lib::PoolActiveDevice);
}
#endif
Named EncodeResult(CallContext& c, V v, PlainResult, const tm::GlobalSemaphore& semaphore) {
    return Object(c, v, Kind::globalSemaphore, c.cap.ids().NewId(Kind::globalSemaphore, semaphore.address()),
                  semaphore.address(), semaphore.address(), c.facts.Id(Kind::device));
}
#if LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER
Named EncodeResult(CallContext& c, V v, PlainResult, const tm::experimental::GlobalCircularBuffer& buffer) {
    const std::uint64_t config = buffer.config_address();
    return Object(c, v, Kind::globalCircularBuffer, c.cap.ids().NewId(Kind::globalCircularBuffer, config), config,
                  config, c.facts.Id(Kind::device));
}
#endif
Named EncodeResult(CallContext& c, V v, NewKernel, std::uint32_t handle) {
    const std::uint64_t key = (c.facts.Key(Kind::program) << 20) | handle;
    const Named kernel = Object(c, v, Kind::kernel, c.cap.ids().NewId(Kind::kernel, key), key, handle, c.facts.Id(Kind::program));
#if LTCAP_HAS_KERNEL_OBJECT
    // SetRuntimeArgs(IDevice*, shared_ptr<Kernel>, …) names the kernel by its object: the same id.
    if (c.program)
        if (const auto object = lib::ProgramKernel(*c.program, handle)) c.cap.ids().Alias(Kind::kernel, Key(object.get()), kernel.id());
#endif
    return kernel;
}
Named EncodeResult(CallContext& c, V v, NewCb, std::uintptr_t handle) {
    return Object(c, v, Kind::circularBuffer, c.cap.ids().NewId(Kind::circularBuffer, handle), handle, 0,
                  c.facts.Id(Kind::program));
}
Named EncodeResult(CallContext& c, V v, NewSemaphore, std::uint32_t id) {
    const std::uint64_t key = (c.facts.Key(Kind::program) << 20) | id;
    return Object(c, v, Kind::semaphore, c.cap.ids().NewId(Kind::semaphore, key), key, id, c.facts.Id(Kind::program));
}
Named EncodeResult(CallContext& c, V v, NewTrace, std::uint32_t tid) {
    const std::uint64_t device = c.facts.Id(Kind::device);
    const std::uint64_t key = (device << 32) | tid;
    return Object(c, v, Kind::trace, c.cap.ids().NewId(Kind::trace, key), key, tid, device);
}

}  // namespace ltcap
