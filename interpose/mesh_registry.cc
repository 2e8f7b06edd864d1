#include "interpose/mesh_registry.h"

namespace ltcap {

// Allocation failures leave the registry as it was: the mesh's calls then name what they can (never a throw).
void MeshRegistry::AddMesh(std::uint64_t mesh_key) noexcept {
    std::lock_guard lock(mutex_);
    try {
        meshes_.insert(mesh_key);
        any_.store(true, std::memory_order_release);
    } catch (...) {
    }
}

void MeshRegistry::Forget(std::uint64_t key) noexcept {
    if (!any_.load(std::memory_order_acquire)) return;
    std::lock_guard lock(mutex_);
    meshes_.erase(key);
    for (auto it = queues_.begin(); it != queues_.end();) it = it->second.mesh_key == key ? queues_.erase(it) : std::next(it);
}

void MeshRegistry::AddQueue(std::uint64_t queue_key, const Queue& queue) noexcept {
    std::lock_guard lock(mutex_);
    try {
        queues_[queue_key] = queue;
    } catch (...) {
    }
}

bool MeshRegistry::FindQueue(std::uint64_t queue_key, Queue& out) noexcept {
    std::lock_guard lock(mutex_);
    auto it = queues_.find(queue_key);
    if (it == queues_.end()) return false;
    out = it->second;
    return true;
}

}  // namespace ltcap
