// The meshes a program made, for what the shim can learn only when a mesh is made: which MeshCommandQueue belongs
// to which mesh and at what index (the queue's own device()/id() are inline reads of a layout that differs between
// tt-metal builds), and whether an IDevice* is a mesh (so single-device calls given a mesh name it as one).
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>

namespace ltcap {

class MeshRegistry {
public:
    struct Queue {
        std::uint64_t mesh_key = 0, mesh_id = 0;
        std::uint32_t index = 0;
    };
    void AddMesh(std::uint64_t mesh_key) noexcept;
    // A plain device was made at `key`: a mesh that was there has gone.
    void Forget(std::uint64_t key) noexcept;
    bool IsMesh(std::uint64_t key) noexcept {
        if (!any_.load(std::memory_order_acquire)) return false;  // programs without meshes pay nothing more
        std::lock_guard lock(mutex_);
        return meshes_.count(key) != 0;
    }
    void AddQueue(std::uint64_t queue_key, const Queue& queue) noexcept;
    bool FindQueue(std::uint64_t queue_key, Queue& out) noexcept;
    std::mutex& mutex() noexcept { return mutex_; }  // held across fork (process_hooks.cc)

private:
    std::mutex mutex_;
    std::atomic<bool> any_{false};
    std::set<std::uint64_t> meshes_;
    std::map<std::uint64_t, Queue> queues_;
};

}  // namespace ltcap
