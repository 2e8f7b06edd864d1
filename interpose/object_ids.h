// Global object ids: every tt-metal object a call names gets a 64-bit id, unique within the process across all
// kinds (0 = none), keyed by what identifies it to the shim (a pointer, a program's id and a kernel handle, …). The
// log never holds a raw pointer as an identity.
//   ObjectIds ids;
//   ids.Id(Kind::buffer, key);      // the buffer's id, given on first sight
//   ids.NewId(Kind::buffer, key);   // a buffer a call just made: a fresh id, even at a recycled key
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <utility>

#include "schema/trace_layout.h"

namespace ltcap {

using Kind = layout::ObjectKind;

namespace ids_detail {
// Calls mostly name the objects the previous calls named: a small per-thread cache spares the lock (and, inline, the
// call). A new object at a recycled key (NewId, Alias) bumps the generation, which empties every thread's cache.
struct CachedId {
    Kind kind;
    std::uint64_t key, id, generation;
};
extern std::atomic<std::uint64_t> g_generation;
// One per thread, defined in object_ids.cc (constinit: read directly, no initialization wrapper).
extern constinit thread_local std::array<CachedId, 64> t_cache;
inline CachedId& Slot(Kind kind, std::uint64_t key) {
    // The kind goes in before the multiply: keys of different kinds are often equal (program 0 and its kernel 0
    // both have key 0), and added after it the kind never reached the top bits, so such a pair shared one slot and
    // evicted each other on every call.
    const std::uint64_t kind_salt = (static_cast<std::uint64_t>(kind) + 1) * 0xD6E8FEB86659FD93ull;
    return t_cache[((key + kind_salt) * 0x9E3779B97F4A7C15ull) >> 58];
}
}  // namespace ids_detail

// One per process in use at a time (Capture's): the cache is per thread, not per instance, so a new one empties it.
class ObjectIds {
public:
    ObjectIds() noexcept { ids_detail::g_generation.fetch_add(1, std::memory_order_acq_rel); }
    std::uint64_t Id(Kind kind, std::uint64_t key) noexcept {
        ids_detail::CachedId& slot = ids_detail::Slot(kind, key);
        const std::uint64_t generation = ids_detail::g_generation.load(std::memory_order_acquire);
        if (slot.generation == generation && slot.kind == kind && slot.key == key) [[likely]] return slot.id;
        return Lookup(slot, kind, key, generation);
    }
    std::uint64_t NewId(Kind kind, std::uint64_t key) noexcept;
    // The id `key` has been given, if any (0: none); unlike Id, gives none.
    std::uint64_t Find(Kind kind, std::uint64_t key) noexcept;
    // A second key for an object that has an id (a kernel is a program's handle and a Kernel object).
    void Alias(Kind kind, std::uint64_t key, std::uint64_t id) noexcept;
    std::mutex& mutex() noexcept { return mutex_; }  // held across fork (process_hooks.cc)

private:
    std::uint64_t Lookup(ids_detail::CachedId& slot, Kind kind, std::uint64_t key, std::uint64_t generation) noexcept;

    std::mutex mutex_;
    std::uint64_t next_id_ = 0;
    std::map<std::pair<Kind, std::uint64_t>, std::uint64_t> ids_;
};

}  // namespace ltcap
