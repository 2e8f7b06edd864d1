// tt::DevicePool over the emulator's device registry (emu_device.cc): the pool exists once any device was
// opened or initialize() ran, and answers from the registry, so CreateDevice and the pool always agree.
#include <tt-metalium/device_pool.hpp>

#include "emu_device.h"
#include "emu/core/errors.h"

namespace tt {

DevicePool* DevicePool::_inst = nullptr;

DevicePool::DevicePool() = default;
DevicePool::~DevicePool() = default;

namespace {
std::mutex g_pool_create_mutex;
}

// noexcept as in tt-metal: a device that cannot be opened here ends the process (std::terminate).
void DevicePool::initialize(const std::vector<chip_id_t>& device_ids, const std::uint8_t num_hw_cqs,
                            std::size_t l1_small_size, std::size_t trace_region_size,
                            const tt_metal::DispatchCoreConfig&, tt::stl::Span<const std::uint32_t>) noexcept {
    {
        std::lock_guard lock(g_pool_create_mutex);
        if (!_inst) _inst = new DevicePool();
    }
    for (chip_id_t id : device_ids)
        if (!ttemu::FindOpenDevice(id)) ttemu::OpenDevice(id, num_hw_cqs, l1_small_size, trace_region_size);
}

tt_metal::IDevice* DevicePool::get_active_device(chip_id_t device_id) const {
    if (auto* device = ttemu::FindOpenDevice(device_id)) return device;
    ttemu::Throw("DevicePool does not contain active device ", device_id);
}

std::vector<tt_metal::IDevice*> DevicePool::get_all_active_devices() const {
    const auto open = ttemu::OpenDevices();
    return {open.begin(), open.end()};
}

bool DevicePool::close_device(chip_id_t device_id) {
    auto* device = ttemu::FindOpenDevice(device_id);
    if (!device) return false;
    unregister_worker_thread_for_device(device);
    return ttemu::CloseEmuDevice(device);
}

void DevicePool::close_devices(const std::vector<tt_metal::IDevice*>& devices) {
    for (auto* device : devices) {
        unregister_worker_thread_for_device(device);
        ttemu::CloseEmuDevice(device);
    }
}

bool DevicePool::is_device_active(chip_id_t id) const { return ttemu::FindOpenDevice(id) != nullptr; }

void DevicePool::register_worker_thread_for_device(tt_metal::IDevice* device, std::thread::id worker_thread_id) {
    std::lock_guard lock(lock_);
    worker_thread_of_device_[device] = worker_thread_id;
    worker_thread_ids_.insert(worker_thread_id);
}

void DevicePool::unregister_worker_thread_for_device(tt_metal::IDevice* device) {
    std::lock_guard lock(lock_);
    auto it = worker_thread_of_device_.find(device);
    if (it == worker_thread_of_device_.end()) return;
    worker_thread_ids_.erase(it->second);
    worker_thread_of_device_.erase(it);
}

const std::unordered_set<std::thread::id>& DevicePool::get_worker_thread_ids() const { return worker_thread_ids_; }

tt::tt_fabric::ControlPlane* DevicePool::get_control_plane() const { return nullptr; }

}  // namespace tt
