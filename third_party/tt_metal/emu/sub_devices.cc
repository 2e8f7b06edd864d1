#include "sub_devices.h"

#include <algorithm>

#include "errors.h"

namespace tt::tt_metal {
namespace {

std::atomic<std::uint64_t> g_next_manager{0};
constexpr std::size_t kMaxSubDevices = 16;  // dispatch's go-signal message entries
constexpr auto kTensix = static_cast<std::size_t>(HalProgrammableCoreType::TENSIX);

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

// ---- SubDeviceManagerTracker

SubDeviceManagerTracker::SubDeviceManagerTracker(CoreRangeSet grid) : grid_(std::move(grid)) {
    const SubDevice whole(std::array<CoreRangeSet, NumHalProgrammableCoreTypes>{grid_, CoreRangeSet(), CoreRangeSet()});
    default_id_ = SubDeviceManagerId{g_next_manager++};
    managers_[*default_id_] = {{whole}, 0, {SubDeviceId{0}}};
    active_ = default_id_;
}

SubDeviceManagerId SubDeviceManagerTracker::Create(tt::stl::Span<const SubDevice> sub_devices,
                                                   std::uint64_t local_l1_size) {
    if (sub_devices.size() > kMaxSubDevices)
        ttemu::Throw("Number of sub-devices specified ", sub_devices.size(),
                     " is larger than the max number of sub-devices ", kMaxSubDevices);
    Manager m{{sub_devices.begin(), sub_devices.end()}, local_l1_size, {}};
    for (std::size_t i = 0; i < m.sub_devices.size(); i++) {
        const SubDevice& s = m.sub_devices[i];
        if (!Within(grid_, s.cores(HalProgrammableCoreType::TENSIX)))
            ttemu::Throw("Tensix cores ", s.cores(HalProgrammableCoreType::TENSIX).str(),
                         " specified in sub device must be within device grid ", grid_.str());
        if (!s.cores(HalProgrammableCoreType::ACTIVE_ETH).empty())
            ttemu::Throw("Ethernet cores ", s.cores(HalProgrammableCoreType::ACTIVE_ETH).str(),
                         " specified in sub device must be within device grid (the emulated device has none)");
        for (std::size_t j = 0; j < i; j++)
            if (Intersect(m.sub_devices[j].cores()[kTensix], s.cores()[kTensix]))
                ttemu::Throw("SubDevices specified for SubDeviceManager intersect");
        m.ids.push_back(SubDeviceId{static_cast<std::uint8_t>(i)});
    }
    const SubDeviceManagerId id{g_next_manager++};
    std::lock_guard lock(mutex_);
    managers_[*id] = std::move(m);
    return id;
}

void SubDeviceManagerTracker::Load(SubDeviceManagerId id, bool slow_dispatch) {
    if (slow_dispatch) ttemu::Throw("Using sub device managers is unsupported with slow dispatch");
    std::lock_guard lock(mutex_);
    if (!managers_.count(*id)) ttemu::Throw("Sub device manager does not exist");
    active_ = id;
}

void SubDeviceManagerTracker::Remove(SubDeviceManagerId id) {
    std::lock_guard lock(mutex_);
    if (id == active_) ttemu::Throw("Cannot remove active sub device manager ", *id);
    if (id == default_id_) ttemu::Throw("Cannot remove default sub device manager ", *id);
    if (!managers_.erase(*id)) ttemu::Throw("Sub device manager does not exist");
}

SubDeviceManagerId SubDeviceManagerTracker::active() const {
    std::lock_guard lock(mutex_);
    return active_;
}

const SubDeviceManagerTracker::Manager& SubDeviceManagerTracker::Loaded() const {
    std::lock_guard lock(mutex_);
    return managers_.at(*active_);  // a loaded manager cannot be removed: the reference stays valid
}

const std::vector<SubDeviceId>& SubDeviceManagerTracker::ids() const { return Loaded().ids; }

CoreRangeSet SubDeviceManagerTracker::Cores(HalProgrammableCoreType type, SubDeviceId id) const {
    const Manager& m = Loaded();
    if (*id >= m.sub_devices.size())
        ttemu::Throw("SubDevice index ", static_cast<unsigned>(*id), " out of bounds ", m.sub_devices.size());
    return m.sub_devices[*id].cores(type);
}

}  // namespace tt::tt_metal
