#include "interpose/object_ids.h"

#include <array>
#include <atomic>

namespace ltcap {
namespace {

// Calls mostly name the objects the previous calls named: a small per-thread cache spares the lock. A new object
// at a recycled key (NewId, Alias) bumps the generation, which empties every thread's cache.
struct CachedId {
    Kind kind;
    std::uint64_t key, id, generation;
};
std::atomic<std::uint64_t> g_id_generation{1};
thread_local std::array<CachedId, 64> t_ids{};

CachedId& Slot(Kind kind, std::uint64_t key) {
    // The kind goes in before the multiply: keys of different kinds are often equal (program 0 and its kernel 0
    // both have key 0), and added after it the kind never reached the top bits, so such a pair shared one slot and
    // evicted each other on every call.
    const std::uint64_t kind_salt = (static_cast<std::uint64_t>(kind) + 1) * 0xD6E8FEB86659FD93ull;
    return t_ids[((key + kind_salt) * 0x9E3779B97F4A7C15ull) >> 58];
}

}  // namespace

std::uint64_t ObjectIds::Id(Kind kind, std::uint64_t key) noexcept {
    CachedId& slot = Slot(kind, key);
    const std::uint64_t generation = g_id_generation.load(std::memory_order_acquire);
    if (slot.generation == generation && slot.kind == kind && slot.key == key) return slot.id;
    std::unique_lock lock(mutex_);
    auto [it, inserted] = ids_.try_emplace({kind, key}, 0);
    if (inserted) it->second = ++next_id_;
    slot = {kind, key, it->second, generation};
    return it->second;
}

std::uint64_t ObjectIds::NewId(Kind kind, std::uint64_t key) noexcept {
    std::unique_lock lock(mutex_);
    g_id_generation.fetch_add(1, std::memory_order_acq_rel);
    return ids_[{kind, key}] = ++next_id_;
}

void ObjectIds::Alias(Kind kind, std::uint64_t key, std::uint64_t id) noexcept {
    std::unique_lock lock(mutex_);
    g_id_generation.fetch_add(1, std::memory_order_acq_rel);
    ids_[{kind, key}] = id;
}

}  // namespace ltcap
