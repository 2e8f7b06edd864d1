#include "cli/queue_timeline.h"

#include <algorithm>
#include <cstring>

#include "player/format.h"

namespace ltcap::cli {

void QueueTimeline::Call(const DecodedCall& call) {
    Open o;
    o.cls = call.Class();
    using K = schema::ObjectKind;
    bool mesh = false;
    const auto args = call.args;
    for (unsigned i = 0; i < args.size(); i++) {
        const auto v = args[i];
        if (v.isObject()) {
            const auto ob = v.getObject();
            const bool queue = ob.getKind() == K::COMMAND_QUEUE || ob.getKind() == K::MESH_COMMAND_QUEUE;
            if (queue && !o.queue)
                o.queue = ob.getId(), o.device = ob.getParent(), mesh = ob.getKind() == K::MESH_COMMAND_QUEUE;
            if ((ob.getKind() == K::DEVICE || ob.getKind() == K::MESH_DEVICE) && !o.device) o.device = ob.getId();
        }
        if (!v.isBool()) continue;  // (a flag first: most arguments are not, and their names need no reading)
        const char* name = call.model ? call.model->ParamName(i) : nullptr;
        if (name && std::strcmp(name, "blocking") == 0) o.blocking = v.getBool();
    }
    if (o.queue) {
        Queue& q = queues_[o.queue];
        q.device = o.device, q.mesh = mesh;
        // Work the call puts on its queue (a wait puts none).
        if (!o.cls.finish) {
            QueueWork w;
            w.queue = o.queue, w.device = o.device, w.mesh = mesh;
            w.seq = call.seq, w.thread = call.thread, w.function = call.function;
            w.label = programs_.LaunchLabel(call);
            if (w.label.empty()) w.label = call.Name();
            w.programs = programs_.Launched(call);
            w.enqueued = call.begin_ns;
            q.pending.push_back(std::move(w));
            o.work = true;
        }
    }
    open_[call.seq] = o;
}

void QueueTimeline::Ended(std::uint64_t seq, std::uint64_t end) {
    auto it = open_.find(seq);
    if (it == open_.end()) return;
    const Open o = it->second;
    open_.erase(it);
    if (o.work)
        for (QueueWork& w : queues_[o.queue].pending)
            if (w.seq == seq) w.returned = end;
    if (o.queue && (o.cls.finish || o.blocking)) Complete(o.queue, end, true);
    // A wait for a whole device, or its close: every queue of the device has drained.
    if (!o.queue && o.device && (o.cls.finish || o.cls.closes_devices))
        for (auto& [id, q] : queues_)
            if (q.device == o.device) Complete(id, end, true);
}

void QueueTimeline::Finish(std::uint64_t last_ns) {
    for (auto& [id, q] : queues_) Complete(id, std::max(last_ns, q.lane_end), false);
}

void QueueTimeline::Complete(std::uint64_t queue, std::uint64_t end, bool waited) {
    Queue& q = queues_[queue];
    for (std::size_t i = 0; i < q.pending.size(); i++) {
        QueueWork& w = q.pending[i];
        w.completed = std::max(end, w.enqueued);
        w.waited = waited;
        w.lane_start = std::max(w.enqueued, q.lane_end);
        w.lane_end = i + 1 < q.pending.size() ? std::max(w.lane_start, q.pending[i + 1].enqueued)
                                              : std::max(w.lane_start, w.completed);
        q.lane_end = w.lane_end;
        done_(w);
    }
    q.pending.clear();
}

}  // namespace ltcap::cli
