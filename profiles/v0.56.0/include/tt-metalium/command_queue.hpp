// The command queue interface (tt::tt_metal::CommandQueue): 18 pure virtual functions in v0.56.0 order
// (destructor in slots 0–1). Applications obtain one from IDevice::command_queue() and pass it to Enqueue*.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

#include <tt-metalium/aligned_allocator.hpp>
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/span.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <tt-metalium/trace_buffer.hpp>
#include <tt-metalium/tt_align.hpp>

namespace tt::tt_metal {

inline namespace v0 {
class IDevice;
class Program;
struct Event;
}  // namespace v0

class SystemMemoryManager;
class WorkerConfigBufferMgr;

template <typename T>
using vector_memcpy_aligned = std::vector<T, tt::stl::aligned_allocator<T, 16>>;

}  // namespace tt::tt_metal

class bfloat16;

namespace tt::tt_metal {
inline namespace v0 {
using HostDataType = std::variant<const std::shared_ptr<std::vector<std::uint8_t>>,
                                  const std::shared_ptr<std::vector<std::uint16_t>>,
                                  const std::shared_ptr<std::vector<std::int32_t>>,
                                  const std::shared_ptr<std::vector<std::uint32_t>>,
                                  const std::shared_ptr<std::vector<float>>,
                                  const std::shared_ptr<std::vector<::bfloat16>>, const void*>;
}  // namespace v0

class CommandQueue {
public:
    virtual ~CommandQueue() = default;

    virtual const CoreCoord& virtual_enqueue_program_dispatch_core() const = 0;  // 2
    virtual void record_begin(const std::uint32_t tid, const std::shared_ptr<TraceDescriptor>& ctx) = 0;
    virtual void record_end() = 0;
    virtual void reset_worker_state(bool reset_launch_msg_state, std::uint32_t num_sub_devices,
                                    const vector_memcpy_aligned<std::uint32_t>& go_signal_noc_data) = 0;
    virtual void set_go_signal_noc_data_and_dispatch_sems(
        std::uint32_t num_dispatch_sems, const vector_memcpy_aligned<std::uint32_t>& noc_mcast_unicast_data) = 0;
    virtual std::uint32_t id() const = 0;                                         // 7
    virtual std::optional<std::uint32_t> tid() const = 0;
    virtual SystemMemoryManager& sysmem_manager() = 0;
    virtual void terminate() = 0;                                                 // 10
    virtual IDevice* device() = 0;
    virtual WorkerConfigBufferMgr& get_config_buffer_mgr(std::uint32_t index) = 0;
    virtual void enqueue_trace(const std::uint32_t trace_id, bool blocking) = 0;
    virtual void enqueue_program(Program& program, bool blocking) = 0;            // 14
    virtual void enqueue_read_buffer(const std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>& buffer,
                                     void* dst, const BufferRegion& region, bool blocking,
                                     tt::stl::Span<const SubDeviceId> sub_device_ids = {}) = 0;
    virtual void enqueue_record_event(const std::shared_ptr<Event>& event,
                                      tt::stl::Span<const SubDeviceId> sub_device_ids = {}) = 0;
    virtual void enqueue_wait_for_event(const std::shared_ptr<Event>& sync_event) = 0;
    virtual void enqueue_write_buffer(const std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>& buffer,
                                      HostDataType src, const BufferRegion& region, bool blocking,
                                      tt::stl::Span<const SubDeviceId> sub_device_ids = {}) = 0;
    virtual void finish(tt::stl::Span<const SubDeviceId> sub_device_ids) = 0;    // 19
};

}  // namespace tt::tt_metal
