#include "emu_device.h"

#include <algorithm>

#include "buffer_io.h"
#include "command_queue.h"
#include "emu/core/errors.h"
#include "emu/core/settings.h"
#include "trace_store.h"

namespace ttemu {
namespace {

std::mutex g_registry_mutex;
std::map<chip_id_t, std::unique_ptr<EmuDevice>> g_devices;

}  // namespace

EmuDevice::EmuDevice(chip_id_t id, std::uint8_t num_hw_cqs, std::size_t l1_small_size, std::size_t trace_region_size)
    : id_(id),
      num_hw_cqs_(num_hw_cqs),
      chip_(id, ChipConfig{num_hw_cqs, l1_small_size, trace_region_size}) {
    // The default sub-device manager: one sub-device, the whole compute grid.
    const tt::tt_metal::SubDevice whole(std::array<CoreRangeSet, tt::tt_metal::NumHalProgrammableCoreTypes>{
        CoreRangeSet(CoreRange({0, 0}, {kComputeGridX - 1, kComputeGridY - 1})), CoreRangeSet(), CoreRangeSet()});
    sub_devices_ = std::make_unique<tt::tt_metal::SubDeviceManagerTracker>(this, nullptr, tt::stl::Span(&whole, 1));
    for (std::uint32_t i = 0; i < num_hw_cqs; i++) queues_.push_back(std::make_unique<EmuCommandQueue>(*this, i));
    allocator_ = std::make_unique<tt::tt_metal::Allocator>(MakeAllocatorConfig(l1_small_size, trace_region_size));
    allocator_->device_ = this;
}

EmuDevice::~EmuDevice() = default;

EmuCommandQueue& EmuDevice::queue(std::size_t cq_id) {
    if (cq_id >= queues_.size())
        Throw("command queue ", cq_id, " does not exist: device ", id_, " was opened with ", queues_.size(),
              " hardware command queue(s)");
    return *queues_[cq_id];
}

tt::tt_metal::CommandQueue& EmuDevice::command_queue(std::size_t cq_id) {
    // Slow dispatch opens no command queue, so tt-metal finds every id out of range.
    if (using_slow_dispatch())
        Throw("cq_id ", cq_id, " is out of range (slow dispatch: TT_METAL_SLOW_DISPATCH_MODE is set, so the device has no "
              "command queues)");
    return queue(cq_id);
}

bool EmuDevice::using_slow_dispatch() const { return GetSettings().slow_dispatch; }

MemKind EmuDevice::KindOf(BufferType type) {
    switch (type) {
        case BufferType::DRAM: return MemKind::kDram;
        case BufferType::L1: return MemKind::kL1;
        case BufferType::L1_SMALL: return MemKind::kL1Small;
        case BufferType::TRACE: return MemKind::kTrace;
        default: Throw("buffer type ", static_cast<int>(type), " cannot be allocated on the emulated device");
    }
}

DeviceAddr EmuDevice::Allocate(Buffer& buffer, std::optional<DeviceAddr> address) {
    return chip_.Allocate(KindOf(buffer.buffer_type()), buffer.aligned_size_per_bank(), address, buffer.bottom_up(),
                          buffer.size(), &buffer);
}

void EmuDevice::Free(Buffer& buffer, DeviceAddr address) { chip_.Free(KindOf(buffer.buffer_type()), address, &buffer); }

const std::unordered_set<Buffer*>& EmuDevice::live_buffers() {
    live_buffers_.clear();
    for (const void* owner : chip_.Owners()) live_buffers_.insert(static_cast<Buffer*>(const_cast<void*>(owner)));
    return live_buffers_;
}

std::optional<CoreCoord> EmuDevice::WorkerFromNoc(std::uint32_t x, std::uint32_t y) {
    if (auto c = Chip::WorkerFromNoc(x, y)) return CoreCoord{c->x, c->y};
    return std::nullopt;
}

CoreType EmuDevice::core_type_from_virtual_core(const CoreCoord& c) const {
    if (WorkerFromNoc(c.x, c.y)) return CoreType::WORKER;
    for (const auto& d : kDramBankNoc0)
        if (d.x == c.x && d.y == c.y) return CoreType::DRAM;
    return CoreType::HARVESTED;
}

CoreCoord EmuDevice::virtual_noc_coordinate(std::uint8_t noc_index, CoreCoord coord) const {
    if (WorkerFromNoc(coord.x, coord.y) || noc_index == 0) return coord;
    return {kPhysicalGridX - 1 - coord.x, kPhysicalGridY - 1 - coord.y};
}

CoreCoord EmuDevice::virtual_noc0_coordinate(std::uint8_t noc_index, CoreCoord coord) const {
    return virtual_noc_coordinate(noc_index, coord);
}

CoreCoord EmuDevice::worker_core_from_logical_core(const CoreCoord& c) const {
    if (c.x >= kLogicalGridX || c.y >= kLogicalGridY)
        Throw("logical core ", c.str(), " is outside the worker grid (", kLogicalGridX, ", ", kLogicalGridY, ")");
    return {c.x + kTranslatedWorkerBase, c.y + kTranslatedWorkerBase};
}

std::vector<CoreCoord> EmuDevice::worker_cores_from_logical_cores(const std::vector<CoreCoord>& logical) const {
    std::vector<CoreCoord> out;
    for (const auto& c : logical) out.push_back(worker_core_from_logical_core(c));
    return out;
}

CoreCoord EmuDevice::virtual_core_from_logical_core(const CoreCoord& logical, const CoreType& core_type) const {
    if (core_type == CoreType::WORKER || core_type == CoreType::TENSIX) return worker_core_from_logical_core(logical);
    Throw("the emulated device has no ", static_cast<int>(core_type), " cores");
}

std::vector<CoreCoord> EmuDevice::ethernet_cores_from_logical_cores(const std::vector<CoreCoord>& logical) const {
    if (!logical.empty()) Throw("the emulated n150 has no ethernet cores");
    return {};
}
CoreCoord EmuDevice::ethernet_core_from_logical_core(const CoreCoord&) const {
    Throw("the emulated n150 has no ethernet cores");
}
CoreCoord EmuDevice::logical_core_from_ethernet_core(const CoreCoord&) const {
    Throw("the emulated n150 has no ethernet cores");
}
std::tuple<chip_id_t, CoreCoord> EmuDevice::get_connected_ethernet_core(CoreCoord) const {
    Throw("the emulated n150 has no ethernet links");
}

std::vector<CoreCoord> EmuDevice::get_optimal_dram_bank_to_logical_worker_assignment() {
    std::vector<CoreCoord> out;
    for (std::uint32_t b = 0; b < kNumDramBanks; b++) out.push_back({b % kComputeGridX, b / kComputeGridX});
    return out;
}

CoreRangeSet EmuDevice::worker_cores(tt::tt_metal::HalProgrammableCoreType type, tt::tt_metal::SubDeviceId id) const {
    return sub_devices_->get_active_sub_device_manager()->sub_device(id).cores(type);
}
std::uint32_t EmuDevice::num_worker_cores(tt::tt_metal::HalProgrammableCoreType type,
                                          tt::tt_metal::SubDeviceId id) const {
    return worker_cores(type, id).num_cores();
}

CoreCoord EmuDevice::logical_core_from_dram_channel(std::uint32_t channel) const {
    if (channel >= kNumDramBanks) Throw("DRAM channel ", channel, " does not exist (", kNumDramBanks, " banks)");
    const auto& xy = kDramBankNoc0[channel];
    return {xy.x, xy.y};
}
std::uint32_t EmuDevice::dram_channel_from_logical_core(const CoreCoord& c) const {
    for (std::uint32_t b = 0; b < kNumDramBanks; b++)
        if (kDramBankNoc0[b].x == c.x && kDramBankNoc0[b].y == c.y) return b;
    Throw("core ", c.str(), " is not a DRAM endpoint");
}

std::optional<DeviceAddr> EmuDevice::lowest_occupied_compute_l1_address() const {
    return const_cast<Chip&>(chip_).WithAllocator(MemKind::kL1,
                                                   [](const BankAllocator& a) { return a.LowestAllocated(); });
}
std::optional<DeviceAddr> EmuDevice::lowest_occupied_compute_l1_address(
    tt::stl::Span<const tt::tt_metal::SubDeviceId>) const {
    return lowest_occupied_compute_l1_address();
}

std::uint32_t EmuDevice::get_noc_unicast_encoding(std::uint8_t noc_index, const CoreCoord& core) const {
    const CoreCoord c = virtual_noc_coordinate(noc_index, core);
    return static_cast<std::uint32_t>((c.y << 6) | c.x);
}
std::uint32_t EmuDevice::get_noc_multicast_encoding(std::uint8_t noc_index, const CoreRange& cores) const {
    const CoreCoord s = virtual_noc_coordinate(noc_index, cores.start_coord);
    const CoreCoord e = virtual_noc_coordinate(noc_index, cores.end_coord);
    return static_cast<std::uint32_t>((s.y << 18) | (s.x << 12) | (e.y << 6) | e.x);
}

tt::tt_metal::SystemMemoryManager& EmuDevice::sysmem_manager() {
    Throw("IDevice::sysmem_manager: the emulated device has no system memory manager");
}

std::vector<std::pair<std::variant<CoreCoord, CoreRange>, std::uint32_t>> EmuDevice::extract_dst_noc_multicast_info(
    const std::vector<CoreRange>& ranges, const CoreType) {
    std::vector<std::pair<std::variant<CoreCoord, CoreRange>, std::uint32_t>> out;
    for (const auto& r : ranges)
        out.push_back({CoreRange(worker_core_from_logical_core(r.start_coord),
                                 worker_core_from_logical_core(r.end_coord)),
                       static_cast<std::uint32_t>(r.size())});
    return out;
}

tt::tt_metal::SubDeviceManagerId EmuDevice::create_sub_device_manager(
    tt::stl::Span<const tt::tt_metal::SubDevice> sub_devices, DeviceAddr local_l1_size) {
    return sub_devices_->create_sub_device_manager(sub_devices, local_l1_size);
}
void EmuDevice::remove_sub_device_manager(tt::tt_metal::SubDeviceManagerId id) {
    sub_devices_->remove_sub_device_manager(id);
}
void EmuDevice::load_sub_device_manager(tt::tt_metal::SubDeviceManagerId id) {
    sub_devices_->load_sub_device_manager(id);
}
std::tuple<tt::tt_metal::SubDeviceManagerId, tt::tt_metal::SubDeviceId>
EmuDevice::create_sub_device_manager_with_fabric(tt::stl::Span<const tt::tt_metal::SubDevice>, DeviceAddr) {
    ThrowNoSubDeviceManagers();
}

CoreCoord EmuDevice::virtual_program_dispatch_core(std::uint8_t cq_id) const {
    return {kTranslatedWorkerBase + cq_id, kTranslatedWorkerBase + kComputeGridY};
}

void EmuDevice::synchronize() { chip_.DrainAll(); }

bool EmuDevice::close() {
    if (chip_.closed()) return false;
    try {
        chip_.DrainAll();  // before the queue objects go: queued commands may name them
    } catch (const std::exception&) {  // tt-metal closes a device whatever its last command did
    }
    queues_.clear();
    for (const void* owner : chip_.Close())
        tt::tt_metal::BufferAccess::MarkDeallocated(*static_cast<Buffer*>(const_cast<void*>(owner)));
    return true;
}

void EmuDevice::begin_trace(const std::uint8_t cq_id, const std::uint32_t tid) { BeginTrace(*this, cq_id, tid); }
void EmuDevice::end_trace(const std::uint8_t cq_id, const std::uint32_t tid) { EndTrace(*this, cq_id, tid); }
void EmuDevice::replay_trace(const std::uint8_t cq_id, const std::uint32_t tid, const bool block_on_device,
                             const bool) {
    ReplayTrace(*this, cq_id, tid, block_on_device);
}
void EmuDevice::release_trace(const std::uint32_t tid) { ReleaseTrace(*this, tid); }
std::shared_ptr<tt::tt_metal::TraceBuffer> EmuDevice::get_trace(std::uint32_t tid) { return GetTrace(*this, tid); }
void EmuDevice::load_trace(std::uint8_t cq_id, std::uint32_t trace_id, const tt::tt_metal::TraceDescriptor& desc) {
    LoadTrace(*this, cq_id, trace_id, desc);
}

void ThrowNoSubDeviceManagers() {
    Throw("fabric sub-devices and the mesh_* sub-device manager calls are not supported by the tt-metal emulator");
}

EmuDevice& AsEmu(IDevice* device) {
    if (!device) Throw("device is null");
    std::lock_guard lock(g_registry_mutex);
    for (auto& [id, dev] : g_devices)
        if (dev.get() == device) return *dev;
    Throw("device ", static_cast<const void*>(device), " is not an open device (closed, or not created by CreateDevice)");
}

EmuDevice* OpenDevice(chip_id_t id, std::uint8_t num_hw_cqs, std::size_t l1_small_size,
                      std::size_t trace_region_size) {
    CheckChipConfig(id, ChipConfig{num_hw_cqs, l1_small_size, trace_region_size});
    std::lock_guard lock(g_registry_mutex);
    if (g_devices.count(id)) Throw("Device ", id, " is already open; close it before creating it again");
    auto dev = std::make_unique<EmuDevice>(id, num_hw_cqs, l1_small_size, trace_region_size);
    EmuDevice* raw = dev.get();
    g_devices[id] = std::move(dev);
    return raw;
}

bool CloseEmuDevice(IDevice* device) {
    EmuDevice& dev = AsEmu(device);
    dev.close();
    std::unique_ptr<EmuDevice> owned;
    {
        std::lock_guard lock(g_registry_mutex);
        auto it = g_devices.find(dev.id());
        owned = std::move(it->second);
        g_devices.erase(it);
    }
    return true;
}

EmuDevice* FindOpenDevice(chip_id_t id) {
    std::lock_guard lock(g_registry_mutex);
    auto it = g_devices.find(id);
    return it == g_devices.end() ? nullptr : it->second.get();
}

std::vector<EmuDevice*> OpenDevices() {
    std::lock_guard lock(g_registry_mutex);
    std::vector<EmuDevice*> out;
    for (auto& [id, dev] : g_devices) out.push_back(dev.get());
    return out;
}

}  // namespace ttemu
