#include "interpose/object_ids.h"

namespace ltcap {
std::atomic<std::uint64_t> ids_detail::g_generation{1};
constinit thread_local std::array<ids_detail::CachedId, 64> ids_detail::t_cache{};

std::uint64_t ObjectIds::Lookup(ids_detail::CachedId& slot, Kind kind, std::uint64_t key,
                                std::uint64_t generation) noexcept {
    std::unique_lock lock(mutex_);
    auto [it, inserted] = ids_.try_emplace({kind, key}, 0);
    if (inserted) it->second = ++next_id_;
    slot = {kind, key, it->second, generation};
    return it->second;
}

std::uint64_t ObjectIds::Find(Kind kind, std::uint64_t key) noexcept {
    std::unique_lock lock(mutex_);
    const auto it = ids_.find({kind, key});
    return it == ids_.end() ? 0 : it->second;
}

std::uint64_t ObjectIds::NewId(Kind kind, std::uint64_t key) noexcept {
    std::unique_lock lock(mutex_);
    ids_detail::g_generation.fetch_add(1, std::memory_order_acq_rel);
    return ids_[{kind, key}] = ++next_id_;
}

void ObjectIds::Alias(Kind kind, std::uint64_t key, std::uint64_t id) noexcept {
    std::unique_lock lock(mutex_);
    ids_detail::g_generation.fetch_add(1, std::memory_order_acq_rel);
    ids_[{kind, key}] = id;
}

}  // namespace ltcap
