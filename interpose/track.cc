// What each rule of api/rules.h (Keep) does to the tracker (state.h): which object owns a call's records, which
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

// The owner, and the earlier record it replaces, of a call whose rules say it is kept late (api/rules.h: KeptLate).
Session::LateKeep LateKeepOf(const CallContext& c, layout::Api api) {
    const auto a = static_cast<std::uint64_t>(api);
    switch (RulesOf(api).keep) {
        case Keep::kSetsProgram: return {c.program_id, 0};
        case Keep::kSetsCb: return {c.program_id, Mix({a, c.cb_id})};
        // owner 0 for the (device, kernel object) forms, whose kernel names no program: kept for the whole run
        case Keep::kSetsArgs: return {c.program_id, Mix({a, c.kernel_id, c.spec_hash})};
        case Keep::kSetsCommonArgs: return {c.program_id, Mix({a, c.kernel_id})};
        default: return {0, 0};
    }
}

// What the call's rules (api/rules.h: Keep) make of it in the tracker.
void Track(CallContext& c, layout::Api api) {
    StateTracker& t = c.cap.tracker();
    const auto a = static_cast<std::uint64_t>(api);
    std::uint64_t owner = 0, replaces = 0;
    const Keep keep = RulesOf(api).keep;
    switch (keep) {
        case Keep::kSetsProgram: case Keep::kSetsCb: case Keep::kSetsArgs: case Keep::kSetsCommonArgs: {
            // kept here when no log is open, or while a metal trace is captured
            const Session::LateKeep k = LateKeepOf(c, api);
            owner = k.owner;
            replaces = k.replaces;
            break;
        }
        case Keep::kCreates:
            owner = c.created_id;
            break;
        case Keep::kCreatesOnDevice:
            owner = c.created_id;
            t.SetParent(owner, c.device_id);
            break;
        case Keep::kCreatesBuffer:
            owner = c.created_id;
            t.SetParent(owner, c.device_id);
            if (!c.created_buffer.expired())
                t.AddBuffer(owner, c.created_buffer, reinterpret_cast<tm::IDevice*>(c.device_key));
            break;
        case Keep::kDeallocates:
            owner = c.buffer_id;
            t.BufferDeallocated(owner);
            break;
        case Keep::kBuildsProgram:
            owner = c.program_id;
            break;
        case Keep::kBeginsTrace:
            owner = c.created_id;
            t.SetParent(owner, c.device_id);
            t.SetCapturingTrace(owner);  // before Keep: the recipe starts with this record
            break;
        case Keep::kEndsTraceCapture: case Keep::kLoadsTrace:
            owner = c.trace_id;
            t.SetParent(owner, c.device_id);
            break;
        case Keep::kRecordsEvent:
            owner = c.event_id;
            replaces = Mix({a, c.event_id});  // only the last recording matters
            t.EventRecorded(owner);
            break;
        case Keep::kEndsDevices:
            for (std::size_t i = 0; i < c.device_count; i++) t.Prune(c.devices[i]);
            return;
        case Keep::kReleasesTrace:
            t.Prune(c.trace_id);
            return;
        case Keep::kReleasesBuffer:
            t.Prune(c.buffer_id);
            return;
        case Keep::kNothing: case Keep::kExposesArgs:
            owner = t.capturing_trace();  // a call made while a metal trace is captured: part of its recipe
            break;
    }
    if (c.journal && !c.records.empty()) t.Keep(c.seq, owner, replaces, c.records);
    if (keep == Keep::kEndsTraceCapture) t.SetCapturingTrace(0);
}

}  // namespace ltcap
