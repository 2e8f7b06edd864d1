// MeshDevice (v0.67.0): the devices of a mesh opened together, its command queues, buffers placed in lock-step on
// every device, sub-device managers and mesh traces. As an IDevice it answers device-wide queries for its first
// device. SystemMesh and MeshDeviceView are here too.
#include <algorithm>
#include <cstddef>
#include <sstream>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/system_mesh.hpp>

#include "mesh_device_impl.h"
#include "mesh_queue.h"
#include "emu/core/device_model.h"
#include "emu/core/errors.h"
#include "emu/core/settings.h"

namespace tt::tt_metal {
// tt-metal's dispatch thread pool; the emulator has none.
class ThreadPool {};
}  // namespace tt::tt_metal

namespace tt::tt_metal::distributed {

using ttemu::Throw;

// ---- the mesh's parts

std::vector<ttemu::Chip*> MeshChips(const MeshDevice& mesh) {
    const MeshDeviceImpl& impl = mesh.impl();
    if (impl.closed) Throw("the mesh device is closed");
    std::vector<ttemu::Chip*> out;
    for (Device* d : impl.devices) out.push_back(&d->chip());
    return out;
}

Device& DeviceAt(const MeshDevice& mesh, const MeshCoordinate& coord) {
    const MeshDeviceImpl& impl = mesh.impl();
    if (impl.closed) Throw("the mesh device is closed");
    if (coord.dims() != impl.shape.dims() || !MeshCoordinateRange(impl.shape).contains(coord))
        Throw("MeshDevice: coordinate ", coord, " is outside the mesh ", impl.shape);
    return *impl.devices.at(coord.to_linear_index(impl.shape));
}

std::shared_ptr<MeshDevice> MeshDeviceImpl::Create(const MeshShape& shape, const std::vector<int>& device_ids,
                                                   const ttemu::ChipConfig& config) {
    if (shape.mesh_size() == 0) Throw("MeshDevice::create: the mesh shape ", shape, " has no devices");
    if (device_ids.size() != shape.mesh_size())
        Throw("MeshDevice::create: ", device_ids.size(), " device ids for a mesh of ", shape.mesh_size(),
              " devices ", shape);
    std::shared_ptr<MeshDevice> mesh(new MeshDevice());
    mesh->pimpl_ = std::make_unique<MeshDeviceImpl>();
    MeshDeviceImpl& impl = *mesh->pimpl_;
    impl.shape = shape;
    impl.config = config;
    try {
        for (int id : device_ids) impl.devices.push_back(ttemu::v067::OpenDevice(id, config));
    } catch (...) {
        // The devices opened so far close here, and the half-made mesh, going with the exception, has none left to
        // close again.
        for (Device* d : impl.devices) ttemu::v067::CloseDevice(d);
        impl.devices.clear();
        impl.closed = true;
        throw;
    }
    std::vector<IDevice*> devices(impl.devices.begin(), impl.devices.end());
    std::vector<tt::tt_fabric::FabricNodeId> nodes;
    for (std::size_t i = 0; i < devices.size(); i++)
        nodes.emplace_back(tt::tt_fabric::MeshId{0}, static_cast<std::uint32_t>(i));
    impl.view = std::make_unique<MeshDeviceView>(shape, devices, nodes);
    for (Device* d : impl.devices) d->set_mesh(mesh);
    impl.allocator_impl = std::make_unique<AllocatorImpl>(MeshChips(*mesh));
    impl.allocator = std::make_unique<Allocator>(impl.allocator_impl.get());
    const SubDevice whole(std::array<CoreRangeSet, NumHalProgrammableCoreTypes>{
        CoreRangeSet(CoreRange({0, 0}, {ttemu::kComputeGridX - 1, ttemu::kComputeGridY - 1})), CoreRangeSet(),
        CoreRangeSet()});
    impl.managers[0] = {{whole}, 0, {SubDeviceId{0}}, {SubDeviceId{0}}};
    for (std::uint32_t cq = 0; cq < config.num_cqs; cq++) impl.queues.push_back(MakeMeshQueue(mesh.get(), cq));
    return mesh;
}

// ---- creation

namespace {

ttemu::ChipConfig ConfigOf(std::size_t l1_small_size, std::size_t trace_region_size, std::size_t num_command_queues) {
    return {static_cast<std::uint32_t>(num_command_queues), l1_small_size, trace_region_size};
}

}  // namespace

std::shared_ptr<MeshDevice> MeshDeviceImpl::Create(const MeshDeviceConfig& config, std::size_t l1_small_size,
                                                   std::size_t trace_region_size, std::size_t num_command_queues) {
    const std::size_t available = ttemu::GetSettings().num_devices;
    std::vector<int> ids;
    MeshShape shape = config.mesh_shape().value_or(SystemMesh::instance().shape());
    if (!config.physical_device_ids().empty()) {
        ids = config.physical_device_ids();
    } else {
        if (shape.mesh_size() > available)
            Throw("MeshDevice::create: the requested mesh ", shape, " needs ", shape.mesh_size(),
                  " devices but the system has ", available, " (the emulator offers TT_METAL_EMU_NUM_DEVICES)");
        const auto mapped = SystemMesh::instance().get_mapped_devices(shape, config.offset());
        for (const auto& id : mapped.device_ids) ids.push_back(id.value());
    }
    return Create(shape, ids, ConfigOf(l1_small_size, trace_region_size, num_command_queues));
}

std::shared_ptr<MeshDevice> MeshDeviceImpl::CreateUnit(int device_id, std::size_t l1_small_size,
                                                       std::size_t trace_region_size, std::size_t num_command_queues) {
    return Create(MeshShape(1, 1), {device_id}, ConfigOf(l1_small_size, trace_region_size, num_command_queues));
}

#if TTEMU_API_METAL_ENV
std::uint32_t MeshDevice::get_system_mesh_id() const { return 0; }  // one process, one mesh of the system
#endif

std::shared_ptr<MeshDevice> MeshDevice::create(const MeshDeviceConfig& config, std::size_t l1_small_size,
                                               std::size_t trace_region_size, std::size_t num_command_queues,
                                               const DispatchCoreConfig&, ttsl::Span<const std::uint32_t>,
                                               std::size_t) {
    return MeshDeviceImpl::Create(config, l1_small_size, trace_region_size, num_command_queues);
}

std::shared_ptr<MeshDevice> MeshDevice::create_unit_mesh(int device_id, std::size_t l1_small_size,
                                                         std::size_t trace_region_size, std::size_t num_command_queues,
                                                         const DispatchCoreConfig&, ttsl::Span<const std::uint32_t>,
                                                         std::size_t) {
    return MeshDeviceImpl::CreateUnit(device_id, l1_small_size, trace_region_size, num_command_queues);
}

std::map<int, std::shared_ptr<MeshDevice>> MeshDevice::create_unit_meshes(
    const std::vector<int>& device_ids, std::size_t l1_small_size, std::size_t trace_region_size,
    std::size_t num_command_queues, const DispatchCoreConfig& dispatch_core_config,
    ttsl::Span<const std::uint32_t> l1_bank_remap, std::size_t worker_l1_size) {
    std::map<int, std::shared_ptr<MeshDevice>> out;
    for (int id : device_ids)
        out[id] = create_unit_mesh(id, l1_small_size, trace_region_size, num_command_queues, dispatch_core_config,
                                   l1_bank_remap, worker_l1_size);
    return out;
}

MeshDevice::~MeshDevice() {
    try {
        close();
    } catch (...) {  // a destructor: closing is best effort
    }
}

bool MeshDevice::close() {
    MeshDeviceImpl& impl = *pimpl_;
    if (impl.closed) return false;
    for (auto& q : impl.queues) {
        try {
            q->finish();
        } catch (const std::exception&) {  // tt-metal closes the mesh whatever its last command did
        }
    }
    impl.queues.clear();
    impl.traces.clear();
    for (Device* d : impl.devices) ttemu::v067::CloseDevice(d);
    impl.closed = true;
    return true;
}

// ---- the mesh

std::vector<IDevice*> MeshDevice::get_devices() const {
    MeshChips(*this);
    return std::vector<IDevice*>(pimpl_->devices.begin(), pimpl_->devices.end());
}
IDevice* MeshDevice::get_device(ChipId physical_device_id) const {
    for (Device* d : pimpl_->devices)
        if (d->id() == physical_device_id) return d;
    Throw("MeshDevice: device ", physical_device_id, " is not in the mesh");
}
IDevice* MeshDevice::get_device(const MeshCoordinate& coord) const { return &DeviceAt(*this, coord); }
IDevice* MeshDevice::get_device(std::size_t row_idx, std::size_t col_idx) const {
    return &DeviceAt(*this, MeshCoordinate(static_cast<std::uint32_t>(row_idx), static_cast<std::uint32_t>(col_idx)));
}
tt_fabric::FabricNodeId MeshDevice::get_fabric_node_id(const MeshCoordinate& coord) const {
    return tt_fabric::FabricNodeId(tt_fabric::MeshId{0}, static_cast<std::uint32_t>(coord.to_linear_index(shape())));
}
DeviceIds MeshDevice::get_device_ids() const {
    DeviceIds ids;
    for (Device* d : pimpl_->devices) ids.push_back(d->id());
    return ids;
}
std::size_t MeshDevice::num_devices() const { return pimpl_->devices.size(); }
std::size_t MeshDevice::num_rows() const { return pimpl_->shape.dims() >= 2 ? pimpl_->shape[0] : 1; }
std::size_t MeshDevice::num_cols() const { return pimpl_->shape.dims() >= 2 ? pimpl_->shape[1] : pimpl_->shape[0]; }
bool MeshDevice::is_local(const MeshCoordinate& coord) const {
    DeviceAt(*this, coord);
    return true;
}
const MeshShape& MeshDevice::shape() const { return pimpl_->shape; }
void MeshDevice::reshape(const MeshShape& new_shape) {
    if (new_shape.mesh_size() != pimpl_->shape.mesh_size())
        Throw("MeshDevice::reshape: the new shape ", new_shape, " has ", new_shape.mesh_size(),
              " devices, the mesh has ", pimpl_->shape.mesh_size());
    pimpl_->shape = new_shape;
    std::vector<IDevice*> devices(pimpl_->devices.begin(), pimpl_->devices.end());
    std::vector<tt::tt_fabric::FabricNodeId> nodes;
    for (std::size_t i = 0; i < devices.size(); i++)
        nodes.emplace_back(tt::tt_fabric::MeshId{0}, static_cast<std::uint32_t>(i));
    pimpl_->view = std::make_unique<MeshDeviceView>(new_shape, devices, nodes);
}
const MeshDeviceView& MeshDevice::get_view() const { return *pimpl_->view; }
std::string MeshDevice::to_string() const {
    std::ostringstream out;
    out << "MeshDevice(" << num_rows() << "x" << num_cols() << " grid, " << num_devices() << " devices)";
    return out.str();
}
std::ostream& operator<<(std::ostream& os, const MeshDevice& mesh_device) { return os << mesh_device.to_string(); }
bool MeshDevice::is_parent_mesh() const { return true; }
const std::shared_ptr<MeshDevice>& MeshDevice::get_parent_mesh() const {
    static const std::shared_ptr<MeshDevice> none;
    return none;
}
std::vector<std::shared_ptr<MeshDevice>> MeshDevice::get_submeshes() const { return {}; }
void MeshDevice::quiesce_devices() {
    for (auto& q : pimpl_->queues) q->finish();
}
std::shared_ptr<MeshDevice> MeshDevice::create_submesh(const MeshShape&, const std::optional<MeshCoordinate>&) {
    Throw("MeshDevice::create_submesh: submeshes are not emulated");
}
std::vector<std::shared_ptr<MeshDevice>> MeshDevice::create_submeshes(const MeshShape&) {
    Throw("MeshDevice::create_submeshes: submeshes are not emulated");
}
MeshCommandQueue& MeshDevice::mesh_command_queue(std::optional<std::uint8_t> cq_id) const {
    MeshChips(*this);
    const std::size_t id = cq_id.value_or(GetCurrentCommandQueueIdForThread());
    if (id >= pimpl_->queues.size())
        Throw("mesh_command_queue(", id, "): the mesh has ", pimpl_->queues.size(), " command queues");
    return *pimpl_->queues[id];
}
void MeshDevice::enqueue_to_thread_pool(std::function<void()>&& f) { f(); }
void MeshDevice::wait_for_thread_pool() {}

// ---- IDevice, answered for the reference (first) device

namespace {
Device& Reference(const MeshDevice& mesh) {
    MeshChips(mesh);
    return *mesh.impl().devices.at(0);
}
}  // namespace

tt::ARCH MeshDevice::arch() const { return tt::ARCH::WORMHOLE_B0; }
int MeshDevice::id() const { return Reference(*this).id(); }
ChipId MeshDevice::build_id() const { return Reference(*this).build_id(); }
std::uint8_t MeshDevice::num_hw_cqs() const { return static_cast<std::uint8_t>(pimpl_->config.num_cqs); }
bool MeshDevice::is_initialized() const { return !pimpl_->closed; }
int MeshDevice::num_dram_channels() const { return Reference(*this).num_dram_channels() * num_devices(); }
std::uint32_t MeshDevice::l1_size_per_core() const { return Reference(*this).l1_size_per_core(); }
std::uint32_t MeshDevice::dram_size_per_channel() const { return Reference(*this).dram_size_per_channel(); }
int MeshDevice::get_clock_rate_mhz() const { return Reference(*this).get_clock_rate_mhz(); }
CoreCoord MeshDevice::grid_size() const { return Reference(*this).grid_size(); }
CoreCoord MeshDevice::logical_grid_size() const { return Reference(*this).logical_grid_size(); }
CoreCoord MeshDevice::dram_grid_size() const { return Reference(*this).dram_grid_size(); }
CoreCoord MeshDevice::virtual_noc0_coordinate(std::uint8_t noc_index, CoreCoord coord) const {
    return Reference(*this).virtual_noc0_coordinate(noc_index, coord);
}
std::vector<CoreCoord> MeshDevice::worker_cores_from_logical_cores(const std::vector<CoreCoord>& logical) const {
    return Reference(*this).worker_cores_from_logical_cores(logical);
}
std::vector<CoreCoord> MeshDevice::ethernet_cores_from_logical_cores(const std::vector<CoreCoord>& logical) const {
    return Reference(*this).ethernet_cores_from_logical_cores(logical);
}
std::vector<CoreCoord> MeshDevice::get_optimal_dram_bank_to_logical_worker_assignment(NOC noc) {
    return Reference(*this).get_optimal_dram_bank_to_logical_worker_assignment(noc);
}
CoreCoord MeshDevice::virtual_core_from_logical_core(const CoreCoord& logical, const CoreType& core_type) const {
    return Reference(*this).virtual_core_from_logical_core(logical, core_type);
}
CoreCoord MeshDevice::worker_core_from_logical_core(const CoreCoord& logical_core) const {
    return Reference(*this).worker_core_from_logical_core(logical_core);
}
CoreCoord MeshDevice::ethernet_core_from_logical_core(const CoreCoord& logical_core) const {
    return Reference(*this).ethernet_core_from_logical_core(logical_core);
}
CoreCoord MeshDevice::logical_core_from_ethernet_core(const CoreCoord& ethernet_core) const {
    return Reference(*this).logical_core_from_ethernet_core(ethernet_core);
}
std::unordered_set<CoreCoord> MeshDevice::get_active_ethernet_cores(bool) const { return {}; }
std::unordered_set<CoreCoord> MeshDevice::get_inactive_ethernet_cores() const { return {}; }
bool MeshDevice::is_active_ethernet_core(CoreCoord, bool) const { return false; }
std::tuple<ChipId, CoreCoord> MeshDevice::get_connected_ethernet_core(CoreCoord eth_core) const {
    return Reference(*this).get_connected_ethernet_core(eth_core);
}
std::vector<CoreCoord> MeshDevice::get_ethernet_sockets(ChipId) const { return {}; }
bool MeshDevice::is_inactive_ethernet_core(CoreCoord) const { return false; }
std::uint32_t MeshDevice::num_virtual_eth_cores(SubDeviceId) { return 0; }
CoreCoord MeshDevice::compute_with_storage_grid_size() const { return Reference(*this).compute_with_storage_grid_size(); }
CoreRangeSet MeshDevice::worker_cores(HalProgrammableCoreType core_type, SubDeviceId sub_device_id) const {
    const auto& manager = pimpl_->Active();
    if (*sub_device_id >= manager.sub_devices.size())
        Throw("sub-device ", int(*sub_device_id), " does not exist in the loaded sub-device manager (it has ",
              manager.sub_devices.size(), ")");
    return manager.sub_devices[*sub_device_id].cores(core_type);
}
std::uint32_t MeshDevice::num_worker_cores(HalProgrammableCoreType core_type, SubDeviceId sub_device_id) const {
    return worker_cores(core_type, sub_device_id).num_cores();
}
const std::unique_ptr<Allocator>& MeshDevice::allocator() const { return pimpl_->allocator; }
const std::unique_ptr<Allocator>& MeshDevice::allocator(SubDeviceId) const { return pimpl_->allocator; }
const std::unique_ptr<AllocatorImpl>& MeshDevice::allocator_impl() const { return pimpl_->allocator_impl; }
const std::unique_ptr<AllocatorImpl>& MeshDevice::allocator_impl(SubDeviceId) const { return pimpl_->allocator_impl; }
CoreCoord MeshDevice::logical_core_from_dram_channel(std::uint32_t dram_channel) const {
    return Reference(*this).logical_core_from_dram_channel(dram_channel);
}
std::uint32_t MeshDevice::dram_channel_from_logical_core(const CoreCoord& logical_core) const {
    return Reference(*this).dram_channel_from_logical_core(logical_core);
}
std::uint32_t MeshDevice::dram_channel_from_virtual_core(const CoreCoord& virtual_core) const {
    return Reference(*this).dram_channel_from_virtual_core(virtual_core);
}
std::optional<DeviceAddr> MeshDevice::lowest_occupied_compute_l1_address() const {
    return Reference(*this).lowest_occupied_compute_l1_address();
}
std::optional<DeviceAddr> MeshDevice::lowest_occupied_compute_l1_address(ttsl::Span<const SubDeviceId>) const {
    return lowest_occupied_compute_l1_address();
}
const std::set<CoreCoord>& MeshDevice::ethernet_cores() const { return Reference(*this).ethernet_cores(); }
const std::set<CoreCoord>& MeshDevice::storage_only_cores() const {
    static const std::set<CoreCoord> none;
    return none;
}
std::uint32_t MeshDevice::get_noc_unicast_encoding(std::uint8_t noc_index, const CoreCoord& core) const {
    return Reference(*this).get_noc_unicast_encoding(noc_index, core);
}
std::uint32_t MeshDevice::get_noc_multicast_encoding(std::uint8_t noc_index, const CoreRange& cores) const {
    return Reference(*this).get_noc_multicast_encoding(noc_index, cores);
}
SystemMemoryManager& MeshDevice::sysmem_manager() {
    Throw("MeshDevice::sysmem_manager: the emulated device has no system memory manager");
}
std::uint32_t MeshDevice::get_trace_buffers_size() const { return pimpl_->trace_buffers_size; }
void MeshDevice::set_trace_buffers_size(std::uint32_t size) { pimpl_->trace_buffers_size = size; }
bool MeshDevice::initialize(std::uint8_t, std::size_t, std::size_t, std::size_t, ttsl::Span<const std::uint32_t>,
                            bool) {
    return true;
}
#if TTEMU_API_DEVICE_INIT_VIRTUALS
void MeshDevice::init_command_queue_host() {}
void MeshDevice::init_command_queue_device() {}
bool MeshDevice::compile_fabric() { return false; }
void MeshDevice::configure_fabric() {}
#endif
void MeshDevice::enable_program_cache() { pimpl_->program_cache.enabled = true; }
void MeshDevice::clear_program_cache() { pimpl_->program_cache.num_entries = 0; }
void MeshDevice::disable_and_clear_program_cache() { pimpl_->program_cache = {}; }
program_cache::detail::ProgramCache& MeshDevice::get_program_cache() { return pimpl_->program_cache; }
std::size_t MeshDevice::num_program_cache_entries() { return pimpl_->program_cache.num_entries; }
HalProgrammableCoreType MeshDevice::get_programmable_core_type(CoreCoord) const {
    return HalProgrammableCoreType::TENSIX;
}
HalMemType MeshDevice::get_mem_type_of_core(CoreCoord virtual_core) const {
    return Reference(*this).get_mem_type_of_core(virtual_core);
}
bool MeshDevice::has_noc_mcast_txns(SubDeviceId) const { return true; }
std::uint8_t MeshDevice::num_noc_unicast_txns(SubDeviceId) const { return 0; }
std::uint8_t MeshDevice::noc_data_start_index(SubDeviceId, bool) const { return 0; }
CoreCoord MeshDevice::virtual_program_dispatch_core(std::uint8_t cq_id) const {
    return Reference(*this).virtual_program_dispatch_core(cq_id);
}
bool MeshDevice::is_mmio_capable() const { return true; }
std::shared_ptr<MeshDevice> MeshDevice::get_mesh_device() { return shared_from_this(); }

// ---- sub-device managers (mesh-wide; loading one changes what worker_cores answers)

SubDeviceManagerId MeshDevice::get_active_sub_device_manager_id() const {
    return SubDeviceManagerId{pimpl_->active_manager};
}
SubDeviceManagerId MeshDevice::get_default_sub_device_manager_id() const { return SubDeviceManagerId{0}; }
SubDeviceManagerId MeshDevice::create_sub_device_manager(ttsl::Span<const SubDevice> sub_devices,
                                                         DeviceAddr local_l1_size) {
    if (sub_devices.empty()) Throw("create_sub_device_manager: at least one sub-device is needed");
    const CoreRange grid({0, 0}, {ttemu::kComputeGridX - 1, ttemu::kComputeGridY - 1});
    std::vector<CoreRangeSet> seen;
    for (const SubDevice& sd : sub_devices) {
        const CoreRangeSet& cores = sd.cores(HalProgrammableCoreType::TENSIX);
        if (!grid.contains(cores)) Throw("create_sub_device_manager: sub-device cores ", cores.str(), " lie outside the worker grid");
        for (const CoreRangeSet& other : seen)
            if (other.intersects(cores)) Throw("create_sub_device_manager: sub-devices ", other.str(), " and ", cores.str(), " overlap");
        seen.push_back(cores);
    }
    MeshDeviceImpl::SubDeviceManager manager;
    manager.sub_devices.assign(sub_devices.begin(), sub_devices.end());
    manager.local_l1_size = local_l1_size;
    for (std::size_t i = 0; i < sub_devices.size(); i++) manager.ids.push_back(SubDeviceId{static_cast<std::uint8_t>(i)});
    manager.stall_group = manager.ids;
    const std::uint64_t id = pimpl_->next_manager++;
    pimpl_->managers[id] = std::move(manager);
    return SubDeviceManagerId{id};
}
SubDeviceManagerId MeshDevice::create_sub_device_manager(std::initializer_list<SubDevice> sub_devices,
                                                         DeviceAddr local_l1_size) {
    return create_sub_device_manager(ttsl::Span<const SubDevice>(sub_devices.begin(), sub_devices.size()),
                                     local_l1_size);
}
void MeshDevice::remove_sub_device_manager(SubDeviceManagerId id) {
    if (*id == 0) Throw("Cannot remove the default sub-device manager");
    if (!pimpl_->managers.count(*id)) Throw("Sub-device manager ", *id, " does not exist");
    if (pimpl_->active_manager == *id) Throw("Cannot remove the active sub-device manager ", *id);
    pimpl_->managers.erase(*id);
}
void MeshDevice::load_sub_device_manager(SubDeviceManagerId id) {
    if (!pimpl_->managers.count(*id)) Throw("Sub-device manager ", *id, " does not exist");
    for (auto& q : pimpl_->queues) q->finish();
    pimpl_->active_manager = *id;
}
void MeshDevice::clear_loaded_sub_device_manager() { load_sub_device_manager(SubDeviceManagerId{0}); }
const std::vector<SubDeviceId>& MeshDevice::get_sub_device_ids() const { return pimpl_->Active().ids; }
const std::vector<SubDeviceId>& MeshDevice::get_sub_device_stall_group() const { return pimpl_->Active().stall_group; }
void MeshDevice::set_sub_device_stall_group(ttsl::Span<const SubDeviceId> ids) {
    pimpl_->Active().stall_group.assign(ids.begin(), ids.end());
}
void MeshDevice::reset_sub_device_stall_group() { pimpl_->Active().stall_group = pimpl_->Active().ids; }
std::uint32_t MeshDevice::num_sub_devices() const { return static_cast<std::uint32_t>(pimpl_->Active().ids.size()); }

// ---- mesh traces: one chip trace per device, under the mesh trace's id; the capture and replay go through the
// queue's record_begin / record_end / enqueue_trace, as tt-metal's do.

MeshTraceId MeshDevice::begin_mesh_trace(std::uint8_t cq_id) {
    const MeshTraceId id{ttemu::NextTraceId()};
    begin_mesh_trace(cq_id, id);
    return id;
}
void MeshDevice::begin_mesh_trace(std::uint8_t cq_id, const MeshTraceId& trace_id) {
    if (pimpl_->traces.count(*trace_id)) Throw("begin_mesh_trace: mesh trace ", *trace_id, " already exists");
    mesh_command_queue(cq_id).record_begin(trace_id, nullptr);
    pimpl_->traces[*trace_id] = {cq_id, false};
}
void MeshDevice::end_mesh_trace(std::uint8_t cq_id, const MeshTraceId& trace_id) {
    auto it = pimpl_->traces.find(*trace_id);
    if (it == pimpl_->traces.end() || it->second.complete || it->second.cq_id != cq_id)
        Throw("end_mesh_trace: mesh trace ", *trace_id, " is not being captured on command queue ", int(cq_id));
    try {
        mesh_command_queue(cq_id).record_end();
    } catch (...) {
        pimpl_->traces.erase(it);
        throw;
    }
    it->second.complete = true;
}
void MeshDevice::replay_mesh_trace(std::uint8_t cq_id, const MeshTraceId& trace_id, bool blocking) {
    auto it = pimpl_->traces.find(*trace_id);
    if (it == pimpl_->traces.end()) Throw("replay_mesh_trace: mesh trace ", *trace_id, " does not exist");
    if (!it->second.complete) Throw("replay_mesh_trace: mesh trace ", *trace_id, " is still being captured");
    if (it->second.cq_id != cq_id)
        Throw("replay_mesh_trace: mesh trace ", *trace_id, " was captured on command queue ", int(it->second.cq_id),
              ", not ", int(cq_id));
    mesh_command_queue(cq_id).enqueue_trace(trace_id, blocking);
}
void MeshDevice::release_mesh_trace(const MeshTraceId& trace_id) {
    auto it = pimpl_->traces.find(*trace_id);
    if (it == pimpl_->traces.end()) Throw("release_mesh_trace: mesh trace ", *trace_id, " does not exist");
    for (ttemu::Chip* chip : MeshChips(*this))
        if (chip->HasTrace(*trace_id)) chip->ReleaseTrace(*trace_id, "release_mesh_trace");
    pimpl_->traces.erase(it);
}
std::shared_ptr<MeshTraceBuffer> MeshDevice::get_mesh_trace(const MeshTraceId& trace_id) {
    if (!pimpl_->traces.count(*trace_id)) Throw("get_mesh_trace: mesh trace ", *trace_id, " does not exist");
    Throw("get_mesh_trace: the emulator's mesh traces have no trace buffer to hand out");
}

// ---- SystemMesh: the system's devices as one mesh (2×4 for eight, else a line)

class SystemMesh::Impl {
public:
    MeshShape shape = MeshShape(1, 1);
};

SystemMesh::SystemMesh(const tt::tt_fabric::ControlPlane&) : pimpl_(std::make_unique<Impl>()) {}
SystemMesh::~SystemMesh() = default;

SystemMesh& SystemMesh::instance() {
    static SystemMesh* mesh = [] {
        // The constructor ignores its control plane (the emulator has no fabric), but a reference may not be bound
        // to null: it gets a place that is never read.
        alignas(std::max_align_t) static const unsigned char no_control_plane[64] = {};
        auto* m = new SystemMesh(*reinterpret_cast<const tt::tt_fabric::ControlPlane*>(no_control_plane));
        const std::uint32_t n = ttemu::GetSettings().num_devices;
        m->pimpl_->shape = n == 8 ? MeshShape(2, 4) : MeshShape(1, n);
        return m;
    }();
    return *mesh;
}
const MeshShape& SystemMesh::shape() const { return pimpl_->shape; }
const MeshShape& SystemMesh::local_shape() const { return pimpl_->shape; }

SystemMesh::MappedDevices SystemMesh::get_mapped_devices(const std::optional<MeshShape>& shape,
                                                         const std::optional<MeshCoordinate>& offset) const {
    const MeshShape want = shape.value_or(pimpl_->shape);
    const MeshShape& system = pimpl_->shape;
    MappedDevices out{{}, {}, want};
    if (want.mesh_size() > system.mesh_size())
        Throw("SystemMesh: the requested mesh ", want, " is larger than the system mesh ", system);
    // A line of n devices, or a sub-box of the system mesh at `offset`; device ids are row-major in the system mesh.
    if (want.dims() == 1 || (want.dims() == 2 && (want[0] == 1 || want[1] == 1) && !offset)) {
        for (std::uint32_t i = 0; i < want.mesh_size(); i++) {
            out.device_ids.push_back(MaybeRemote<int>::local(static_cast<int>(i)));
            out.fabric_node_ids.emplace_back(tt::tt_fabric::MeshId{0}, i);
        }
        return out;
    }
    if (want.dims() != 2 || system.dims() != 2) Throw("SystemMesh: meshes of ", want.dims(), " dimensions are not emulated");
    const std::uint32_t r0 = offset ? (*offset)[0] : 0, c0 = offset ? (*offset)[1] : 0;
    if (r0 + want[0] > system[0] || c0 + want[1] > system[1])
        Throw("SystemMesh: the requested mesh ", want, " at offset (", r0, ", ", c0, ") does not fit the system mesh ",
              system);
    for (std::uint32_t r = 0; r < want[0]; r++)
        for (std::uint32_t c = 0; c < want[1]; c++) {
            const auto id = static_cast<int>((r0 + r) * system[1] + c0 + c);
            out.device_ids.push_back(MaybeRemote<int>::local(id));
            out.fabric_node_ids.emplace_back(tt::tt_fabric::MeshId{0}, static_cast<std::uint32_t>(id));
        }
    return out;
}

}  // namespace tt::tt_metal::distributed
