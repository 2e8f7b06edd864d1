// What each call that changes tracked state does to the tracker (state.h): which object owns its records, which
// earlier record it makes moot, and which objects it ends.
#include "interpose/encode.h"

namespace ltcap {
namespace {

std::uint64_t Mix(std::initializer_list<std::uint64_t> parts) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (std::uint64_t p : parts) h = (h ^ p) * 0x100000001b3ull ^ (h >> 29);
    return h | 1;  // never 0 ("replaces nothing")
}

}  // namespace

Session::LateKeep LateKeepOf(const CallContext& c, layout::Api api) {
    using A = layout::Api;
    const auto a = static_cast<std::uint64_t>(api);
    switch (api) {
        case A::assignGlobalBufferToProgram: case A::updateCircularBufferPageSize:
            return {c.program_id, 0};
        case A::updateCircularBufferTotalSize: case A::updateDynamicCircularBufferAddress:
        case A::updateDynamicCircularBufferAddressAndTotalSize:
            return {c.program_id, Mix({a, c.cb_id})};
        case A::setRuntimeArgs: case A::setRuntimeArgsPerCore: case A::setRuntimeArgsKernel:
        case A::setRuntimeArgsKernelPerCore:
            // owner 0 for the (device, kernel object) forms: kept for the whole run
            return {c.program_id, Mix({a, c.kernel_id, c.spec_hash})};
        case A::setCommonRuntimeArgs:
            return {c.program_id, Mix({a, c.kernel_id})};
        default:
            return {0, 0};
    }
}

void Track(CallContext& c, layout::Api api) {
    using A = layout::Api;
    StateTracker& t = c.cap.tracker();
    const auto a = static_cast<std::uint64_t>(api);
    std::uint64_t owner = 0, replaces = 0;
    if (KeptLate(api)) {  // kept here when no log is open, or while a metal trace is captured
        const Session::LateKeep k = LateKeepOf(c, api);
        owner = k.owner;
        replaces = k.replaces;
    } else switch (api) {
        case A::createDevice: case A::createDeviceMinimal: case A::detailCreateDevices:
        case A::createProgram:
            owner = c.created_id;
            break;
        case A::createGlobalSemaphore: case A::createGlobalSemaphoreMove:
            owner = c.created_id;
            t.SetParent(owner, c.device_id);
            break;
        case A::createBufferInterleaved: case A::createBufferInterleavedAtAddress:
        case A::createBufferInterleavedSubDevice: case A::createBufferSharded: case A::createBufferShardedAtAddress:
        case A::createBufferShardedSubDevice:
            owner = c.created_id;
            t.SetParent(owner, c.device_id);
            if (!c.created_buffer.expired())
                t.AddBuffer(owner, c.created_buffer, reinterpret_cast<tm::IDevice*>(c.device_key));
            break;
        case A::deallocateBuffer:
            owner = c.buffer_id;
            t.BufferDeallocated(owner);
            break;
        case A::createKernel: case A::createKernelFromString: case A::createCircularBuffer: case A::createSemaphore:
            owner = c.program_id;
            break;
        case A::beginTraceCapture:
            owner = c.created_id;
            t.SetParent(owner, c.device_id);
            t.SetCapturingTrace(owner);  // before Keep: the recipe starts with this record
            break;
        case A::endTraceCapture: case A::loadTrace:
            owner = c.trace_id;
            t.SetParent(owner, c.device_id);
            break;
        case A::enqueueRecordEvent:
            owner = c.event_id;
            replaces = Mix({a, c.event_id});  // only the last recording matters
            t.EventRecorded(owner);
            break;
        case A::closeDevice: case A::detailCloseDevices:
            for (std::size_t i = 0; i < c.device_count; i++) t.Prune(c.devices[i]);
            return;
        case A::releaseTrace:
            t.Prune(c.trace_id);
            return;
        case A::bufferReleased:
            t.Prune(c.buffer_id);
            return;
        default:
            owner = t.capturing_trace();  // a call made while a metal trace is captured: part of its recipe
            break;
    }
    if (c.journal && !c.records.empty()) t.Keep(c.seq, owner, replaces, c.records);
    if (api == A::endTraceCapture) t.SetCapturingTrace(0);
}

}  // namespace ltcap
