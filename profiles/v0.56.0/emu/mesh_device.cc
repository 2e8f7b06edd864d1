// MeshDevice: the devices of a mesh opened together (ScopedDevices), their view by coordinate, a MeshCommandQueue
// per hardware queue and the mesh traces. As in tt-metal v0.56.0 it is also an IDevice: device-wide queries answer
// for the mesh's first device (its "reference device"), single-device calls that make no sense on a mesh throw.
// Devices open only when a mesh asks for them: a 2×4 mesh costs eight emulated devices' memory, nothing more.
#include <atomic>
#include <sstream>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/system_mesh.hpp>

#include "emu_device.h"
#include "emu/core/errors.h"
#include "emu/core/settings.h"

namespace tt::tt_metal {
// tt-metal's dispatch thread pools; the emulator has none (empty, never made).
class ThreadPool {};
}  // namespace tt::tt_metal

namespace tt::tt_metal::distributed {

namespace {

std::vector<chip_id_t> DeviceIdsFor(const MeshDeviceConfig& config) {
    const std::size_t n = config.mesh_shape.mesh_size();
    if (n == 0) ttemu::Throw("MeshDevice::create: the mesh shape ", config.mesh_shape, " has no devices");
    if (!config.physical_device_ids.empty()) {
        if (config.physical_device_ids.size() != n)
            ttemu::Throw("MeshDevice::create: ", config.physical_device_ids.size(), " physical device ids for a mesh of ",
                         n, " devices ", config.mesh_shape);
        return config.physical_device_ids;
    }
    const std::size_t available = ttemu::GetSettings().num_devices;
    if (n > available)
        ttemu::Throw("MeshDevice::create: the requested mesh ", config.mesh_shape, " needs ", n,
                     " devices but the system has ", available, " (the emulator offers TT_METAL_EMU_NUM_DEVICES)");
    return SystemMesh::instance().get_mapped_physical_device_ids(config);
}

std::atomic<MeshDeviceID> next_mesh_id{0};

}  // namespace

MeshDevice::ScopedDevices::ScopedDevices(std::size_t l1_small_size, std::size_t trace_region_size,
                                         std::size_t num_command_queues,
                                         const DispatchCoreConfig& dispatch_core_config, const MeshDeviceConfig& config)
    : ScopedDevices(DeviceIdsFor(config), l1_small_size, trace_region_size, num_command_queues, dispatch_core_config) {}

MeshDevice::ScopedDevices::ScopedDevices(const std::vector<int>& device_ids, std::size_t l1_small_size,
                                         std::size_t trace_region_size, std::size_t num_command_queues,
                                         const DispatchCoreConfig&) {
    try {
        for (int id : device_ids) {
            if (opened_devices_.count(id)) ttemu::Throw("MeshDevice::create: device ", id, " is named twice");
            IDevice* device = ttemu::OpenDevice(id, static_cast<std::uint8_t>(num_command_queues), l1_small_size,
                                                trace_region_size);
            opened_devices_[id] = device;
            devices_.push_back(device);
        }
    } catch (...) {
        for (auto& [id, device] : opened_devices_) ttemu::CloseEmuDevice(device);
        throw;
    }
}

MeshDevice::ScopedDevices::~ScopedDevices() {
    for (auto& [id, device] : opened_devices_) {
        try {
            ttemu::CloseEmuDevice(device);
        } catch (...) {  // a destructor: closing is best effort
        }
    }
}

const std::vector<IDevice*>& MeshDevice::ScopedDevices::root_devices() const { return devices_; }

MeshDevice::MeshDevice(std::shared_ptr<ScopedDevices> scoped_devices, std::unique_ptr<MeshDeviceView> mesh_device_view,
                       std::shared_ptr<MeshDevice> parent_mesh)
    : scoped_devices_(std::move(scoped_devices)), mesh_id_(next_mesh_id++), view_(std::move(mesh_device_view)),
      parent_mesh_(std::move(parent_mesh)) {
    // The mesh's own sub-device managers: a manager loaded on the mesh applies to each of its devices.
    const SubDevice whole(std::array<CoreRangeSet, NumHalProgrammableCoreTypes>{
        reference_device()->worker_cores(HalProgrammableCoreType::TENSIX, SubDeviceId{0}), CoreRangeSet(),
        CoreRangeSet()});
    sub_device_manager_tracker_ = std::make_unique<SubDeviceManagerTracker>(this, nullptr, tt::stl::Span(&whole, 1));
}

MeshDevice::~MeshDevice() {
    try {
        close();
    } catch (...) {
    }
}

std::shared_ptr<MeshDevice> MeshDevice::create(const MeshDeviceConfig& config, std::size_t l1_small_size,
                                               std::size_t trace_region_size, std::size_t num_command_queues,
                                               const DispatchCoreConfig& dispatch_core_config,
                                               tt::stl::Span<const std::uint32_t>) {
    auto scoped = std::make_shared<ScopedDevices>(l1_small_size, trace_region_size, num_command_queues,
                                                  dispatch_core_config, config);
    MeshContainer<IDevice*> devices(config.mesh_shape, scoped->root_devices());
    auto mesh = std::make_shared<MeshDevice>(scoped, std::make_unique<MeshDeviceView>(devices));
    for (std::size_t cq = 0; cq < num_command_queues; cq++)
        mesh->mesh_command_queues_.push_back(std::make_unique<MeshCommandQueue>(
            mesh.get(), static_cast<std::uint32_t>(cq), mesh->dispatch_thread_pool_, mesh->reader_thread_pool_));
    return mesh;
}

std::shared_ptr<MeshDevice> MeshDevice::create_unit_mesh(int device_id, std::size_t l1_small_size,
                                                         std::size_t trace_region_size, std::size_t num_command_queues,
                                                         const DispatchCoreConfig& dispatch_core_config,
                                                         tt::stl::Span<const std::uint32_t> l1_bank_remap) {
    MeshDeviceConfig config{.mesh_shape = MeshShape(1, 1), .offset = std::nullopt, .physical_device_ids = {device_id}};
    return create(config, l1_small_size, trace_region_size, num_command_queues, dispatch_core_config, l1_bank_remap);
}

std::map<int, std::shared_ptr<MeshDevice>> MeshDevice::create_unit_meshes(
    const std::vector<int>& device_ids, std::size_t l1_small_size, std::size_t trace_region_size,
    std::size_t num_command_queues, const DispatchCoreConfig& dispatch_core_config,
    tt::stl::Span<const std::uint32_t> l1_bank_remap) {
    std::map<int, std::shared_ptr<MeshDevice>> out;
    for (int id : device_ids)
        out[id] = create_unit_mesh(id, l1_small_size, trace_region_size, num_command_queues, dispatch_core_config,
                                   l1_bank_remap);
    return out;
}

IDevice* MeshDevice::reference_device() const {
    if (!view_ || view_->empty()) ttemu::Throw("MeshDevice ", mesh_id_, " has no devices (it was closed)");
    return *view_->begin();
}

// ---- IDevice: the mesh's own answers
MeshDeviceID MeshDevice::id() const { return mesh_id_; }

bool MeshDevice::close() {
    // Queues first (they drain into the devices), then the devices, once the last mesh sharing them lets go.
    for (auto& cq : mesh_command_queues_)
        if (cq) cq->finish();
    mesh_command_queues_.clear();
    trace_buffer_pool_.clear();
    view_.reset();
    scoped_devices_.reset();
    parent_mesh_.reset();
    return true;
}

CommandQueue& MeshDevice::command_queue(std::size_t) {
    ttemu::Throw("command_queue() is not supported on a MeshDevice: use mesh_command_queue()");
}
void MeshDevice::begin_trace(const std::uint8_t, const std::uint32_t) {
    ttemu::Throw("begin_trace() is not supported on a MeshDevice: use BeginTraceCapture(MeshDevice*, cq_id)");
}
void MeshDevice::end_trace(const std::uint8_t, const std::uint32_t) {
    ttemu::Throw("end_trace() is not supported on a MeshDevice: use EndTraceCapture(MeshDevice*, cq_id, trace_id)");
}
void MeshDevice::replay_trace(const std::uint8_t, const std::uint32_t, const bool, const bool) {
    ttemu::Throw("replay_trace() is not supported on a MeshDevice: use ReplayTrace(MeshDevice*, cq_id, trace_id, blocking)");
}
void MeshDevice::release_trace(const std::uint32_t) {
    ttemu::Throw("release_trace() is not supported on a MeshDevice: use ReleaseTrace(MeshDevice*, trace_id)");
}
std::shared_ptr<TraceBuffer> MeshDevice::get_trace(std::uint32_t) {
    ttemu::Throw("get_trace() is not supported on a MeshDevice: use get_mesh_trace()");
}
void MeshDevice::load_trace(std::uint8_t, std::uint32_t, const TraceDescriptor&) {
    ttemu::Throw("load_trace() is not supported on a MeshDevice");
}
std::uint32_t MeshDevice::get_trace_buffers_size() const { return trace_buffers_size_; }
void MeshDevice::set_trace_buffers_size(std::uint32_t size) { trace_buffers_size_ = size; }
void MeshDevice::synchronize() {
    for (auto& cq : mesh_command_queues_) cq->finish();
}
bool MeshDevice::initialize(const std::uint8_t, std::size_t, std::size_t, tt::stl::Span<const std::uint32_t>, bool) {
    return true;
}
void MeshDevice::push_work(std::function<void()> work, bool) {
    std::lock_guard lock(push_work_mutex_);
    work();
}
void MeshDevice::enable_async(bool) {}
tt::WorkExecutorMode MeshDevice::get_worker_mode() { return tt::WorkExecutorMode::SYNCHRONOUS; }
bool MeshDevice::is_worker_queue_empty() const { return true; }
void MeshDevice::clear_loaded_sub_device_manager() { sub_device_manager_tracker_->clear_loaded_sub_device_manager(); }
void MeshDevice::set_sub_device_stall_group(tt::stl::Span<const SubDeviceId> ids) {
    sub_device_manager_tracker_->get_active_sub_device_manager()->set_sub_device_stall_group(ids);
}
void MeshDevice::reset_sub_device_stall_group() {
    sub_device_manager_tracker_->get_active_sub_device_manager()->reset_sub_device_stall_group();
}

// ---- IDevice: the reference device's answers
SubDeviceManagerId MeshDevice::create_sub_device_manager(tt::stl::Span<const SubDevice> sub_devices,
                                                         DeviceAddr local_l1_size) {
    return sub_device_manager_tracker_->create_sub_device_manager(sub_devices, local_l1_size);
}
std::tuple<SubDeviceManagerId, SubDeviceId> MeshDevice::create_sub_device_manager_with_fabric(
    tt::stl::Span<const SubDevice> sub_devices, DeviceAddr local_l1_size) {
    return reference_device()->create_sub_device_manager_with_fabric(sub_devices, local_l1_size);
}
void MeshDevice::load_sub_device_manager(SubDeviceManagerId id) {
    sub_device_manager_tracker_->load_sub_device_manager(id);
}
void MeshDevice::remove_sub_device_manager(SubDeviceManagerId id) { sub_device_manager_tracker_->remove_sub_device_manager(id); }
tt::ARCH MeshDevice::arch() const { return reference_device()->arch(); }
chip_id_t MeshDevice::build_id() const { return reference_device()->build_id(); }
std::uint8_t MeshDevice::num_hw_cqs() const { return reference_device()->num_hw_cqs(); }
bool MeshDevice::is_initialized() const { return reference_device()->is_initialized(); }
int MeshDevice::num_dram_channels() const { return reference_device()->num_dram_channels(); }
std::uint32_t MeshDevice::l1_size_per_core() const { return reference_device()->l1_size_per_core(); }
std::uint32_t MeshDevice::dram_size_per_channel() const { return reference_device()->dram_size_per_channel(); }
CoreCoord MeshDevice::grid_size() const { return reference_device()->grid_size(); }
CoreCoord MeshDevice::logical_grid_size() const { return reference_device()->logical_grid_size(); }
CoreCoord MeshDevice::dram_grid_size() const { return reference_device()->dram_grid_size(); }
CoreType MeshDevice::core_type_from_virtual_core(const CoreCoord& virtual_coord) const { return reference_device()->core_type_from_virtual_core(virtual_coord); }
CoreCoord MeshDevice::virtual_noc_coordinate(std::uint8_t noc_index, CoreCoord coord) const { return reference_device()->virtual_noc_coordinate(noc_index, coord); }
CoreCoord MeshDevice::virtual_noc0_coordinate(std::uint8_t noc_index, CoreCoord coord) const { return reference_device()->virtual_noc0_coordinate(noc_index, coord); }
std::vector<CoreCoord> MeshDevice::worker_cores_from_logical_cores(const std::vector<CoreCoord>& logical) const { return reference_device()->worker_cores_from_logical_cores(logical); }
std::vector<CoreCoord> MeshDevice::ethernet_cores_from_logical_cores(const std::vector<CoreCoord>& logical) const { return reference_device()->ethernet_cores_from_logical_cores(logical); }
std::vector<CoreCoord> MeshDevice::get_optimal_dram_bank_to_logical_worker_assignment() { return reference_device()->get_optimal_dram_bank_to_logical_worker_assignment(); }
CoreCoord MeshDevice::virtual_core_from_logical_core(const CoreCoord& logical, const CoreType& core_type) const { return reference_device()->virtual_core_from_logical_core(logical, core_type); }
CoreCoord MeshDevice::worker_core_from_logical_core(const CoreCoord& logical_core) const { return reference_device()->worker_core_from_logical_core(logical_core); }
CoreCoord MeshDevice::ethernet_core_from_logical_core(const CoreCoord& logical_core) const { return reference_device()->ethernet_core_from_logical_core(logical_core); }
CoreCoord MeshDevice::logical_core_from_ethernet_core(const CoreCoord& ethernet_core) const { return reference_device()->logical_core_from_ethernet_core(ethernet_core); }
std::unordered_set<CoreCoord> MeshDevice::get_active_ethernet_cores(bool skip_reserved_tunnel_cores) const { return reference_device()->get_active_ethernet_cores(skip_reserved_tunnel_cores); }
std::unordered_set<CoreCoord> MeshDevice::get_inactive_ethernet_cores() const { return reference_device()->get_inactive_ethernet_cores(); }
bool MeshDevice::is_active_ethernet_core(CoreCoord logical_core, bool skip_reserved_tunnel_cores) const { return reference_device()->is_active_ethernet_core(logical_core, skip_reserved_tunnel_cores); }
std::tuple<chip_id_t, CoreCoord> MeshDevice::get_connected_ethernet_core(CoreCoord eth_core) const { return reference_device()->get_connected_ethernet_core(eth_core); }
std::vector<CoreCoord> MeshDevice::get_ethernet_sockets(chip_id_t connected_chip_id) const { return reference_device()->get_ethernet_sockets(connected_chip_id); }
bool MeshDevice::is_inactive_ethernet_core(CoreCoord logical_core) const { return reference_device()->is_inactive_ethernet_core(logical_core); }
CoreCoord MeshDevice::compute_with_storage_grid_size() const { return reference_device()->compute_with_storage_grid_size(); }
CoreRangeSet MeshDevice::worker_cores(HalProgrammableCoreType core_type, SubDeviceId sub_device_id) const {
    return sub_device_manager_tracker_->get_active_sub_device_manager()->sub_device(sub_device_id).cores(core_type);
}
std::uint32_t MeshDevice::num_worker_cores(HalProgrammableCoreType core_type, SubDeviceId sub_device_id) const {
    return worker_cores(core_type, sub_device_id).num_cores();
}
const std::unique_ptr<Allocator>& MeshDevice::allocator() const { return reference_device()->allocator(); }
const std::unique_ptr<Allocator>& MeshDevice::allocator(SubDeviceId sub_device_id) const { return reference_device()->allocator(sub_device_id); }
CoreCoord MeshDevice::logical_core_from_dram_channel(std::uint32_t dram_channel) const { return reference_device()->logical_core_from_dram_channel(dram_channel); }
std::uint32_t MeshDevice::dram_channel_from_logical_core(const CoreCoord& logical_core) const { return reference_device()->dram_channel_from_logical_core(logical_core); }
std::optional<DeviceAddr> MeshDevice::lowest_occupied_compute_l1_address() const { return reference_device()->lowest_occupied_compute_l1_address(); }
std::optional<DeviceAddr> MeshDevice::lowest_occupied_compute_l1_address(tt::stl::Span<const SubDeviceId> sub_device_ids) const { return reference_device()->lowest_occupied_compute_l1_address(sub_device_ids); }
const std::set<CoreCoord>& MeshDevice::ethernet_cores() const { return reference_device()->ethernet_cores(); }
const std::set<CoreCoord>& MeshDevice::storage_only_cores() const { return reference_device()->storage_only_cores(); }
std::uint32_t MeshDevice::get_noc_unicast_encoding(std::uint8_t noc_index, const CoreCoord& core) const { return reference_device()->get_noc_unicast_encoding(noc_index, core); }
std::uint32_t MeshDevice::get_noc_multicast_encoding(std::uint8_t noc_index, const CoreRange& cores) const { return reference_device()->get_noc_multicast_encoding(noc_index, cores); }
SystemMemoryManager& MeshDevice::sysmem_manager() { return reference_device()->sysmem_manager(); }
bool MeshDevice::using_slow_dispatch() const { return reference_device()->using_slow_dispatch(); }
bool MeshDevice::using_fast_dispatch() const { return reference_device()->using_fast_dispatch(); }
void MeshDevice::reset_cores() { return reference_device()->reset_cores(); }
void MeshDevice::initialize_and_launch_firmware() { return reference_device()->initialize_and_launch_firmware(); }
void MeshDevice::init_command_queue_host() { return reference_device()->init_command_queue_host(); }
void MeshDevice::init_command_queue_device() { return reference_device()->init_command_queue_device(); }
void MeshDevice::init_fabric() { return reference_device()->init_fabric(); }
void MeshDevice::enable_program_cache() { return reference_device()->enable_program_cache(); }
void MeshDevice::disable_and_clear_program_cache() { return reference_device()->disable_and_clear_program_cache(); }
program_cache::detail::ProgramCache& MeshDevice::get_program_cache() { return reference_device()->get_program_cache(); }
std::size_t MeshDevice::num_program_cache_entries() { return reference_device()->num_program_cache_entries(); }
HalProgrammableCoreType MeshDevice::get_programmable_core_type(CoreCoord virtual_core) const { return reference_device()->get_programmable_core_type(virtual_core); }
std::vector<std::pair<std::variant<CoreCoord, CoreRange>, std::uint32_t>> MeshDevice::extract_dst_noc_multicast_info(const std::vector<CoreRange>& ranges, const CoreType core_type) { return reference_device()->extract_dst_noc_multicast_info(ranges, core_type); }
std::uint8_t MeshDevice::num_noc_mcast_txns(SubDeviceId sub_device_id) const { return reference_device()->num_noc_mcast_txns(sub_device_id); }
std::uint8_t MeshDevice::num_noc_unicast_txns(SubDeviceId sub_device_id) const { return reference_device()->num_noc_unicast_txns(sub_device_id); }
std::uint8_t MeshDevice::noc_data_start_index(SubDeviceId sub_device_id, bool mcast_data, bool unicast_data) const { return reference_device()->noc_data_start_index(sub_device_id, mcast_data, unicast_data); }
SubDeviceManagerId MeshDevice::get_active_sub_device_manager_id() const { return sub_device_manager_tracker_->get_active_sub_device_manager_id(); }
SubDeviceManagerId MeshDevice::get_default_sub_device_manager_id() const { return sub_device_manager_tracker_->get_default_sub_device_manager_id(); }
CoreCoord MeshDevice::virtual_program_dispatch_core(std::uint8_t cq_id) const { return reference_device()->virtual_program_dispatch_core(cq_id); }
const std::vector<SubDeviceId>& MeshDevice::get_sub_device_ids() const {
    return sub_device_manager_tracker_->get_active_sub_device_manager()->get_sub_device_ids();
}
const std::vector<SubDeviceId>& MeshDevice::get_sub_device_stall_group() const {
    return sub_device_manager_tracker_->get_active_sub_device_manager()->get_sub_device_stall_group();
}
std::uint32_t MeshDevice::num_sub_devices() const {
    return sub_device_manager_tracker_->get_active_sub_device_manager()->num_sub_devices();
}
bool MeshDevice::is_mmio_capable() const { return reference_device()->is_mmio_capable(); }

// ---- the mesh
std::vector<IDevice*> MeshDevice::get_devices() const { return view_ ? view_->get_devices() : std::vector<IDevice*>{}; }
IDevice* MeshDevice::get_device(chip_id_t physical_device_id) const {
    for (IDevice* d : get_devices())
        if (d->id() == physical_device_id) return d;
    ttemu::Throw("MeshDevice ", mesh_id_, " has no device ", physical_device_id);
}
IDevice* MeshDevice::get_device(const MeshCoordinate& coord) const { return get_view().get_device(coord); }
IDevice* MeshDevice::get_device(std::size_t row_idx, std::size_t col_idx) const {
    return get_device(MeshCoordinate(static_cast<std::uint32_t>(row_idx), static_cast<std::uint32_t>(col_idx)));
}
const DeviceIds MeshDevice::get_device_ids() const {
    DeviceIds ids;
    for (IDevice* d : get_devices()) ids.push_back(d->id());
    return ids;
}
std::size_t MeshDevice::num_devices() const { return view_ ? view_->num_devices() : 0; }
std::size_t MeshDevice::num_rows() const { return get_view().num_rows(); }
std::size_t MeshDevice::num_cols() const { return get_view().num_cols(); }
const MeshShape& MeshDevice::shape() const { return get_view().shape(); }
const MeshDeviceView& MeshDevice::get_view() const {
    if (!view_) ttemu::Throw("MeshDevice ", mesh_id_, " is closed");
    return *view_;
}
void MeshDevice::reshape(const MeshShape& new_shape) {
    if (new_shape.mesh_size() != num_devices())
        ttemu::Throw("MeshDevice::reshape: ", new_shape, " does not hold the mesh's ", num_devices(), " devices");
    view_ = std::make_unique<MeshDeviceView>(MeshContainer<IDevice*>(new_shape, get_devices()));
}
std::string MeshDevice::to_string() const {
    std::ostringstream s;
    s << "MeshDevice(" << num_rows() << "x" << num_cols() << " grid, " << num_devices() << " devices)";
    return s.str();
}
std::ostream& operator<<(std::ostream& os, const MeshDevice& mesh_device) { return os << mesh_device.to_string(); }
bool MeshDevice::is_parent_mesh() const { return parent_mesh_ == nullptr; }
std::vector<std::shared_ptr<MeshDevice>> MeshDevice::get_submeshes() const {
    std::vector<std::shared_ptr<MeshDevice>> out;
    for (const auto& w : submeshes_)
        if (auto s = w.lock()) out.push_back(s);
    return out;
}
std::shared_ptr<MeshDevice> MeshDevice::create_submesh(const MeshShape&, const std::optional<MeshCoordinate>&) {
    ttemu::Throw("MeshDevice::create_submesh is not supported by the tt-metal emulator yet");
}
std::vector<std::shared_ptr<MeshDevice>> MeshDevice::create_submeshes(const MeshShape&) {
    ttemu::Throw("MeshDevice::create_submeshes is not supported by the tt-metal emulator yet");
}
std::vector<IDevice*> MeshDevice::get_row_major_devices(const MeshShape&) const { return get_devices(); }

MeshCommandQueue& MeshDevice::mesh_command_queue(std::size_t cq_id) const {
    if (cq_id >= mesh_command_queues_.size())
        ttemu::Throw("mesh_command_queue(", cq_id, "): the mesh has ", mesh_command_queues_.size(), " command queues");
    return *mesh_command_queues_[cq_id];
}

// ---- mesh traces: one metal trace per device, under one MeshTraceId
std::shared_ptr<MeshTraceBuffer>& MeshDevice::create_mesh_trace(const MeshTraceId& trace_id) {
    auto [it, fresh] = trace_buffer_pool_.try_emplace(trace_id, MeshTrace::create_empty_mesh_trace_buffer());
    if (!fresh) ttemu::Throw("mesh trace ", *trace_id, " already exists");
    return it->second;
}
void MeshDevice::begin_mesh_trace(std::uint8_t cq_id, const MeshTraceId& trace_id) {
    create_mesh_trace(trace_id);
    mesh_command_queue(cq_id).record_begin(trace_id, trace_buffer_pool_.at(trace_id)->desc);
}
void MeshDevice::end_mesh_trace(std::uint8_t cq_id, const MeshTraceId&) { mesh_command_queue(cq_id).record_end(); }
void MeshDevice::replay_mesh_trace(std::uint8_t cq_id, const MeshTraceId& trace_id, bool blocking) {
    mesh_command_queue(cq_id).enqueue_trace(trace_id, blocking);
}
void MeshDevice::release_mesh_trace(const MeshTraceId& trace_id) {
    // The descriptor lists each device's metal trace (MeshCommandQueue::record_begin fills it in).
    const auto buffer = get_mesh_trace(trace_id);
    for (const MeshTraceData& d : buffer->desc->ordered_trace_data)
        get_device(d.device_range.start_coord())->release_trace(d.data.at(1));
    trace_buffer_pool_.erase(trace_id);
}
std::shared_ptr<MeshTraceBuffer> MeshDevice::get_mesh_trace(const MeshTraceId& trace_id) {
    auto it = trace_buffer_pool_.find(trace_id);
    if (it == trace_buffer_pool_.end()) ttemu::Throw("mesh trace ", *trace_id, " does not exist");
    return it->second;
}

// ---- mesh sub-device managers: none, as for single devices (EmuDevice says the same)
MeshSubDeviceManagerId::MeshSubDeviceManagerId(const MeshDevice&) {}
MeshSubDeviceManagerId MeshDevice::mesh_create_sub_device_manager(tt::stl::Span<const SubDevice>, DeviceAddr) {
    ttemu::ThrowNoSubDeviceManagers();
}
std::tuple<MeshSubDeviceManagerId, SubDeviceId> MeshDevice::mesh_create_sub_device_manager_with_fabric(
    tt::stl::Span<const SubDevice>, DeviceAddr) {
    ttemu::ThrowNoSubDeviceManagers();
}
void MeshDevice::mesh_clear_loaded_sub_device_manager() {}
void MeshDevice::mesh_load_sub_device_manager(MeshSubDeviceManagerId) {
    ttemu::ThrowNoSubDeviceManagers();
}
void MeshDevice::mesh_remove_sub_device_manager(MeshSubDeviceManagerId) {
    ttemu::ThrowNoSubDeviceManagers();
}
void MeshDevice::mesh_set_sub_device_stall_group(tt::stl::Span<const SubDeviceId>) {}
void MeshDevice::mesh_reset_sub_device_stall_group() {}

}  // namespace tt::tt_metal::distributed
