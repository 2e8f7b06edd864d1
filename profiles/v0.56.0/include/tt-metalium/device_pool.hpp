// The process's open devices (tt::DevicePool). CreateDevice/CreateDevices fill it; programs and test fixtures
// look devices up in it, or open a set at once with initialize().
//   tt::DevicePool::initialize({0}, 1, DEFAULT_L1_SMALL_SIZE, DEFAULT_TRACE_REGION_SIZE, DispatchCoreConfig{});
//   IDevice* device = tt::DevicePool::instance().get_active_device(0);
//
// instance() is inline and reads the exported _inst, as in v0.56.0; everything else is out of line. On the
// emulated device there is no fabric, so get_control_plane() is null.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <tt-metalium/assert.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/dispatch_core_common.hpp>
#include <tt-metalium/span.hpp>

namespace tt {

namespace tt_fabric {
class ControlPlane;
}  // namespace tt_fabric

namespace tt_metal::detail {
void CloseDevices(const std::map<chip_id_t, tt_metal::IDevice*>& devices);
}  // namespace tt_metal::detail

class DevicePool {
public:
    DevicePool& operator=(const DevicePool&) = delete;
    DevicePool& operator=(DevicePool&& other) noexcept = delete;
    DevicePool(const DevicePool&) = delete;
    DevicePool(DevicePool&& other) noexcept = delete;

    static DevicePool& instance() noexcept {
        TT_ASSERT(_inst != nullptr, "Trying to get DevicePool without initializing it");
        return *_inst;
    }

    // Opens every listed device that is not open yet, with these settings.
    static void initialize(const std::vector<chip_id_t>& device_ids, const std::uint8_t num_hw_cqs,
                           std::size_t l1_small_size, std::size_t trace_region_size,
                           const tt_metal::DispatchCoreConfig& dispatch_core_config,
                           tt::stl::Span<const std::uint32_t> l1_bank_remap = {}) noexcept;

    tt_metal::IDevice* get_active_device(chip_id_t device_id) const;  // throws if it is not open
    std::vector<tt_metal::IDevice*> get_all_active_devices() const;
    bool close_device(chip_id_t device_id);
    void close_devices(const std::vector<tt_metal::IDevice*>& devices);
    bool is_device_active(chip_id_t id) const;
    void register_worker_thread_for_device(tt_metal::IDevice* device, std::thread::id worker_thread_id);
    void unregister_worker_thread_for_device(tt_metal::IDevice* device);
    const std::unordered_set<std::thread::id>& get_worker_thread_ids() const;
    tt::tt_fabric::ControlPlane* get_control_plane() const;

private:
    DevicePool();
    ~DevicePool();

    mutable std::mutex lock_;
    std::unordered_map<tt_metal::IDevice*, std::thread::id> worker_thread_of_device_;
    std::unordered_set<std::thread::id> worker_thread_ids_;

    static DevicePool* _inst;
    friend void tt_metal::detail::CloseDevices(const std::map<chip_id_t, tt_metal::IDevice*>& devices);
};

}  // namespace tt
