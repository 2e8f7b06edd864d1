// A hardware command queue of the emulated device: commands run in order on a worker thread of their own,
// so non-blocking calls really overlap with the host, and two queues of a device run concurrently.
//
// Commands that fail on the "device" (a kernel fault, a deadlock) do not throw on the worker thread: the
// first error is kept and thrown to the host by the next Finish or blocking call on that queue.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <tt-metalium/command_queue.hpp>

#include "buffer_io.h"

namespace ttemu {

class EmuDevice;
using Command = std::function<void()>;

class EmuCommandQueue final : public tt::tt_metal::CommandQueue {
public:
    EmuCommandQueue(EmuDevice& device, std::uint32_t id);
    ~EmuCommandQueue() override;  // drains the queue, then stops the worker

    // Appends a command; while a metal trace is being captured on this queue it is recorded instead.
    void Push(Command cmd);
    // Runs a command and waits for it and everything before it.
    void PushAndWait(Command cmd);
    // Waits for every command pushed so far; throws the first device error since the last wait.
    void Drain();

    // Events: ids are per queue, increasing; an event is done once the queue has run past its record command.
    std::uint32_t RecordEvent();
    bool EventDone(std::uint32_t event_id);
    void WaitEvent(std::uint32_t event_id);

    // Metal trace capture: while set, Push appends to `sink` instead of running.
    void SetRecording(std::vector<Command>* sink) { recording_ = sink; }
    bool recording() const { return recording_ != nullptr; }

    // ---- CommandQueue
    const CoreCoord& virtual_enqueue_program_dispatch_core() const override { return dispatch_core_; }
    void record_begin(const std::uint32_t tid, const std::shared_ptr<tt::tt_metal::TraceDescriptor>& ctx) override;
    void record_end() override;
    void reset_worker_state(bool, std::uint32_t, const tt::tt_metal::vector_memcpy_aligned<std::uint32_t>&) override {}
    void set_go_signal_noc_data_and_dispatch_sems(std::uint32_t,
                                                  const tt::tt_metal::vector_memcpy_aligned<std::uint32_t>&) override {}
    std::uint32_t id() const override { return id_; }
    std::optional<std::uint32_t> tid() const override { return tid_; }
    tt::tt_metal::SystemMemoryManager& sysmem_manager() override;
    void terminate() override {}
    tt::tt_metal::IDevice* device() override;
    tt::tt_metal::WorkerConfigBufferMgr& get_config_buffer_mgr(std::uint32_t index) override;
    void enqueue_trace(const std::uint32_t trace_id, bool blocking) override;
    void enqueue_program(tt::tt_metal::Program& program, bool blocking) override;
    void enqueue_read_buffer(const ttemu::BufferRef& buffer, void* dst,
                             const tt::tt_metal::BufferRegion& region, bool blocking,
                             tt::stl::Span<const tt::tt_metal::SubDeviceId> sub_device_ids = {}) override;
    void enqueue_record_event(const std::shared_ptr<tt::tt_metal::Event>& event,
                              tt::stl::Span<const tt::tt_metal::SubDeviceId> sub_device_ids = {}) override;
    void enqueue_wait_for_event(const std::shared_ptr<tt::tt_metal::Event>& sync_event) override;
    void enqueue_write_buffer(const ttemu::BufferRef& buffer, tt::tt_metal::HostDataType src,
                              const tt::tt_metal::BufferRegion& region, bool blocking,
                              tt::stl::Span<const tt::tt_metal::SubDeviceId> sub_device_ids = {}) override;
    void finish(tt::stl::Span<const tt::tt_metal::SubDeviceId> sub_device_ids) override;

private:
    void Run();

    EmuDevice& device_;
    const std::uint32_t id_;
    CoreCoord dispatch_core_;
    std::optional<std::uint32_t> tid_;
    std::vector<Command>* recording_ = nullptr;

    std::mutex mutex_;
    std::condition_variable cv_;
    std::deque<Command> pending_;
    std::uint64_t issued_ = 0, completed_ = 0;
    std::uint32_t next_event_id_ = 0, completed_event_id_ = 0;  // event ids start at 1
    std::optional<std::string> error_;
    bool stopping_ = false;
    std::thread worker_;
};

}  // namespace ttemu
