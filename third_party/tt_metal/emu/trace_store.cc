#include "trace_store.h"

#include <atomic>
#include <map>
#include <mutex>
#include <vector>

#include "command_queue.h"
#include "emu_device.h"
#include "errors.h"

namespace ttemu {
namespace {

struct Trace {
    std::uint8_t cq_id;
    bool complete = false;
    std::vector<Command> commands;
    std::shared_ptr<tt::tt_metal::TraceDescriptor> desc = std::make_shared<tt::tt_metal::TraceDescriptor>();
};

std::mutex g_mutex;
std::map<EmuDevice*, std::map<std::uint32_t, std::shared_ptr<Trace>>> g_traces;
std::atomic<std::uint32_t> g_next_tid{0};

std::uint64_t RegionUsed(EmuDevice& dev) {
    std::uint64_t used = 0;
    for (const auto& [tid, t] : g_traces[&dev]) used += t->commands.size() * kTraceBytesPerCommand;
    return used;
}

std::shared_ptr<Trace> Find(EmuDevice& dev, std::uint32_t tid, const char* call) {
    auto& traces = g_traces[&dev];
    auto it = traces.find(tid);
    if (it == traces.end())
        Throw(call, ": Trace instance ", tid, " must exist on device ", dev.id(),
              " (never captured, or already released)");
    return it->second;
}

}  // namespace

std::uint32_t NextTraceId() { return g_next_tid++; }

void BeginTrace(EmuDevice& dev, std::uint8_t cq_id, std::uint32_t tid) {
    if (dev.trace_region_size() == 0)
        Throw("BeginTraceCapture: device ", dev.id(),
              " has no trace region; pass a non-zero trace_region_size to CreateDevice");
    EmuCommandQueue& cq = dev.queue(cq_id);
    std::lock_guard lock(g_mutex);
    if (cq.recording()) Throw("BeginTraceCapture: a trace is already being captured on command queue ", int(cq_id));
    if (g_traces[&dev].count(tid)) Throw("BeginTraceCapture: trace id ", tid, " already exists on device ", dev.id());
    auto t = std::make_shared<Trace>();
    t->cq_id = cq_id;
    g_traces[&dev][tid] = t;
    cq.Drain();  // what was enqueued before the capture runs now, not as part of the trace
    cq.SetRecording(&t->commands);
}

void EndTrace(EmuDevice& dev, std::uint8_t cq_id, std::uint32_t tid) {
    EmuCommandQueue& cq = dev.queue(cq_id);
    std::lock_guard lock(g_mutex);
    auto t = Find(dev, tid, "EndTraceCapture");
    if (t->cq_id != cq_id || t->complete)
        Throw("EndTraceCapture: trace ", tid, " is not being captured on command queue ", int(cq_id));
    cq.SetRecording(nullptr);
    t->complete = true;
    t->desc->data.assign(1, tid);  // lets LoadTrace recognise a descriptor handed out by GetTrace
    const std::uint64_t used = RegionUsed(dev);
    if (used > dev.trace_region_size()) {
        g_traces[&dev].erase(tid);
        Throw("Creating trace buffers of size ", t->commands.size() * kTraceBytesPerCommand, " B on device ",
              dev.id(), ", but only ", dev.trace_region_size() - (used - t->commands.size() * kTraceBytesPerCommand),
              " B is free in the ", dev.trace_region_size(), " B trace region (", t->commands.size(),
              " commands of ", kTraceBytesPerCommand, " B each)");
    }
}

void ReplayTrace(EmuDevice& dev, std::uint8_t cq_id, std::uint32_t tid, bool blocking) {
    EmuCommandQueue& cq = dev.queue(cq_id);
    std::shared_ptr<Trace> t;
    {
        std::lock_guard lock(g_mutex);
        t = Find(dev, tid, "ReplayTrace");
        if (!t->complete) Throw("ReplayTrace: trace ", tid, " is still being captured");
    }
    if (cq.recording()) Throw("ReplayTrace: cannot replay a trace while capturing one on command queue ", int(cq_id));
    for (const Command& c : t->commands) cq.Push(c);
    if (blocking) cq.Drain();
}

void ReleaseTrace(EmuDevice& dev, std::uint32_t tid) {
    std::lock_guard lock(g_mutex);
    Find(dev, tid, "ReleaseTrace");
    g_traces[&dev].erase(tid);
}

std::shared_ptr<tt::tt_metal::TraceBuffer> GetTrace(EmuDevice& dev, std::uint32_t tid) {
    std::lock_guard lock(g_mutex);
    auto t = Find(dev, tid, "GetTrace");
    auto buffer = std::make_shared<tt::tt_metal::TraceBuffer>();
    buffer->desc = t->desc;
    return buffer;
}

void LoadTrace(EmuDevice& dev, std::uint8_t cq_id, std::uint32_t tid, const tt::tt_metal::TraceDescriptor& desc) {
    dev.queue(cq_id);
    std::lock_guard lock(g_mutex);
    if (desc.data.size() != 1) Throw("LoadTrace: the descriptor was not produced by this emulator's GetTrace");
    auto source = Find(dev, desc.data[0], "LoadTrace");
    auto t = std::make_shared<Trace>(*source);
    t->cq_id = cq_id;
    g_traces[&dev][tid] = t;
}

void ReleaseAllTraces(EmuDevice& dev) {
    std::lock_guard lock(g_mutex);
    g_traces.erase(&dev);
}

}  // namespace ttemu
