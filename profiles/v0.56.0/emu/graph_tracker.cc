// GraphTracker: the processors and the hook that observe the runtime (graph_tracking.hpp).
#include <tt-metalium/graph_tracking.hpp>

namespace tt::tt_metal {

bool GraphTracker::is_enabled() const { return !processors.empty(); }

void GraphTracker::push_processor(const std::shared_ptr<IGraphProcessor>& processor) {
    processors.push_back(processor);
}

void GraphTracker::pop_processor() {
    if (!processors.empty()) processors.pop_back();
}

bool GraphTracker::add_hook(const std::shared_ptr<IGraphHooks>& new_hook) {
    if (hook) return false;
    hook = new_hook;
    return true;
}

void GraphTracker::track_allocate(const Buffer* buffer) {
    for (auto& p : processors) p->track_allocate(buffer);
}

void GraphTracker::track_deallocate(Buffer* buffer) {
    for (auto& p : processors) p->track_deallocate(buffer);
}

void GraphTracker::track_allocate_cb(const CoreRangeSet& core_range_set, uint64_t addr, uint64_t size,
                                     bool is_globally_allocated, const IDevice* device) {
    for (auto& p : processors) p->track_allocate_cb(core_range_set, addr, size, is_globally_allocated, device);
}

void GraphTracker::track_deallocate_cb(const IDevice* device) {
    for (auto& p : processors) p->track_deallocate_cb(device);
}

void GraphTracker::track_program(Program* program, const IDevice* device) {
    for (auto& p : processors) p->track_program(program, device);
}

bool GraphTracker::hook_allocate(const Buffer* buffer) { return hook && hook->hook_allocate(buffer); }

bool GraphTracker::hook_deallocate(Buffer* buffer) { return hook && hook->hook_deallocate(buffer); }

bool GraphTracker::hook_program(Program* program) { return hook && hook->hook_program(program); }

const std::vector<std::shared_ptr<IGraphProcessor>>& GraphTracker::get_processors() const { return processors; }

const std::shared_ptr<IGraphHooks>& GraphTracker::get_hook() const { return hook; }

void GraphTracker::clear() {
    processors.clear();
    hook = nullptr;
}

void GraphTracker::clear_hook() { hook = nullptr; }

}  // namespace tt::tt_metal
