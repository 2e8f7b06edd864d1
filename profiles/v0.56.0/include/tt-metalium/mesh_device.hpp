// MeshDevice (tt::tt_metal::distributed): a mesh of devices that is itself an IDevice — device-wide queries
// answer for the mesh's first device, as in tt-metal v0.56.0 — with the mesh command queues, mesh traces, sub-device
// managers and the mesh's shape and views. Every member function is exported by libtt_metal.so.
//   auto mesh = MeshDevice::create(MeshDeviceConfig{.mesh_shape = MeshShape(2, 4)});
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include <tt-metalium/device.hpp>
#include <tt-metalium/dispatch_core_common.hpp>
#include <tt-metalium/mesh_config.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_device_view.hpp>
#include <tt-metalium/mesh_trace_id.hpp>
#include <tt-metalium/span.hpp>
#include <tt-metalium/sub_device_types.hpp>

namespace tt::tt_metal {

class SubDeviceManagerTracker;
class ThreadPool;

namespace distributed {

class MeshCommandQueue;
class MeshDeviceView;
class MeshSubDeviceManagerId;
class MeshTraceBuffer;

class MeshDevice : public IDevice, public std::enable_shared_from_this<MeshDevice> {
private:
    // The devices a mesh opened (closed when the last mesh sharing them goes).
    class ScopedDevices {
    private:
        std::map<chip_id_t, IDevice*> opened_devices_;
        std::vector<IDevice*> devices_;

    public:
        ScopedDevices(std::size_t l1_small_size, std::size_t trace_region_size, std::size_t num_command_queues,
                      const DispatchCoreConfig& dispatch_core_config, const MeshDeviceConfig& config);
        ScopedDevices(const std::vector<int>& device_ids, std::size_t l1_small_size, std::size_t trace_region_size,
                      std::size_t num_command_queues, const DispatchCoreConfig& dispatch_core_config);
        ~ScopedDevices();
        ScopedDevices(const ScopedDevices&) = delete;
        ScopedDevices& operator=(const ScopedDevices&) = delete;
        const std::vector<IDevice*>& root_devices() const;
    };

    std::shared_ptr<ScopedDevices> scoped_devices_;
    MeshDeviceID mesh_id_;
    std::unique_ptr<MeshDeviceView> view_;
    std::shared_ptr<MeshDevice> parent_mesh_;
    std::vector<std::weak_ptr<MeshDevice>> submeshes_;
    std::vector<std::unique_ptr<MeshCommandQueue>> mesh_command_queues_;
    std::unique_ptr<SubDeviceManagerTracker> sub_device_manager_tracker_;
    std::unordered_map<MeshTraceId, std::shared_ptr<MeshTraceBuffer>> trace_buffer_pool_;
    std::uint32_t trace_buffers_size_ = 0;
    std::shared_ptr<ThreadPool> dispatch_thread_pool_;
    std::shared_ptr<ThreadPool> reader_thread_pool_;
    std::recursive_mutex push_work_mutex_;

    IDevice* reference_device() const;
    std::vector<IDevice*> get_row_major_devices(const MeshShape& new_shape) const;
    std::shared_ptr<MeshTraceBuffer>& create_mesh_trace(const MeshTraceId& trace_id);

public:
    MeshDevice(std::shared_ptr<ScopedDevices> scoped_devices, std::unique_ptr<MeshDeviceView> mesh_device_view,
               std::shared_ptr<MeshDevice> parent_mesh = {});
    ~MeshDevice() override;
    MeshDevice(const MeshDevice&) = delete;
    MeshDevice& operator=(const MeshDevice&) = delete;
    MeshDevice(MeshDevice&&) = delete;
    MeshDevice& operator=(MeshDevice&&) = delete;

    // ---- IDevice, in its order
    tt::ARCH arch() const override;
    chip_id_t id() const override;
    chip_id_t build_id() const override;
    std::uint8_t num_hw_cqs() const override;
    bool is_initialized() const override;
    int num_dram_channels() const override;
    std::uint32_t l1_size_per_core() const override;
    std::uint32_t dram_size_per_channel() const override;
    CoreCoord grid_size() const override;
    CoreCoord logical_grid_size() const override;
    CoreCoord dram_grid_size() const override;
    CoreType core_type_from_virtual_core(const CoreCoord& virtual_coord) const override;
    CoreCoord virtual_noc_coordinate(std::uint8_t noc_index, CoreCoord coord) const override;
    CoreCoord virtual_noc0_coordinate(std::uint8_t noc_index, CoreCoord coord) const override;
    std::vector<CoreCoord> worker_cores_from_logical_cores(const std::vector<CoreCoord>& logical) const override;
    std::vector<CoreCoord> ethernet_cores_from_logical_cores(const std::vector<CoreCoord>& logical) const override;
    std::vector<CoreCoord> get_optimal_dram_bank_to_logical_worker_assignment() override;
    CoreCoord virtual_core_from_logical_core(const CoreCoord& logical, const CoreType& core_type) const override;
    CoreCoord worker_core_from_logical_core(const CoreCoord& logical_core) const override;
    CoreCoord ethernet_core_from_logical_core(const CoreCoord& logical_core) const override;
    CoreCoord logical_core_from_ethernet_core(const CoreCoord& ethernet_core) const override;
    std::unordered_set<CoreCoord> get_active_ethernet_cores(bool skip_reserved_tunnel_cores = false) const override;
    std::unordered_set<CoreCoord> get_inactive_ethernet_cores() const override;
    bool is_active_ethernet_core(CoreCoord logical_core, bool skip_reserved_tunnel_cores = false) const override;
    std::tuple<chip_id_t, CoreCoord> get_connected_ethernet_core(CoreCoord eth_core) const override;
    std::vector<CoreCoord> get_ethernet_sockets(chip_id_t connected_chip_id) const override;
    bool is_inactive_ethernet_core(CoreCoord logical_core) const override;
    CoreCoord compute_with_storage_grid_size() const override;
    CoreRangeSet worker_cores(HalProgrammableCoreType core_type, SubDeviceId sub_device_id) const override;
    std::uint32_t num_worker_cores(HalProgrammableCoreType core_type, SubDeviceId sub_device_id) const override;
    const std::unique_ptr<Allocator>& allocator() const override;
    const std::unique_ptr<Allocator>& allocator(SubDeviceId sub_device_id) const override;
    CoreCoord logical_core_from_dram_channel(std::uint32_t dram_channel) const override;
    std::uint32_t dram_channel_from_logical_core(const CoreCoord& logical_core) const override;
    std::optional<DeviceAddr> lowest_occupied_compute_l1_address() const override;
    std::optional<DeviceAddr> lowest_occupied_compute_l1_address( tt::stl::Span<const SubDeviceId> sub_device_ids) const override;
    const std::set<CoreCoord>& ethernet_cores() const override;
    const std::set<CoreCoord>& storage_only_cores() const override;
    std::uint32_t get_noc_unicast_encoding(std::uint8_t noc_index, const CoreCoord& core) const override;
    std::uint32_t get_noc_multicast_encoding(std::uint8_t noc_index, const CoreRange& cores) const override;
    SystemMemoryManager& sysmem_manager() override;
    CommandQueue& command_queue(std::size_t cq_id = 0) override;
    void begin_trace(const std::uint8_t cq_id, const std::uint32_t tid) override;
    void end_trace(const std::uint8_t cq_id, const std::uint32_t tid) override;
    void replay_trace(const std::uint8_t cq_id, const std::uint32_t tid, const bool block_on_device, const bool block_on_worker_thread) override;
    void release_trace(const std::uint32_t tid) override;
    std::shared_ptr<TraceBuffer> get_trace(std::uint32_t tid) override;
    std::uint32_t get_trace_buffers_size() const override;
    void set_trace_buffers_size(std::uint32_t size) override;
    void load_trace(std::uint8_t cq_id, std::uint32_t trace_id, const TraceDescriptor& trace_desc) override;
    bool using_slow_dispatch() const override;
    bool using_fast_dispatch() const override;
    bool initialize(const std::uint8_t num_hw_cqs, std::size_t l1_small_size, std::size_t trace_region_size, tt::stl::Span<const std::uint32_t> l1_bank_remap = {}, bool minimal = false) override;
    void reset_cores() override;
    void initialize_and_launch_firmware() override;
    void init_command_queue_host() override;
    void init_command_queue_device() override;
    void init_fabric() override;
    bool close() override;
    void enable_async(bool enable) override;
    void synchronize() override;
    tt::WorkExecutorMode get_worker_mode() override;
    bool is_worker_queue_empty() const override;
    void push_work(std::function<void()> work, bool blocking = false) override;
    void enable_program_cache() override;
    void disable_and_clear_program_cache() override;
    program_cache::detail::ProgramCache& get_program_cache() override;
    std::size_t num_program_cache_entries() override;
    HalProgrammableCoreType get_programmable_core_type(CoreCoord virtual_core) const override;
    std::vector<std::pair<std::variant<CoreCoord, CoreRange>, std::uint32_t>> extract_dst_noc_multicast_info(const std::vector<CoreRange>& ranges, const CoreType core_type) override;
    std::uint8_t num_noc_mcast_txns(SubDeviceId sub_device_id) const override;
    std::uint8_t num_noc_unicast_txns(SubDeviceId sub_device_id) const override;
    std::uint8_t noc_data_start_index(SubDeviceId sub_device_id, bool mcast_data = true, bool unicast_data = true) const override;
    SubDeviceManagerId get_active_sub_device_manager_id() const override;
    SubDeviceManagerId get_default_sub_device_manager_id() const override;
    SubDeviceManagerId create_sub_device_manager(tt::stl::Span<const SubDevice> sub_devices, DeviceAddr local_l1_size) override;
    void remove_sub_device_manager(SubDeviceManagerId sub_device_manager_id) override;
    void load_sub_device_manager(SubDeviceManagerId sub_device_manager_id) override;
    void clear_loaded_sub_device_manager() override;
    CoreCoord virtual_program_dispatch_core(std::uint8_t cq_id) const override;
    const std::vector<SubDeviceId>& get_sub_device_ids() const override;
    const std::vector<SubDeviceId>& get_sub_device_stall_group() const override;
    void set_sub_device_stall_group(tt::stl::Span<const SubDeviceId> sub_device_ids) override;
    void reset_sub_device_stall_group() override;
    std::uint32_t num_sub_devices() const override;
    std::tuple<SubDeviceManagerId, SubDeviceId> create_sub_device_manager_with_fabric( tt::stl::Span<const SubDevice> sub_devices, DeviceAddr local_l1_size) override;
    bool is_mmio_capable() const override;

    // ---- the mesh
    void begin_mesh_trace(std::uint8_t cq_id, const MeshTraceId& trace_id);
    void end_mesh_trace(std::uint8_t cq_id, const MeshTraceId& trace_id);
    void replay_mesh_trace(std::uint8_t cq_id, const MeshTraceId& trace_id, bool blocking);
    void release_mesh_trace(const MeshTraceId& trace_id);
    std::shared_ptr<MeshTraceBuffer> get_mesh_trace(const MeshTraceId& trace_id);

    std::vector<IDevice*> get_devices() const;
    IDevice* get_device(chip_id_t physical_device_id) const;
    IDevice* get_device(const MeshCoordinate& coord) const;
    const DeviceIds get_device_ids() const;
    std::size_t num_devices() const;
    std::size_t num_rows() const;
    std::size_t num_cols() const;
    IDevice* get_device(std::size_t row_idx, std::size_t col_idx) const;
    const MeshShape& shape() const;
    void reshape(const MeshShape& new_shape);
    const MeshDeviceView& get_view() const;
    std::string to_string() const;
    bool is_parent_mesh() const;
    std::vector<std::shared_ptr<MeshDevice>> get_submeshes() const;
    std::shared_ptr<MeshDevice> create_submesh(const MeshShape& submesh_shape,
                                               const std::optional<MeshCoordinate>& offset = std::nullopt);
    std::vector<std::shared_ptr<MeshDevice>> create_submeshes(const MeshShape& submesh_shape);

    MeshCommandQueue& mesh_command_queue(std::size_t cq_id = 0) const;
    MeshSubDeviceManagerId mesh_create_sub_device_manager(tt::stl::Span<const SubDevice> sub_devices,
                                                          DeviceAddr local_l1_size);
    std::tuple<MeshSubDeviceManagerId, SubDeviceId> mesh_create_sub_device_manager_with_fabric(
        tt::stl::Span<const SubDevice> sub_devices, DeviceAddr local_l1_size);
    void mesh_clear_loaded_sub_device_manager();
    void mesh_load_sub_device_manager(MeshSubDeviceManagerId mesh_sub_device_manager_id);
    void mesh_remove_sub_device_manager(MeshSubDeviceManagerId mesh_sub_device_manager_id);
    void mesh_set_sub_device_stall_group(tt::stl::Span<const SubDeviceId> sub_device_ids);
    void mesh_reset_sub_device_stall_group();

    static std::shared_ptr<MeshDevice> create(const MeshDeviceConfig& config,
                                              std::size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
                                              std::size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE,
                                              std::size_t num_command_queues = 1,
                                              const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{},
                                              tt::stl::Span<const std::uint32_t> l1_bank_remap = {});
    static std::shared_ptr<MeshDevice> create_unit_mesh(int device_id,
                                                        std::size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
                                                        std::size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE,
                                                        std::size_t num_command_queues = 1,
                                                        const DispatchCoreConfig& dispatch_core_config =
                                                            DispatchCoreConfig{},
                                                        tt::stl::Span<const std::uint32_t> l1_bank_remap = {});
    static std::map<int, std::shared_ptr<MeshDevice>> create_unit_meshes(
        const std::vector<int>& device_ids, std::size_t l1_small_size = DEFAULT_L1_SMALL_SIZE,
        std::size_t trace_region_size = DEFAULT_TRACE_REGION_SIZE, std::size_t num_command_queues = 1,
        const DispatchCoreConfig& dispatch_core_config = DispatchCoreConfig{},
        tt::stl::Span<const std::uint32_t> l1_bank_remap = {});
};

std::ostream& operator<<(std::ostream& os, const MeshDevice& mesh_device);

// A sub-device manager on every device of a mesh.
struct MeshSubDeviceManagerId {
    MeshSubDeviceManagerId(const MeshDevice& mesh_device);
    std::vector<SubDeviceManagerId> sub_device_manager_ids;
};

}  // namespace distributed
}  // namespace tt::tt_metal
