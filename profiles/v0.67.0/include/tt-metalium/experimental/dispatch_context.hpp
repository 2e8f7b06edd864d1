// Switching a mesh's dispatch at run time: a program started in slow dispatch brings fast dispatch up (and down
// again), or lets slow dispatch run asynchronously.
#pragma once

#include <cstdint>
#include <memory>

namespace tt::tt_metal {

namespace distributed {
class MeshDevice;
}  // namespace distributed

namespace experimental {

class DispatchContext {
public:
    static DispatchContext& get();

    void initialize_fast_dispatch(distributed::MeshDevice* mesh_device);
    void terminate_fast_dispatch(distributed::MeshDevice* mesh_device);
    void enable_asynchronous_slow_dispatch(distributed::MeshDevice* mesh_device);
    void disable_asynchronous_slow_dispatch(distributed::MeshDevice* mesh_device);

private:
    DispatchContext() = default;
    ~DispatchContext() = default;
    struct Deleter {
        void operator()(DispatchContext* p) const { delete p; }
    };
    friend struct Deleter;

    bool fast_dispatch_enabled_ = false;
    uint32_t num_fd_inits_ = 0;
    static std::unique_ptr<DispatchContext, Deleter> dispatch_context_ptr_;
};

}  // namespace experimental
}  // namespace tt::tt_metal
