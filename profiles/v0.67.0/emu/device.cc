// Device (one emulated chip as v0.67.0's IDevice), its allocator, the registry of open chips and the conversions.
#include "device.h"

#include <algorithm>

#include <tt-metalium/distributed_context.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/sub_device.hpp>

#include "mesh_device_impl.h"
#include "emu/core/device_model.h"
#include "emu/core/errors.h"
#include "emu/core/geometry.h"
#include "emu/core/program_model.h"
#include "emu/core/settings.h"

namespace tt::tt_metal {

using ttemu::Throw;

// ---- buffers and their placement

ttemu::MemKind KindOf(BufferType type) {
    switch (type) {
        case BufferType::DRAM: return ttemu::MemKind::kDram;
        case BufferType::L1: return ttemu::MemKind::kL1;
        case BufferType::L1_SMALL: return ttemu::MemKind::kL1Small;
        case BufferType::TRACE: return ttemu::MemKind::kTrace;
        default: Throw("buffer type ", static_cast<int>(type), " cannot be allocated on the emulated device");
    }
}

AllocatorImpl::AllocatorImpl(std::vector<ttemu::Chip*> chips) : chips_(std::move(chips)) {
    if (chips_.empty()) Throw("an allocator needs at least one chip");
}

// Lock-step: the first chip places the buffer, the others take the same range (their allocation histories are the
// same, so it is free there too); a failure part-way gives back what was taken.
DeviceAddr AllocatorImpl::Allocate(Buffer& buffer, std::optional<DeviceAddr> address) {
    const ttemu::MemKind kind = KindOf(buffer.buffer_type());
    const DeviceAddr at = chips_[0]->Allocate(kind, buffer.aligned_size_per_bank(), address, buffer.bottom_up(),
                                              buffer.size(), &buffer);
    for (std::size_t i = 1; i < chips_.size(); i++) {
        try {
            chips_[i]->Allocate(kind, buffer.aligned_size_per_bank(), at, true, buffer.size(), &buffer);
        } catch (...) {
            for (std::size_t j = 0; j < i; j++) chips_[j]->Free(kind, at, &buffer);
            throw;
        }
    }
    return at;
}

void AllocatorImpl::Free(Buffer& buffer, DeviceAddr address) {
    for (ttemu::Chip* chip : chips_) chip->Free(KindOf(buffer.buffer_type()), address, &buffer);
}

std::unordered_set<Buffer*> AllocatorImpl::Live() const {
    std::unordered_set<Buffer*> out;
    for (const void* owner : chips_[0]->Owners()) out.insert(static_cast<Buffer*>(const_cast<void*>(owner)));
    return out;
}

// ---- Device

Device::Device(ChipId id, const ttemu::ChipConfig& config)
    : id_(id),
      chip_(id, config),
      allocator_impl_(std::make_unique<AllocatorImpl>(std::vector<ttemu::Chip*>{&chip_})),
      allocator_(std::make_unique<Allocator>(allocator_impl_.get())) {}

Device::~Device() = default;

tt::ARCH Device::arch() const { return tt::ARCH::WORMHOLE_B0; }
int Device::num_dram_channels() const { return ttemu::kNumDramBanks; }
std::uint32_t Device::l1_size_per_core() const { return ttemu::kL1Size; }
std::uint32_t Device::dram_size_per_channel() const { return static_cast<std::uint32_t>(ttemu::kDramBankSize); }
CoreCoord Device::grid_size() const { return {ttemu::kPhysicalGridX, ttemu::kPhysicalGridY}; }
CoreCoord Device::logical_grid_size() const { return {ttemu::kLogicalGridX, ttemu::kLogicalGridY}; }
CoreCoord Device::dram_grid_size() const { return {ttemu::kNumDramChannels, 1}; }
CoreCoord Device::compute_with_storage_grid_size() const { return {ttemu::kComputeGridX, ttemu::kComputeGridY}; }

CoreCoord Device::virtual_noc0_coordinate(std::uint8_t noc_index, CoreCoord coord) const {
    return ttemu::v067::FromXY(ttemu::OnNoc(noc_index, ttemu::v067::ToXY(coord)));
}

CoreCoord Device::worker_core_from_logical_core(const CoreCoord& logical_core) const {
    return ttemu::v067::FromXY(ttemu::WorkerNoc(ttemu::v067::ToXY(logical_core)));
}

std::vector<CoreCoord> Device::worker_cores_from_logical_cores(const std::vector<CoreCoord>& logical_cores) const {
    std::vector<CoreCoord> out;
    for (const auto& c : logical_cores) out.push_back(worker_core_from_logical_core(c));
    return out;
}

CoreCoord Device::virtual_core_from_logical_core(const CoreCoord& logical, const CoreType& core_type) const {
    if (core_type == CoreType::WORKER || core_type == CoreType::TENSIX) return worker_core_from_logical_core(logical);
    if (core_type == CoreType::DRAM) return logical;
    Throw("the emulated n150 has no ", tt::to_str(core_type), " cores");
}

std::vector<CoreCoord> Device::get_optimal_dram_bank_to_logical_worker_assignment(NOC) {
    std::vector<CoreCoord> out;
    for (const ttemu::CoreXY& c : ttemu::DramBankWorkers()) out.push_back(ttemu::v067::FromXY(c));
    return out;
}

CoreRangeSet Device::worker_cores(HalProgrammableCoreType core_type, SubDeviceId) const {
    if (core_type != HalProgrammableCoreType::TENSIX) return CoreRangeSet();
    return CoreRangeSet(CoreRange({0, 0}, {ttemu::kComputeGridX - 1, ttemu::kComputeGridY - 1}));
}

std::uint32_t Device::num_worker_cores(HalProgrammableCoreType core_type, SubDeviceId id) const {
    return worker_cores(core_type, id).num_cores();
}

CoreCoord Device::logical_core_from_dram_channel(std::uint32_t dram_channel) const {
    return ttemu::v067::FromXY(ttemu::DramChannelCore(dram_channel));
}
std::uint32_t Device::dram_channel_from_logical_core(const CoreCoord& logical_core) const {
    return ttemu::DramChannelAt(ttemu::v067::ToXY(logical_core));
}
std::uint32_t Device::dram_channel_from_virtual_core(const CoreCoord& virtual_core) const {
    return ttemu::DramChannelAt(ttemu::v067::ToXY(virtual_core));
}

std::optional<DeviceAddr> Device::lowest_occupied_compute_l1_address() const {
    return const_cast<ttemu::Chip&>(chip_).WithAllocator(
        ttemu::MemKind::kL1, [](const ttemu::BankAllocator& a) { return a.LowestAllocated(); });
}
std::optional<DeviceAddr> Device::lowest_occupied_compute_l1_address(ttsl::Span<const SubDeviceId>) const {
    return lowest_occupied_compute_l1_address();
}

std::uint32_t Device::get_noc_unicast_encoding(std::uint8_t noc_index, const CoreCoord& core) const {
    return ttemu::NocUnicastEncoding(noc_index, ttemu::v067::ToXY(core));
}
std::uint32_t Device::get_noc_multicast_encoding(std::uint8_t noc_index, const CoreRange& cores) const {
    return ttemu::NocMulticastEncoding(noc_index, ttemu::v067::ToXY(cores.start_coord),
                                       ttemu::v067::ToXY(cores.end_coord));
}

SystemMemoryManager& Device::sysmem_manager() {
    Throw("IDevice::sysmem_manager: the emulated device has no system memory manager");
}

bool Device::close() {
    if (chip_.closed()) return false;
    for (const void* owner : chip_.Close()) static_cast<Buffer*>(const_cast<void*>(owner))->mark_as_deallocated();
    return true;
}

HalMemType Device::get_mem_type_of_core(CoreCoord virtual_core) const {
    return ttemu::KindAt(ttemu::v067::ToXY(virtual_core)) == ttemu::CoreKind::kDram ? HalMemType::DRAM
                                                                                     : HalMemType::L1;
}

// A single device has only its default sub-device manager (the whole grid); the managers a mesh program makes are
// the mesh's (mesh_device.cc).
SubDeviceManagerId Device::get_active_sub_device_manager_id() const { return SubDeviceManagerId{0}; }
SubDeviceManagerId Device::get_default_sub_device_manager_id() const { return SubDeviceManagerId{0}; }
SubDeviceManagerId Device::create_sub_device_manager(ttsl::Span<const SubDevice>, DeviceAddr) {
    Throw("create_sub_device_manager: sub-device managers of a single device are not emulated; use a MeshDevice");
}
SubDeviceManagerId Device::create_sub_device_manager(std::initializer_list<SubDevice> sub_devices, DeviceAddr size) {
    return create_sub_device_manager(ttsl::Span<const SubDevice>(sub_devices.begin(), sub_devices.size()), size);
}
void Device::remove_sub_device_manager(SubDeviceManagerId id) {
    Throw("remove_sub_device_manager: device ", id_, " has no sub-device manager ", *id);
}
void Device::load_sub_device_manager(SubDeviceManagerId id) {
    if (*id != 0) Throw("load_sub_device_manager: device ", id_, " has no sub-device manager ", *id);
}
void Device::clear_loaded_sub_device_manager() {}
CoreCoord Device::virtual_program_dispatch_core(std::uint8_t cq_id) const {
    return ttemu::v067::FromXY(ttemu::DispatchCore(cq_id));
}
const std::vector<SubDeviceId>& Device::get_sub_device_ids() const { return sub_device_ids_; }
const std::vector<SubDeviceId>& Device::get_sub_device_stall_group() const { return sub_device_ids_; }
void Device::set_sub_device_stall_group(ttsl::Span<const SubDeviceId>) {}
void Device::reset_sub_device_stall_group() {}
std::uint32_t Device::num_sub_devices() const { return 1; }

std::vector<CoreCoord> Device::ethernet_cores_from_logical_cores(const std::vector<CoreCoord>& logical) const {
    if (!logical.empty()) Throw("the emulated n150 has no ethernet cores");
    return {};
}
CoreCoord Device::logical_core_from_ethernet_core(const CoreCoord&) const {
    Throw("the emulated n150 has no ethernet cores");
}
CoreCoord Device::ethernet_core_from_logical_core(const CoreCoord&) const {
    Throw("the emulated n150 has no ethernet cores");
}
std::tuple<ChipId, CoreCoord> Device::get_connected_ethernet_core(CoreCoord) const {
    Throw("the emulated n150 has no ethernet links");
}

}  // namespace tt::tt_metal

namespace ttemu::v067 {

using tt::tt_metal::Device;

namespace {
std::mutex g_registry_mutex;
std::map<int, std::unique_ptr<Device>> g_devices;
}  // namespace

std::vector<ttemu::CoreXY> CoresOf(const CoreRangeSet& set) {
    std::vector<std::pair<ttemu::CoreXY, ttemu::CoreXY>> rects;
    for (const CoreRange& r : set.ranges()) {
        ttemu::CheckCoreRange(r.start_coord.x, r.start_coord.y, r.end_coord.x, r.end_coord.y, "a program's cores");
        rects.emplace_back(ToXY(r.start_coord), ToXY(r.end_coord));
    }
    return ttemu::CoresOf(rects);
}

void CheckInWorkerGrid(const CoreRangeSet& cores, const char* what) {
    for (const CoreRange& r : cores.ranges())
        if (r.end_coord.x >= ttemu::kComputeGridX || r.end_coord.y >= ttemu::kComputeGridY)
            ttemu::Throw(what, " ", r.str(), " are outside the worker grid");
}

CoreRangeSet RangeSetOf(const std::variant<CoreCoord, CoreRange, CoreRangeSet>& spec) {
    return std::visit(
        [](const auto& s) -> CoreRangeSet {
            using T = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<T, CoreCoord>) return CoreRangeSet(CoreRange(s));
            else if constexpr (std::is_same_v<T, CoreRange>) return CoreRangeSet(s);
            else return s;
        },
        spec);
}

std::vector<ttemu::CoreXY> CoresOf(const std::variant<CoreCoord, CoreRange, CoreRangeSet>& spec) {
    return CoresOf(RangeSetOf(spec));
}

Device* OpenDevice(int id, const ttemu::ChipConfig& config) {
    ttemu::CheckChipConfig(id, config);
    // tt-metal's runtime makes the world context as it brings up its first device.
    tt::tt_metal::distributed::multihost::DistributedContext::create(0, nullptr);
    std::lock_guard lock(g_registry_mutex);
    if (g_devices.count(id)) Throw("Device ", id, " is already open; close it before opening it again");
    auto device = std::make_unique<Device>(id, config);
    Device* raw = device.get();
    g_devices[id] = std::move(device);
    return raw;
}

void CloseDevice(Device* device) {
    device->close();
    std::unique_ptr<Device> owned;
    std::lock_guard lock(g_registry_mutex);
    auto it = g_devices.find(device->id());
    if (it == g_devices.end() || it->second.get() != device) return;
    owned = std::move(it->second);
    g_devices.erase(it);
}

Device* FindOpenDevice(int id) {
    std::lock_guard lock(g_registry_mutex);
    auto it = g_devices.find(id);
    return it == g_devices.end() ? nullptr : it->second.get();
}

std::vector<Device*> OpenDevices() {
    std::lock_guard lock(g_registry_mutex);
    std::vector<Device*> out;
    for (auto& [id, device] : g_devices) out.push_back(device.get());
    return out;
}

std::vector<ttemu::Chip*> ChipsOf(IDevice* device) {
    if (!device) Throw("device is null");
    if (auto* mesh = dynamic_cast<tt::tt_metal::distributed::MeshDevice*>(device)) return MeshChips(*mesh);
    {
        std::lock_guard lock(g_registry_mutex);
        for (auto& [id, open] : g_devices)
            if (open.get() == device) {
                if (open->chip().closed()) Throw("device ", id, " is closed");
                return {&open->chip()};
            }
    }
    Throw("device ", static_cast<const void*>(device), " is not an open device (closed, or not opened by this library)");
}

ttemu::Chip& SingleChip(IDevice* device, const char* what) {
    auto chips = ChipsOf(device);
    if (chips.size() != 1)
        Throw(what, ": the mesh has ", chips.size(), " devices; name one of them (MeshDevice::get_device)");
    return *chips[0];
}

}  // namespace ttemu::v067
