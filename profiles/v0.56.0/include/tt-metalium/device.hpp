// The device interface (tt::tt_metal::v0::IDevice): an abstract class with 87 pure virtual functions.
//
// Applications call through the vtable (command_queue(), compute_with_storage_grid_size(),
// worker_core_from_logical_core(), …), so the declaration order below is tt-metal v0.56.0's: the destructor
// takes slots 0–1 and each function the next slot, overloads consecutively.
//   IDevice* device = CreateDevice(0);  CommandQueue& cq = device->command_queue();
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

#include <hostdevcommon/common_values.hpp>

#include <tt-metalium/allocator.hpp>
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/span.hpp>
#include <tt-metalium/sub_device.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <tt-metalium/trace_buffer.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt {
enum class WorkExecutorMode : bool { SYNCHRONOUS = false, ASYNCHRONOUS = true };
}  // namespace tt

namespace tt::tt_metal {

class CommandQueue;
class SystemMemoryManager;
namespace program_cache::detail {
struct ProgramCache;
}

inline namespace v0 {

class IDevice {
public:
    IDevice() = default;
    virtual ~IDevice() = default;
    IDevice(const IDevice&) = delete;
    IDevice& operator=(const IDevice&) = delete;
    IDevice(IDevice&&) = default;
    IDevice& operator=(IDevice&&) = default;

    virtual tt::ARCH arch() const = 0;                                        // 2
    virtual chip_id_t id() const = 0;                                         // 3
    virtual chip_id_t build_id() const = 0;
    virtual std::uint8_t num_hw_cqs() const = 0;                              // 5
    virtual bool is_initialized() const = 0;
    virtual int num_dram_channels() const = 0;
    virtual std::uint32_t l1_size_per_core() const = 0;
    virtual std::uint32_t dram_size_per_channel() const = 0;
    virtual CoreCoord grid_size() const = 0;                                  // 10
    virtual CoreCoord logical_grid_size() const = 0;
    virtual CoreCoord dram_grid_size() const = 0;
    virtual CoreType core_type_from_virtual_core(const CoreCoord& virtual_coord) const = 0;
    virtual CoreCoord virtual_noc_coordinate(std::uint8_t noc_index, CoreCoord coord) const = 0;
    virtual CoreCoord virtual_noc0_coordinate(std::uint8_t noc_index, CoreCoord coord) const = 0;  // 15
    virtual std::vector<CoreCoord> worker_cores_from_logical_cores(const std::vector<CoreCoord>& logical) const = 0;
    virtual std::vector<CoreCoord> ethernet_cores_from_logical_cores(const std::vector<CoreCoord>& logical) const = 0;
    virtual std::vector<CoreCoord> get_optimal_dram_bank_to_logical_worker_assignment() = 0;
    virtual CoreCoord virtual_core_from_logical_core(const CoreCoord& logical, const CoreType& core_type) const = 0;
    virtual CoreCoord worker_core_from_logical_core(const CoreCoord& logical_core) const = 0;      // 20
    virtual CoreCoord ethernet_core_from_logical_core(const CoreCoord& logical_core) const = 0;
    virtual CoreCoord logical_core_from_ethernet_core(const CoreCoord& ethernet_core) const = 0;
    virtual std::unordered_set<CoreCoord> get_active_ethernet_cores(bool skip_reserved_tunnel_cores = false) const = 0;
    virtual std::unordered_set<CoreCoord> get_inactive_ethernet_cores() const = 0;
    virtual bool is_active_ethernet_core(CoreCoord logical_core, bool skip_reserved_tunnel_cores = false) const = 0;
    virtual std::tuple<chip_id_t, CoreCoord> get_connected_ethernet_core(CoreCoord eth_core) const = 0;
    virtual std::vector<CoreCoord> get_ethernet_sockets(chip_id_t connected_chip_id) const = 0;
    virtual bool is_inactive_ethernet_core(CoreCoord logical_core) const = 0;
    virtual CoreCoord compute_with_storage_grid_size() const = 0;                                   // 29
    virtual CoreRangeSet worker_cores(HalProgrammableCoreType core_type, SubDeviceId sub_device_id) const = 0;
    virtual std::uint32_t num_worker_cores(HalProgrammableCoreType core_type, SubDeviceId sub_device_id) const = 0;
    virtual const std::unique_ptr<Allocator>& allocator() const = 0;                                // 32
    virtual const std::unique_ptr<Allocator>& allocator(SubDeviceId sub_device_id) const = 0;
    virtual CoreCoord logical_core_from_dram_channel(std::uint32_t dram_channel) const = 0;
    virtual std::uint32_t dram_channel_from_logical_core(const CoreCoord& logical_core) const = 0;
    virtual std::optional<DeviceAddr> lowest_occupied_compute_l1_address() const = 0;
    virtual std::optional<DeviceAddr> lowest_occupied_compute_l1_address(
        tt::stl::Span<const SubDeviceId> sub_device_ids) const = 0;
    virtual const std::set<CoreCoord>& ethernet_cores() const = 0;
    virtual const std::set<CoreCoord>& storage_only_cores() const = 0;
    virtual std::uint32_t get_noc_unicast_encoding(std::uint8_t noc_index, const CoreCoord& core) const = 0;  // 40
    virtual std::uint32_t get_noc_multicast_encoding(std::uint8_t noc_index, const CoreRange& cores) const = 0;
    virtual SystemMemoryManager& sysmem_manager() = 0;
    virtual CommandQueue& command_queue(std::size_t cq_id = 0) = 0;                                // 43
    virtual void begin_trace(const std::uint8_t cq_id, const std::uint32_t tid) = 0;
    virtual void end_trace(const std::uint8_t cq_id, const std::uint32_t tid) = 0;
    virtual void replay_trace(const std::uint8_t cq_id, const std::uint32_t tid, const bool block_on_device,
                              const bool block_on_worker_thread) = 0;
    virtual void release_trace(const std::uint32_t tid) = 0;
    virtual std::shared_ptr<TraceBuffer> get_trace(std::uint32_t tid) = 0;
    virtual std::uint32_t get_trace_buffers_size() const = 0;
    virtual void set_trace_buffers_size(std::uint32_t size) = 0;                                     // 50
    virtual void load_trace(std::uint8_t cq_id, std::uint32_t trace_id, const TraceDescriptor& trace_desc) = 0;
    virtual bool using_slow_dispatch() const = 0;
    virtual bool using_fast_dispatch() const = 0;
    virtual bool initialize(const std::uint8_t num_hw_cqs, std::size_t l1_small_size, std::size_t trace_region_size,
                            tt::stl::Span<const std::uint32_t> l1_bank_remap = {}, bool minimal = false) = 0;
    virtual void reset_cores() = 0;                                                                   // 55
    virtual void initialize_and_launch_firmware() = 0;
    virtual void init_command_queue_host() = 0;
    virtual void init_command_queue_device() = 0;
    virtual void init_fabric() = 0;
    virtual bool close() = 0;                                                                         // 60
    virtual void enable_async(bool enable) = 0;
    virtual void synchronize() = 0;
    virtual tt::WorkExecutorMode get_worker_mode() = 0;
    virtual bool is_worker_queue_empty() const = 0;
    virtual void push_work(std::function<void()> work, bool blocking = false) = 0;                   // 65
    virtual void enable_program_cache() = 0;
    virtual void disable_and_clear_program_cache() = 0;
    virtual program_cache::detail::ProgramCache& get_program_cache() = 0;
    virtual std::size_t num_program_cache_entries() = 0;
    virtual HalProgrammableCoreType get_programmable_core_type(CoreCoord virtual_core) const = 0;    // 70
    virtual std::vector<std::pair<std::variant<CoreCoord, CoreRange>, std::uint32_t>>
    extract_dst_noc_multicast_info(const std::vector<CoreRange>& ranges, const CoreType core_type) = 0;
    virtual std::uint8_t num_noc_mcast_txns(SubDeviceId sub_device_id) const = 0;
    virtual std::uint8_t num_noc_unicast_txns(SubDeviceId sub_device_id) const = 0;
    virtual std::uint8_t noc_data_start_index(SubDeviceId sub_device_id, bool mcast_data = true,
                                              bool unicast_data = true) const = 0;
    virtual SubDeviceManagerId get_active_sub_device_manager_id() const = 0;                         // 75
    virtual SubDeviceManagerId get_default_sub_device_manager_id() const = 0;
    virtual SubDeviceManagerId create_sub_device_manager(tt::stl::Span<const SubDevice> sub_devices,
                                                         DeviceAddr local_l1_size) = 0;
    virtual void remove_sub_device_manager(SubDeviceManagerId sub_device_manager_id) = 0;
    virtual void load_sub_device_manager(SubDeviceManagerId sub_device_manager_id) = 0;
    virtual void clear_loaded_sub_device_manager() = 0;                                               // 80
    virtual CoreCoord virtual_program_dispatch_core(std::uint8_t cq_id) const = 0;
    virtual const std::vector<SubDeviceId>& get_sub_device_ids() const = 0;
    virtual const std::vector<SubDeviceId>& get_sub_device_stall_group() const = 0;
    virtual void set_sub_device_stall_group(tt::stl::Span<const SubDeviceId> sub_device_ids) = 0;
    virtual void reset_sub_device_stall_group() = 0;                                                  // 85
    virtual std::uint32_t num_sub_devices() const = 0;
    virtual std::tuple<SubDeviceManagerId, SubDeviceId> create_sub_device_manager_with_fabric(
        tt::stl::Span<const SubDevice> sub_devices, DeviceAddr local_l1_size) = 0;
    virtual bool is_mmio_capable() const = 0;                                                         // 88
};

}  // namespace v0
}  // namespace tt::tt_metal
