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

// The first object of either kind the call names (0: none): a mesh object stands where its single-device kind would.
std::uint64_t IdOf(const Facts& f, Kind single, Kind mesh) {
    const std::uint64_t id = f.Id(single);
    return id ? id : f.Id(mesh);
}

// The buffer a kept record names besides its owner (a CB's global buffer, a trace recipe's I/O), or 0.
std::uint64_t NamedBuffer(const Facts& f, std::uint64_t owner) {
    std::uint64_t named = 0;
    const auto first_other = [&](const Named& n) {
        if (!named && n.id() != owner) named = n.id();
    };
    f.Each(Kind::buffer, first_other);
    f.Each(Kind::meshBuffer, first_other);
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
    const std::uint64_t device = IdOf(f, Kind::device, Kind::meshDevice);
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
            if (const std::shared_ptr<void> made = f.created_buffer.lock()) {
                if (f.created.kind() == Kind::meshBuffer)
                    t.AddMeshBuffer(owner, made, reinterpret_cast<void*>(f.Key(Kind::meshDevice)));
                else
                    t.AddBuffer(owner, made, reinterpret_cast<void*>(f.Key(Kind::device)));
            }
            break;
        case Keep::kDeallocates:
            owner = IdOf(f, Kind::buffer, Kind::meshBuffer);
            t.BufferDeallocated(owner);
            break;
        case Keep::kBuildsProgram:
            owner = f.Id(Kind::program);
            break;
        case Keep::kBuildsWorkload:
            owner = f.Id(Kind::meshWorkload);
            break;
        case Keep::kBeginsTrace:
            // the trace it returns, or (v0.67.0's begin_mesh_trace(cq_id, trace_id)) the one it is given
            owner = f.created.id() ? f.created.id() : IdOf(f, Kind::trace, Kind::meshTrace);
            t.SetParent(owner, device);
            t.SetCapturingTrace(owner);  // before Keep: the recipe starts with this record
            break;
        case Keep::kEndsTraceCapture: case Keep::kLoadsTrace:
            owner = IdOf(f, Kind::trace, Kind::meshTrace);
            t.SetParent(owner, device);
            break;
        case Keep::kRecordsEvent:
            // a single-device event is an argument, a mesh event the result
            owner = f.Id(Kind::event) ? f.Id(Kind::event) : f.created.kind() == Kind::meshEvent ? f.created.id() : 0;
            replaces = Mix({a, owner});  // only the last recording matters
            t.EventRecorded(owner, device);
            break;
        case Keep::kEndsDevices:
            f.Each(Kind::device, [&](const Named& d) { t.Prune(d.id()); });
            f.Each(Kind::meshDevice, [&](const Named& d) { t.Prune(d.id()); });
            return;
        case Keep::kReleasesTrace:
            t.Prune(IdOf(f, Kind::trace, Kind::meshTrace));
            return;
        case Keep::kLoadsSubDevices:
            owner = device;
            replaces = Mix({static_cast<std::uint64_t>(Keep::kLoadsSubDevices), device});  // load and clear alike
            break;
        case Keep::kRemovesSubDevices:
            t.Prune(f.Id(Kind::subDeviceManager));
            return;
        case Keep::kReleasesBuffer: {
            std::string none;
            t.Release(IdOf(f, Kind::buffer, Kind::meshBuffer), c.seq, c.journal ? c.records : none);
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
