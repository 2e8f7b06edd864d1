// The v0.67.0 API over the device core: Device (one chip as an IDevice, the class CreateDevice returns and a mesh is
// made of — named as tt-metal names it), AllocatorImpl (placement of buffers on one chip, or on every chip of a
// mesh at one address), the registry of open chips, and the conversions between v0.67.0's types and the core's.
//   IDevice* d = ttemu::v067::OpenDevice(0, config);   ttemu::Chip& chip = ttemu::v067::SingleChip(d);
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <unordered_set>
#include <vector>

#include <tt-metalium/allocator.hpp>
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/device.hpp>

#include "emu/core/chip.h"

namespace tt::tt_metal {

namespace program_cache::detail {
// tt-metal's program cache (a framework's compiled-program store). The emulator keeps the entries the program puts
// there; it builds every launch afresh anyway.
struct ProgramCache {
    bool enabled = false;
    std::size_t num_entries = 0;
};
}  // namespace program_cache::detail

// Where buffers go: on each of `chips` at the same address (one chip for a Device, every chip for a MeshDevice,
// whose buffers are in lock-step). The program-visible Allocator answers from it.
class AllocatorImpl {
public:
    explicit AllocatorImpl(std::vector<ttemu::Chip*> chips);
    DeviceAddr Allocate(Buffer& buffer, std::optional<DeviceAddr> address);
    void Free(Buffer& buffer, DeviceAddr address);
    std::unordered_set<Buffer*> Live() const;
    ttemu::Chip& reference() const { return *chips_.at(0); }
    const std::vector<ttemu::Chip*>& chips() const { return chips_; }
    // Buffers this allocator placed are gone with their chips: marks them deallocated.
    void ForgetAll();

private:
    std::vector<ttemu::Chip*> chips_;
};

// Where buffers of `type` go on the device core; throws for types the device cannot allocate.
ttemu::MemKind KindOf(BufferType type);

class Device final : public IDevice {
public:
    Device(ChipId id, const ttemu::ChipConfig& config);
    ~Device() override;

    ttemu::Chip& chip() { return chip_; }
    // The mesh this chip belongs to, if any (set by MeshDevice).
    void set_mesh(std::weak_ptr<distributed::MeshDevice> mesh) { mesh_ = std::move(mesh); }

    // ---- IDevice
    tt::ARCH arch() const override;
    ChipId id() const override { return id_; }
    ChipId build_id() const override { return id_; }
    std::uint8_t num_hw_cqs() const override { return static_cast<std::uint8_t>(chip_.config().num_cqs); }
    bool is_initialized() const override { return !chip_.closed(); }
    int num_dram_channels() const override;
    std::uint32_t l1_size_per_core() const override;
    std::uint32_t dram_size_per_channel() const override;
    int get_clock_rate_mhz() const override { return 1000; }
    CoreCoord grid_size() const override;
    CoreCoord logical_grid_size() const override;
    CoreCoord dram_grid_size() const override;
    CoreCoord virtual_noc0_coordinate(std::uint8_t noc_index, CoreCoord coord) const override;
    std::vector<CoreCoord> worker_cores_from_logical_cores(const std::vector<CoreCoord>& logical_cores) const override;
    std::vector<CoreCoord> get_optimal_dram_bank_to_logical_worker_assignment(NOC noc) override;
    CoreCoord virtual_core_from_logical_core(const CoreCoord& logical_coord, const CoreType& core_type) const override;
    CoreCoord worker_core_from_logical_core(const CoreCoord& logical_core) const override;
    CoreCoord compute_with_storage_grid_size() const override;
    CoreRangeSet worker_cores(HalProgrammableCoreType core_type, SubDeviceId sub_device_id) const override;
    std::uint32_t num_worker_cores(HalProgrammableCoreType core_type, SubDeviceId sub_device_id) const override;
    const std::unique_ptr<Allocator>& allocator() const override { return allocator_; }
    const std::unique_ptr<Allocator>& allocator(SubDeviceId) const override { return allocator_; }
    const std::unique_ptr<AllocatorImpl>& allocator_impl() const override { return allocator_impl_; }
    const std::unique_ptr<AllocatorImpl>& allocator_impl(SubDeviceId) const override { return allocator_impl_; }
    CoreCoord logical_core_from_dram_channel(std::uint32_t dram_channel) const override;
    std::uint32_t dram_channel_from_logical_core(const CoreCoord& logical_core) const override;
    std::uint32_t dram_channel_from_virtual_core(const CoreCoord& virtual_core) const override;
    std::optional<DeviceAddr> lowest_occupied_compute_l1_address() const override;
    std::optional<DeviceAddr> lowest_occupied_compute_l1_address(ttsl::Span<const SubDeviceId>) const override;
    const std::set<CoreCoord>& storage_only_cores() const override { return no_cores_; }
    std::uint32_t get_noc_unicast_encoding(std::uint8_t noc_index, const CoreCoord& core) const override;
    std::uint32_t get_noc_multicast_encoding(std::uint8_t noc_index, const CoreRange& cores) const override;
    SystemMemoryManager& sysmem_manager() override;
    std::uint32_t get_trace_buffers_size() const override { return trace_buffers_size_; }
    void set_trace_buffers_size(std::uint32_t size) override { trace_buffers_size_ = size; }
    bool initialize(std::uint8_t, std::size_t, std::size_t, std::size_t, ttsl::Span<const std::uint32_t>,
                    bool) override {
        return true;
    }
#if TTEMU_API_DEVICE_INIT_VIRTUALS
    void init_command_queue_host() override {}
    void init_command_queue_device() override {}
    bool compile_fabric() override { return false; }
    void configure_fabric() override {}
#endif
    bool close() override;
    void enable_program_cache() override { program_cache_.enabled = true; }
    void clear_program_cache() override { program_cache_.num_entries = 0; }
    void disable_and_clear_program_cache() override { program_cache_ = {}; }
    program_cache::detail::ProgramCache& get_program_cache() override { return program_cache_; }
    std::size_t num_program_cache_entries() override { return program_cache_.num_entries; }
    HalProgrammableCoreType get_programmable_core_type(CoreCoord) const override {
        return HalProgrammableCoreType::TENSIX;
    }
    HalMemType get_mem_type_of_core(CoreCoord virtual_core) const override;
    bool has_noc_mcast_txns(SubDeviceId) const override { return true; }
    std::uint8_t num_noc_unicast_txns(SubDeviceId) const override { return 0; }
    std::uint8_t noc_data_start_index(SubDeviceId, bool) const override { return 0; }
    SubDeviceManagerId get_active_sub_device_manager_id() const override;
    SubDeviceManagerId get_default_sub_device_manager_id() const override;
    SubDeviceManagerId create_sub_device_manager(ttsl::Span<const SubDevice> sub_devices,
                                                 DeviceAddr local_l1_size) override;
    SubDeviceManagerId create_sub_device_manager(std::initializer_list<SubDevice> sub_devices,
                                                 DeviceAddr local_l1_size) override;
    void remove_sub_device_manager(SubDeviceManagerId id) override;
    void load_sub_device_manager(SubDeviceManagerId id) override;
    void clear_loaded_sub_device_manager() override;
    CoreCoord virtual_program_dispatch_core(std::uint8_t cq_id) const override;
    const std::vector<SubDeviceId>& get_sub_device_ids() const override;
    const std::vector<SubDeviceId>& get_sub_device_stall_group() const override;
    void set_sub_device_stall_group(ttsl::Span<const SubDeviceId> sub_device_ids) override;
    void reset_sub_device_stall_group() override;
    std::uint32_t num_sub_devices() const override;
    std::uint32_t num_virtual_eth_cores(SubDeviceId) override { return 0; }
    bool is_mmio_capable() const override { return true; }
    std::shared_ptr<distributed::MeshDevice> get_mesh_device() override { return mesh_.lock(); }
    std::vector<CoreCoord> ethernet_cores_from_logical_cores(const std::vector<CoreCoord>& logical_cores) const override;
    CoreCoord logical_core_from_ethernet_core(const CoreCoord& ethernet_core) const override;
    CoreCoord ethernet_core_from_logical_core(const CoreCoord& logical_core) const override;
    std::unordered_set<CoreCoord> get_active_ethernet_cores(bool) const override { return {}; }
    std::unordered_set<CoreCoord> get_inactive_ethernet_cores() const override { return {}; }
    bool is_active_ethernet_core(CoreCoord, bool) const override { return false; }
    bool is_inactive_ethernet_core(CoreCoord) const override { return false; }
    std::tuple<ChipId, CoreCoord> get_connected_ethernet_core(CoreCoord eth_core) const override;
    std::vector<CoreCoord> get_ethernet_sockets(ChipId) const override { return {}; }
    const std::set<CoreCoord>& ethernet_cores() const override { return no_cores_; }

private:
    ChipId id_;
    ttemu::Chip chip_;
    std::unique_ptr<AllocatorImpl> allocator_impl_;
    std::unique_ptr<Allocator> allocator_;
    std::uint32_t trace_buffers_size_ = 0;
    program_cache::detail::ProgramCache program_cache_;
    std::set<CoreCoord> no_cores_;
    std::vector<SubDeviceId> sub_device_ids_{SubDeviceId{0}};
    std::weak_ptr<distributed::MeshDevice> mesh_;
};

}  // namespace tt::tt_metal

namespace ttemu::v067 {

using tt::tt_metal::CoreCoord;
using tt::tt_metal::CoreRange;
using tt::tt_metal::CoreRangeSet;
using tt::tt_metal::IDevice;

// ---- conversions between v0.67.0's coordinates and the core's
inline ttemu::CoreXY ToXY(const CoreCoord& c) {
    return {static_cast<std::uint32_t>(c.x), static_cast<std::uint32_t>(c.y)};
}
inline CoreCoord FromXY(ttemu::CoreXY c) { return {c.x, c.y}; }
std::vector<ttemu::CoreXY> CoresOf(const CoreRangeSet& set);
std::vector<ttemu::CoreXY> CoresOf(const std::variant<CoreCoord, CoreRange, CoreRangeSet>& spec);
CoreRangeSet RangeSetOf(const std::variant<CoreCoord, CoreRange, CoreRangeSet>& spec);
// Throws "`what` RANGE are outside the worker grid" for the first range of `cores` that leaves the compute grid.
void CheckInWorkerGrid(const CoreRangeSet& cores, const char* what);

// ---- open chips (CreateDevice, and the devices of meshes)
tt::tt_metal::Device* OpenDevice(int id, const ttemu::ChipConfig& config);
void CloseDevice(tt::tt_metal::Device* device);
tt::tt_metal::Device* FindOpenDevice(int id);
std::vector<tt::tt_metal::Device*> OpenDevices();

// The chips behind a device: itself for a Device, every chip (row-major) for a MeshDevice. Throws for a null, closed
// or foreign device.
std::vector<ttemu::Chip*> ChipsOf(IDevice* device);
// The one chip behind a device; a mesh of several chips is refused, naming `what`.
ttemu::Chip& SingleChip(IDevice* device, const char* what);

}  // namespace ttemu::v067
