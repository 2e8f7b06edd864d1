// IDevice: the device interface of tt-metal v0.67.0 — 89 virtual members in declaration order (the vtable is ABI:
// programs call close(), compute_with_storage_grid_size(), allocator() … through it). MeshDevice implements it, and
// CreateDevice still returns one. The command-queue and trace members of earlier releases are gone.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <hostdevcommon/common_values.hpp>
#include <hostdevcommon/kernel_structs.h>  // not used here; programs reach it through this header
#include <tt-metalium/core_coord.hpp>
#include <ttemu/api_release.hpp>  // what of the API this release has (TTEMU_API_*)
#include <tt-metalium/data_types.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <tt_stl/span.hpp>
#include <umd/device/types/cluster_descriptor_types.hpp>
#include <umd/device/types/core_coordinates.hpp>

namespace tt::tt_metal {

namespace program_cache::detail {
struct ProgramCache;
}

// [{"blockID": "0", "address": "0", "size": "0", "prevID": "0", "nextID": "0", "allocated": true}]
using MemoryBlockTable = std::vector<std::unordered_map<std::string, std::string>>;
enum class BufferType;

class Allocator;
class AllocatorImpl;
class Buffer;
class Program;
class SubDevice;
class SystemMemoryManager;
struct TraceBuffer;
struct TraceDescriptor;
namespace distributed {
class MeshDevice;
}

class IDevice {
public:
    IDevice() = default;
    virtual ~IDevice() = default;
    IDevice(const IDevice& other) = delete;
    IDevice& operator=(const IDevice& other) = delete;
    IDevice(IDevice&& other) = default;
    IDevice& operator=(IDevice&& other) = default;

    virtual tt::ARCH arch() const = 0;
    virtual ChipId id() const = 0;
    virtual ChipId build_id() const = 0;
    virtual std::uint8_t num_hw_cqs() const = 0;
    virtual bool is_initialized() const = 0;
    virtual int num_dram_channels() const = 0;
    virtual std::uint32_t l1_size_per_core() const = 0;
    virtual std::uint32_t dram_size_per_channel() const = 0;
    virtual int get_clock_rate_mhz() const = 0;
    virtual CoreCoord grid_size() const = 0;
    virtual CoreCoord logical_grid_size() const = 0;
    virtual CoreCoord dram_grid_size() const = 0;
    virtual CoreCoord virtual_noc0_coordinate(std::uint8_t noc_index, CoreCoord coord) const = 0;
    virtual std::vector<CoreCoord> worker_cores_from_logical_cores(const std::vector<CoreCoord>& logical_cores) const = 0;
    virtual std::vector<CoreCoord> get_optimal_dram_bank_to_logical_worker_assignment(NOC noc) = 0;
    virtual CoreCoord virtual_core_from_logical_core(const CoreCoord& logical_coord, const CoreType& core_type) const = 0;
    virtual CoreCoord worker_core_from_logical_core(const CoreCoord& logical_core) const = 0;
    virtual CoreCoord compute_with_storage_grid_size() const = 0;
    virtual CoreRangeSet worker_cores(HalProgrammableCoreType core_type, SubDeviceId sub_device_id) const = 0;
    virtual std::uint32_t num_worker_cores(HalProgrammableCoreType core_type, SubDeviceId sub_device_id) const = 0;
    virtual const std::unique_ptr<Allocator>& allocator() const = 0;
    virtual const std::unique_ptr<Allocator>& allocator(SubDeviceId sub_device_id) const = 0;
    virtual const std::unique_ptr<AllocatorImpl>& allocator_impl() const = 0;
    virtual const std::unique_ptr<AllocatorImpl>& allocator_impl(SubDeviceId sub_device_id) const = 0;
    virtual CoreCoord logical_core_from_dram_channel(std::uint32_t dram_channel) const = 0;
    virtual std::uint32_t dram_channel_from_logical_core(const CoreCoord& logical_core) const = 0;
    virtual std::uint32_t dram_channel_from_virtual_core(const CoreCoord& virtual_core) const = 0;
    virtual std::optional<DeviceAddr> lowest_occupied_compute_l1_address() const = 0;
    virtual std::optional<DeviceAddr> lowest_occupied_compute_l1_address(
        ttsl::Span<const SubDeviceId> sub_device_ids) const = 0;
    [[deprecated("Storage-only cores do not exist. Cleanup code that calls this API.")]]
    virtual const std::set<CoreCoord>& storage_only_cores() const = 0;
    virtual std::uint32_t get_noc_unicast_encoding(std::uint8_t noc_index, const CoreCoord& core) const = 0;
    virtual std::uint32_t get_noc_multicast_encoding(std::uint8_t noc_index, const CoreRange& cores) const = 0;
    virtual SystemMemoryManager& sysmem_manager() = 0;
    virtual std::uint32_t get_trace_buffers_size() const = 0;
    virtual void set_trace_buffers_size(std::uint32_t size) = 0;
    virtual bool initialize(std::uint8_t num_hw_cqs, std::size_t l1_small_size, std::size_t trace_region_size,
                            std::size_t worker_l1_size, ttsl::Span<const std::uint32_t> l1_bank_remap = {},
                            bool minimal = false) = 0;
#if TTEMU_API_DEVICE_INIT_VIRTUALS
    [[deprecated("This is an internal function. It will be removed.")]] virtual void init_command_queue_host() = 0;
    [[deprecated("This is an internal function. It will be removed.")]] virtual void init_command_queue_device() = 0;
    [[deprecated("This is an internal function. It will be removed.")]] virtual bool compile_fabric() = 0;
    [[deprecated("This is an internal function. It will be removed.")]] virtual void configure_fabric() = 0;
#endif
    virtual bool close() = 0;
    virtual void enable_program_cache() = 0;
    virtual void clear_program_cache() = 0;
    virtual void disable_and_clear_program_cache() = 0;
    void set_program_cache_misses_allowed(bool allowed);
    virtual program_cache::detail::ProgramCache& get_program_cache() = 0;
    virtual std::size_t num_program_cache_entries() = 0;
    virtual HalProgrammableCoreType get_programmable_core_type(CoreCoord virtual_core) const = 0;
    virtual HalMemType get_mem_type_of_core(CoreCoord virtual_core) const = 0;
#if TTEMU_API_DEVICE_INIT_VIRTUALS
    std::uint64_t get_dev_addr(CoreCoord virtual_core, HalL1MemAddrType addr_type) const;
    std::uint64_t get_dev_size(CoreCoord virtual_core, HalL1MemAddrType addr_type) const;
#endif
    virtual bool has_noc_mcast_txns(SubDeviceId sub_device_id) const = 0;
    virtual std::uint8_t num_noc_unicast_txns(SubDeviceId sub_device_id) const = 0;
    virtual std::uint8_t noc_data_start_index(SubDeviceId sub_device_id, bool unicast_data = true) const = 0;
    virtual SubDeviceManagerId get_active_sub_device_manager_id() const = 0;
    virtual SubDeviceManagerId get_default_sub_device_manager_id() const = 0;
    virtual SubDeviceManagerId create_sub_device_manager(ttsl::Span<const SubDevice> sub_devices,
                                                         DeviceAddr local_l1_size) = 0;
    virtual SubDeviceManagerId create_sub_device_manager(std::initializer_list<SubDevice> sub_devices,
                                                         DeviceAddr local_l1_size) = 0;
    virtual void remove_sub_device_manager(SubDeviceManagerId sub_device_manager_id) = 0;
    virtual void load_sub_device_manager(SubDeviceManagerId sub_device_manager_id) = 0;
    virtual void clear_loaded_sub_device_manager() = 0;
    virtual CoreCoord virtual_program_dispatch_core(std::uint8_t cq_id) const = 0;
    virtual const std::vector<SubDeviceId>& get_sub_device_ids() const = 0;
    virtual const std::vector<SubDeviceId>& get_sub_device_stall_group() const = 0;
    virtual void set_sub_device_stall_group(ttsl::Span<const SubDeviceId> sub_device_ids) = 0;
    virtual void reset_sub_device_stall_group() = 0;
    virtual std::uint32_t num_sub_devices() const = 0;
    virtual std::uint32_t num_virtual_eth_cores(SubDeviceId sub_device_id) = 0;
    virtual bool is_mmio_capable() const = 0;
    virtual std::shared_ptr<distributed::MeshDevice> get_mesh_device() = 0;
    virtual std::vector<CoreCoord> ethernet_cores_from_logical_cores(
        const std::vector<CoreCoord>& logical_cores) const = 0;
    virtual CoreCoord logical_core_from_ethernet_core(const CoreCoord& ethernet_core) const = 0;
    virtual CoreCoord ethernet_core_from_logical_core(const CoreCoord& logical_core) const = 0;
    virtual std::unordered_set<CoreCoord> get_active_ethernet_cores(bool skip_reserved_tunnel_cores = false) const = 0;
    virtual std::unordered_set<CoreCoord> get_inactive_ethernet_cores() const = 0;
    virtual bool is_active_ethernet_core(CoreCoord logical_core, bool skip_reserved_tunnel_cores = false) const = 0;
    virtual bool is_inactive_ethernet_core(CoreCoord logical_core) const = 0;
    virtual std::tuple<ChipId, CoreCoord> get_connected_ethernet_core(CoreCoord eth_core) const = 0;
    virtual std::vector<CoreCoord> get_ethernet_sockets(ChipId connected_chip_id) const = 0;
    virtual const std::set<CoreCoord>& ethernet_cores() const = 0;
};

}  // namespace tt::tt_metal
