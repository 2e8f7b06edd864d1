// Work on command queues as the host saw it: each enqueue (a launch, a read, a write, …) from the call that queued
// it to the end of the call that waited for it — a Finish or a blocking call on its queue, or a Synchronize or
// CloseDevice of its device. The device's own times are not in a log; what is known is the order (a queue runs its
// work first in, first out) and those bounds, so each item is also given a place in a lane that never overlaps:
// from when it could start (its enqueue, or the end of the item before it on the queue) to when the next one could
// (the next enqueue), the last of a batch ending at the wait. For the Perfetto export's queue lanes and ltcap info's
// time per program. Mesh command queues are queues like the others.
//   QueueTimeline t(programs, [](const QueueWork& w) { ... });
//   for each call: t.Call(call);  for each end: t.Ended(seq, end_ns);  finally t.Finish(last_ns);
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "api/rules.h"
#include "player/programs.h"
#include "schema/trace.capnp.h"

namespace ltcap::cli {

struct QueueWork {
    std::uint64_t queue = 0, device = 0;  // the (mesh) command queue and its (mesh) device, by id
    bool mesh = false;
    std::uint64_t seq = 0;  // the call that queued it
    std::uint32_t thread = 0;
    schema::Api function{};
    std::string label;                           // what it runs (Programs::LaunchLabel), or the function's name
    std::vector<std::uint64_t> programs;         // the programs it runs (a launch)
    std::uint64_t enqueued = 0;                  // the queuing call's begin
    std::uint64_t returned = 0;                  // its end (0: the log does not say)
    std::uint64_t completed = 0;                 // the end of the wait that completed it (the log's end if none did)
    bool waited = true;                          // false: nothing waited for it before the log ended
    std::uint64_t lane_start = 0, lane_end = 0;  // its place in the queue's lane
};

class QueueTimeline {
public:
    QueueTimeline(const Programs& programs, std::function<void(const QueueWork&)> done)
        : programs_(programs), done_(std::move(done)) {}
    void Call(const DecodedCall& call);
    // Call `seq` ended at `end_ns` (its call entry's end, or its return's).
    void Ended(std::uint64_t seq, std::uint64_t end_ns);
    // The log ended: what no call waited for ends at `last_ns`.
    void Finish(std::uint64_t last_ns);

private:
    struct Open {
        std::uint64_t queue = 0, device = 0;
        bool blocking = false, work = false;
        CallClass cls;
    };
    struct Queue {
        std::uint64_t device = 0;
        bool mesh = false;
        std::uint64_t lane_end = 0;      // where the last completed item of its lane ended
        std::vector<QueueWork> pending;  // queued, not yet waited for
    };
    void Complete(std::uint64_t queue, std::uint64_t end, bool waited);

    const Programs& programs_;
    std::function<void(const QueueWork&)> done_;
    std::map<std::uint64_t, Open> open_;  // calls not yet ended, by seq
    std::map<std::uint64_t, Queue> queues_;
};

}  // namespace ltcap::cli
