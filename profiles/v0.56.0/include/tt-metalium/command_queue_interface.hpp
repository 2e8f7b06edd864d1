// The host side of a fast-dispatch command queue (v0.56.0 internals): where each queue's pointers live in device L1
// (CommandQueueDeviceAddrType) and in the host's hugepage (CommandQueueHostAddrType), the address map that places
// them (DispatchMemMap), the issue/completion split of one queue's system memory (SystemMemoryCQInterface, plain
// arithmetic, usable), and the manager writing commands into it (SystemMemoryManager). The emulator's queues are
// host threads without hugepages: DispatchMemMap and SystemMemoryManager are declared, not exported.
#pragma once

#include <umd/device/tt_core_coordinates.h>

#include <climits>
#include <cstdint>
#include <functional>
#include <magic_enum/magic_enum.hpp>
#include <mutex>
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/cq_commands.hpp>
#include <tt-metalium/dispatch_core_manager.hpp>
#include <tt-metalium/dispatch_settings.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/helpers.hpp>
#include <tt-metalium/launch_message_ring_buffer_state.hpp>
#include <tt-metalium/memcpy.hpp>
#include <tt-metalium/tt_align.hpp>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tt::tt_metal {

// Pointers and flags of a command queue kept in the dispatch cores' L1, in the order they are laid out.
enum class CommandQueueDeviceAddrType : std::uint8_t {
    PREFETCH_Q_RD = 0,
    PREFETCH_Q_PCIE_RD = 1,
    COMPLETION_Q_WR = 2,
    COMPLETION_Q_RD = 3,
    COMPLETION_Q0_LAST_EVENT = 4,
    COMPLETION_Q1_LAST_EVENT = 5,
    DISPATCH_S_SYNC_SEM = 6,
    DISPATCH_MESSAGE = 7,
    UNRESERVED = 8
};

// Pointers of a command queue kept at the start of its host (hugepage) region.
enum class CommandQueueHostAddrType : std::uint8_t {
    ISSUE_Q_RD = 0,
    ISSUE_Q_WR = 1,
    COMPLETION_Q_WR = 2,
    COMPLETION_Q_RD = 3,
    UNRESERVED = 4
};

class DispatchMemMap {
public:
    DispatchMemMap& operator=(const DispatchMemMap&) = delete;
    DispatchMemMap& operator=(DispatchMemMap&& other) noexcept = delete;
    DispatchMemMap(const DispatchMemMap&) = delete;
    DispatchMemMap(DispatchMemMap&& other) noexcept = delete;

    static const DispatchMemMap& get(const CoreType& core_type, const std::uint32_t num_hw_cqs = 0);
    std::uint32_t prefetch_q_entries() const;
    std::uint32_t prefetch_q_size() const;
    std::uint32_t max_prefetch_command_size() const;
    std::uint32_t cmddat_q_base() const;
    std::uint32_t cmddat_q_size() const;
    std::uint32_t scratch_db_base() const;
    std::uint32_t scratch_db_size() const;
    std::uint32_t dispatch_buffer_block_size_pages() const;
    std::uint32_t dispatch_buffer_base() const;
    std::uint32_t dispatch_buffer_pages() const;
    std::uint32_t prefetch_d_buffer_size() const;
    std::uint32_t prefetch_d_buffer_pages() const;
    std::uint32_t mux_buffer_size(std::uint8_t num_hw_cqs = 1) const;
    std::uint32_t mux_buffer_pages(std::uint8_t num_hw_cqs = 1) const;
    std::uint32_t dispatch_s_buffer_size() const;
    std::uint32_t dispatch_s_buffer_pages() const;
    std::uint32_t get_device_command_queue_addr(const CommandQueueDeviceAddrType& device_addr_type) const;
    std::uint32_t get_host_command_queue_addr(const CommandQueueHostAddrType& host_addr) const;
    std::uint32_t get_sync_offset(std::uint32_t index) const;
    std::uint32_t get_dispatch_message_offset(std::uint32_t index) const;

private:
    DispatchMemMap() = default;
};

// Where a queue's region starts inside one device channel, and inside the host's hugepages.
inline std::uint32_t get_relative_cq_offset(std::uint8_t cq_id, std::uint32_t cq_size) { return cq_id * cq_size; }
inline std::uint16_t get_umd_channel(std::uint16_t channel) { return channel & 0x3; }
inline std::uint32_t get_absolute_cq_offset(std::uint16_t channel, std::uint8_t cq_id, std::uint32_t cq_size) {
    return (DispatchSettings::MAX_HUGEPAGE_SIZE * get_umd_channel(channel)) +
           ((channel >> 2) * DispatchSettings::MAX_DEV_CHANNEL_SIZE) + get_relative_cq_offset(cq_id, cq_size);
}

template <bool addr_16B>
std::uint32_t get_cq_issue_rd_ptr(chip_id_t chip_id, std::uint8_t cq_id, std::uint32_t cq_size);
template <bool addr_16B>
std::uint32_t get_cq_issue_wr_ptr(chip_id_t chip_id, std::uint8_t cq_id, std::uint32_t cq_size);
template <bool addr_16B>
std::uint32_t get_cq_completion_wr_ptr(chip_id_t chip_id, std::uint8_t cq_id, std::uint32_t cq_size);
template <bool addr_16B>
std::uint32_t get_cq_completion_rd_ptr(chip_id_t chip_id, std::uint8_t cq_id, std::uint32_t cq_size);

// One queue's system memory: an issue region (host to device), then a completion region (device to host) of a
// quarter of the space in whole transfer pages. FIFO pointers and limits count 16-byte words.
struct SystemMemoryCQInterface {
    SystemMemoryCQInterface(std::uint16_t channel, std::uint8_t cq_id, std::uint32_t cq_size, std::uint32_t cq_start)
        : cq_start(cq_start),
          command_completion_region_size((((cq_size - cq_start) / DispatchSettings::TRANSFER_PAGE_SIZE) / 4) *
                                         DispatchSettings::TRANSFER_PAGE_SIZE),
          command_issue_region_size((cq_size - cq_start) - command_completion_region_size),
          id(cq_id),
          issue_fifo_size(command_issue_region_size >> 4),
          issue_fifo_limit(((cq_start + command_issue_region_size) + get_absolute_cq_offset(channel, cq_id, cq_size)) >>
                           4),
          offset(get_absolute_cq_offset(channel, cq_id, cq_size)),
          issue_fifo_wr_ptr((cq_start + offset) >> 4),
          issue_fifo_wr_toggle(false),
          completion_fifo_size(command_completion_region_size >> 4),
          completion_fifo_limit(issue_fifo_limit + completion_fifo_size),
          completion_fifo_rd_ptr(issue_fifo_limit),
          completion_fifo_rd_toggle(false) {}

    static constexpr float default_issue_queue_split = 0.75;
    const std::uint32_t cq_start;
    const std::uint32_t command_completion_region_size;
    const std::uint32_t command_issue_region_size;
    const std::uint8_t id;

    std::uint32_t issue_fifo_size;
    std::uint32_t issue_fifo_limit;  // the last FIFO address
    const std::uint32_t offset;
    std::uint32_t issue_fifo_wr_ptr;
    bool issue_fifo_wr_toggle;

    std::uint32_t completion_fifo_size;
    std::uint32_t completion_fifo_limit;  // the last FIFO address
    std::uint32_t completion_fifo_rd_ptr;
    bool completion_fifo_rd_toggle;
};

class SystemMemoryManager {
public:
    SystemMemoryManager(chip_id_t device_id, std::uint8_t num_hw_cqs);

    std::uint32_t get_next_event(const std::uint8_t cq_id);
    void reset_event_id(const std::uint8_t cq_id);
    void increment_event_id(const std::uint8_t cq_id, const std::uint32_t val);
    void set_last_completed_event(const std::uint8_t cq_id, const std::uint32_t event_id);
    std::uint32_t get_last_completed_event(const std::uint8_t cq_id);
    void reset(const std::uint8_t cq_id);
    void set_issue_queue_size(const std::uint8_t cq_id, const std::uint32_t issue_queue_size);
    void set_bypass_mode(const bool enable, const bool clear);
    bool get_bypass_mode();
    std::vector<std::uint32_t>& get_bypass_data();
    std::uint32_t get_issue_queue_size(const std::uint8_t cq_id) const;
    std::uint32_t get_issue_queue_limit(const std::uint8_t cq_id) const;
    std::uint32_t get_completion_queue_size(const std::uint8_t cq_id) const;
    std::uint32_t get_completion_queue_limit(const std::uint8_t cq_id) const;
    std::uint32_t get_issue_queue_write_ptr(const std::uint8_t cq_id) const;
    std::uint32_t get_completion_queue_read_ptr(const std::uint8_t cq_id) const;
    std::uint32_t get_completion_queue_read_toggle(const std::uint8_t cq_id) const;
    std::uint32_t get_cq_size() const;
    chip_id_t get_device_id() const;
    std::vector<SystemMemoryCQInterface>& get_cq_interfaces();
    void* issue_queue_reserve(std::uint32_t cmd_size_B, const std::uint8_t cq_id);
    void cq_write(const void* data, std::uint32_t size_in_bytes, std::uint32_t write_ptr);
    void issue_queue_push_back(std::uint32_t push_size_B, const std::uint8_t cq_id);
    std::uint32_t completion_queue_wait_front(const std::uint8_t cq_id, volatile bool& exit_condition) const;
    void send_completion_queue_read_ptr(const std::uint8_t cq_id) const;
    void wrap_issue_queue_wr_ptr(const std::uint8_t cq_id);
    void wrap_completion_queue_rd_ptr(const std::uint8_t cq_id);
    void completion_queue_pop_front(std::uint32_t num_pages_read, const std::uint8_t cq_id);
    void fetch_queue_reserve_back(const std::uint8_t cq_id);
    void fetch_queue_write(std::uint32_t command_size_B, const std::uint8_t cq_id, bool stall_prefetcher = false);
    LaunchMessageRingBufferState& get_worker_launch_message_buffer_state();
    void reset_worker_launch_message_buffer_state(const std::uint32_t num_entries);
};

}  // namespace tt::tt_metal
