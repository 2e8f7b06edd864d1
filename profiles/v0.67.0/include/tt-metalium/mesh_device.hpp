// MeshDevice (tt-metal v0.67.0): a mesh of devices opened together, and itself an IDevice (device-wide queries
// answer for the mesh; its allocator places buffers at the same address on every device). A pimpl class: vptr,
// enable_shared_from_this, unique_ptr<MeshDeviceImpl>. Its IDevice overrides follow device.hpp's order; the rest
// (create, mesh_command_queue, shape, the mesh trace calls, …) are non-virtual and exported.
//   auto mesh = MeshDevice::create_unit_mesh(0);   MeshCommandQueue& cq = mesh->mesh_command_queue();
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <hostdevcommon/common_values.hpp>
#include <tt-metalium/core_coord.hpp>
#include <ttemu/api_release.hpp>  // what of the API this release has (TTEMU_API_*)
#include <tt-metalium/device.hpp>
#include <tt-metalium/dispatch_core_common.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/mesh_config.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_device_view.hpp>
#include <tt-metalium/mesh_trace_id.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <tt_stl/small_vector.hpp>
#include <tt_stl/span.hpp>
#include <umd/device/types/arch.hpp>
#include <umd/device/types/core_coordinates.hpp>

namespace tt::tt_metal {
class Allocator;
class SubDevice;
class SystemMemoryManager;
namespace program_cache::detail {
struct ProgramCache;
}  // namespace program_cache::detail
}  // namespace tt::tt_metal

namespace tt::tt_fabric {
class FabricNodeId;
}

namespace tt::tt_metal {

class SubDeviceManagerTracker;
class ThreadPool;
struct TraceDescriptor;
#if TTEMU_API_METAL_ENV
class MetalEnv;
#endif

namespace distributed {

class MeshCommandQueue;
class MeshDeviceView;
struct MeshTraceBuffer;
class MeshCommandQueueBase;
class MeshDeviceImpl;
namespace multihost {
class DistributedContext;
}

using DeviceIds = std::vector<int>;

class MeshDevice : public IDevice, public std::enable_shared_from_this<MeshDevice> {
    friend class MeshDeviceImpl;

private:
    MeshDevice() = default;
#if TTEMU_API_METAL_ENV
    friend class tt::tt_metal::MetalEnv;
    // [[Experimental]] a mesh of the given environment (MetalEnv::create_mesh_device, create_unit_mesh_device).
    explicit MeshDevice(MetalEnv& metal_env);
#endif
    std::unique_ptr<MeshDeviceImpl> pimpl_;

public:
    ~MeshDevice() override;
    MeshDevice(const MeshDevice&) = delete;
    MeshDevice& operator=(const MeshDevice&) = delete;
    MeshDevice(MeshDevice&&) = delete;
    MeshDevice& operator=(MeshDevice&&) = delete;

    // ---- IDevice
    tt::ARCH arch() const override;
    int id() const override;
    ChipId build_id() const override;
    std::uint8_t num_hw_cqs() const override;
    bool is_initialized() const override;
    int num_dram_channels() const override;
    std::uint32_t l1_size_per_core() const override;
    std::uint32_t dram_size_per_channel() const override;
    int get_clock_rate_mhz() const override;
    CoreCoord grid_size() const override;
    CoreCoord logical_grid_size() const override;
    CoreCoord dram_grid_size() const override;
    CoreCoord virtual_noc0_coordinate(std::uint8_t noc_index, CoreCoord coord) const override;
    std::vector<CoreCoord> worker_cores_from_logical_cores(const std::vector<CoreCoord>& logical_cores) const override;
    std::vector<CoreCoord> ethernet_cores_from_logical_cores(const std::vector<CoreCoord>& logical_cores) const override;
    std::vector<CoreCoord> get_optimal_dram_bank_to_logical_worker_assignment(NOC noc) override;
    CoreCoord virtual_core_from_logical_core(const CoreCoord& logical_coord, const CoreType& core_type) const override;
    CoreCoord worker_core_from_logical_core(const CoreCoord& logical_core) const override;
    CoreCoord ethernet_core_from_logical_core(const CoreCoord& logical_core) const override;
    CoreCoord logical_core_from_ethernet_core(const CoreCoord& ethernet_core) const override;
    std::unordered_set<CoreCoord> get_active_ethernet_cores(bool skip_reserved_tunnel_cores = false) const override;
    std::unordered_set<CoreCoord> get_inactive_ethernet_cores() const override;
    bool is_active_ethernet_core(CoreCoord logical_core, bool skip_reserved_tunnel_cores = false) const override;
    std::tuple<ChipId, CoreCoord> get_connected_ethernet_core(CoreCoord eth_core) const override;
    std::vector<CoreCoord> get_ethernet_sockets(ChipId connected_chip_id) const override;
    bool is_inactive_ethernet_core(CoreCoord logical_core) const override;
    std::uint32_t num_virtual_eth_cores(SubDeviceId sub_device_id) override;
    CoreCoord compute_with_storage_grid_size() const override;
    CoreRangeSet worker_cores(HalProgrammableCoreType core_type, SubDeviceId sub_device_id) const override;
    std::uint32_t num_worker_cores(HalProgrammableCoreType core_type, SubDeviceId sub_device_id) const override;
    const std::unique_ptr<Allocator>& allocator() const override;
    const std::unique_ptr<Allocator>& allocator(SubDeviceId sub_device_id) const override;
    const std::unique_ptr<AllocatorImpl>& allocator_impl() const override;
    const std::unique_ptr<AllocatorImpl>& allocator_impl(SubDeviceId sub_device_id) const override;
    CoreCoord logical_core_from_dram_channel(std::uint32_t dram_channel) const override;
    std::uint32_t dram_channel_from_logical_core(const CoreCoord& logical_core) const override;
    std::uint32_t dram_channel_from_virtual_core(const CoreCoord& virtual_core) const override;
    std::optional<DeviceAddr> lowest_occupied_compute_l1_address() const override;
    std::optional<DeviceAddr> lowest_occupied_compute_l1_address(
        ttsl::Span<const SubDeviceId> sub_device_ids) const override;
    const std::set<CoreCoord>& ethernet_cores() const override;
    const std::set<CoreCoord>& storage_only_cores() const override;
    std::uint32_t get_noc_unicast_encoding(std::uint8_t noc_index, const CoreCoord& core) const override;
    std::uint32_t get_noc_multicast_encoding(std::uint8_t noc_index, const CoreRange& cores) const override;
    SystemMemoryManager& sysmem_manager() override;

    // ---- mesh traces: capture what is enqueued on a queue, replay it later
    MeshTraceId begin_mesh_trace(std::uint8_t cq_id);
    void begin_mesh_trace(std::uint8_t cq_id, const MeshTraceId& trace_id);
    void end_mesh_trace(std::uint8_t cq_id, const MeshTraceId& trace_id);
    void replay_mesh_trace(std::uint8_t cq_id, const MeshTraceId& trace_id, bool blocking);
    void release_mesh_trace(const MeshTraceId& trace_id);
    std::shared_ptr<MeshTraceBuffer> get_mesh_trace(const MeshTraceId& trace_id);

    std::uint32_t get_trace_buffers_size() const override;
    void set_trace_buffers_size(std::uint32_t size) override;
    bool initialize(std::uint8_t num_hw_cqs, std::size_t l1_small_size, std::size_t trace_region_size,
                    std::size_t worker_l1_size, ttsl::Span<const std::uint32_t> l1_bank_remap = {},
                    bool minimal = false) override;
#if TTEMU_API_DEVICE_INIT_VIRTUALS
    [[deprecated("This is an internal function. It will be removed.")]] void init_command_queue_host() override;
    [[deprecated("This is an internal function. It will be removed.")]] void init_command_queue_device() override;
    [[deprecated("This is an internal function. It will be removed.")]] bool compile_fabric() override;
    [[deprecated("This is an internal function. It will be removed.")]] void configure_fabric() override;
#endif
    bool close() override;
    void enable_program_cache() override;
    void clear_program_cache() override;
    void disable_and_clear_program_cache() override;
    program_cache::detail::ProgramCache& get_program_cache() override;
    std::size_t num_program_cache_entries() override;
    HalProgrammableCoreType get_programmable_core_type(CoreCoord virtual_core) const override;
    HalMemType get_mem_type_of_core(CoreCoord virtual_core) const override;
    bool has_noc_mcast_txns(SubDeviceId sub_device_id) const override;
    std::uint8_t num_noc_unicast_txns(SubDeviceId sub_device_id) const override;
    std::uint8_t noc_data_start_index(SubDeviceId sub_device_id, bool unicast_data = true) const override;
    SubDeviceManagerId get_active_sub_device_manager_id() const override;
    SubDeviceManagerId get_default_sub_device_manager_id() const override;
    SubDeviceManagerId create_sub_device_manager(std::initializer_list<SubDevice> sub_devices,
                                                 DeviceAddr local_l1_size) override;
    SubDeviceManagerId create_sub_device_manager(ttsl::Span<const SubDevice> sub_devices,
                                                 DeviceAddr local_l1_size) override;
    void remove_sub_device_manager(SubDeviceManagerId sub_device_manager_id) override;
    void load_sub_device_manager(SubDeviceManagerId sub_device_manager_id) override;
    void clear_loaded_sub_device_manager() override;
    CoreCoord virtual_program_dispatch_core(std::uint8_t cq_id) const override;
    const std::vector<SubDeviceId>& get_sub_device_ids() const override;
    const std::vector<SubDeviceId>& get_sub_device_stall_group() const override;
    void set_sub_device_stall_group(ttsl::Span<const SubDeviceId> sub_device_ids) override;
    void reset_sub_device_stall_group() override;
    std::uint32_t num_sub_devices() const override;
    bool is_mmio_capable() const override;
    std::shared_ptr<distributed::MeshDevice> get_mesh_device() override;

    // ---- the mesh
    std::vector<IDevice*> get_devices() const;
    [[deprecated("Deprecated, retrieving physical devices can fail in distributed contexts. This will be removed after "
                 "28-02-2026.")]]
    IDevice* get_device(ChipId physical_device_id) const;
    [[deprecated("Deprecated, retrieving physical devices can fail in distributed contexts. This will be removed after "
                 "28-02-2026.")]]
    IDevice* get_device(const MeshCoordinate& coord) const;
    tt_fabric::FabricNodeId get_fabric_node_id(const MeshCoordinate& coord) const;
    DeviceIds get_device_ids() const;
    std::size_t num_devices() const;
    std::size_t num_rows() const;
    std::size_t num_cols() const;
    IDevice* get_device(std::size_t row_idx, std::size_t col_idx) const;
    [[deprecated("Deprecated, is_local should be avoided as it is likely to cause issues in distributed contexts. This "
                 "will be removed after 28-02-2026.")]]
    bool is_local(const MeshCoordinate& coord) const;
    const MeshShape& shape() const;
    void reshape(const MeshShape& new_shape);
    const MeshDeviceView& get_view() const;
#if TTEMU_API_METAL_ENV
    // The system mesh's id in a multi-mesh topology: 0 for every mesh of one process.
    std::uint32_t get_system_mesh_id() const;
#endif
    std::string to_string() const;
    bool is_parent_mesh() const;
    const std::shared_ptr<MeshDevice>& get_parent_mesh() const;
    std::vector<std::shared_ptr<MeshDevice>> get_submeshes() const;
    void quiesce_devices();
    std::shared_ptr<MeshDevice> create_submesh(const MeshShape& submesh_shape,
                                               const std::optional<MeshCoordinate>& offset = std::nullopt);
    std::vector<std::shared_ptr<MeshDevice>> create_submeshes(const MeshShape& submesh_shape);
    MeshCommandQueue& mesh_command_queue(std::optional<std::uint8_t> cq_id = std::nullopt) const;
    void enqueue_to_thread_pool(std::function<void()>&& f);
    void wait_for_thread_pool();

    static std::shared_ptr<MeshDevice> create(const MeshDeviceConfig& config,
                                              std::size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
                                              std::size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE,
                                              std::size_t num_command_queues = 1,
                                              const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{},
                                              ttsl::Span<const std::uint32_t> l1_bank_remap = {},
                                              std::size_t worker_l1_size = DEFAULT_WORKER_L1_SIZE);
    static std::shared_ptr<MeshDevice> create_unit_mesh(int device_id,
                                                        std::size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
                                                        std::size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE,
                                                        std::size_t num_command_queues = 1,
                                                        const DispatchCoreConfig& dispatch_core_config =
                                                            DispatchCoreConfig{},
                                                        ttsl::Span<const std::uint32_t> l1_bank_remap = {},
                                                        std::size_t worker_l1_size = DEFAULT_WORKER_L1_SIZE);
    static std::map<int, std::shared_ptr<MeshDevice>> create_unit_meshes(
        const std::vector<int>& device_ids, std::size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
        std::size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE, std::size_t num_command_queues = 1,
        const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{},
        ttsl::Span<const std::uint32_t> l1_bank_remap = {}, std::size_t worker_l1_size = DEFAULT_WORKER_L1_SIZE);

    const MeshDeviceImpl& impl() const { return *pimpl_; }
    MeshDeviceImpl& impl() { return *pimpl_; }
};

std::ostream& operator<<(std::ostream& os, const MeshDevice& mesh_device);

}  // namespace distributed
}  // namespace tt::tt_metal
