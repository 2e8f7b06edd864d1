#include "emu_device.h"

#include <algorithm>
#include <random>

#include "buffer_io.h"
#include "command_queue.h"
#include "errors.h"
#include "settings.h"
#include "trace_store.h"

namespace ttemu {
namespace {

// L1 bank → logical compute core: the 64 compute cores in row-major order, shuffled with a fixed seed so
// the map is deterministic (tt-metal shuffles with std::default_random_engine(0) as well).
std::vector<CoreCoord> MakeL1BankCores() {
    std::vector<CoreCoord> cores;
    for (std::uint32_t y = 0; y < kComputeGridY; y++)
        for (std::uint32_t x = 0; x < kComputeGridX; x++) cores.push_back({x, y});
    std::shuffle(cores.begin(), cores.end(), std::default_random_engine(0));
    return cores;
}

std::mutex g_registry_mutex;
std::map<chip_id_t, std::unique_ptr<EmuDevice>> g_devices;

}  // namespace

EmuDevice::EmuDevice(chip_id_t id, std::uint8_t num_hw_cqs, std::size_t l1_small_size, std::size_t trace_region_size)
    : id_(id),
      num_hw_cqs_(num_hw_cqs),
      l1_small_size_(l1_small_size),
      trace_region_size_(trace_region_size),
      dram_("DRAM", kDramUnreservedBase, kDramBankSize - trace_region_size, kDramAlignment),
      l1_("L1", kL1UnreservedBase, kL1Size - l1_small_size, kL1Alignment),
      l1_small_("L1_SMALL", kL1Size - l1_small_size, kL1Size, kL1Alignment),
      trace_("TRACE", kDramBankSize - trace_region_size, kDramBankSize, kDramAlignment),
      l1_bank_cores_(MakeL1BankCores()) {
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

BankAllocator& EmuDevice::AllocatorFor(BufferType type) {
    switch (type) {
        case BufferType::DRAM: return dram_;
        case BufferType::L1: return l1_;
        case BufferType::L1_SMALL: return l1_small_;
        case BufferType::TRACE: return trace_;
        default: Throw("buffer type ", static_cast<int>(type), " cannot be allocated on the emulated device");
    }
}

std::uint32_t EmuDevice::NumBanks(BufferType type) const {
    return (type == BufferType::DRAM || type == BufferType::TRACE) ? kNumDramBanks : kNumL1Banks;
}

std::uint32_t EmuDevice::Alignment(BufferType type) const {
    return (type == BufferType::DRAM || type == BufferType::TRACE) ? kDramAlignment : kL1Alignment;
}

DeviceAddr EmuDevice::Allocate(Buffer& buffer, std::optional<DeviceAddr> address) {
    std::lock_guard lock(alloc_mutex_);
    if (closed_) Throw("cannot allocate a buffer on closed device ", id_);
    BankAllocator& alloc = AllocatorFor(buffer.buffer_type());
    const std::uint64_t per_bank = buffer.aligned_size_per_bank();
    std::optional<std::uint64_t> addr;
    if (address) {
        addr = alloc.AllocateAt(*address, per_bank) ? address : std::nullopt;
        if (!addr)
            Throw("Out of Memory: cannot place a ", buffer.size(), " B ", alloc.name(), " buffer at address ",
                  *address, " on device ", id_, ": the range is taken or outside [", alloc.begin(), ", ",
                  alloc.end(), ")");
    } else {
        addr = alloc.Allocate(per_bank, buffer.bottom_up());
        if (!addr)
            Throw("Out of Memory: Not enough space to allocate ", buffer.size(), " B ", alloc.name(),
                  " buffer across ", NumBanks(buffer.buffer_type()), " banks, where each bank needs to store ",
                  per_bank, " B, but bank size is ", alloc.end() - alloc.begin(), " B (largest free block ",
                  alloc.LargestFreeBlock(), " B) on device ", id_);
    }
    live_buffers_.insert(&buffer);
    return *addr;
}

void EmuDevice::Free(Buffer& buffer, DeviceAddr address) {
    std::lock_guard lock(alloc_mutex_);
    if (live_buffers_.erase(&buffer) == 0) return;
    AllocatorFor(buffer.buffer_type()).Free(address);
}

std::uint64_t EmuDevice::L1BufferFloor() {
    std::lock_guard lock(alloc_mutex_);
    return l1_.LowestAllocated().value_or(l1_.end());
}

std::optional<CoreCoord> EmuDevice::WorkerFromNoc(std::uint32_t x, std::uint32_t y) {
    if (x >= kTranslatedWorkerBase && x < kTranslatedWorkerBase + kLogicalGridX && y >= kTranslatedWorkerBase &&
        y < kTranslatedWorkerBase + kLogicalGridY)
        return CoreCoord{x - kTranslatedWorkerBase, y - kTranslatedWorkerBase};
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
    auto& self = const_cast<EmuDevice&>(*this);
    std::lock_guard lock(self.alloc_mutex_);
    return l1_.LowestAllocated();
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

void EmuDevice::synchronize() {
    for (auto& q : queues_) q->Drain();
}

bool EmuDevice::close() {
    if (closed_) return false;
    std::optional<std::string> error;
    for (auto& q : queues_) {
        try {
            q->Drain();
        } catch (const std::exception& e) {
            if (!error) error = e.what();
        }
    }
    queues_.clear();
    ReleaseAllTraces(*this);
    {
        std::lock_guard lock(alloc_mutex_);
        for (Buffer* b : live_buffers_) tt::tt_metal::BufferAccess::MarkDeallocated(*b);
        live_buffers_.clear();
        closed_ = true;
    }
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
    const std::uint32_t count = GetSettings().num_devices;
    if (id < 0 || static_cast<std::uint32_t>(id) >= count)
        Throw("Device ", id, " is not available: the emulator has ", count,
              " device(s) (set TT_METAL_EMU_NUM_DEVICES for more)");
    if (num_hw_cqs < 1 || num_hw_cqs > 2)
        Throw("num_hw_cqs must be 1 or 2, got ", static_cast<int>(num_hw_cqs));
    if (l1_small_size % kL1Alignment || l1_small_size > kL1Size - kL1UnreservedBase)
        Throw("l1_small_size ", l1_small_size, " must be a multiple of ", kL1Alignment, " and at most ",
              kL1Size - kL1UnreservedBase);
    if (trace_region_size % kDramAlignment || trace_region_size > kDramBankSize / 2)
        Throw("trace_region_size ", trace_region_size, " must be a multiple of ", kDramAlignment, " and at most ",
              kDramBankSize / 2);
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
