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

// The buffer a kept record names besides its owner (a CB's global buffer, a trace recipe's I/O), or 0.
std::uint64_t NamedBuffer(const Facts& f, std::uint64_t owner) {
    std::uint64_t named = 0;
    f.Each(Kind::buffer, [&](const Named& n) {
        if (!named && n.id() != owner) named = n.id();
    });
    return named;
}

}  // namespace

// The owner, and the earlier record it replaces, of a call whose rules say it is kept late (api/rules.h: KeptLate).
KeepAs LateKeepOf(const CallContext& c, layout::Api api) {
    const auto a = static_cast<std::uint64_t>(api);
    const Facts& f = c.facts;
    const std::uint64_t program = f.Id(Kind::program);
    switch (RulesOf(api).keep) {
        case Keep::kSetsProgram: return {program, 0, NamedBuffer(f, program)};
        case Keep::kSetsCb: return {program, Mix({a, f.Id(Kind::circularBuffer)}), NamedBuffer(f, program)};
        // owner 0 for the (device, kernel object) forms, whose kernel names no program: kept for the whole run
        case Keep::kSetsArgs: return {program, Mix({a, f.Id(Kind::kernel), f.cores}), 0};
        case Keep::kSetsCommonArgs: return {program, Mix({a, f.Id(Kind::kernel)}), 0};
        default: return {};
    }
}

// What the call's rules (api/rules.h: Keep) make of it in the tracker.
void Track(CallContext& c, layout::Api api) {
    StateTracker& t = c.cap.tracker();
    const Facts& f = c.facts;
    const std::uint64_t device = f.Id(Kind::device);
    const auto a = static_cast<std::uint64_t>(api);
    std::uint64_t owner = 0, replaces = 0;
    const Keep keep = RulesOf(api).keep;
    switch (keep) {
        case Keep::kSetsProgram: case Keep::kSetsCb: case Keep::kSetsArgs: case Keep::kSetsCommonArgs: {
            // kept here when no log is open, or while a metal trace is captured
            const KeepAs k = LateKeepOf(c, api);
            owner = k.owner;
            replaces = k.replaces;
            break;
        }
        case Keep::kCreates:
            owner = f.created.id();
            break;
        case Keep::kCreatesOnDevice:
            owner = f.created.id();
            t.SetParent(owner, device);
            break;
        case Keep::kCreatesBuffer:
            owner = f.created.id();
            t.SetParent(owner, device);
            if (!f.created_buffer.expired())
                t.AddBuffer(owner, f.created_buffer, reinterpret_cast<tm::IDevice*>(f.Key(Kind::device)));
            break;
        case Keep::kDeallocates:
            owner = f.Id(Kind::buffer);
            t.BufferDeallocated(owner);
            break;
        case Keep::kBuildsProgram:
            owner = f.Id(Kind::program);
            break;
        case Keep::kBeginsTrace:
            owner = f.created.id();
            t.SetParent(owner, device);
            t.SetCapturingTrace(owner);  // before Keep: the recipe starts with this record
            break;
        case Keep::kEndsTraceCapture: case Keep::kLoadsTrace:
            owner = f.Id(Kind::trace);
            t.SetParent(owner, device);
            break;
        case Keep::kRecordsEvent:
            owner = f.Id(Kind::event);
            replaces = Mix({a, owner});  // only the last recording matters
            t.EventRecorded(owner);
            break;
        case Keep::kEndsDevices:
            f.Each(Kind::device, [&](const Named& d) { t.Prune(d.id()); });
            return;
        case Keep::kReleasesTrace:
            t.Prune(f.Id(Kind::trace));
            return;
        case Keep::kReleasesBuffer: {
            std::string none;
            t.Release(f.Id(Kind::buffer), c.seq, c.journal ? c.records : none);
            return;
        }
        case Keep::kNothing: case Keep::kExposesArgs:
            owner = t.capturing_trace();  // a call made while a metal trace is captured: part of its recipe
            break;
    }
    if (c.journal && !c.records.empty()) t.Keep(c.seq, {owner, replaces, NamedBuffer(f, owner)}, c.records);
    if (keep == Keep::kEndsTraceCapture) t.SetCapturingTrace(0);
}

}  // namespace ltcap
