// The emulated device as v0.56.0's API sees it: implements IDevice over the device core's Chip (memory,
// allocators, hardware queues, traces), and holds what is v0.56.0's own: the CommandQueue objects, the Allocator
// view, the sub-device managers and the program cache.
//
// Everything the host API needs from a device goes through EmuDevice; AsEmu() turns an application's
// IDevice* back into it and rejects pointers that are not open emulated devices.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <vector>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/device.hpp>
#include <tt-metalium/program_cache.hpp>
#include <tt-metalium/sub_device_manager.hpp>
#include <tt-metalium/sub_device_manager_tracker.hpp>

#include "emu/core/chip.h"

namespace ttemu {

class EmuCommandQueue;
using tt::tt_metal::Buffer;
using tt::tt_metal::BufferType;
using tt::tt_metal::DeviceAddr;
using tt::tt_metal::IDevice;

class EmuDevice final : public IDevice {
public:
    EmuDevice(chip_id_t id, std::uint8_t num_hw_cqs, std::size_t l1_small_size, std::size_t trace_region_size);
    ~EmuDevice() override;

    Chip& chip() { return chip_; }
    DeviceMemory& memory() { return chip_.memory(); }
    EmuCommandQueue& queue(std::size_t cq_id);
    std::size_t trace_region_size() const { return chip_.config().trace_region_size; }
    std::size_t l1_small_size() const { return chip_.config().l1_small_size; }

    // Allocation of device memory for a buffer (per-bank size), at a given address or by policy.
    DeviceAddr Allocate(Buffer& buffer, std::optional<DeviceAddr> address);
    void Free(Buffer& buffer, DeviceAddr address);
    // Lowest address of any L1 buffer: circular buffers must stay below it.
    std::uint64_t L1BufferFloor() { return chip_.L1BufferFloor(); }
    // The logical core holding L1 bank `bank`.
    CoreCoord L1BankCore(std::uint32_t bank) const {
        const CoreXY c = chip_.L1BankCore(bank);
        return {c.x, c.y};
    }
    std::uint32_t NumBanks(BufferType type) const { return Chip::NumBanks(KindOf(type)); }
    // What Allocator reports: the free list of a buffer type and the buffers allocated, under the allocation lock.
    template <typename F>
    auto WithAllocator(BufferType type, F&& f) {
        return chip_.WithAllocator(KindOf(type), std::forward<F>(f));
    }
    // The buffers holding memory now (a snapshot, refreshed by each call).
    const std::unordered_set<Buffer*>& live_buffers();
    std::uint32_t Alignment(BufferType type) const { return Chip::Alignment(KindOf(type)); }
    // Translated NOC coordinate → logical core if it is a worker, nullopt otherwise.
    static std::optional<CoreCoord> WorkerFromNoc(std::uint32_t x, std::uint32_t y);
    // Where buffers of `type` go; throws for a type that cannot be allocated on the device.
    static MemKind KindOf(BufferType type);

    // ---- IDevice
    tt::ARCH arch() const override { return tt::ARCH::WORMHOLE_B0; }
    chip_id_t id() const override { return id_; }
    chip_id_t build_id() const override { return id_; }
    std::uint8_t num_hw_cqs() const override { return num_hw_cqs_; }
    bool is_initialized() const override { return !chip_.closed(); }
    int num_dram_channels() const override { return kNumDramBanks; }
    std::uint32_t l1_size_per_core() const override { return kL1Size; }
    std::uint32_t dram_size_per_channel() const override { return kDramBankSize; }
    CoreCoord grid_size() const override { return {kPhysicalGridX, kPhysicalGridY}; }
    CoreCoord logical_grid_size() const override { return {kLogicalGridX, kLogicalGridY}; }
    CoreCoord dram_grid_size() const override { return {kNumDramChannels, 1}; }
    CoreType core_type_from_virtual_core(const CoreCoord& c) const override;
    CoreCoord virtual_noc_coordinate(std::uint8_t noc_index, CoreCoord coord) const override;
    CoreCoord virtual_noc0_coordinate(std::uint8_t noc_index, CoreCoord coord) const override;
    std::vector<CoreCoord> worker_cores_from_logical_cores(const std::vector<CoreCoord>& logical) const override;
    std::vector<CoreCoord> ethernet_cores_from_logical_cores(const std::vector<CoreCoord>& logical) const override;
    std::vector<CoreCoord> get_optimal_dram_bank_to_logical_worker_assignment() override;
    CoreCoord virtual_core_from_logical_core(const CoreCoord& logical, const CoreType& core_type) const override;
    CoreCoord worker_core_from_logical_core(const CoreCoord& logical_core) const override;
    CoreCoord ethernet_core_from_logical_core(const CoreCoord& logical_core) const override;
    CoreCoord logical_core_from_ethernet_core(const CoreCoord& ethernet_core) const override;
    std::unordered_set<CoreCoord> get_active_ethernet_cores(bool) const override { return {}; }
    std::unordered_set<CoreCoord> get_inactive_ethernet_cores() const override { return {}; }
    bool is_active_ethernet_core(CoreCoord, bool) const override { return false; }
    std::tuple<chip_id_t, CoreCoord> get_connected_ethernet_core(CoreCoord eth_core) const override;
    std::vector<CoreCoord> get_ethernet_sockets(chip_id_t) const override { return {}; }
    bool is_inactive_ethernet_core(CoreCoord) const override { return false; }
    CoreCoord compute_with_storage_grid_size() const override { return {kComputeGridX, kComputeGridY}; }
    CoreRangeSet worker_cores(tt::tt_metal::HalProgrammableCoreType, tt::tt_metal::SubDeviceId) const override;
    std::uint32_t num_worker_cores(tt::tt_metal::HalProgrammableCoreType, tt::tt_metal::SubDeviceId) const override;
    const std::unique_ptr<tt::tt_metal::Allocator>& allocator() const override { return allocator_; }
    const std::unique_ptr<tt::tt_metal::Allocator>& allocator(tt::tt_metal::SubDeviceId) const override {
        return allocator_;
    }
    CoreCoord logical_core_from_dram_channel(std::uint32_t dram_channel) const override;
    std::uint32_t dram_channel_from_logical_core(const CoreCoord& logical_core) const override;
    std::optional<DeviceAddr> lowest_occupied_compute_l1_address() const override;
    std::optional<DeviceAddr> lowest_occupied_compute_l1_address(
        tt::stl::Span<const tt::tt_metal::SubDeviceId>) const override;
    const std::set<CoreCoord>& ethernet_cores() const override { return no_cores_; }
    const std::set<CoreCoord>& storage_only_cores() const override { return no_cores_; }
    std::uint32_t get_noc_unicast_encoding(std::uint8_t noc_index, const CoreCoord& core) const override;
    std::uint32_t get_noc_multicast_encoding(std::uint8_t noc_index, const CoreRange& cores) const override;
    tt::tt_metal::SystemMemoryManager& sysmem_manager() override;
    tt::tt_metal::CommandQueue& command_queue(std::size_t cq_id) override;
    void begin_trace(const std::uint8_t cq_id, const std::uint32_t tid) override;
    void end_trace(const std::uint8_t cq_id, const std::uint32_t tid) override;
    void replay_trace(const std::uint8_t cq_id, const std::uint32_t tid, const bool block_on_device,
                      const bool block_on_worker_thread) override;
    void release_trace(const std::uint32_t tid) override;
    std::shared_ptr<tt::tt_metal::TraceBuffer> get_trace(std::uint32_t tid) override;
    std::uint32_t get_trace_buffers_size() const override { return trace_buffers_size_; }
    void set_trace_buffers_size(std::uint32_t size) override { trace_buffers_size_ = size; }
    void load_trace(std::uint8_t cq_id, std::uint32_t trace_id, const tt::tt_metal::TraceDescriptor& desc) override;
    bool using_slow_dispatch() const override;
    bool using_fast_dispatch() const override { return !using_slow_dispatch(); }
    bool initialize(const std::uint8_t, std::size_t, std::size_t, tt::stl::Span<const std::uint32_t>, bool) override {
        return true;
    }
    void reset_cores() override {}
    void initialize_and_launch_firmware() override {}
    void init_command_queue_host() override {}
    void init_command_queue_device() override {}
    void init_fabric() override {}
    bool close() override;
    void enable_async(bool) override {}
    void synchronize() override;
    tt::WorkExecutorMode get_worker_mode() override { return tt::WorkExecutorMode::SYNCHRONOUS; }
    bool is_worker_queue_empty() const override { return true; }
    void push_work(std::function<void()> work, bool) override { work(); }
    // Kept for the program's own use (ttnn's operations fill it); the emulator builds every launch afresh.
    void enable_program_cache() override { program_cache_.enable(); }
    void disable_and_clear_program_cache() override {
        program_cache_.disable();
        program_cache_.clear();
    }
    tt::tt_metal::program_cache::detail::ProgramCache& get_program_cache() override { return program_cache_; }
    std::size_t num_program_cache_entries() override { return program_cache_.num_entries(); }
    tt::tt_metal::HalProgrammableCoreType get_programmable_core_type(CoreCoord) const override {
        return tt::tt_metal::HalProgrammableCoreType::TENSIX;
    }
    std::vector<std::pair<std::variant<CoreCoord, CoreRange>, std::uint32_t>> extract_dst_noc_multicast_info(
        const std::vector<CoreRange>& ranges, const CoreType core_type) override;
    std::uint8_t num_noc_mcast_txns(tt::tt_metal::SubDeviceId) const override { return 1; }
    std::uint8_t num_noc_unicast_txns(tt::tt_metal::SubDeviceId) const override { return 0; }
    std::uint8_t noc_data_start_index(tt::tt_metal::SubDeviceId, bool, bool) const override { return 0; }
    tt::tt_metal::SubDeviceManagerId get_active_sub_device_manager_id() const override {
        return sub_devices_->get_active_sub_device_manager_id();
    }
    tt::tt_metal::SubDeviceManagerId get_default_sub_device_manager_id() const override {
        return sub_devices_->get_default_sub_device_manager_id();
    }
    tt::tt_metal::SubDeviceManagerId create_sub_device_manager(tt::stl::Span<const tt::tt_metal::SubDevice>,
                                                               DeviceAddr) override;
    void remove_sub_device_manager(tt::tt_metal::SubDeviceManagerId) override;
    void load_sub_device_manager(tt::tt_metal::SubDeviceManagerId) override;
    void clear_loaded_sub_device_manager() override { sub_devices_->clear_loaded_sub_device_manager(); }
    CoreCoord virtual_program_dispatch_core(std::uint8_t cq_id) const override;
    const std::vector<tt::tt_metal::SubDeviceId>& get_sub_device_ids() const override {
        return sub_devices_->get_active_sub_device_manager()->get_sub_device_ids();
    }
    const std::vector<tt::tt_metal::SubDeviceId>& get_sub_device_stall_group() const override {
        return sub_devices_->get_active_sub_device_manager()->get_sub_device_stall_group();
    }
    void set_sub_device_stall_group(tt::stl::Span<const tt::tt_metal::SubDeviceId> ids) override {
        sub_devices_->get_active_sub_device_manager()->set_sub_device_stall_group(ids);
    }
    void reset_sub_device_stall_group() override {
        sub_devices_->get_active_sub_device_manager()->reset_sub_device_stall_group();
    }
    std::uint32_t num_sub_devices() const override {
        return sub_devices_->get_active_sub_device_manager()->num_sub_devices();
    }
    std::tuple<tt::tt_metal::SubDeviceManagerId, tt::tt_metal::SubDeviceId> create_sub_device_manager_with_fabric(
        tt::stl::Span<const tt::tt_metal::SubDevice>, DeviceAddr) override;
    bool is_mmio_capable() const override { return true; }

private:
    chip_id_t id_;
    std::uint8_t num_hw_cqs_;
    std::uint32_t trace_buffers_size_ = 0;
    Chip chip_;
    std::unordered_set<Buffer*> live_buffers_;  // the last live_buffers() snapshot
    std::vector<std::unique_ptr<EmuCommandQueue>> queues_;
    std::unique_ptr<tt::tt_metal::Allocator> allocator_;  // the program-visible view of the allocators above
    std::set<CoreCoord> no_cores_;
    std::unique_ptr<tt::tt_metal::SubDeviceManagerTracker> sub_devices_;  // sub_devices.cc
    tt::tt_metal::program_cache::detail::ProgramCache program_cache_;
    CoreCoord dispatch_core_{kTranslatedWorkerBase, kTranslatedWorkerBase + kComputeGridY};
};

// The AllocatorConfig a device with these reserved regions reports.
tt::tt_metal::AllocatorConfig MakeAllocatorConfig(std::size_t l1_small_size, std::size_t trace_region_size);

// The open emulated device behind `device`; throws if it is null, closed or not one of ours.
EmuDevice& AsEmu(IDevice* device);

// What every sub-device manager call says: the emulator has none (devices and meshes alike).
[[noreturn]] void ThrowNoSubDeviceManagers();

// Registry of open devices (CreateDevice/CloseDevice).
EmuDevice* OpenDevice(chip_id_t id, std::uint8_t num_hw_cqs, std::size_t l1_small_size, std::size_t trace_region_size);
bool CloseEmuDevice(IDevice* device);
// The open device with this id, or null; and every open device, by id.
EmuDevice* FindOpenDevice(chip_id_t id);
std::vector<EmuDevice*> OpenDevices();

}  // namespace ttemu
