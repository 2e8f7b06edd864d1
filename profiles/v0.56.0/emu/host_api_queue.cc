// host_api.hpp: command queue calls, metal traces, Light Metal entry points, events and synchronisation.
// As in tt-metal, the whole-buffer calls go through the sub-buffer ones and EnqueueProgram through
// detail::CompileProgram, by their exported symbols (so an interposer sees those nested calls too).
#include <iostream>

#include <tt-metalium/host_api.hpp>
#include <tt-metalium/lightmetal_capture_utils.hpp>
#include <tt-metalium/lightmetal_replay.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "buffer_io.h"
#include "command_queue.h"
#include "emu_device.h"
#include "emu/core/errors.h"
#include "emu/core/settings.h"
#include "trace_store.h"

namespace tt::tt_metal {
inline namespace v0 {

void EnqueueReadBuffer(CommandQueue& cq, const ttemu::BufferRef& buffer, void* dst, bool blocking) {
    detail::DispatchStateCheck(true);  // fast dispatch only, as in tt-metal
    EnqueueReadSubBuffer(cq, buffer, dst, BufferRegion(0, ttemu::BufferOf(buffer).size()), blocking);
}

void EnqueueReadSubBuffer(CommandQueue& cq, ttemu::BufferRef buffer, void* dst, const BufferRegion& region, bool blocking) {
    detail::DispatchStateCheck(true);
    cq.enqueue_read_buffer(buffer, dst, region, blocking);
}

void EnqueueWriteBuffer(CommandQueue& cq, const ttemu::BufferRef& buffer, HostDataType src, bool blocking) {
    detail::DispatchStateCheck(true);
    EnqueueWriteSubBuffer(cq, buffer, std::move(src), BufferRegion(0, ttemu::BufferOf(buffer).size()), blocking);
}

void EnqueueWriteSubBuffer(CommandQueue& cq, const ttemu::BufferRef& buffer, HostDataType src, const BufferRegion& region,
                           bool blocking) {
    detail::DispatchStateCheck(true);
    cq.enqueue_write_buffer(buffer, std::move(src), region, blocking);
}

void EnqueueProgram(CommandQueue& cq, Program& program, bool blocking) {
    detail::DispatchStateCheck(true);
    detail::CompileProgram(cq.device(), program);
    cq.enqueue_program(program, blocking);
}

void Finish(CommandQueue& cq, tt::stl::Span<const SubDeviceId> sub_device_ids) {
    detail::DispatchStateCheck(true);
    cq.finish(sub_device_ids);
}

std::uint32_t BeginTraceCapture(IDevice* device, const std::uint8_t cq_id) {
    detail::DispatchStateCheck(true);
    ttemu::EmuDevice& dev = ttemu::AsEmu(device);
    const std::uint32_t tid = ttemu::NextTraceId();
    dev.begin_trace(cq_id, tid);
    return tid;
}
void EndTraceCapture(IDevice* device, const std::uint8_t cq_id, const std::uint32_t tid) {
    ttemu::AsEmu(device).end_trace(cq_id, tid);
}
void ReplayTrace(IDevice* device, const std::uint8_t cq_id, const std::uint32_t tid, const bool blocking) {
    ttemu::AsEmu(device).replay_trace(cq_id, tid, blocking, blocking);
}
void ReleaseTrace(IDevice* device, const std::uint32_t tid) { ttemu::AsEmu(device).release_trace(tid); }
void EnqueueTrace(CommandQueue& cq, std::uint32_t trace_id, bool blocking) {
    detail::DispatchStateCheck(true);
    cq.enqueue_trace(trace_id, blocking);
}
void LoadTrace(IDevice* device, std::uint8_t cq_id, std::uint32_t trace_id, const TraceDescriptor& trace_desc) {
    ttemu::AsEmu(device).load_trace(cq_id, trace_id, trace_desc);
}

// This build has Light Metal disabled, as a default v0.56.0 build does.
void LightMetalBeginCapture() {}
LightMetalBinary LightMetalEndCapture() {
    std::cerr << "                 Metal | WARNING  | LightMetalEndCapture: Light Metal capture is disabled in this "
                 "build; returning an empty binary"
              << std::endl;
    return LightMetalBinary();
}

void EnqueueRecordEvent(CommandQueue& cq, const std::shared_ptr<Event>& event,
                        tt::stl::Span<const SubDeviceId> sub_device_ids) {
    detail::DispatchStateCheck(true);
    cq.enqueue_record_event(event, sub_device_ids);
}
void EnqueueWaitForEvent(CommandQueue& cq, const std::shared_ptr<Event>& event) {
    detail::DispatchStateCheck(true);
    cq.enqueue_wait_for_event(event);
}

namespace {
ttemu::EmuCommandQueue& QueueOf(const std::shared_ptr<Event>& event, const char* call) {
    if (!event) ttemu::Throw(call, ": the event is null");
    if (!event->ready) ttemu::Throw(call, ": the event was never recorded (call EnqueueRecordEvent on it first)");
    return ttemu::AsEmu(event->device).queue(event->cq_id);
}
}  // namespace

void EventSynchronize(const std::shared_ptr<Event>& event) {
    detail::DispatchStateCheck(true);
    QueueOf(event, "EventSynchronize").WaitEvent(event->event_id);
}
bool EventQuery(const std::shared_ptr<Event>& event) {
    detail::DispatchStateCheck(true);
    return QueueOf(event, "EventQuery").EventDone(event->event_id);
}

void Synchronize(IDevice* device, const std::optional<std::uint8_t> cq_id,
                 tt::stl::Span<const SubDeviceId> sub_device_ids) {
    if (ttemu::GetSettings().slow_dispatch) return;  // nothing is queued in slow dispatch
    ttemu::EmuDevice& dev = ttemu::AsEmu(device);
    if (cq_id) {
        Finish(dev.command_queue(*cq_id), sub_device_ids);
        return;
    }
    for (std::uint8_t i = 0; i < dev.num_hw_cqs(); i++) Finish(dev.command_queue(i), sub_device_ids);
}

LightMetalReplay::LightMetalReplay(LightMetalBinary&& binary, IDevice* device)
    : binary_(std::move(binary)), device_(device) {}
bool LightMetalReplay::run() {
    std::cerr << "                 Metal | WARNING  | LightMetalReplay::run: Light Metal is disabled in this build"
              << std::endl;
    return false;
}

}  // namespace v0

void LightMetalCompareToCapture(CommandQueue&, const ttemu::BufferRef&, void*) {
    std::cerr << "                 Metal | WARNING  | LightMetalCompareToCapture: Light Metal is disabled in this build"
              << std::endl;
}
void LightMetalCompareToGolden(CommandQueue&, const ttemu::BufferRef&, void*) {
    std::cerr << "                 Metal | WARNING  | LightMetalCompareToGolden: Light Metal is disabled in this build"
              << std::endl;
}

}  // namespace tt::tt_metal
