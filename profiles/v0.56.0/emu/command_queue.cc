#include "command_queue.h"

#include <cstring>

#include <tt-metalium/event.hpp>

#include "buffer_io.h"
#include "emu_device.h"
#include "emu/core/errors.h"
#include "program_launch.h"

namespace ttemu {

EmuCommandQueue::EmuCommandQueue(EmuDevice& device, std::uint32_t id)
    : device_(device),
      work_(device.chip().queue(id)),
      id_(id),
      dispatch_core_(kTranslatedWorkerBase + id, kTranslatedWorkerBase + kComputeGridY) {}

EmuCommandQueue::~EmuCommandQueue() = default;

void EmuCommandQueue::record_begin(const std::uint32_t tid, const std::shared_ptr<tt::tt_metal::TraceDescriptor>&) {
    tid_ = tid;
}
void EmuCommandQueue::record_end() { tid_.reset(); }

tt::tt_metal::SystemMemoryManager& EmuCommandQueue::sysmem_manager() {
    Throw("CommandQueue::sysmem_manager: the emulated device has no system memory manager");
}
tt::tt_metal::IDevice* EmuCommandQueue::device() { return &device_; }
tt::tt_metal::WorkerConfigBufferMgr& EmuCommandQueue::get_config_buffer_mgr(std::uint32_t) {
    Throw("CommandQueue::get_config_buffer_mgr: not available on the emulated device");
}

void EmuCommandQueue::enqueue_trace(const std::uint32_t trace_id, bool blocking) {
    device_.replay_trace(static_cast<std::uint8_t>(id_), trace_id, blocking, blocking);
}

void EmuCommandQueue::enqueue_program(tt::tt_metal::Program& program, bool blocking) {
    std::shared_ptr<const LaunchPlan> plan = PrepareLaunch(device_, program);
    Push([plan] { RunLaunch(*plan); });
    if (blocking) Drain();
}

void EmuCommandQueue::enqueue_read_buffer(const ttemu::BufferRef& ref, void* dst,
                                          const tt::tt_metal::BufferRegion& region, bool blocking,
                                          tt::stl::Span<const tt::tt_metal::SubDeviceId>) {
    Buffer& buffer = BufferOf(ref);
    CheckRegion(buffer, region.offset, region.size, "EnqueueReadBuffer");
    if (!dst && region.size) Throw("EnqueueReadBuffer: destination is null");
    // Hold the buffer alive until the command has run, when the caller gave us shared ownership.
    std::shared_ptr<Buffer> keep;
    if (auto* sp = std::get_if<std::shared_ptr<Buffer>>(&ref)) keep = *sp;
    const std::uint64_t offset = region.offset, size = region.size;
    Push([keep, &buffer, dst, offset, size] { ReadRegion(buffer, offset, dst, size); });
    if (blocking) Drain();
}

void EmuCommandQueue::enqueue_write_buffer(const ttemu::BufferRef& ref, tt::tt_metal::HostDataType src,
                                           const tt::tt_metal::BufferRegion& region, bool blocking,
                                           tt::stl::Span<const tt::tt_metal::SubDeviceId>) {
    Buffer& buffer = BufferOf(ref);
    CheckRegion(buffer, region.offset, region.size, "EnqueueWriteBuffer");
    const void* data = HostDataPointer(src);
    if (!data && region.size) Throw("EnqueueWriteBuffer: source is null");
    std::shared_ptr<Buffer> keep;
    if (auto* sp = std::get_if<std::shared_ptr<Buffer>>(&ref)) keep = *sp;
    const std::uint64_t offset = region.offset, size = region.size;
    if (blocking && !recording()) {
        // The caller waits anyway: copy straight from its memory, no staging copy.
        PushAndWait([&buffer, data, offset, size] { WriteRegion(buffer, offset, data, size); });
        return;
    }
    // Non-blocking: the source must be free for reuse on return, so stage a copy (as tt-metal does).
    auto staged = std::make_shared<std::vector<std::uint8_t>>(size);
    if (size) std::memcpy(staged->data(), data, size);
    Push([keep, &buffer, staged, offset, size] { WriteRegion(buffer, offset, staged->data(), size); });
    if (blocking) Drain();
}

void EmuCommandQueue::enqueue_record_event(const std::shared_ptr<tt::tt_metal::Event>& event,
                                           tt::stl::Span<const tt::tt_metal::SubDeviceId>) {
    if (!event) Throw("EnqueueRecordEvent: the event is null");
    if (recording()) Throw("EnqueueRecordEvent: events cannot be recorded while a metal trace is captured");
    event->device = &device_;
    event->cq_id = id_;
    event->event_id = RecordEvent();
    event->ready = true;
}

void EmuCommandQueue::enqueue_wait_for_event(const std::shared_ptr<tt::tt_metal::Event>& event) {
    if (!event) Throw("EnqueueWaitForEvent: the event is null");
    if (!event->ready)
        Throw("EnqueueWaitForEvent: the event was never recorded (call EnqueueRecordEvent on it first)");
    WorkQueue& other = AsEmu(event->device).queue(event->cq_id).work();
    const std::uint32_t event_id = event->event_id;
    if (&other == &work_) return;  // a queue runs in order: its own earlier events are done by then
    Push([&other, event_id] { other.WaitEvent(event_id); });
}

void EmuCommandQueue::finish(tt::stl::Span<const tt::tt_metal::SubDeviceId>) { Drain(); }

}  // namespace ttemu
