// Sub-devices and their managers (sub_device.hpp, sub_device_manager.hpp, sub_device_manager_tracker.hpp): a device
// or mesh starts with its default manager (one sub-device: the whole compute grid) loaded; the program creates
// others, loads one, clears it (back to the default) or removes one that is not loaded. Ids come from one
// process-wide counter, as tt-metal's do. The local L1 size a manager asks for is kept but reserves nothing: the
// emulator's L1 allocator is the device's only one.
#include <tt-metalium/sub_device_manager.hpp>
#include <tt-metalium/sub_device_manager_tracker.hpp>

#include <algorithm>
#include <mutex>

#include <tt-metalium/device.hpp>

#include "emu/core/errors.h"
#include "emu/core/settings.h"

namespace tt::tt_metal {
namespace {

constexpr std::size_t kMaxSubDevices = 16;  // dispatch's go-signal message entries
constexpr auto kTensix = static_cast<std::size_t>(HalProgrammableCoreType::TENSIX);

// Managers are created and loaded from the program's threads and read by the capture's snapshot: one lock for all.
std::mutex g_managers_mutex;

bool Intersect(const CoreRangeSet& a, const CoreRangeSet& b) {
    for (const CoreRange& r : b.ranges())
        if (a.intersects(r)) return true;
    return false;
}
bool Within(const CoreRangeSet& outer, const CoreRangeSet& inner) {
    for (const CoreRange& r : inner.ranges())
        if (!outer.contains(r)) return false;
    return true;
}

[[noreturn]] void NotEmulated(const char* what) {
    ttemu::Throw("SubDeviceManager::", what, " is not emulated (sub-devices share the device's one allocator)");
}

}  // namespace

// ---- SubDevice (exported, tt-metal's names)

SubDevice::SubDevice(const std::array<CoreRangeSet, NumHalProgrammableCoreTypes>& cores) : cores_(cores) { validate(); }
SubDevice::SubDevice(tt::stl::Span<const CoreRangeSet> cores) {
    if (cores.size() > cores_.size()) ttemu::Throw("Too many core types for SubDevice");
    std::copy(cores.begin(), cores.end(), cores_.begin());
    validate();
}
SubDevice::SubDevice(std::array<CoreRangeSet, NumHalProgrammableCoreTypes>&& cores) : cores_(std::move(cores)) {
    validate();
}
void SubDevice::validate() const {
    if (!cores_[static_cast<std::size_t>(HalProgrammableCoreType::IDLE_ETH)].empty())
        ttemu::Throw("CoreType IDLE_ETH is not allowed in SubDevice");
}
bool SubDevice::has_core_type(HalProgrammableCoreType type) const { return !cores(type).empty(); }
std::uint32_t SubDevice::num_cores(HalProgrammableCoreType type) const { return cores(type).num_cores(); }
const std::array<CoreRangeSet, NumHalProgrammableCoreTypes>& SubDevice::cores() const { return cores_; }
const CoreRangeSet& SubDevice::cores(HalProgrammableCoreType type) const {
    const auto i = static_cast<std::size_t>(type);
    if (i >= cores_.size()) ttemu::Throw("core type ", i, " out of range");
    return cores_[i];
}

// ---- SubDeviceManager

std::atomic<uint64_t> SubDeviceManager::next_sub_device_manager_id_{0};

SubDeviceManager::SubDeviceManager(IDevice* device, std::unique_ptr<Allocator>&& global_allocator,
                                   tt::stl::Span<const SubDevice> sub_devices)
    : id_(next_sub_device_manager_id_++),
      sub_devices_(sub_devices.begin(), sub_devices.end()),
      device_(device),
      local_l1_size_(0) {
    sub_device_allocators_.push_back(std::move(global_allocator));
    populate_sub_device_ids();
}

SubDeviceManager::SubDeviceManager(tt::stl::Span<const SubDevice> sub_devices, DeviceAddr local_l1_size,
                                   IDevice* device)
    : id_(next_sub_device_manager_id_++),
      sub_devices_(sub_devices.begin(), sub_devices.end()),
      device_(device),
      local_l1_size_(local_l1_size) {
    validate_sub_devices();
    populate_sub_device_ids();
}

SubDeviceManager::~SubDeviceManager() = default;

void SubDeviceManager::validate_sub_devices() const {
    if (sub_devices_.size() > kMaxSubDevices)
        ttemu::Throw("Number of sub-devices specified ", sub_devices_.size(),
                     " is larger than the max number of sub-devices ", kMaxSubDevices);
    const CoreCoord grid = device_->compute_with_storage_grid_size();
    const CoreRangeSet device_grid(CoreRange({0, 0}, {grid.x - 1, grid.y - 1}));
    for (std::size_t i = 0; i < sub_devices_.size(); i++) {
        const SubDevice& s = sub_devices_[i];
        if (!Within(device_grid, s.cores(HalProgrammableCoreType::TENSIX)))
            ttemu::Throw("Tensix cores ", s.cores(HalProgrammableCoreType::TENSIX).str(),
                         " specified in sub device must be within device grid ", device_grid.str());
        if (!s.cores(HalProgrammableCoreType::ACTIVE_ETH).empty())
            ttemu::Throw("Ethernet cores ", s.cores(HalProgrammableCoreType::ACTIVE_ETH).str(),
                         " specified in sub device must be within device grid (the emulated device has none)");
        for (std::size_t j = 0; j < i; j++)
            if (Intersect(sub_devices_[j].cores()[kTensix], s.cores()[kTensix]))
                ttemu::Throw("SubDevices specified for SubDeviceManager intersect");
    }
}

void SubDeviceManager::populate_sub_device_ids() {
    sub_device_ids_.clear();
    for (std::size_t i = 0; i < sub_devices_.size(); i++) sub_device_ids_.push_back(SubDeviceId{static_cast<uint8_t>(i)});
    sub_device_stall_group_ = sub_device_ids_;
    for (std::size_t t = 0; t < NumHalProgrammableCoreTypes; t++) {
        num_cores_[t] = 0;
        for (const auto& s : sub_devices_) num_cores_[t] += s.num_cores(static_cast<HalProgrammableCoreType>(t));
    }
}

uint8_t SubDeviceManager::get_sub_device_index(SubDeviceId sub_device_id) const {
    if (*sub_device_id >= sub_devices_.size())
        ttemu::Throw("SubDevice index ", static_cast<unsigned>(*sub_device_id), " out of bounds ", sub_devices_.size());
    return *sub_device_id;
}

SubDeviceManagerId SubDeviceManager::id() const { return id_; }
const std::vector<SubDeviceId>& SubDeviceManager::get_sub_device_ids() const { return sub_device_ids_; }
const SubDevice& SubDeviceManager::sub_device(SubDeviceId sub_device_id) const {
    return sub_devices_[get_sub_device_index(sub_device_id)];
}
uint8_t SubDeviceManager::num_sub_devices() const { return static_cast<uint8_t>(sub_devices_.size()); }
bool SubDeviceManager::has_allocations() const { return false; }  // nothing is allocated per sub-device
DeviceAddr SubDeviceManager::local_l1_size() const { return local_l1_size_; }
const std::vector<SubDeviceId>& SubDeviceManager::get_sub_device_stall_group() const { return sub_device_stall_group_; }
void SubDeviceManager::set_sub_device_stall_group(tt::stl::Span<const SubDeviceId> sub_device_ids) {
    if (sub_device_ids.empty()) ttemu::Throw("sub_device_ids to stall must not be empty");
    for (const auto& id : sub_device_ids) get_sub_device_index(id);
    sub_device_stall_group_.assign(sub_device_ids.begin(), sub_device_ids.end());
}
void SubDeviceManager::reset_sub_device_stall_group() { sub_device_stall_group_ = sub_device_ids_; }

const vector_memcpy_aligned<uint32_t>& SubDeviceManager::noc_mcast_unicast_data() const { return noc_mcast_unicast_data_; }
uint8_t SubDeviceManager::num_noc_mcast_txns(SubDeviceId) const { NotEmulated("num_noc_mcast_txns"); }
uint8_t SubDeviceManager::num_noc_unicast_txns(SubDeviceId) const { NotEmulated("num_noc_unicast_txns"); }
uint8_t SubDeviceManager::noc_mcast_data_start_index(SubDeviceId) const { NotEmulated("noc_mcast_data_start_index"); }
uint8_t SubDeviceManager::noc_unicast_data_start_index(SubDeviceId) const { NotEmulated("noc_unicast_data_start_index"); }
const std::unique_ptr<Allocator>& SubDeviceManager::allocator(SubDeviceId) const { NotEmulated("allocator"); }
std::unique_ptr<Allocator>& SubDeviceManager::sub_device_allocator(SubDeviceId) { NotEmulated("sub_device_allocator"); }
std::shared_ptr<TraceBuffer>& SubDeviceManager::create_trace(uint32_t) { NotEmulated("create_trace"); }
void SubDeviceManager::release_trace(uint32_t) { NotEmulated("release_trace"); }
std::shared_ptr<TraceBuffer> SubDeviceManager::get_trace(uint32_t) { NotEmulated("get_trace"); }

// ---- SubDeviceManagerTracker

SubDeviceManagerTracker::SubDeviceManagerTracker(IDevice* device, std::unique_ptr<Allocator>&& global_allocator,
                                                 tt::stl::Span<const SubDevice> sub_devices)
    : device_(device) {
    auto manager = std::make_unique<SubDeviceManager>(device, std::move(global_allocator), sub_devices);
    default_sub_device_manager_ = active_sub_device_manager_ = manager.get();
    sub_device_managers_.emplace(manager->id(), std::move(manager));
}

SubDeviceManagerTracker::~SubDeviceManagerTracker() = default;

SubDeviceManagerId SubDeviceManagerTracker::create_sub_device_manager(tt::stl::Span<const SubDevice> sub_devices,
                                                                      DeviceAddr local_l1_size) {
    auto manager = std::make_unique<SubDeviceManager>(sub_devices, local_l1_size, device_);
    const SubDeviceManagerId id = manager->id();
    std::lock_guard lock(g_managers_mutex);
    sub_device_managers_.emplace(id, std::move(manager));
    return id;
}

std::tuple<SubDeviceManagerId, SubDeviceId> SubDeviceManagerTracker::create_sub_device_manager_with_fabric(
    tt::stl::Span<const SubDevice>, DeviceAddr) {
    ttemu::Throw("create_sub_device_manager_with_fabric: fabric is not emulated (an n150 has no ethernet links)");
}

void SubDeviceManagerTracker::load_sub_device_manager(SubDeviceManagerId id) {
    if (ttemu::GetSettings().slow_dispatch) ttemu::Throw("Using sub device managers is unsupported with slow dispatch");
    std::lock_guard lock(g_managers_mutex);
    const auto it = sub_device_managers_.find(id);
    if (it == sub_device_managers_.end()) ttemu::Throw("Sub device manager does not exist");
    active_sub_device_manager_ = it->second.get();
}

void SubDeviceManagerTracker::clear_loaded_sub_device_manager() {
    std::lock_guard lock(g_managers_mutex);
    active_sub_device_manager_ = default_sub_device_manager_;
}

void SubDeviceManagerTracker::remove_sub_device_manager(SubDeviceManagerId id) {
    std::lock_guard lock(g_managers_mutex);
    if (id == active_sub_device_manager_->id()) ttemu::Throw("Cannot remove active sub device manager ", *id);
    if (id == default_sub_device_manager_->id()) ttemu::Throw("Cannot remove default sub device manager ", *id);
    if (!sub_device_managers_.erase(id)) ttemu::Throw("Sub device manager does not exist");
}

// The loaded manager cannot be removed, so the pointer stays valid while it is loaded.
SubDeviceManager* SubDeviceManagerTracker::get_active_sub_device_manager() const {
    std::lock_guard lock(g_managers_mutex);
    return active_sub_device_manager_;
}
SubDeviceManager* SubDeviceManagerTracker::get_default_sub_device_manager() const { return default_sub_device_manager_; }
SubDeviceManagerId SubDeviceManagerTracker::get_active_sub_device_manager_id() const {
    return get_active_sub_device_manager()->id();
}
SubDeviceManagerId SubDeviceManagerTracker::get_default_sub_device_manager_id() const {
    return default_sub_device_manager_->id();
}
std::optional<DeviceAddr> SubDeviceManagerTracker::lowest_occupied_compute_l1_address(
    tt::stl::Span<const SubDeviceId> sub_device_ids) const {
    return device_->lowest_occupied_compute_l1_address(sub_device_ids);
}

}  // namespace tt::tt_metal
