// v0.67.0's exported mesh-side value types: FabricNodeId, MeshDeviceView (pimpl), DistributedHostBuffer, SubDevice,
// GlobalSemaphore and the program-visible Allocator.
#include <algorithm>
#include <cstring>

#include <tt-metalium/allocator.hpp>
#include <tt-metalium/distributed_host_buffer.hpp>
#include <tt-metalium/global_semaphore.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/mesh_device_view.hpp>
#include <tt-metalium/sub_device.hpp>

#include "device.h"
#include "emu/core/device_model.h"
#include "emu/core/errors.h"
#include "emu/core/mesh_layout.h"

// ---- FabricNodeId

namespace tt::tt_fabric {

FabricNodeId::FabricNodeId(MeshId mesh_id_val, std::uint32_t chip_id_val) : mesh_id(mesh_id_val), chip_id(chip_id_val) {}

namespace {
std::pair<std::uint32_t, std::uint32_t> Key(const FabricNodeId& n) { return {*n.mesh_id, n.chip_id}; }
}  // namespace

bool operator==(const FabricNodeId& lhs, const FabricNodeId& rhs) { return Key(lhs) == Key(rhs); }
bool operator!=(const FabricNodeId& lhs, const FabricNodeId& rhs) { return Key(lhs) != Key(rhs); }
bool operator<(const FabricNodeId& lhs, const FabricNodeId& rhs) { return Key(lhs) < Key(rhs); }
bool operator>(const FabricNodeId& lhs, const FabricNodeId& rhs) { return Key(lhs) > Key(rhs); }
bool operator<=(const FabricNodeId& lhs, const FabricNodeId& rhs) { return Key(lhs) <= Key(rhs); }
bool operator>=(const FabricNodeId& lhs, const FabricNodeId& rhs) { return Key(lhs) >= Key(rhs); }
std::ostream& operator<<(std::ostream& os, const MeshId& mesh_id) { return os << "MeshId(" << *mesh_id << ")"; }
std::ostream& operator<<(std::ostream& os, const FabricNodeId& node) {
    return os << "M" << *node.mesh_id << "D" << node.chip_id;
}

}  // namespace tt::tt_fabric

std::size_t std::hash<tt::tt_fabric::FabricNodeId>::operator()(const tt::tt_fabric::FabricNodeId& node) const noexcept {
    return (std::size_t(*node.mesh_id) << 32) ^ node.chip_id;
}

namespace tt::tt_metal {

// ---- MeshDeviceView

namespace distributed {

class MeshDeviceViewImpl {
public:
    MeshShape shape;
    std::vector<MaybeRemote<IDevice*>> devices;  // row-major
    std::vector<tt::tt_fabric::FabricNodeId> fabric_node_ids;

    std::size_t IndexOf(const MeshCoordinate& coord) const {
        if (coord.dims() != shape.dims() || !MeshCoordinateRange(shape).contains(coord))
            ttemu::Throw("MeshDeviceView: ", coord, " is outside the mesh ", shape);
        return coord.to_linear_index(shape);
    }
    IDevice* DeviceAt(const MeshCoordinate& coord) const {
        const auto& d = devices.at(IndexOf(coord));
        return d.is_local() ? *d : nullptr;
    }
};

namespace {
std::vector<MaybeRemote<IDevice*>> AllLocal(const std::vector<IDevice*>& devices) {
    std::vector<MaybeRemote<IDevice*>> out;
    for (IDevice* d : devices) out.push_back(MaybeRemote<IDevice*>::local(d));
    return out;
}
std::vector<MeshCoordinate> Coordinates(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& path) {
    std::vector<MeshCoordinate> out;
    for (const auto& [r, c] : path) out.emplace_back(r, c);
    return out;
}
}  // namespace

MeshDeviceView::MeshDeviceView(const MeshShape& shape, const std::vector<IDevice*>& devices,
                               const std::vector<tt::tt_fabric::FabricNodeId>& fabric_node_ids)
    : MeshDeviceView(shape, AllLocal(devices), fabric_node_ids) {}
MeshDeviceView::MeshDeviceView(const MeshShape& shape, const std::vector<MaybeRemote<IDevice*>>& devices,
                               const std::vector<tt::tt_fabric::FabricNodeId>& fabric_node_ids)
    : pimpl_(std::make_unique<MeshDeviceViewImpl>(MeshDeviceViewImpl{shape, devices, fabric_node_ids})) {
    if (devices.size() != shape.mesh_size() || fabric_node_ids.size() != shape.mesh_size())
        ttemu::Throw("MeshDeviceView: ", devices.size(), " devices and ", fabric_node_ids.size(),
                     " fabric node ids for a mesh of ", shape.mesh_size());
}
MeshDeviceView::~MeshDeviceView() = default;
MeshDeviceView::MeshDeviceView(const MeshDeviceView& other)
    : pimpl_(std::make_unique<MeshDeviceViewImpl>(*other.pimpl_)) {}
MeshDeviceView& MeshDeviceView::operator=(const MeshDeviceView& other) {
    if (this != &other) pimpl_ = std::make_unique<MeshDeviceViewImpl>(*other.pimpl_);
    return *this;
}
MeshDeviceView::MeshDeviceView(MeshDeviceView&&) noexcept = default;
MeshDeviceView& MeshDeviceView::operator=(MeshDeviceView&&) noexcept = default;

std::vector<IDevice*> MeshDeviceView::get_devices(const MeshCoordinateRange& range) const {
    std::vector<IDevice*> out;
    for (const MeshCoordinate& c : range)
        if (IDevice* d = pimpl_->DeviceAt(c)) out.push_back(d);
    return out;
}
std::vector<IDevice*> MeshDeviceView::get_devices() const { return get_devices(MeshCoordinateRange(shape())); }
std::vector<tt::tt_fabric::FabricNodeId> MeshDeviceView::get_fabric_node_ids(const MeshCoordinateRange& range) const {
    std::vector<tt::tt_fabric::FabricNodeId> out;
    for (const MeshCoordinate& c : range) out.push_back(pimpl_->fabric_node_ids.at(pimpl_->IndexOf(c)));
    return out;
}
std::vector<tt::tt_fabric::FabricNodeId> MeshDeviceView::get_fabric_node_ids() const { return pimpl_->fabric_node_ids; }
std::size_t MeshDeviceView::num_devices() const { return pimpl_->devices.size(); }
bool MeshDeviceView::empty() const noexcept { return pimpl_->devices.empty(); }
std::size_t MeshDeviceView::size() const noexcept { return pimpl_->devices.size(); }
const MeshShape& MeshDeviceView::shape() const noexcept { return pimpl_->shape; }
tt::tt_fabric::MeshId MeshDeviceView::mesh_id() const noexcept {
    return pimpl_->fabric_node_ids.empty() ? tt::tt_fabric::MeshId{0} : pimpl_->fabric_node_ids[0].mesh_id;
}
bool MeshDeviceView::contains(const MeshCoordinate& coord) const noexcept {
    return coord.dims() == shape().dims() && MeshCoordinateRange(shape()).contains(coord);
}
IDevice* MeshDeviceView::get_device(const MeshCoordinate& coord) const { return pimpl_->DeviceAt(coord); }
tt::tt_fabric::FabricNodeId MeshDeviceView::get_fabric_node_id(const MeshCoordinate& coord) const {
    return pimpl_->fabric_node_ids.at(pimpl_->IndexOf(coord));
}
std::vector<MaybeRemote<IDevice*>>::const_iterator MeshDeviceView::begin() const { return pimpl_->devices.begin(); }
std::vector<MaybeRemote<IDevice*>>::const_iterator MeshDeviceView::end() const { return pimpl_->devices.end(); }
MeshCoordinate MeshDeviceView::find_device(ChipId device_id) const {
    for (const MeshCoordinate& c : MeshCoordinateRange(shape())) {
        IDevice* d = pimpl_->DeviceAt(c);
        if (d && d->id() == device_id) return c;
    }
    ttemu::Throw("MeshDeviceView: device ", device_id, " is not in the mesh");
}
bool MeshDeviceView::is_mesh_2d() const { return shape().dims() == 2; }
std::size_t MeshDeviceView::num_rows() const {
    if (!is_mesh_2d()) ttemu::Throw("MeshDeviceView: num_rows() of a mesh that is not 2-D: ", shape());
    return shape()[0];
}
std::size_t MeshDeviceView::num_cols() const {
    if (!is_mesh_2d()) ttemu::Throw("MeshDeviceView: num_cols() of a mesh that is not 2-D: ", shape());
    return shape()[1];
}
namespace {
MeshCoordinateRange Row(const MeshDeviceView& v, std::size_t row) {
    if (row >= v.num_rows()) ttemu::Throw("MeshDeviceView: row ", row, " of a mesh of ", v.num_rows(), " rows");
    const auto r = static_cast<std::uint32_t>(row), last = static_cast<std::uint32_t>(v.num_cols() - 1);
    return MeshCoordinateRange(MeshCoordinate(r, 0), MeshCoordinate(r, last));
}
MeshCoordinateRange Column(const MeshDeviceView& v, std::size_t col) {
    if (col >= v.num_cols()) ttemu::Throw("MeshDeviceView: column ", col, " of a mesh of ", v.num_cols(), " columns");
    const auto c = static_cast<std::uint32_t>(col), last = static_cast<std::uint32_t>(v.num_rows() - 1);
    return MeshCoordinateRange(MeshCoordinate(0, c), MeshCoordinate(last, c));
}
}  // namespace
std::vector<IDevice*> MeshDeviceView::get_devices_on_row(std::size_t row) const { return get_devices(Row(*this, row)); }
std::vector<IDevice*> MeshDeviceView::get_devices_on_column(std::size_t col) const {
    return get_devices(Column(*this, col));
}
std::vector<tt::tt_fabric::FabricNodeId> MeshDeviceView::get_fabric_node_ids_on_row(std::size_t row) const {
    return get_fabric_node_ids(Row(*this, row));
}
std::vector<tt::tt_fabric::FabricNodeId> MeshDeviceView::get_fabric_node_ids_on_column(std::size_t col) const {
    return get_fabric_node_ids(Column(*this, col));
}
std::vector<MeshCoordinate> MeshDeviceView::get_line_coordinates(std::size_t length, const Shape2D& mesh_shape,
                                                                 const Shape2D& mesh_offset) {
    return Coordinates(ttemu::LineCoordinates(length, mesh_shape.height(), mesh_shape.width(), mesh_offset.height(),
                                              mesh_offset.width()));
}
std::vector<MeshCoordinate> MeshDeviceView::get_line_coordinates() const {
    return get_line_coordinates(num_devices(), Shape2D(num_rows(), num_cols()), Shape2D(0, 0));
}
std::vector<MeshCoordinate> MeshDeviceView::get_ring_coordinates(const Shape2D& ring_shape, const Shape2D& mesh_shape) {
    return Coordinates(
        ttemu::RingCoordinates(ring_shape.height(), ring_shape.width(), mesh_shape.height(), mesh_shape.width()));
}
std::vector<MeshCoordinate> MeshDeviceView::get_ring_coordinates() const {
    return get_ring_coordinates(Shape2D(num_rows(), num_cols()), Shape2D(num_rows(), num_cols()));
}
std::vector<IDevice*> MeshDeviceView::get_ring_devices() const {
    std::vector<IDevice*> out;
    for (const auto& c : get_ring_coordinates()) out.push_back(pimpl_->DeviceAt(c));
    return out;
}
std::vector<IDevice*> MeshDeviceView::get_line_devices() const {
    std::vector<IDevice*> out;
    for (const auto& c : get_line_coordinates()) out.push_back(pimpl_->DeviceAt(c));
    return out;
}
std::vector<tt::tt_fabric::FabricNodeId> MeshDeviceView::get_ring_fabric_node_ids() const {
    std::vector<tt::tt_fabric::FabricNodeId> out;
    for (const auto& c : get_ring_coordinates()) out.push_back(get_fabric_node_id(c));
    return out;
}
std::vector<tt::tt_fabric::FabricNodeId> MeshDeviceView::get_line_fabric_node_ids() const {
    std::vector<tt::tt_fabric::FabricNodeId> out;
    for (const auto& c : get_line_coordinates()) out.push_back(get_fabric_node_id(c));
    return out;
}
bool MeshDeviceView::is_local(const MeshCoordinate& coord) const {
    return pimpl_->devices.at(pimpl_->IndexOf(coord)).is_local();
}
MeshCoordinateRange MeshDeviceView::get_local_mesh_coord_range() const { return MeshCoordinateRange(shape()); }

}  // namespace distributed

// ---- DistributedHostBuffer: every shard of the mesh is local on one host.

DistributedHostBuffer DistributedHostBuffer::create(
    const distributed::MeshShape& global_shape, const distributed::MeshShape& local_shape,
    const distributed::MeshCoordinate& local_offset,
    const std::shared_ptr<distributed::multihost::DistributedContext>& context) {
    if (local_shape.dims() != global_shape.dims() || local_offset.dims() != global_shape.dims())
        ttemu::Throw("DistributedHostBuffer::create: the global shape ", global_shape, ", local shape ", local_shape,
                     " and offset ", local_offset, " differ in dimensions");
    distributed::MeshCoordinateRange local(global_shape);
    {
        ttsl::SmallVector<std::uint32_t> end;
        for (std::size_t d = 0; d < global_shape.dims(); d++) {
            const std::uint32_t e = local_offset[static_cast<std::int32_t>(d)] + local_shape[static_cast<std::int32_t>(d)];
            if (local_shape[static_cast<std::int32_t>(d)] == 0 || e > global_shape[static_cast<std::int32_t>(d)])
                ttemu::Throw("DistributedHostBuffer::create: the local shape ", local_shape, " at ", local_offset,
                             " does not fit in the global shape ", global_shape);
            end.push_back(e - 1);
        }
        local = distributed::MeshCoordinateRange(local_offset, distributed::MeshCoordinate(ttsl::Span<const std::uint32_t>(end.data(), end.size())));
    }
    distributed::DistributedMeshContainer<Shard> shards(global_shape);
    for (const auto& c : local) shards.at(c) = distributed::MaybeRemote<Shard>::local(Shard{});
    return DistributedHostBuffer(std::move(shards), {}, context);
}
DistributedHostBuffer DistributedHostBuffer::create(const distributed::MeshDeviceView& view) {
    return create(view.shape());
}
DistributedHostBuffer DistributedHostBuffer::create(const distributed::MeshShape& shape) {
    return create(shape, shape, distributed::MeshCoordinate::zero_coordinate(shape.dims()), nullptr);
}

std::optional<distributed::MeshCoordinate> DistributedHostBuffer::global_to_local(
    const distributed::MeshCoordinate& coord) const {
    if (coord.dims() != shards_.shape().dims() || !shards_.coord_range().contains(coord)) return std::nullopt;
    return coord;
}

std::optional<HostBuffer> DistributedHostBuffer::get_shard(const distributed::MeshCoordinate& coord) const {
    if (!global_to_local(coord))
        ttemu::Throw("DistributedHostBuffer::get_shard: ", coord, " is outside the buffer's shape ", shards_.shape());
    const auto& s = shards_.at(coord);
    if (!s.is_local() || !s->is_populated) return std::nullopt;
    return s->buffer;
}

// A shard emplaced is a shard the buffer has, local or not (shard_coords(): every process of a distributed run sees
// the whole buffer's coordinates); only a local one is produced and holds data.
void DistributedHostBuffer::emplace_shard(const distributed::MeshCoordinate& coord,
                                          const std::function<HostBuffer()>& produce_buffer) {
    if (!global_to_local(coord))
        ttemu::Throw("DistributedHostBuffer::emplace_shard: ", coord, " is outside the buffer's shape ",
                     shards_.shape());
    shard_coords_.insert(coord);
    auto& s = shards_.at(coord);
    if (!s.is_local()) return;
    s->buffer = produce_buffer();
    s->is_populated = true;
}

void DistributedHostBuffer::emplace_shards(const std::vector<distributed::MeshCoordinate>& coords,
                                           const ProduceBufferFn& produce_buffer, ProcessShardExecutionPolicy) {
    for (const auto& c : coords) emplace_shard(c, [&] { return produce_buffer(c); });
}

bool DistributedHostBuffer::is_local(const distributed::MeshCoordinate& coord) const {
    return global_to_local(coord) && shards_.at(coord).is_local();
}

// The local shards that hold data, by their linear index in the buffer's shape.
std::vector<std::size_t> DistributedHostBuffer::get_populated_shard_indices() const {
    std::vector<std::size_t> out;
    const auto& shards = shards_.values();
    for (std::size_t i = 0; i < shards.size(); i++)
        if (shards[i].is_local() && shards[i]->is_populated) out.push_back(i);
    return out;
}

// `fn` once per distinct host buffer (replicated shards share one: they get one result), into a buffer of the same
// shape and coordinates whose other shards are remote.
DistributedHostBuffer DistributedHostBuffer::transform(const TransformFn& fn, ProcessShardExecutionPolicy) const {
    const auto& shards = shards_.values();
    std::vector<distributed::MaybeRemote<Shard>> out(shards.size(), distributed::MaybeRemote<Shard>::remote());
    std::vector<std::pair<const std::byte*, HostBuffer>> done;  // by the data they were made from
    for (const std::size_t i : get_populated_shard_indices()) {
        const std::byte* data = shards[i]->buffer.view_bytes().data();
        auto it = std::find_if(done.begin(), done.end(), [&](const auto& d) { return d.first == data; });
        if (it == done.end()) it = done.insert(done.end(), {data, fn(shards[i]->buffer)});
        out[i] = distributed::MaybeRemote<Shard>::local(Shard{it->second, true});
    }
    return DistributedHostBuffer(distributed::DistributedMeshContainer<Shard>(shards_.shape(), std::move(out)),
                                 shard_coords_, context_);
}

void DistributedHostBuffer::apply(const ApplyFn& fn, ProcessShardExecutionPolicy) const {
    const auto& shards = shards_.values();
    for (const std::size_t i : get_populated_shard_indices()) fn(shards[i]->buffer);
}

const distributed::MeshShape& DistributedHostBuffer::shape() const { return shards_.shape(); }
const std::set<distributed::MeshCoordinate>& DistributedHostBuffer::shard_coords() const { return shard_coords_; }
const std::shared_ptr<distributed::multihost::DistributedContext>& DistributedHostBuffer::context() const {
    return context_;
}

// ---- SubDevice

class SubDeviceImpl {
public:
    std::array<CoreRangeSet, NumHalProgrammableCoreTypes> cores;
};

SubDevice::SubDevice(ttsl::Span<const CoreRangeSet> cores) : pimpl_(std::make_unique<SubDeviceImpl>()) {
    if (cores.size() > NumHalProgrammableCoreTypes)
        ttemu::Throw("Too many core types for a sub-device. The maximum number of core types is ",
                     NumHalProgrammableCoreTypes);
    for (std::size_t i = 0; i < cores.size(); i++) pimpl_->cores[i] = cores[i];
    ttemu::v067::CheckInWorkerGrid(pimpl_->cores[0], "SubDevice: Tensix cores");
    if (!pimpl_->cores[1].empty() || !pimpl_->cores[2].empty())
        ttemu::Throw("SubDevice: the emulated device has no programmable ethernet cores");
}
SubDevice::SubDevice(SubDeviceImpl&& impl) : pimpl_(std::make_unique<SubDeviceImpl>(std::move(impl))) {}
SubDevice::SubDevice(const SubDevice& other) : pimpl_(std::make_unique<SubDeviceImpl>(*other.pimpl_)) {}
SubDevice& SubDevice::operator=(const SubDevice& other) {
    if (this != &other) pimpl_ = std::make_unique<SubDeviceImpl>(*other.pimpl_);
    return *this;
}
SubDevice::SubDevice(SubDevice&& other) noexcept = default;
SubDevice& SubDevice::operator=(SubDevice&& other) noexcept = default;
SubDevice::~SubDevice() = default;
const CoreRangeSet& SubDevice::cores(HalProgrammableCoreType core_type) const {
    const auto i = static_cast<std::size_t>(core_type);
    if (i >= NumHalProgrammableCoreTypes) ttemu::Throw("SubDevice::cores: core type ", i, " does not exist");
    return pimpl_->cores[i];
}
SubDeviceImpl* SubDevice::impl() { return pimpl_.get(); }
const SubDeviceImpl* SubDevice::impl() const { return pimpl_.get(); }

// ---- GlobalSemaphore: one 16-byte L1 word per L1 bank, at one address on every core; each core of the set starts
// at the initial value.

GlobalSemaphore::GlobalSemaphore(IDevice* device, const CoreRangeSet& cores, std::uint32_t initial_value,
                                 BufferType buffer_type)
    : device_(device), cores_(cores) {
    setup_buffer(initial_value, buffer_type);
}
GlobalSemaphore::GlobalSemaphore(IDevice* device, CoreRangeSet&& cores, std::uint32_t initial_value,
                                 BufferType buffer_type)
    : device_(device), cores_(std::move(cores)) {
    setup_buffer(initial_value, buffer_type);
}
void GlobalSemaphore::setup_buffer(std::uint32_t initial_value, BufferType buffer_type) {
    if (buffer_type != BufferType::L1 && buffer_type != BufferType::L1_SMALL)
        ttemu::Throw("GlobalSemaphore: the buffer type must be L1 or L1_SMALL");
    ttemu::v067::CheckInWorkerGrid(cores_, "GlobalSemaphore: cores");
    // An interleaved buffer of one 16-byte page per L1 bank: the same address on every bank's core.
    const DeviceAddr size = DeviceAddr(ttemu::kNumL1Banks) * ttemu::kL1Alignment;
    buffer_ = distributed::AnyBuffer::create(InterleavedBufferConfig{device_, size, ttemu::kL1Alignment, buffer_type});
    reset_semaphore_value(initial_value);
}
#if TTEMU_API_GLOBAL_SEMAPHORE_AT_ADDRESS
// At an address the caller chose: the buffer is made there (nothing allocated); no initial value leaves L1 as it is.
GlobalSemaphore::GlobalSemaphore(IDevice* device, const CoreRangeSet& cores, std::optional<std::uint32_t> initial_value,
                                 BufferType buffer_type, std::uint64_t address)
    : device_(device), cores_(cores) {
    if (buffer_type != BufferType::L1 && buffer_type != BufferType::L1_SMALL)
        ttemu::Throw("GlobalSemaphore: the buffer type must be L1 or L1_SMALL");
    ttemu::v067::CheckInWorkerGrid(cores_, "GlobalSemaphore: cores");
    const DeviceAddr size = DeviceAddr(ttemu::kNumL1Banks) * ttemu::kL1Alignment;
    buffer_ = distributed::AnyBuffer::create(InterleavedBufferConfig{device_, size, ttemu::kL1Alignment, buffer_type},
                                             address);
    if (initial_value) reset_semaphore_value(*initial_value);
}
namespace experimental {
GlobalSemaphore CreateGlobalSemaphore(IDevice* device, const CoreRangeSet& cores, std::optional<std::uint32_t> initial_value,
                                      BufferType buffer_type, std::uint64_t address) {
    return GlobalSemaphore(device, cores, initial_value, buffer_type, address);
}
}  // namespace experimental
#endif
IDevice* GlobalSemaphore::device() const { return device_; }
DeviceAddr GlobalSemaphore::address() const { return buffer_.get_buffer()->address(); }
void GlobalSemaphore::reset_semaphore_value(std::uint32_t reset_value) const {
    for (ttemu::Chip* chip : ttemu::v067::ChipsOf(device_))
        for (const CoreRange& r : cores_.ranges())
            for (std::size_t x = r.start_coord.x; x <= r.end_coord.x; x++)
                for (std::size_t y = r.start_coord.y; y <= r.end_coord.y; y++)
                    std::memcpy(chip->memory().L1(x, y, address(), 4), &reset_value, 4);
}

}  // namespace tt::tt_metal

std::ostream& operator<<(std::ostream& os, const tt::tt_metal::GlobalSemaphore& s) {
    return os << "GlobalSemaphore(address=" << s.address() << ")";
}
std::size_t std::hash<tt::tt_metal::GlobalSemaphore>::operator()(const tt::tt_metal::GlobalSemaphore& s) const {
    return std::hash<std::uint64_t>{}(s.address());
}
