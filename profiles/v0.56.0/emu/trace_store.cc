// v0.56.0's metal traces over the chip's traces (core/chip.h). A TraceDescriptor handed out by GetTrace names the
// trace it came from, so LoadTrace can copy it.
#include "trace_store.h"

#include <tt-metalium/trace_buffer.hpp>

#include "emu_device.h"
#include "emu/core/errors.h"

namespace ttemu {

void BeginTrace(EmuDevice& dev, std::uint8_t cq_id, std::uint32_t tid) {
    dev.queue(cq_id);  // names the device's own queue count in the error
    dev.chip().BeginTrace(cq_id, tid, "BeginTraceCapture");
}

void EndTrace(EmuDevice& dev, std::uint8_t cq_id, std::uint32_t tid) {
    dev.chip().EndTrace(cq_id, tid, "EndTraceCapture");
}

void ReplayTrace(EmuDevice& dev, std::uint8_t cq_id, std::uint32_t tid, bool blocking) {
    dev.chip().ReplayTrace(cq_id, tid, blocking, "ReplayTrace");
}

void ReleaseTrace(EmuDevice& dev, std::uint32_t tid) { dev.chip().ReleaseTrace(tid, "ReleaseTrace"); }

std::shared_ptr<tt::tt_metal::TraceBuffer> GetTrace(EmuDevice& dev, std::uint32_t tid) {
    if (!dev.chip().HasTrace(tid))
        Throw("GetTrace: Trace instance ", tid, " must exist on device ", dev.id(),
              " (never captured, or already released)");
    auto buffer = std::make_shared<tt::tt_metal::TraceBuffer>();
    buffer->desc = std::make_shared<tt::tt_metal::TraceDescriptor>();
    buffer->desc->data.assign(1, tid);  // lets LoadTrace recognise a descriptor handed out here
    return buffer;
}

void LoadTrace(EmuDevice& dev, std::uint8_t cq_id, std::uint32_t tid, const tt::tt_metal::TraceDescriptor& desc) {
    dev.queue(cq_id);
    if (desc.data.size() != 1) Throw("LoadTrace: the descriptor was not produced by this emulator's GetTrace");
    dev.chip().CopyTrace(desc.data[0], cq_id, tid, "LoadTrace");
}

}  // namespace ttemu
