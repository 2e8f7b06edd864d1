// How each argument and result of an intercepted call becomes a Value in the log.
//
// Plain parameters are encoded by their C++ type (one Encode overload per type). Where a parameter's meaning
// is not its type — a KernelHandle is a uint32_t, a write's payload size is the buffer's — the API description
// (api/api_list.h) wraps it in a role (api/roles.h), and the role's Encode knows what to record. Roles may also
// leave work for after the call (golden read data, finished queues); Intercept runs it.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <tt-metalium/host_api.hpp>
#include <tt-metalium/lightmetal_binary.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "api/roles.h"
#include "interpose/capture.h"

namespace ltcap {

namespace L = layout;
using BufferRef = api::BufRef;

// State of one call being encoded: later arguments need earlier ones (a kernel handle needs its program).
struct CallContext {
    Capture& cap;
    wire::Message& msg;
    Session* log = nullptr;  // the log the call goes to; null while only state is tracked
    bool journal = false;    // the call's records are kept for snapshots (state.h), here
    bool late = false;       // or by the log's writer thread (KeptLate)
    std::string records;     // its Call (and Return) entries, serialized for the tracker
    // What the arguments and result named, for the tracker (state.cc: Track).
    std::uint64_t created_id = 0, buffer_id = 0, kernel_id = 0, cb_id = 0, trace_id = 0, event_id = 0, spec_hash = 0;
    std::weak_ptr<tm::Buffer> created_buffer;
    std::array<std::uint64_t, 8> devices{};  // every device argument (CloseDevices names several)
    std::size_t device_count = 0;
    std::uint64_t program_key = 0, program_id = 0;
    std::uint64_t device_key = 0, device_id = 0;
    std::uint64_t queue_key = 0, queue_id = 0;
    std::uint64_t seq = 0;  // set once the Call entry is written
    std::uint64_t begin_ns = 0;
    Session::OpenEnd* open_end = nullptr;  // where its end goes (Session::EndLater), for a void call
    // Work for after tt-metal returned normally (fixed slots: no allocation on the call path).
    struct After {
        void (*fn)(CallContext&, std::uint64_t, std::uint64_t);
        std::uint64_t a, b;
    };
    std::array<After, 4> after{};
    std::size_t after_count = 0;
    void Then(void (*fn)(CallContext&, std::uint64_t, std::uint64_t), std::uint64_t a = 0, std::uint64_t b = 0) {
        if (after_count < after.size()) after[after_count++] = {fn, a, b};
    }
    wire::StructRef call;
    const tm::Program* program = nullptr;  // the Program argument, if any
    const tm::Program* launch = nullptr;   // a launch: runtime args are checked for in-place edits

    // A payload stored in the log (0 while no log is open: tracked records carry no payloads).
    std::uint64_t Blob(const void* data, std::uint64_t size) { return log ? log->Blob(data, size) : 0; }
};

using V = wire::StructRef;

// ---- Plain types
void Encode(CallContext& c, V v, bool x);
void Encode(CallContext& c, V v, const std::string& x);
void Encode(CallContext& c, V v, tm::IDevice* device);
void Encode(CallContext& c, V v, tm::CommandQueue& cq);
void Encode(CallContext& c, V v, const tm::Program& program);
void Encode(CallContext& c, V v, const tm::Buffer& buffer);
void Encode(CallContext& c, V v, const std::shared_ptr<tm::Buffer>& buffer);
void Encode(CallContext& c, V v, const BufferRef& buffer);
void Encode(CallContext& c, V v, tt::stl::Span<const std::uint32_t> words);
void Encode(CallContext& c, V v, const std::vector<std::uint32_t>& words);
void Encode(CallContext& c, V v, tt::stl::Span<const std::uint8_t> bytes);
void Encode(CallContext& c, V v, const CoreCoord& core);
void Encode(CallContext& c, V v, const CoreRange& range);
void Encode(CallContext& c, V v, const CoreRangeSet& set);
void Encode(CallContext& c, V v, const std::variant<CoreCoord, CoreRange, CoreRangeSet>& spec);
void Encode(CallContext& c, V v, const std::variant<CoreRange, CoreRangeSet>& spec);
void Encode(CallContext& c, V v, const std::vector<CoreCoord>& cores);
void Encode(CallContext& c, V v, const std::vector<std::vector<std::uint32_t>>& args);
void Encode(CallContext& c, V v,
            const std::variant<tm::DataMovementConfig, tm::ComputeConfig, tm::EthernetConfig>& config);
void Encode(CallContext& c, V v, const tm::InterleavedBufferConfig& config);
void Encode(CallContext& c, V v, const tm::ShardedBufferConfig& config);
void Encode(CallContext& c, V v, const tm::CircularBufferConfig& config);
void Encode(CallContext& c, V v, const tm::BufferRegion& region);
void Encode(CallContext& c, V v, const std::shared_ptr<tm::Event>& event);
void Encode(CallContext& c, V v, tt::stl::Span<const tm::SubDeviceId> ids);
void Encode(CallContext& c, V v, tm::SubDeviceId id);
void Encode(CallContext& c, V v, const std::optional<std::uint8_t>& cq_id);
void Encode(CallContext& c, V v, const tm::DispatchCoreConfig& config);
void Encode(CallContext& c, V v, const tm::TraceDescriptor& desc);
void Encode(CallContext& c, V v, const std::shared_ptr<tm::Kernel>& kernel);
void Encode(CallContext& c, V v, const std::shared_ptr<tm::RuntimeArgs>& args);
void Encode(CallContext& c, V v, const std::vector<std::shared_ptr<tm::RuntimeArgs>>& args);
void Encode(CallContext& c, V v, const std::vector<tm::IDevice*>& devices);
void Encode(CallContext& c, V v, const std::vector<chip_id_t>& ids);
void Encode(CallContext& c, V v, const std::map<chip_id_t, tm::IDevice*>& devices);
void Encode(CallContext& c, V v, const tm::RuntimeArgsData& args);
void Encode(CallContext& c, V v, const std::vector<std::vector<tm::RuntimeArgsData>>& args);
void Encode(CallContext& c, V v, const tm::LightMetalBinary& binary);
void Encode(CallContext& c, V v, const tm::GlobalSemaphore& semaphore);
void Encode(CallContext& c, V v, void* pointer);

template <typename T>
    requires std::is_arithmetic_v<T> || std::is_enum_v<T>
void Encode(CallContext& c, V v, T x) {
    if constexpr (std::is_enum_v<T>) {
        c.msg.Set<L::Value>(v, L::Value::f_uint, static_cast<std::uint64_t>(x));
    } else if constexpr (std::is_floating_point_v<T>) {
        c.msg.SetDouble<L::Value>(v, L::Value::f_float, static_cast<double>(x));
    } else if constexpr (std::is_signed_v<T>) {
        c.msg.Set<L::Value>(v, L::Value::f_int, static_cast<std::uint64_t>(static_cast<std::int64_t>(x)));
    } else {
        c.msg.Set<L::Value>(v, L::Value::f_uint, static_cast<std::uint64_t>(x));
    }
}

// ---- Roles (api/roles.h): what each records
void Encode(CallContext& c, V v, const KernelRef& r);
void Encode(CallContext& c, V v, const SetsArgsOf& r);
void Encode(CallContext& c, V v, const ExposesArgsOf& r);
void Encode(CallContext& c, V v, const CbRef& r);
void Encode(CallContext& c, V v, const TraceRef& r);
void Encode(CallContext& c, V v, const KernelFile& r);
void Encode(CallContext& c, V v, const KernelText& r);
void Encode(CallContext& c, V v, const LaunchOf& r);
void Encode(CallContext& c, V v, const FinishesQueue& r);
void Encode(CallContext& c, V v, const ClosesDevice& r);
void Encode(CallContext& c, V v, const SynchronizesDevice& r);
void Encode(CallContext& c, V v, const SynchronizesEvent& r);
void Encode(CallContext& c, V v, const RecordsEvent& r);
void Encode(CallContext& c, V v, const Blocking& r);
void Encode(CallContext& c, V v, const OutWords& r);
void Encode(CallContext& c, V v, const OutWord& r);
void Encode(CallContext& c, V v, const Payload& p);
void EncodeReadInto(CallContext& c, V v, const void* dst, std::uint64_t size, bool final_on_return);
template <typename P>
void Encode(CallContext& c, V v, const ReadInto<P>& r) {
    EncodeReadInto(c, v, r.value, r.size, r.final_on_return);
}
void Encode(CallContext& c, V v, const LaunchOfShared& r);
void Encode(CallContext& c, V v, const ReleasedBuffer& r);
void Encode(CallContext& c, V v, const LoadsTrace& r);
void Encode(CallContext& c, V v, const DeviceNumber& r);
void Encode(CallContext& c, V v, const DeviceNumbers& r);
void Encode(CallContext& c, V v, const ClosesDevices& r);
void Encode(CallContext& c, V v, const ShardInto& r);
void Encode(CallContext& c, V v, const Golden& r);

// ---- Results (api/roles.h: PlainResult, NewKernel, …)
void EncodeResult(CallContext& c, V v, PlainResult, const tm::Program& program);
void EncodeResult(CallContext& c, V v, PlainResult, tm::IDevice* device);
void EncodeResult(CallContext& c, V v, PlainResult, const std::shared_ptr<tm::Buffer>& buffer);
void EncodeResult(CallContext& c, V v, PlainResult, const std::map<chip_id_t, tm::IDevice*>& devices);
void EncodeResult(CallContext& c, V v, PlainResult, const tm::GlobalSemaphore& semaphore);
template <typename T>
void EncodeResult(CallContext& c, V v, PlainResult, const T& x) {
    Encode(c, v, x);
}
void EncodeResult(CallContext& c, V v, NewKernel, std::uint32_t handle);
void EncodeResult(CallContext& c, V v, NewCb, std::uintptr_t handle);
void EncodeResult(CallContext& c, V v, NewSemaphore, std::uint32_t id);
void EncodeResult(CallContext& c, V v, NewTrace, std::uint32_t tid);

// LTCAP_BACKTRACE: the call stack above the interposer, into the Call (backtrace.cc).
void RecordBacktrace(CallContext& c);

// After a call returned: keeps its records in the tracker, or ends the objects it ended (state.h).
void Track(CallContext& c, layout::Api api);
// The owner and replaced key of a call that is KeptLate (state.h), from its encoded arguments.
Session::LateKeep LateKeepOf(const CallContext& c, layout::Api api);

// Records runtime args edited in place since the log last had them (launches).
void EncodeArgsChanged(CallContext& c, const tm::Program& program);
// Brings the log's view of one kernel's runtime args up to date after a call set them.
void NoteArgs(CallContext& c, const tm::Program& program, std::uint32_t kernel);

}  // namespace ltcap
