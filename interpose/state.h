// The live tt-metal state the shim always tracks, so a log can start mid-run (a capture window opening after
// objects exist, or a forked child) with records that recreate it.
//
// The tracker keeps the records of the calls that made today's objects — serialized exactly as they would be
// logged, marked synthesized — grouped by the object that owns them:
//   devices ← CreateDevice…          buffers ← CreateBuffer…, DeallocateBuffer (children of their device)
//   programs ← CreateProgram and every call that builds or configures one (kernels, CBs, semaphores, runtime args)
//   metal traces ← their recipe: BeginTraceCapture, the calls made while capturing, EndTraceCapture, LoadTrace
//                  (children of their device)
//   events ← their last EnqueueRecordEvent. An event's destruction is no API call, so only the kLiveEvents most
//            recently recorded events are kept (a window may wait on one recorded just before it opened), and
//            only while their device is open.
// Mesh objects are kept as their single-device kinds are (api/rules.h): meshes as devices, mesh buffers (children
// of their mesh) as buffers, mesh traces and events as metal traces and events; a mesh workload owns the records
// that gave it its programs.
// An owner's records go when the object does (bufferReleased, CloseDevice, ReleaseTrace), with its children —
// except a released buffer that a kept record of another object still names (a circular buffer placed in it, the
// last CB update, a trace recipe's I/O): that one stays a *ghost* — its creation, then its release record — until
// the last record naming it goes, so a snapshot recreates it just long enough for the records that need it.
// A record that a later one makes moot (same runtime args target, same CB update) is replaced, so a loop that
// sets args a million times keeps one record. The tracker also keeps every kernel source (small) and the live
// buffers, whose contents a snapshot reads back from the device.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "api/rules.h"
#include "schema/trace_layout.h"

namespace ltcap {

// A buffer whose contents a snapshot reads back: a single-device buffer, or a mesh buffer (every shard). The tracker
// holds it weakly: a snapshot locks it for the length of its read, so a program thread dropping its last reference
// meanwhile cannot free it under the read.
struct LiveBuffer {
    std::uint64_t id;
    // Held as tt-metal's opaque objects (a tt::tt_metal::Buffer and its IDevice, or a MeshBuffer and its
    // MeshDevice), so the tracker is the same for every API profile; the snapshot, built per profile, casts back.
    std::weak_ptr<void> buffer;       // null for a mesh buffer
    void* device;
    std::weak_ptr<void> mesh_buffer;  // null for a single-device buffer
    void* mesh;
    bool allocated;
};

// Where a call's records are kept: the object owning them, the key of the earlier record they make moot (0: none),
// and the buffer they name besides their owner (0: none; no kept call names two).
struct KeepAs {
    std::uint64_t owner = 0, replaces = 0, names = 0;
};

class StateTracker {
public:
    // Keeps a call's records (Call and Return, serialized) as `as` says. A non-zero `replaces` key drops the
    // earlier record with the same key — unless a metal trace was captured since, whose recipe may depend on it.
    // `records` is taken by swapping: the caller gets back a spare buffer to reuse (no allocation per call).
    // `late`: kept by a log's writer thread after the call returned (session.h), so a newer record with the same
    // key may be here already; the older one is then dropped, or kept beside it if a trace began in between.
    void Keep(std::uint64_t seq, const KeepAs& as, std::string& records, bool late = false);
    // A buffer was released (`records`: the release's, empty when none are kept): its records go, or it becomes a
    // ghost while kept records name it (see above).
    void Release(std::uint64_t buffer, std::uint64_t seq, std::string& records);
    // `child` goes when `parent` does.
    void SetParent(std::uint64_t child, std::uint64_t parent);
    // Drops an owner's records, its children's, and its live buffer.
    void Prune(std::uint64_t owner);
    // A buffer (its device), or a mesh buffer (its mesh), as opaque tt-metal objects.
    void AddBuffer(std::uint64_t id, std::weak_ptr<void> buffer, void* device);
    void AddMeshBuffer(std::uint64_t id, std::weak_ptr<void> buffer, void* mesh);
    void BufferDeallocated(std::uint64_t id);
    void AddSource(std::uint64_t id, std::string entry);
    // An event was recorded on `device` (a mesh for a mesh event): it joins the recent ones; the oldest beyond
    // kLiveEvents is forgotten, and so are the device's when it closes.
    static constexpr std::size_t kLiveEvents = 64;
    void EventRecorded(std::uint64_t id, std::uint64_t device);
    // A metal trace being captured: every call made meanwhile belongs to its recipe (0: none).
    void SetCapturingTrace(std::uint64_t trace) { capturing_trace_.store(trace, std::memory_order_release); }
    std::uint64_t capturing_trace() const { return capturing_trace_.load(std::memory_order_acquire); }

    struct Copy {
        std::vector<std::pair<std::uint64_t, std::string>> sources;  // every kernel source entry, by id
        std::vector<std::string> records;  // in seq order
        std::vector<LiveBuffer> buffers;   // in creation order
    };
    Copy Take() const;
    std::vector<LiveBuffer> LiveBuffers() const;  // in creation order
    bool empty() const;
    std::mutex& mutex() const { return mutex_; }

private:
    void KeepLocked(std::uint64_t seq, const KeepAs& as, std::string& records, bool late);
    void PruneLocked(std::uint64_t owner);
    void Name(std::uint64_t buffer);
    void Unname(std::uint64_t buffer);  // prunes a ghost nothing names any more

    mutable std::mutex mutex_;
    struct Record {
        std::uint64_t owner, replaces, names;
        std::uint64_t seq;  // of the call whose records these are (a replacement updates it)
        std::string bytes;
    };
    std::map<std::uint64_t, Record> records_;                // by key: the seq the record was first kept at
    std::set<std::pair<std::uint64_t, std::uint64_t>> by_owner_;  // (owner, key)
    std::map<std::uint64_t, std::uint64_t> latest_;          // replaces key → record key
    std::multimap<std::uint64_t, std::uint64_t> children_;   // parent → child
    std::map<std::uint64_t, LiveBuffer> buffers_;            // by id (ids grow with creation)
    std::map<std::uint64_t, std::uint32_t> named_;           // buffer → kept records of other owners naming it
    std::set<std::uint64_t> ghosts_;                         // released buffers kept for those records
    std::map<std::uint64_t, std::string> sources_;
    std::deque<std::pair<std::uint64_t, std::uint64_t>> events_;  // (event, device) recently recorded, oldest first
    std::uint64_t last_trace_seq_ = 0;  // records before it are not replaced (a trace recipe may need them)
    alignas(64) std::atomic<std::uint64_t> capturing_trace_{0};  // read by every call: away from what Keep writes
};

}  // namespace ltcap
