#include "player/replay_calls.h"

#include <cstring>
#include <functional>
#include <optional>
#include <map>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/lightmetal_capture_utils.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "player/format.h"

namespace ltcap {
namespace {

namespace tm = tt::tt_metal;
using schema::Api;
using ValueList = capnp::List<schema::Value>::Reader;
using CoreSpec = std::variant<CoreCoord, CoreRange, CoreRangeSet>;

// ---- Decoders: log values → tt-metal arguments

std::uint64_t Id(schema::Value::Reader v) { return v.isObject() ? v.getObject().getId() : 0; }

struct Ctx {
    Replayer& r;
    const Replayer::Call& c;
    ValueList a;
    Objects& o;

    schema::Value::Reader Arg(unsigned i) const {
        if (i >= a.size()) throw ReplayError("call #" + std::to_string(c.call.getSeq()) + " has too few arguments");
        return a[i];
    }
    tm::IDevice* Device(unsigned i) const { return o.devices.Get(Id(Arg(i))); }
    tm::CommandQueue& Queue(unsigned i) const {
        auto ref = Arg(i).getObject();
        if (!o.queues.Has(ref.getId()))  // first use: the queue of its device with the captured index
            o.queues.Put(ref.getId(), &o.devices.Get(ref.getParent())->command_queue(ref.getRaw()));
        return *o.queues.Get(ref.getId());
    }
    // A program the log has not seen created was constructed directly (`Program program{}`), which is not an API
    // call: it is created here on first use, as it was in the captured program.
    tm::Program& Program(unsigned i) const {
        const std::uint64_t id = Id(Arg(i));
        if (!o.programs.Has(id)) o.programs.Put(id, std::make_unique<tm::Program>());
        return *o.programs.Get(id);
    }
    std::shared_ptr<tm::Buffer>& Buffer(unsigned i) const { return o.buffers.Get(Id(Arg(i))); }
    tm::KernelHandle Kernel(unsigned i) const { return o.kernels.Get(Id(Arg(i))).handle; }
    tm::CBHandle Cb(unsigned i) const { return o.circular_buffers.Get(Id(Arg(i))); }
    std::uint32_t Trace(unsigned i) const {
        auto ref = Arg(i).getObject();
        return o.traces.Has(ref.getId()) ? o.traces.Get(ref.getId()) : static_cast<std::uint32_t>(ref.getRaw());
    }
    std::uint64_t U(unsigned i) const {
        auto v = Arg(i);
        if (v.isUint()) return v.getUint();
        if (v.isInt()) return static_cast<std::uint64_t>(v.getInt());
        if (v.isBool()) return v.getBool();
        return 0;
    }
    bool B(unsigned i) const { return Arg(i).isBool() ? Arg(i).getBool() : U(i) != 0; }
    std::vector<std::uint32_t> Words(unsigned i) const { return r.Words(Arg(i).getWords()); }
    std::string Text(unsigned i) const { return Arg(i).getText().cStr(); }
    tm::BufferRegion Region(unsigned i) const { return {Arg(i).getRegion().getOffset(), Arg(i).getRegion().getSize()}; }
    std::uint64_t Seq() const { return c.call.getSeq(); }
    // The object a call created, as its Return records it.
    std::uint64_t ResultId() const {
        if (!c.has_return || !c.ret.getResult().isObject()) return 0;
        return c.ret.getResult().getObject().getId();
    }
    std::uint64_t ResultRaw() const { return c.has_return && c.ret.getResult().isObject() ? c.ret.getResult().getObject().getRaw() : 0; }
};

std::vector<CoreRange> Ranges(capnp::List<schema::CoreRange>::Reader list) {
    std::vector<CoreRange> out;
    for (auto r : list) out.emplace_back(CoreCoord{r.getStartX(), r.getStartY()}, CoreCoord{r.getEndX(), r.getEndY()});
    return out;
}

CoreSpec Cores(schema::Value::Reader v) {
    if (!v.isCores()) throw LogError("expected cores, the log has " + FormatValue(v));
    auto c = v.getCores();
    auto ranges = Ranges(c.getRanges());
    if (ranges.empty() && c.getForm() != schema::CoreForm::RANGE_SET) throw LogError("a core or core range with no range");
    switch (c.getForm()) {
        case schema::CoreForm::COORD: return ranges.at(0).start_coord;
        case schema::CoreForm::RANGE: return ranges.at(0);
        default: return CoreRangeSet(std::move(ranges));
    }
}

CoreCoord Coord(schema::Value::Reader v) {
    auto spec = Cores(v);
    if (auto* c = std::get_if<CoreCoord>(&spec)) return *c;
    throw LogError("expected one core, the log has " + FormatValue(v));
}

CoreRangeSet RangeSet(schema::Value::Reader v) {
    auto spec = Cores(v);
    if (auto* s = std::get_if<CoreRangeSet>(&spec)) return *s;
    throw LogError("expected a core range set, the log has " + FormatValue(v));
}

std::variant<CoreRange, CoreRangeSet> SemaphoreCores(schema::Value::Reader v) {
    auto spec = Cores(v);
    if (auto* r = std::get_if<CoreRange>(&spec)) return *r;
    if (auto* s = std::get_if<CoreRangeSet>(&spec)) return *s;
    return CoreRange(std::get<CoreCoord>(spec));
}

std::map<std::string, std::string> Defines(capnp::List<schema::Define>::Reader list) {
    std::map<std::string, std::string> out;
    for (auto d : list) out[d.getName().cStr()] = d.getValue().cStr();
    return out;
}

std::variant<tm::DataMovementConfig, tm::ComputeConfig, tm::EthernetConfig> KernelConfig(schema::Value::Reader v) {
    auto k = v.getKernelConfig();
    std::vector<std::uint32_t> args = ToVector<std::uint32_t>(k.getCompileArgs());
    const auto opt = static_cast<tm::KernelBuildOptLevel>(k.getOptLevel());
    switch (k.getKind()) {
        case schema::KernelKind::DATA_MOVEMENT:
            return tm::DataMovementConfig{static_cast<tm::DataMovementProcessor>(k.getProcessor()),
                                          static_cast<tm::NOC>(k.getNoc()), static_cast<tm::NOC_MODE>(k.getNocMode()),
                                          args, Defines(k.getDefines()), opt};
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
            return cfg;
        }
        default:
            return tm::EthernetConfig{static_cast<tm::Eth>(k.getEthMode()), static_cast<tm::NOC>(k.getNoc()),
                                      static_cast<tm::DataMovementProcessor>(k.getProcessor()), args,
                                      Defines(k.getDefines()), opt};
    }
}

tm::InterleavedBufferConfig Interleaved(const Ctx& x, schema::Value::Reader v) {
    auto b = v.getBufferConfig();
    return {x.o.devices.Get(b.getDevice()), b.getSize(), b.getPageSize(), static_cast<tm::BufferType>(b.getBufferType()),
            static_cast<tm::TensorMemoryLayout>(b.getLayout())};
}

tm::ShardedBufferConfig Sharded(const Ctx& x, schema::Value::Reader v) {
    auto b = v.getBufferConfig();
    auto s = b.getShard();
    tm::ShardSpecBuffer spec(CoreRangeSet(Ranges(s.getGrid())), {s.getShapeHeight(), s.getShapeWidth()},
                             static_cast<tm::ShardOrientation>(s.getOrientation()),
                             {s.getPageHeight(), s.getPageWidth()}, {s.getTensorPagesHeight(), s.getTensorPagesWidth()});
    spec.tensor_shard_spec.mode = static_cast<tm::ShardMode>(s.getMode());
    return {x.o.devices.Get(b.getDevice()), b.getSize(), b.getPageSize(), static_cast<tm::BufferType>(b.getBufferType()),
            static_cast<tm::TensorMemoryLayout>(b.getLayout()), spec};
}

tm::CircularBufferConfig CbConfig(const Ctx& x, schema::Value::Reader v) {
    auto c = v.getCbConfig();
    std::map<std::uint8_t, tt::DataFormat> formats;
    for (auto i : c.getIndices()) formats[i.getIndex()] = static_cast<tt::DataFormat>(i.getDataFormat());
    tm::CircularBufferConfig cfg = c.getGlobalBuffer() ? tm::CircularBufferConfig(c.getTotalSize(), formats, *x.o.buffers.Get(c.getGlobalBuffer()))
                                                       : tm::CircularBufferConfig(c.getTotalSize(), formats);
    for (auto i : c.getIndices())
        if (i.getPageSize()) cfg.set_page_size(i.getIndex(), i.getPageSize());
    return cfg;
}

// A write's payload as the program passed it: the same HostDataType alternative, the captured bytes. `need`: how
// many bytes the replayed call reads from it (the log must hold them all).
tm::HostDataType Payload(const Ctx& x, schema::Value::Reader v, std::uint64_t need) {
    if (!v.isData()) throw LogError("expected data, the log has " + FormatValue(v));
    auto d = v.getData();
    const std::uint8_t* bytes = x.r.Data(d, need);
    x.r.CountWritten(d.getSize());
    auto vec = [&](auto tag) {
        using T = decltype(tag);
        auto out = std::make_shared<std::vector<T>>(d.getSize() / sizeof(T));
        if (d.getSize()) std::memcpy(out->data(), bytes, out->size() * sizeof(T));
        return out;
    };
    switch (d.getElementType()) {
        case schema::ElementType::UINT8: return vec(std::uint8_t{});
        case schema::ElementType::UINT16: return vec(std::uint16_t{});
        case schema::ElementType::INT32: return vec(std::int32_t{});
        case schema::ElementType::UINT32: return vec(std::uint32_t{});
        case schema::ElementType::FLOAT32: return vec(float{});
        case schema::ElementType::BFLOAT16: return vec(bfloat16{});
        default: return static_cast<const void*>(bytes);  // straight from the mapped log
    }
}

std::uint64_t WholeBuffer(const tm::Buffer& b) { return b.page_size() * b.num_pages(); }

// A sub-buffer region the log names must lie inside the buffer (overflow-safe) before any memory is sized by it.
tm::BufferRegion RegionIn(const Ctx& x, unsigned i, const tm::Buffer& buffer) {
    const tm::BufferRegion r = x.Region(i);
    const std::uint64_t size = WholeBuffer(buffer);
    if (r.offset > size || r.size > size - r.offset)
        throw LogError("region [" + std::to_string(r.offset) + ", +" + std::to_string(r.size) + "] lies outside its " +
                       std::to_string(size) + "-byte buffer");
    return r;
}

// Applies in-place runtime-arg edits recorded on a launch.
void ApplyArgsChanged(const Ctx& x) {
    for (auto change : x.c.call.getArgsChanged()) {
        const KernelRef& k = x.o.kernels.Get(change.getKernel());
        const tm::Program& p = *x.o.programs.Get(k.program);
        auto words = x.r.Words(change.getWords());
        tm::RuntimeArgsData& args =
            change.getCommon() ? tm::GetCommonRuntimeArgs(p, k.handle)
                               : tm::GetRuntimeArgs(p, k.handle, CoreCoord{change.getX(), change.getY()});
        if (args.size() != words.size())
            throw ReplayError("call #" + std::to_string(x.Seq()) + ": recorded runtime args of kernel#" +
                              std::to_string(change.getKernel()) + " have " + std::to_string(words.size()) +
                              " words, the replayed kernel has " + std::to_string(args.size()));
        std::copy(words.begin(), words.end(), args.data());
    }
}

void NewBuffer(const Ctx& x, std::shared_ptr<tm::Buffer> b) {
    const std::uint64_t id = x.ResultId();
    x.o.buffers.Put(id, std::move(b));
    x.r.NoteBuffer(id, x.ResultRaw());
}

std::string Describe(const Ctx& x, unsigned buffer_arg) {
    return ApiName(x.c.call.getFunction()) + " of " + FormatValue(x.Arg(buffer_arg));
}

// Records where a read's bytes go, then asks for them (the golden data is compared when it is final).
void Read(const Ctx& x, unsigned cq_arg, unsigned buffer_arg, std::optional<tm::BufferRegion> region, bool blocking) {
    auto& buffer = x.Buffer(buffer_arg);
    auto& dst = x.r.ReadTarget(x.Seq(), Describe(x, buffer_arg), region ? region->size : WholeBuffer(*buffer));
    tm::CommandQueue& cq = x.Queue(cq_arg);
    if (region) tm::EnqueueReadSubBuffer(cq, buffer, dst.data(), *region, blocking);
    else tm::EnqueueReadBuffer(cq, buffer, dst.data(), blocking);
}

std::vector<tm::IDevice*> DeviceList(const Ctx& x, schema::Value::Reader v) {
    std::vector<tm::IDevice*> out;
    for (auto d : v.getList()) out.push_back(x.o.devices.Get(Id(d)));
    return out;
}

using Handler = void (*)(const Ctx&);

// One entry per API function: how it is replayed.
const std::map<Api, Handler>& Handlers() {
    static const std::map<Api, Handler> handlers = {
        {Api::GET_NUM_AVAILABLE_DEVICES, [](const Ctx&) { tm::GetNumAvailableDevices(); }},
        {Api::IS_GALAXY_CLUSTER, [](const Ctx&) { tm::IsGalaxyCluster(); }},
        {Api::GET_NUM_PCIE_DEVICES, [](const Ctx&) { tm::GetNumPCIeDevices(); }},
        {Api::GET_PCIE_DEVICE_ID, [](const Ctx& x) { tm::GetPCIeDeviceID(x.r.MapDevice(static_cast<int>(x.U(0)))); }},
        {Api::CREATE_DEVICE,
         [](const Ctx& x) {
             auto w = x.Arg(4).getWords();
             tm::DispatchCoreConfig dispatch(static_cast<tm::DispatchCoreType>(w.size() > 0 ? w[0] : 0),
                                             static_cast<tm::DispatchCoreAxis>(w.size() > 1 ? w[1] : 0));
             std::vector<std::uint32_t> remap = ToVector<std::uint32_t>(x.Arg(5).getWords());
             tm::IDevice* d = tm::CreateDevice(x.r.MapDevice(static_cast<int>(static_cast<std::int64_t>(x.U(0)))),
                                               static_cast<std::uint8_t>(x.U(1)), x.U(2), x.U(3), dispatch, remap);
             x.o.devices.Put(x.ResultId(), d);
         }},
        {Api::CREATE_DEVICE_MINIMAL,
         [](const Ctx& x) {
             x.o.devices.Put(x.ResultId(), tm::CreateDeviceMinimal(x.r.MapDevice(static_cast<int>(x.U(0))),
                                                                   static_cast<std::uint8_t>(x.U(1))));
         }},
        {Api::CLOSE_DEVICE,
         [](const Ctx& x) {
             const std::uint64_t id = Id(x.Arg(0));
             tm::CloseDevice(x.o.devices.Get(id));
             x.o.devices.Erase(id);
         }},
        {Api::CREATE_PROGRAM,
         [](const Ctx& x) { x.o.programs.Put(x.ResultId(), std::make_unique<tm::Program>(tm::CreateProgram())); }},
        {Api::CREATE_KERNEL,
         [](const Ctx& x) {
             const auto h = tm::CreateKernel(x.Program(0), x.r.KernelFile(x.Arg(1).getKernelSource()), Cores(x.Arg(2)),
                                             KernelConfig(x.Arg(3)));
             x.o.kernels.Put(x.ResultId(), {Id(x.Arg(0)), h});
         }},
        {Api::CREATE_KERNEL_FROM_STRING,
         [](const Ctx& x) {
             const auto h = tm::CreateKernelFromString(x.Program(0), x.r.KernelText(x.Arg(1).getKernelSource()),
                                                       Cores(x.Arg(2)), KernelConfig(x.Arg(3)));
             x.o.kernels.Put(x.ResultId(), {Id(x.Arg(0)), h});
         }},
        {Api::CREATE_CIRCULAR_BUFFER,
         [](const Ctx& x) {
             x.o.circular_buffers.Put(x.ResultId(),
                                      tm::CreateCircularBuffer(x.Program(0), Cores(x.Arg(1)), CbConfig(x, x.Arg(2))));
         }},
        {Api::GET_CIRCULAR_BUFFER_CONFIG, [](const Ctx& x) { tm::GetCircularBufferConfig(x.Program(0), x.Cb(1)); }},
        {Api::UPDATE_CIRCULAR_BUFFER_TOTAL_SIZE,
         [](const Ctx& x) { tm::UpdateCircularBufferTotalSize(x.Program(0), x.Cb(1), static_cast<std::uint32_t>(x.U(2))); }},
        {Api::UPDATE_CIRCULAR_BUFFER_PAGE_SIZE,
         [](const Ctx& x) {
             tm::UpdateCircularBufferPageSize(x.Program(0), x.Cb(1), static_cast<std::uint8_t>(x.U(2)),
                                              static_cast<std::uint32_t>(x.U(3)));
         }},
        {Api::UPDATE_DYNAMIC_CIRCULAR_BUFFER_ADDRESS,
         [](const Ctx& x) { tm::UpdateDynamicCircularBufferAddress(x.Program(0), x.Cb(1), *x.Buffer(2)); }},
        {Api::UPDATE_DYNAMIC_CIRCULAR_BUFFER_ADDRESS_AND_TOTAL_SIZE,
         [](const Ctx& x) {
             tm::UpdateDynamicCircularBufferAddressAndTotalSize(x.Program(0), x.Cb(1), *x.Buffer(2),
                                                                static_cast<std::uint32_t>(x.U(3)));
         }},
        {Api::CREATE_SEMAPHORE,
         [](const Ctx& x) {
             tm::CreateSemaphore(x.Program(0), SemaphoreCores(x.Arg(1)), static_cast<std::uint32_t>(x.U(2)),
                                 static_cast<CoreType>(x.U(3)));
         }},
        {Api::CREATE_GLOBAL_SEMAPHORE,
         [](const Ctx& x) {
             const auto cores = RangeSet(x.Arg(1));
             x.o.global_semaphores.Put(x.ResultId(), std::make_shared<tm::GlobalSemaphore>(tm::CreateGlobalSemaphore(
                                                         x.Device(0), cores, static_cast<std::uint32_t>(x.U(2)),
                                                         static_cast<tm::BufferType>(x.U(3)))));
         }},
        {Api::CREATE_GLOBAL_SEMAPHORE_MOVE,
         [](const Ctx& x) {
             x.o.global_semaphores.Put(x.ResultId(), std::make_shared<tm::GlobalSemaphore>(tm::CreateGlobalSemaphore(
                                                         x.Device(0), RangeSet(x.Arg(1)),
                                                         static_cast<std::uint32_t>(x.U(2)),
                                                         static_cast<tm::BufferType>(x.U(3)))));
         }},
        {Api::CREATE_BUFFER_INTERLEAVED, [](const Ctx& x) { NewBuffer(x, tm::CreateBuffer(Interleaved(x, x.Arg(0)))); }},
        {Api::CREATE_BUFFER_INTERLEAVED_AT_ADDRESS,
         [](const Ctx& x) { NewBuffer(x, tm::CreateBuffer(Interleaved(x, x.Arg(0)), x.U(1))); }},
        {Api::CREATE_BUFFER_INTERLEAVED_SUB_DEVICE,
         [](const Ctx& x) {
             NewBuffer(x, tm::CreateBuffer(Interleaved(x, x.Arg(0)), tm::SubDeviceId{static_cast<std::uint8_t>(x.U(1))}));
         }},
        {Api::CREATE_BUFFER_SHARDED, [](const Ctx& x) { NewBuffer(x, tm::CreateBuffer(Sharded(x, x.Arg(0)))); }},
        {Api::CREATE_BUFFER_SHARDED_AT_ADDRESS,
         [](const Ctx& x) { NewBuffer(x, tm::CreateBuffer(Sharded(x, x.Arg(0)), x.U(1))); }},
        {Api::CREATE_BUFFER_SHARDED_SUB_DEVICE,
         [](const Ctx& x) {
             NewBuffer(x, tm::CreateBuffer(Sharded(x, x.Arg(0)), tm::SubDeviceId{static_cast<std::uint8_t>(x.U(1))}));
         }},
        {Api::DEALLOCATE_BUFFER, [](const Ctx& x) { tm::DeallocateBuffer(*x.Buffer(0)); }},
        {Api::ASSIGN_GLOBAL_BUFFER_TO_PROGRAM,
         [](const Ctx& x) { tm::AssignGlobalBufferToProgram(x.Buffer(0), x.Program(1)); }},
        {Api::SET_RUNTIME_ARGS,
         [](const Ctx& x) { tm::SetRuntimeArgs(x.Program(0), x.Kernel(1), Cores(x.Arg(2)), x.Words(3)); }},
        {Api::SET_RUNTIME_ARGS_PER_CORE,
         [](const Ctx& x) {
             std::vector<CoreCoord> cores;
             for (auto v : x.Arg(2).getList()) cores.push_back(Coord(v));
             std::vector<std::vector<std::uint32_t>> args;
             for (auto v : x.Arg(3).getList()) args.push_back(x.r.Words(v.getWords()));
             tm::SetRuntimeArgs(x.Program(0), x.Kernel(1), cores, args);
         }},
        {Api::SET_COMMON_RUNTIME_ARGS,
         [](const Ctx& x) { tm::SetCommonRuntimeArgs(x.Program(0), x.Kernel(1), x.Words(2)); }},
        {Api::GET_RUNTIME_ARGS,
         [](const Ctx& x) { tm::GetRuntimeArgs(x.Program(0), x.Kernel(1), Coord(x.Arg(2))); }},
        {Api::GET_RUNTIME_ARGS_ALL, [](const Ctx& x) { tm::GetRuntimeArgs(x.Program(0), x.Kernel(1)); }},
        {Api::GET_COMMON_RUNTIME_ARGS, [](const Ctx& x) { tm::GetCommonRuntimeArgs(x.Program(0), x.Kernel(1)); }},
        {Api::ENQUEUE_READ_BUFFER, [](const Ctx& x) { Read(x, 0, 1, std::nullopt, x.B(3)); }},
        {Api::ENQUEUE_READ_SUB_BUFFER, [](const Ctx& x) { Read(x, 0, 1, RegionIn(x, 3, *x.Buffer(1)), x.B(4)); }},
        {Api::ENQUEUE_WRITE_BUFFER,
         [](const Ctx& x) {
             auto& buffer = x.Buffer(1);
             tm::EnqueueWriteBuffer(x.Queue(0), buffer, Payload(x, x.Arg(2), WholeBuffer(*buffer)), x.B(3));
         }},
        {Api::ENQUEUE_WRITE_SUB_BUFFER,
         [](const Ctx& x) {
             auto& buffer = x.Buffer(1);
             const tm::BufferRegion region = RegionIn(x, 3, *buffer);
             tm::EnqueueWriteSubBuffer(x.Queue(0), buffer, Payload(x, x.Arg(2), region.size), region, x.B(4));
         }},
        {Api::ENQUEUE_PROGRAM,
         [](const Ctx& x) {
             ApplyArgsChanged(x);
             tm::EnqueueProgram(x.Queue(0), x.Program(1), x.B(2));
         }},
        {Api::FINISH, [](const Ctx& x) { tm::Finish(x.Queue(0)); }},
        {Api::BEGIN_TRACE_CAPTURE,
         [](const Ctx& x) {
             x.o.traces.Put(x.ResultId(), tm::BeginTraceCapture(x.Device(0), static_cast<std::uint8_t>(x.U(1))));
         }},
        {Api::END_TRACE_CAPTURE,
         [](const Ctx& x) { tm::EndTraceCapture(x.Device(0), static_cast<std::uint8_t>(x.U(1)), x.Trace(2)); }},
        {Api::REPLAY_TRACE,
         [](const Ctx& x) { tm::ReplayTrace(x.Device(0), static_cast<std::uint8_t>(x.U(1)), x.Trace(2), x.B(3)); }},
        {Api::RELEASE_TRACE, [](const Ctx& x) { tm::ReleaseTrace(x.Device(0), x.Trace(1)); }},
        {Api::ENQUEUE_TRACE, [](const Ctx& x) { tm::EnqueueTrace(x.Queue(0), x.Trace(1), x.B(2)); }},
        {Api::LIGHT_METAL_BEGIN_CAPTURE, [](const Ctx&) { tm::LightMetalBeginCapture(); }},
        {Api::LIGHT_METAL_END_CAPTURE, [](const Ctx&) { tm::LightMetalEndCapture(); }},
        {Api::DUMP_DEVICE_PROFILE_RESULTS, [](const Ctx& x) { tm::DumpDeviceProfileResults(x.Device(0), x.Program(1)); }},
        {Api::ENQUEUE_RECORD_EVENT,
         [](const Ctx& x) {
             const std::uint64_t id = Id(x.Arg(1));
             auto event = std::make_shared<tm::Event>();
             x.o.events.Put(id, event);
             tm::EnqueueRecordEvent(x.Queue(0), event);
         }},
        {Api::ENQUEUE_WAIT_FOR_EVENT,
         [](const Ctx& x) { tm::EnqueueWaitForEvent(x.Queue(0), x.o.events.Get(Id(x.Arg(1)))); }},
        {Api::EVENT_SYNCHRONIZE, [](const Ctx& x) { tm::EventSynchronize(x.o.events.Get(Id(x.Arg(0)))); }},
        {Api::EVENT_QUERY, [](const Ctx& x) { tm::EventQuery(x.o.events.Get(Id(x.Arg(0)))); }},
        {Api::SYNCHRONIZE,
         [](const Ctx& x) {
             std::optional<std::uint8_t> cq;
             if (x.Arg(1).isUint()) cq = static_cast<std::uint8_t>(x.U(1));
             tm::Synchronize(x.Device(0), cq);
         }},
        {Api::DETAIL_WRITE_TO_BUFFER,
         [](const Ctx& x) {
             auto d = x.Arg(1).getData();
             x.r.CountWritten(d.getSize());
             tm::detail::WriteToBuffer(*x.Buffer(0), tt::stl::Span<const std::uint8_t>(x.r.Data(d, d.getSize()), d.getSize()));
         }},
        {Api::DETAIL_READ_FROM_BUFFER,
         [](const Ctx& x) {
             auto& buffer = *x.Buffer(0);
             auto& dst = x.r.ReadTarget(x.Seq(), Describe(x, 0), WholeBuffer(buffer));
             tm::detail::ReadFromBuffer(buffer, dst.data(), x.B(2));
         }},
        {Api::DETAIL_LAUNCH_PROGRAM,
         [](const Ctx& x) {
             ApplyArgsChanged(x);
             tm::detail::LaunchProgram(x.Device(0), x.Program(1), x.B(2));
         }},
        {Api::DETAIL_WAIT_PROGRAM_DONE, [](const Ctx& x) { tm::detail::WaitProgramDone(x.Device(0), x.Program(1)); }},
        {Api::DETAIL_COMPILE_PROGRAM, [](const Ctx& x) { tm::detail::CompileProgram(x.Device(0), x.Program(1), x.B(2)); }},
        {Api::DETAIL_WRITE_RUNTIME_ARGS_TO_DEVICE,
         [](const Ctx& x) { tm::detail::WriteRuntimeArgsToDevice(x.Device(0), x.Program(1), x.B(2)); }},
        {Api::DETAIL_CONFIGURE_DEVICE_WITH_PROGRAM,
         [](const Ctx& x) { tm::detail::ConfigureDeviceWithProgram(x.Device(0), x.Program(1), x.B(2)); }},
        {Api::DETAIL_WRITE_TO_DEVICE_DRAM_CHANNEL,
         [](const Ctx& x) {
             auto words = x.Words(3);
             tm::detail::WriteToDeviceDRAMChannel(x.Device(0), static_cast<int>(x.U(1)), static_cast<std::uint32_t>(x.U(2)), words);
         }},
        {Api::DETAIL_READ_FROM_DEVICE_DRAM_CHANNEL,
         [](const Ctx& x) {
             std::vector<std::uint32_t> words;
             x.r.CheckReadSize(x.Seq(), "readFromDeviceDramChannel", x.U(3));
             tm::detail::ReadFromDeviceDRAMChannel(x.Device(0), static_cast<int>(x.U(1)), static_cast<std::uint32_t>(x.U(2)),
                                                   static_cast<std::uint32_t>(x.U(3)), words);
             x.r.ExpectRead(x.Seq(), "readFromDeviceDramChannel",
                            {reinterpret_cast<std::uint8_t*>(words.data()), reinterpret_cast<std::uint8_t*>(words.data() + words.size())});
         }},
        {Api::DETAIL_WRITE_TO_DEVICE_L1,
         [](const Ctx& x) {
             auto words = x.Words(3);
             tm::detail::WriteToDeviceL1(x.Device(0), Coord(x.Arg(1)), static_cast<std::uint32_t>(x.U(2)),
                                         words, static_cast<CoreType>(x.U(4)));
         }},
        {Api::DETAIL_READ_FROM_DEVICE_L1,
         [](const Ctx& x) {
             std::vector<std::uint32_t> words;
             x.r.CheckReadSize(x.Seq(), "readFromDeviceL1", x.U(3));
             tm::detail::ReadFromDeviceL1(x.Device(0), Coord(x.Arg(1)), static_cast<std::uint32_t>(x.U(2)),
                                          static_cast<std::uint32_t>(x.U(3)), words, static_cast<CoreType>(x.U(5)));
             x.r.ExpectRead(x.Seq(), "readFromDeviceL1",
                            {reinterpret_cast<std::uint8_t*>(words.data()), reinterpret_cast<std::uint8_t*>(words.data() + words.size())});
         }},
        {Api::DETAIL_WRITE_REG_TO_DEVICE,
         [](const Ctx& x) {
             tm::detail::WriteRegToDevice(x.Device(0), Coord(x.Arg(1)), static_cast<std::uint32_t>(x.U(2)),
                                          static_cast<std::uint32_t>(x.U(3)));
         }},
        {Api::DETAIL_READ_REG_FROM_DEVICE,
         [](const Ctx& x) {
             std::uint32_t reg = 0;
             tm::detail::ReadRegFromDevice(x.Device(0), Coord(x.Arg(1)), static_cast<std::uint32_t>(x.U(2)), reg);
             x.r.ExpectRead(x.Seq(), "readRegFromDevice",
                            {reinterpret_cast<std::uint8_t*>(&reg), reinterpret_cast<std::uint8_t*>(&reg + 1)});
         }},
        {Api::DETAIL_CREATE_DEVICES,
         [](const Ctx& x) {
             std::vector<chip_id_t> ids;
             for (auto v : x.Arg(0).getList()) ids.push_back(x.r.MapDevice(static_cast<int>(v.getInt())));
             auto devices = tm::detail::CreateDevices(ids, static_cast<std::uint8_t>(x.U(1)), x.U(2), x.U(3));
             auto results = x.c.ret.getResult().getList();
             unsigned i = 0;
             for (const auto& [id, device] : devices)
                 if (i < results.size()) x.o.devices.Put(Id(results[i++]), device);
         }},
        {Api::DETAIL_CLOSE_DEVICES,
         [](const Ctx& x) {
             std::map<chip_id_t, tm::IDevice*> devices;
             for (auto v : x.Arg(0).getList()) {
                 tm::IDevice* d = x.o.devices.Get(Id(v));
                 devices[d->id()] = d;
                 x.o.devices.Erase(Id(v));
             }
             tm::detail::CloseDevices(devices);
         }},
        {Api::DETAIL_LAUNCH_PROGRAM_SHARED,
         [](const Ctx& x) {
             ApplyArgsChanged(x);
             std::shared_ptr<tm::Program> program(&x.Program(1), [](tm::Program*) {});  // owned by the table
             tm::detail::LaunchProgram(x.Device(0), program, x.B(2));
         }},
        {Api::DETAIL_SYNCHRONIZE_WORKER_THREADS,
         [](const Ctx& x) { tm::detail::SynchronizeWorkerThreads(DeviceList(x, x.Arg(0))); }},
        {Api::DETAIL_READ_SHARD,
         [](const Ctx& x) {
             std::vector<std::uint8_t> bytes(WholeBuffer(*x.Buffer(0)));
             tm::detail::ReadShard(*x.Buffer(0), bytes.data(), static_cast<std::uint32_t>(x.U(2)));
         }},
        {Api::DETAIL_DUMP_DEVICE_PROFILE_RESULTS_CORES,
         [](const Ctx& x) {
             std::vector<CoreCoord> cores;
             for (auto v : x.Arg(1).getList()) cores.push_back(Coord(v));
             tm::detail::DumpDeviceProfileResults(x.Device(0), cores, static_cast<tm::ProfilerDumpState>(x.U(2)));
         }},
        {Api::LOAD_TRACE,
         [](const Ctx& x) {
             tm::TraceDescriptor desc;
             desc.data = x.Words(3);
             const std::uint32_t tid = static_cast<std::uint32_t>(x.Arg(2).getObject().getRaw());
             tm::LoadTrace(x.Device(0), static_cast<std::uint8_t>(x.U(1)), tid, desc);
             x.o.traces.Put(Id(x.Arg(2)), tid);
         }},
        {Api::LIGHT_METAL_COMPARE_TO_CAPTURE,
         [](const Ctx& x) { tm::LightMetalCompareToCapture(x.Queue(0), x.Buffer(1), nullptr); }},
        {Api::LIGHT_METAL_COMPARE_TO_GOLDEN,
         [](const Ctx& x) {
             std::vector<std::uint8_t> golden(WholeBuffer(*x.Buffer(1)));
             tm::LightMetalCompareToGolden(x.Queue(0), x.Buffer(1), golden.data());
         }},
        {Api::BUFFER_RELEASED,
         [](const Ctx& x) {
             // The program dropped its last reference: drop ours, so tt-metal frees the buffer at the same point.
             // Buffers tt-metal made for itself are not in the table.
             const std::uint64_t id = Id(x.Arg(0));
             if (x.o.buffers.Has(id)) x.o.buffers.Erase(id);
             x.o.buffer_address.erase(id);
         }},
        {Api::DETAIL_DISPATCH_STATE_CHECK, [](const Ctx& x) { tm::detail::DispatchStateCheck(x.B(0)); }},
        {Api::DETAIL_IN_WORKER_THREAD, [](const Ctx&) { tm::detail::InWorkerThread(); }},
        {Api::DETAIL_INITIALIZE_FABRIC_CONFIG,
         [](const Ctx& x) { tm::detail::InitializeFabricConfig(static_cast<tt::FabricConfig>(x.U(0))); }},
        {Api::DETAIL_CLEAR_PROFILER_CONTROL_BUFFER, [](const Ctx& x) { tm::detail::ClearProfilerControlBuffer(x.Device(0)); }},
        {Api::DETAIL_INIT_DEVICE_PROFILER, [](const Ctx& x) { tm::detail::InitDeviceProfiler(x.Device(0)); }},
        {Api::DETAIL_PROFILER_SYNC,
         [](const Ctx& x) { tm::detail::ProfilerSync(static_cast<tm::ProfilerSyncState>(x.U(0))); }},
        {Api::DETAIL_DUMP_DEVICE_PROFILE_RESULTS,
         [](const Ctx& x) {
             tm::detail::DumpDeviceProfileResults(x.Device(0), static_cast<tm::ProfilerDumpState>(x.U(1)));
         }},
        {Api::DETAIL_SET_DEVICE_PROFILER_DIR, [](const Ctx& x) { tm::detail::SetDeviceProfilerDir(x.Text(0)); }},
        {Api::DETAIL_FRESH_PROFILER_DEVICE_LOG, [](const Ctx&) { tm::detail::FreshProfilerDeviceLog(); }},
    };
    return handlers;
}

}  // namespace

void ReplayCall(Replayer& r, const Replayer::Call& c) {
    const auto& handlers = Handlers();
    auto it = handlers.find(c.call.getFunction());
    if (it == handlers.end())
        throw ReplayError("call #" + std::to_string(c.call.getSeq()) + " " + ApiName(c.call.getFunction()) +
                          " cannot be replayed by this ltplay");
    Ctx x{r, c, c.call.getArgs(), r.objects()};
    it->second(x);
}

}  // namespace ltcap
