// v0.56.0's CommandQueue on the emulated device: the API's enqueue calls, pushing their work to one of the
// chip's hardware queues (core/work_queue.h: commands run in order on a worker thread; a command's failure is
// thrown to the host by the next Finish or blocking call on that queue).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <tt-metalium/command_queue.hpp>

#include "buffer_io.h"
#include "emu/core/work_queue.h"

namespace ttemu {

class EmuDevice;

class EmuCommandQueue final : public tt::tt_metal::CommandQueue {
public:
    EmuCommandQueue(EmuDevice& device, std::uint32_t id);
    ~EmuCommandQueue() override;

    // The chip's hardware queue this API queue drives (WorkQueue: Push, Drain, events, trace recording).
    WorkQueue& work() { return work_; }
    void Push(Command cmd) { work_.Push(std::move(cmd)); }
    void PushAndWait(Command cmd) { work_.PushAndWait(std::move(cmd)); }
    void Drain() { work_.Drain(); }
    std::uint32_t RecordEvent() { return work_.RecordEvent(); }
    bool EventDone(std::uint32_t event_id) { return work_.EventDone(event_id); }
    void WaitEvent(std::uint32_t event_id) { work_.WaitEvent(event_id); }
    bool recording() const { return work_.recording(); }

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
    EmuDevice& device_;
    WorkQueue& work_;
    const std::uint32_t id_;
    CoreCoord dispatch_core_;
    std::optional<std::uint32_t> tid_;
};

}  // namespace ttemu
