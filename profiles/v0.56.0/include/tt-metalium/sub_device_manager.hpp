// One sub-device manager (tt::tt_metal::SubDeviceManager): a set of non-overlapping sub-devices (groups of cores) a
// device can load, with its id from a process-wide counter and the L1 it asks to keep for itself. The emulator
// implements the sub-device bookkeeping (ids, cores, stall group, validation with tt-metal's errors); per-sub-device
// allocators, traces and dispatch NOC data are not emulated (their accessors throw), and the local L1 size reserves
// nothing.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <tt-metalium/allocator.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/memcpy.hpp>
#include <tt-metalium/span.hpp>
#include <tt-metalium/sub_device.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tt::tt_metal {

class TraceBuffer;
inline namespace v0 {
class IDevice;
}  // namespace v0

class SubDeviceManager {
public:
    // A device's default manager: the given sub-devices (the whole grid), owning the device's allocator.
    SubDeviceManager(IDevice* device, std::unique_ptr<Allocator>&& global_allocator,
                     tt::stl::Span<const SubDevice> sub_devices);
    // A manager the program creates; throws as tt-metal does for too many or overlapping sub-devices, or cores off
    // the device's grid.
    SubDeviceManager(tt::stl::Span<const SubDevice> sub_devices, DeviceAddr local_l1_size, IDevice* device);
    SubDeviceManager(const SubDeviceManager& other) = delete;
    SubDeviceManager& operator=(const SubDeviceManager& other) = delete;
    SubDeviceManager(SubDeviceManager&& other) noexcept = default;
    SubDeviceManager& operator=(SubDeviceManager&& other) noexcept = default;
    ~SubDeviceManager();

    SubDeviceManagerId id() const;
    const std::vector<SubDeviceId>& get_sub_device_ids() const;
    const SubDevice& sub_device(SubDeviceId sub_device_id) const;
    const vector_memcpy_aligned<uint32_t>& noc_mcast_unicast_data() const;
    uint8_t num_noc_mcast_txns(SubDeviceId sub_device_id) const;
    uint8_t num_noc_unicast_txns(SubDeviceId sub_device_id) const;
    uint8_t noc_mcast_data_start_index(SubDeviceId sub_device_id) const;
    uint8_t noc_unicast_data_start_index(SubDeviceId sub_device_id) const;
    const std::unique_ptr<Allocator>& allocator(SubDeviceId sub_device_id) const;
    std::unique_ptr<Allocator>& sub_device_allocator(SubDeviceId sub_device_id);
    std::shared_ptr<TraceBuffer>& create_trace(uint32_t tid);
    void release_trace(uint32_t tid);
    std::shared_ptr<TraceBuffer> get_trace(uint32_t tid);
    uint8_t num_sub_devices() const;
    bool has_allocations() const;
    DeviceAddr local_l1_size() const;
    const std::vector<SubDeviceId>& get_sub_device_stall_group() const;
    void set_sub_device_stall_group(tt::stl::Span<const SubDeviceId> sub_device_ids);
    void reset_sub_device_stall_group();

private:
    void validate_sub_devices() const;
    uint8_t get_sub_device_index(SubDeviceId sub_device_id) const;
    void populate_sub_device_ids();

    static std::atomic<uint64_t> next_sub_device_manager_id_;

    SubDeviceManagerId id_;
    std::vector<SubDevice> sub_devices_;
    std::vector<SubDeviceId> sub_device_ids_;
    std::vector<SubDeviceId> sub_device_stall_group_;
    IDevice* device_;
    DeviceAddr local_l1_size_;
    std::vector<std::unique_ptr<Allocator>> sub_device_allocators_;
    std::array<uint32_t, NumHalProgrammableCoreTypes> num_cores_{};
    vector_memcpy_aligned<uint32_t> noc_mcast_unicast_data_;
    std::vector<uint8_t> num_noc_mcast_txns_;
    std::vector<uint8_t> num_noc_unicast_txns_;
    std::vector<uint8_t> noc_mcast_data_start_index_;
    std::vector<uint8_t> noc_unicast_data_start_index_;
    std::unordered_map<uint32_t, std::shared_ptr<TraceBuffer>> trace_buffer_pool_;
    std::optional<SubDeviceId> fabric_sub_device_id_ = std::nullopt;
};

}  // namespace tt::tt_metal
