// Observing what the runtime does (tt::tt_metal::GraphTracker): processors pushed on the tracker hear of every
// buffer allocation and deallocation, every circular-buffer placement and every function a framework reports;
// one hook may veto allocations (a "no dispatch" capture that only records the graph). The emulated runtime calls
// the tracker where tt-metal does: Buffer allocation and deallocation, and circular-buffer placement at launch.
//   GraphTracker::instance().push_processor(std::make_shared<MyProcessor>());
#pragma once

#include <any>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/core_coord.hpp>
#include <vector>

namespace tt::tt_metal {
inline namespace v0 {
class Program;
class IDevice;
}  // namespace v0

class IGraphProcessor {
public:
    enum class RunMode {
        NORMAL,       // allocate and run as usual
        NO_DISPATCH,  // record the graph without allocating or running
    };

    IGraphProcessor() = default;
    virtual void track_allocate(const tt::tt_metal::Buffer* buffer) {}
    virtual void track_deallocate(tt::tt_metal::Buffer* buffer) {}
    virtual void track_allocate_cb(const CoreRangeSet& core_range_set, uint64_t addr, uint64_t size,
                                   bool is_globally_allocated, const IDevice* device) {}
    virtual void track_deallocate_cb(const IDevice* device) {}
    virtual void track_program(tt::tt_metal::Program* program, const IDevice* device) {}
    virtual void track_function_start(std::string_view function_name, std::span<std::any> input_parameters) {}
    virtual void track_function_end() {}
    virtual void track_function_end(const std::any& output_tensors) {}
    virtual void begin_capture(RunMode mode) {}
    virtual nlohmann::json end_capture() { return nullptr; }
    virtual ~IGraphProcessor() = default;
};

// A hook returning true from hook_allocate / hook_deallocate / hook_program takes the place of the real action.
class IGraphHooks {
public:
    IGraphHooks() = default;
    virtual bool hook_allocate(const tt::tt_metal::Buffer* buffer) = 0;
    virtual bool hook_deallocate(tt::tt_metal::Buffer* buffer) = 0;
    virtual bool hook_program(Program* program) = 0;
    virtual ~IGraphHooks() = default;
};

class GraphTracker {
public:
    static GraphTracker& instance() {
        static GraphTracker tracker;
        return tracker;
    }

    bool is_enabled() const;  // a processor is installed
    void push_processor(const std::shared_ptr<IGraphProcessor>& processor);
    void pop_processor();
    bool add_hook(const std::shared_ptr<IGraphHooks>& hook);  // false if one is installed already

    void track_allocate(const Buffer* buffer);
    void track_deallocate(Buffer* buffer);
    void track_allocate_cb(const CoreRangeSet& core_range_set, uint64_t addr, uint64_t size, bool is_globally_allocated,
                           const IDevice* device);
    void track_deallocate_cb(const IDevice* device);
    void track_program(Program* program, const IDevice* device);

    template <class... Args>
    void track_function_start(std::string_view function_name, Args&&... args) {
        if (processors.empty()) return;
        std::array<std::any, sizeof...(Args)> params{std::any(std::ref(args))...};
        for (auto& p : processors) p->track_function_start(function_name, params);
    }
    void track_function_end() {
        for (auto& p : processors) p->track_function_end();
    }
    template <class ReturnType>
    void track_function_end(ReturnType&& output_tensors) {
        for (auto& p : processors) p->track_function_end(std::ref(output_tensors));
    }

    bool hook_allocate(const Buffer* buffer);
    bool hook_deallocate(Buffer* buffer);
    bool hook_program(tt::tt_metal::Program* program);

    const std::vector<std::shared_ptr<IGraphProcessor>>& get_processors() const;
    const std::shared_ptr<IGraphHooks>& get_hook() const;
    void clear();  // removes the processors and the hook
    void clear_hook();

private:
    GraphTracker() = default;
    ~GraphTracker() = default;
    GraphTracker(const GraphTracker&) = delete;
    GraphTracker(GraphTracker&&) = delete;

    std::vector<std::shared_ptr<IGraphProcessor>> processors;
    std::shared_ptr<IGraphHooks> hook;
};

}  // namespace tt::tt_metal
