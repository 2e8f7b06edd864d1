// What each API function means to the capture, as the `rules` column of its description entry (api_list.h) says,
// and the per-function tables every part of the shim asks — derived from the entries at compile time, so a rule
// is stated once, next to the function's declaration:
//   RulesOf(api).keep        what the call does to the tracked state (interpose/state.h, interpose/track.cc)
//   StateRoleOf(api)         whether it changes tracked state, and how
//   KeptLate(api)            whether its record is kept by the log's writer thread (interpose/session.h)
//   RulesOf(api).has(kLaunch…) whether it is a capture-window boundary event (capture_ctl/window.h)
//   OrderedWithAllocations(api) whether it reaches tt-metal in log order across threads (interpose/intercept.h)
// Needs no tt-metal header: the type columns of the list are never expanded here.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "api/expand.h"
#include "api/releases.h"
#include "schema/trace_layout.h"

namespace ltcap {

// What a call does to the state the shim tracks so a log can start mid-run with records that recreate it. The mesh
// API's objects count as their single-device kinds: a mesh is a device, a mesh buffer a buffer, a mesh trace a
// metal trace, a mesh event an event (the tracker takes whichever the call names: interpose/track.cc).
enum class Keep : std::uint8_t {
    kNothing,           // changes nothing tracked
    kExposesArgs,       // GetRuntimeArgs: the program may edit the kernel's args in place from now on (no record)
    kCreates,           // creates an object that owns its own records (a device, a program)
    kCreatesOnDevice,   // creates an object its device argument owns (a global semaphore)
    kCreatesBuffer,     // creates a buffer (or a mesh buffer) its device (mesh) owns; snapshots read it back
    kDeallocates,       // frees a buffer's memory; the buffer object stays
    kBuildsProgram,     // adds to its program (a kernel, a circular buffer, a semaphore)
    kBuildsWorkload,    // adds a program to its mesh workload
    kSetsProgram,       // a setting of its program (kept late)
    kSetsCb,            // a setting of one circular buffer of its program, replacing the last one (kept late)
    kSetsArgs,          // runtime args of a kernel on some cores, replacing the last ones there (kept late)
    kSetsCommonArgs,    // common runtime args of a kernel, replacing the last ones (kept late)
    kBeginsTrace,       // begins capturing a metal trace: calls until its end are its recipe
    kEndsTraceCapture,  // ends it
    kLoadsTrace,        // makes a metal trace from a descriptor
    kRecordsEvent,      // records an event (only its last recording matters)
    kEndsDevices,       // closes devices: everything they own goes
    kReleasesTrace,     // releases a metal trace
    kReleasesBuffer,    // the last reference to a buffer went away
    kLoadsSubDevices,   // loads (or clears) its device's sub-device manager: only the last one matters
    kRemovesSubDevices, // removes a sub-device manager
};

// Flags of a call, besides what it keeps.
enum RuleFlag : std::uint8_t {
    kOrdered = 1 << 0,          // reaches tt-metal in log order across threads (allocations, trace ids)
    kLaunch = 1 << 1,           // runs a program or a trace: a boundary event for LTCAP_BOUNDARY=program
    kFinish = 1 << 2,           // waits for a queue or device: a boundary event for LTCAP_BOUNDARY=finish
    kLightMetalBegin = 1 << 3,  // LightMetalBeginCapture: opens a window under LTCAP_LIGHTMETAL=1
    kLightMetalEnd = 1 << 4,    // LightMetalEndCapture: closes it
    kNotACall = 1 << 5,         // recorded, but not a call the program made (a destructor): never a boundary
    kNoexcept = 1 << 6,         // declared noexcept: the shim's definition says so too
    kBuildsKernels = 1 << 7,    // builds its program's kernels without launching it (a launch may build them too)
};

struct Rules {
    Keep keep = Keep::kNothing;
    std::uint8_t flags = 0;
    constexpr Rules() = default;
    constexpr Rules(Keep k) : keep(k) {}  // NOLINT: a bare Keep is a rule
    constexpr Rules(Keep k, std::uint8_t f) : keep(k), flags(f) {}
    constexpr bool has(RuleFlag f) const { return (flags & f) != 0; }
};
constexpr Rules operator|(Rules r, RuleFlag f) { return {r.keep, static_cast<std::uint8_t>(r.flags | f)}; }
constexpr Rules operator|(Keep k, RuleFlag f) { return Rules(k) | f; }

namespace rules_detail {
using enum Keep;  // the list spells rules as kCreates | kOrdered
inline constexpr std::size_t kApiCount = std::size(layout::kApiNames);

// One row per Api value of the schema, each from its entries in every profile's description; `described` counts how
// often each release (in the order of the release table) describes each value, `clash` marks a value two releases
// give different rules.
struct Table {
    std::array<Rules, kApiCount> rules{};
    std::array<std::array<int, kApiCount>, kReleaseCount> described{};
    std::array<bool, kApiCount> clash{};
};
constexpr bool DescribedByAny(const Table& t, std::size_t i) {
    for (const auto& release : t.described)
        if (release[i] > 0) return true;
    return false;
}
constexpr void Row(Table& t, std::array<int, kApiCount>& described, layout::Api api, Rules r) {
    const auto i = static_cast<std::size_t>(api);
    if (DescribedByAny(t, i) && (t.rules[i].keep != r.keep || t.rules[i].flags != r.flags)) t.clash[i] = true;
    t.rules[i] = r;
    described[i]++;
}
constexpr Table Make() {
    Table t;
    std::size_t release = 0;
#define LTCAP_RULES_ROW(api, row_rules, ...) Row(t, *described, layout::Api::api, Rules(row_rules));
#define LTCAP_RULES_OF_RELEASE(tag)                   \
    {                                                 \
        auto* described = &t.described[release++];   \
        LTCAP_EXPAND_ENTRIES_OF(tag, LTCAP_RULES_ROW) \
    }
    LTCAP_RELEASES(LTCAP_RULES_OF_RELEASE)
#undef LTCAP_RULES_OF_RELEASE
#undef LTCAP_RULES_ROW
    return t;
}
inline constexpr Table kTable = Make();
constexpr bool EachDescribedOnce() {
    for (std::size_t i = 0; i < kApiCount; i++) {
        if (!DescribedByAny(kTable, i)) return false;
        for (const auto& release : kTable.described)
            if (release[i] > 1) return false;
    }
    return true;
}
constexpr bool RulesAgree() {
    for (bool c : kTable.clash)
        if (c) return false;
    return true;
}
// A value added to the schema's Api enum needs its entry in a profile's description, no profile may describe a
// value twice, and a value two profiles share means the same to both.
static_assert(EachDescribedOnce(),
              "every Api value of schema/trace.capnp is described by some profile, and at most once by each");
static_assert(RulesAgree(), "an Api value two profiles describe has the same rules in both");
}  // namespace rules_detail

constexpr Rules RulesOf(layout::Api api) { return rules_detail::kTable.rules[static_cast<std::size_t>(api)]; }

// Whether tt-metal `release`'s profile describes `api` (a log of that release can hold it).
constexpr bool DescribedBy(std::string_view release, layout::Api api) {
    const auto i = static_cast<std::size_t>(api);
    const ProfileTools* row = FindProfile(release);
    if (i >= rules_detail::kApiCount || !row) return false;
    return rules_detail::kTable.described[static_cast<std::size_t>(row - kProfiles)][i] > 0;
}

// How a call touches the tracked state (what the shim must do with it while no window is open).
enum class StateRole {
    kNone,     // changes nothing tracked: forwarded untouched while no window is open
    kTrack,    // changes tracked state without a record of its own
    kJournal,  // its records recreate state: kept while their owner lives
    kPrune,    // ends an owner
};

constexpr StateRole StateRoleOf(Keep keep) {
    switch (keep) {
        case Keep::kNothing: return StateRole::kNone;
        case Keep::kExposesArgs: return StateRole::kTrack;
        case Keep::kEndsDevices: case Keep::kReleasesTrace: case Keep::kReleasesBuffer: case Keep::kRemovesSubDevices:
            return StateRole::kPrune;
        default: return StateRole::kJournal;
    }
}
constexpr StateRole StateRoleOf(layout::Api api) { return StateRoleOf(RulesOf(api).keep); }

// Journal calls whose keeping is only their own record, replacing an earlier one by a key their arguments give
// (void, no other tracked effect). While a log is open, the log's writer thread keeps these (session.h: LateKeep),
// which sees their bytes anyway: the program's thread copies nothing and takes no tracker lock for them.
constexpr bool KeptLate(layout::Api api) {
    const Keep k = RulesOf(api).keep;
    return k == Keep::kSetsProgram || k == Keep::kSetsCb || k == Keep::kSetsArgs || k == Keep::kSetsCommonArgs;
}

constexpr bool OrderedWithAllocations(layout::Api api) { return RulesOf(api).has(kOrdered); }

// What a call is to the tools that read logs (ltcap trim, export, info; the player): every question they ask about a
// call is answered here, from its rules — never from its name — so a new function of any profile gets the right
// treatment everywhere from its description entry alone.
struct CallClass {
    bool launch = false;          // runs a program or a trace: a boundary of `trim --programs`
    bool finish = false;          // waits until the queue it names (or, naming none, its device) has drained
    bool closes_devices = false;  // closes devices: whatever was queued on them has run
    bool creates = false;         // makes an object (a device, program, buffer, …) later calls name
    bool releases = false;        // ends an object or its memory
    bool not_a_call = false;      // recorded, but not a call the program made (a destructor)
    bool builds_program = false;  // adds to a program (a kernel, a circular buffer, a semaphore) or to a workload
    // May build kernels (a launch, or a call that only compiles): the builds it made follow it in the log.
    bool builds_kernels = false;
    // Begins or ends capturing a trace: the calls in between are its recipe, run by its replays, so a launch among
    // them is no boundary (capture windows and `trim --programs` count as the shim counts).
    bool begins_trace_capture = false;
    bool ends_trace_capture = false;
};

constexpr CallClass ClassOf(layout::Api api) {
    const Rules r = RulesOf(api);
    CallClass c;
    c.launch = r.has(kLaunch);
    c.finish = r.has(kFinish);
    c.closes_devices = r.keep == Keep::kEndsDevices;
    c.creates = r.keep == Keep::kCreates || r.keep == Keep::kCreatesOnDevice || r.keep == Keep::kCreatesBuffer;
    c.releases = r.keep == Keep::kDeallocates || r.keep == Keep::kReleasesTrace || r.keep == Keep::kReleasesBuffer ||
                 r.keep == Keep::kRemovesSubDevices || c.closes_devices;
    c.not_a_call = r.has(kNotACall);
    c.builds_program = r.keep == Keep::kBuildsProgram || r.keep == Keep::kBuildsWorkload;
    c.builds_kernels = c.launch || r.has(kBuildsKernels);
    c.begins_trace_capture = r.keep == Keep::kBeginsTrace;
    c.ends_trace_capture = r.keep == Keep::kEndsTraceCapture;
    return c;
}

}  // namespace ltcap
