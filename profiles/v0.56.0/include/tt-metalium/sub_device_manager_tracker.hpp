// A device's (or mesh's) sub-device managers (tt::tt_metal::SubDeviceManagerTracker): the default one (the whole
// compute grid, loaded at start), those the program creates, and which one is loaded. Loading is refused under
// slow dispatch, removing the loaded or the default manager is refused, as in tt-metal. The emulated devices and
// meshes keep one each; see sub_device_manager.hpp for what a manager emulates.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/span.hpp>
#include <tt-metalium/sub_device.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <tuple>
#include <unordered_map>

namespace tt::tt_metal {
inline namespace v0 {
class IDevice;
}  // namespace v0

class Allocator;
class SubDeviceManager;

class SubDeviceManagerTracker {
public:
    SubDeviceManagerTracker(IDevice* device, std::unique_ptr<Allocator>&& global_allocator,
                            tt::stl::Span<const SubDevice> sub_devices);
    SubDeviceManagerTracker(const SubDeviceManagerTracker& other) = delete;
    SubDeviceManagerTracker& operator=(const SubDeviceManagerTracker& other) = delete;
    SubDeviceManagerTracker(SubDeviceManagerTracker&& other) noexcept = default;
    SubDeviceManagerTracker& operator=(SubDeviceManagerTracker&& other) noexcept = default;
    ~SubDeviceManagerTracker();

    SubDeviceManagerId create_sub_device_manager(tt::stl::Span<const SubDevice> sub_devices, DeviceAddr local_l1_size);
    std::tuple<SubDeviceManagerId, SubDeviceId> create_sub_device_manager_with_fabric(
        tt::stl::Span<const SubDevice> sub_devices, DeviceAddr local_l1_size);
    void load_sub_device_manager(SubDeviceManagerId sub_device_manager_id);
    void clear_loaded_sub_device_manager();
    void remove_sub_device_manager(SubDeviceManagerId sub_device_manager_id);
    SubDeviceManager* get_active_sub_device_manager() const;
    SubDeviceManager* get_default_sub_device_manager() const;
    SubDeviceManagerId get_active_sub_device_manager_id() const;
    SubDeviceManagerId get_default_sub_device_manager_id() const;
    std::optional<DeviceAddr> lowest_occupied_compute_l1_address(
        tt::stl::Span<const SubDeviceId> sub_device_ids = {}) const;

private:
    IDevice* device_ = nullptr;
    std::unordered_map<SubDeviceManagerId, std::unique_ptr<SubDeviceManager>> sub_device_managers_;
    SubDeviceManager* active_sub_device_manager_ = nullptr;
    SubDeviceManager* default_sub_device_manager_ = nullptr;
};

}  // namespace tt::tt_metal
