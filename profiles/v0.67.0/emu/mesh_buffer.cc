// MeshBuffer (v0.67.0): one allocation at the same address on every device of a mesh. As in tt-metal, a backing
// Buffer on the MeshDevice itself owns the memory (the mesh's allocator places it on every chip in lock-step) and
// each device gets a Buffer at that address which owns nothing. AnyBuffer and ShardedBufferConfig are here too.
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_buffer.hpp>

#include "buffer.h"
#include "mesh_device_impl.h"
#include "emu/core/errors.h"
#include "emu/core/mesh_layout.h"

namespace tt::tt_metal::distributed {

using ttemu::Throw;

using ttemu::v067::ShardingOf;

std::uint32_t ShardedBufferConfig::compute_datum_size_bytes() const {
    return static_cast<std::uint32_t>(ShardingOf(*this).datum_size());
}
std::pair<bool, bool> ShardedBufferConfig::replicated_dims() const {
    return {shard_shape.height() == 0, shard_shape.width() == 0};
}
Shape2D ShardedBufferConfig::physical_shard_shape() const {
    const auto s = ShardingOf(*this);
    return Shape2D(s.physical_h(), s.physical_w());
}

std::shared_ptr<MeshBuffer> MeshBuffer::create(const MeshBufferConfig& config, const DeviceLocalBufferConfig& local,
                                               MeshDevice* mesh_device, std::optional<DeviceAddr> address) {
    if (!mesh_device) Throw("MeshBuffer::create: the mesh device is null");
    MeshChips(*mesh_device);
    DeviceAddr local_size = 0;
    if (const auto* replicated = std::get_if<ReplicatedBufferConfig>(&config)) {
        local_size = replicated->size;
    } else {
        const auto s = ShardingOf(std::get<ShardedBufferConfig>(config));
        ttemu::CheckMeshSharding(s, mesh_device->num_rows(), mesh_device->num_cols());
        local_size = s.shard_bytes();
    }
    std::shared_ptr<MeshBuffer> mesh_buffer;
    if (!address) {
        auto backing = Buffer::create(mesh_device, local_size, local.page_size, local.buffer_type, local.sharding_args,
                                      local.bottom_up, local.sub_device_id);
        mesh_buffer.reset(new MeshBuffer(config, local, local_size, mesh_device, std::move(backing)));
    } else {
        mesh_buffer.reset(new MeshBuffer(config, local, *address, local_size, mesh_device));
    }
    mesh_buffer->initialize_device_buffers();
    return mesh_buffer;
}

void MeshBuffer::initialize_device_buffers() {
    MeshDevice* mesh = device();
    for (const MeshCoordinate& coord : MeshCoordinateRange(mesh->shape()))
        buffers_.at(coord) = MaybeRemote<std::shared_ptr<Buffer>>::local(
            Buffer::create(&DeviceAt(*mesh, coord), address_, device_local_size_, device_local_config_.page_size,
                           device_local_config_.buffer_type, device_local_config_.sharding_args,
                           device_local_config_.bottom_up, device_local_config_.sub_device_id));
}

bool MeshBuffer::is_allocated() const { return !std::holds_alternative<DeallocatedState>(state_); }

MeshBuffer::~MeshBuffer() {
    try {
        deallocate();
    } catch (...) {  // a destructor: a mesh closed first has already let its memory go
    }
}

void MeshBuffer::deallocate() {
    if (!is_allocated()) return;
    if (auto* owned = std::get_if<OwnedBufferState>(&state_)) {
        if (owned->backing_buffer) DeallocateBuffer(*owned->backing_buffer);
    }
    for (auto& buffer : buffers_.values())
        if (buffer.is_local() && buffer.value()) buffer.value()->mark_as_deallocated();
    state_ = DeallocatedState{};
}

MeshDevice* MeshBuffer::device() const {
    auto device = mesh_device_.lock();
    if (!device) Throw("Can't get device from mesh buffer, already deallocated");
    return device.get();
}
DeviceAddr MeshBuffer::size() const {
    if (const auto* r = std::get_if<ReplicatedBufferConfig>(&config_)) return r->size;
    return std::get<ShardedBufferConfig>(config_).global_size;
}
MeshBufferLayout MeshBuffer::global_layout() const {
    return std::holds_alternative<ReplicatedBufferConfig>(config_) ? MeshBufferLayout::REPLICATED
                                                                   : MeshBufferLayout::SHARDED;
}
const ShardedBufferConfig& MeshBuffer::global_shard_spec() const {
    if (global_layout() != MeshBufferLayout::SHARDED) Throw("Can only query the global shard spec for a sharded MeshBuffer");
    return std::get<ShardedBufferConfig>(config_);
}
Buffer* MeshBuffer::get_device_buffer(const MeshCoordinate& device_coord) const {
    if (device_coord.dims() != buffers_.shape().dims() || !MeshCoordinateRange(buffers_.shape()).contains(device_coord))
        Throw("MeshBuffer::get_device_buffer: coordinate ", device_coord, " is outside the mesh ", buffers_.shape());
    return buffers_.at(device_coord).value().get();
}
Buffer* MeshBuffer::get_reference_buffer() const { return buffers_.values().at(0).value().get(); }
Buffer* MeshBuffer::get_backing_buffer() const {
    if (const auto* owned = std::get_if<OwnedBufferState>(&state_)) return owned->backing_buffer.get();
    return nullptr;
}
std::uint32_t MeshBuffer::datum_size_bytes() const { return global_shard_spec().compute_datum_size_bytes(); }
Shape2D MeshBuffer::physical_shard_shape() const { return global_shard_spec().physical_shard_shape(); }
std::pair<bool, bool> MeshBuffer::replicated_dims() const { return global_shard_spec().replicated_dims(); }

// ---- AnyBuffer: a MeshBuffer when the config's device is a mesh, else a plain Buffer

AnyBuffer::AnyBuffer(std::shared_ptr<Buffer> buffer) : buffer_(buffer.get()), holder_(std::move(buffer)) {}
AnyBuffer::AnyBuffer(std::shared_ptr<MeshBuffer> buffer)
    : buffer_(buffer->get_reference_buffer()), holder_(std::move(buffer)) {}

AnyBuffer AnyBuffer::create(const tt::tt_metal::ShardedBufferConfig& config, std::optional<std::uint64_t> address) {
    if (auto* mesh = dynamic_cast<MeshDevice*>(config.device)) {
        DeviceLocalBufferConfig local{config.page_size, config.buffer_type,
                                      BufferShardingArgs(config.shard_parameters, config.buffer_layout), std::nullopt};
        return AnyBuffer(MeshBuffer::create(ReplicatedBufferConfig{config.size}, local, mesh, address));
    }
    return AnyBuffer(address ? CreateBuffer(config, *address) : CreateBuffer(config));
}

AnyBuffer AnyBuffer::create(const tt::tt_metal::InterleavedBufferConfig& config, std::optional<std::uint64_t> address) {
    if (auto* mesh = dynamic_cast<MeshDevice*>(config.device)) {
        DeviceLocalBufferConfig local{config.page_size, config.buffer_type, BufferShardingArgs(), std::nullopt};
        return AnyBuffer(MeshBuffer::create(ReplicatedBufferConfig{config.size}, local, mesh, address));
    }
    return AnyBuffer(address ? CreateBuffer(config, *address) : CreateBuffer(config));
}

Buffer* AnyBuffer::get_buffer() const { return buffer_; }
bool AnyBuffer::is_mesh_buffer() const { return std::holds_alternative<std::shared_ptr<MeshBuffer>>(holder_); }
std::shared_ptr<MeshBuffer> AnyBuffer::get_mesh_buffer() const {
    if (const auto* mesh = std::get_if<std::shared_ptr<MeshBuffer>>(&holder_)) return *mesh;
    return nullptr;
}

}  // namespace tt::tt_metal::distributed

namespace ttemu::v067 {
ttemu::MeshSharding ShardingOf(const tt::tt_metal::distributed::ShardedBufferConfig& spec) {
    ttemu::MeshSharding s;
    s.global_h = spec.global_buffer_shape.height();
    s.global_w = spec.global_buffer_shape.width();
    s.shard_h = spec.shard_shape.height();
    s.shard_w = spec.shard_shape.width();
    s.global_size = spec.global_size;
    s.row_major = spec.shard_orientation == tt::tt_metal::ShardOrientation::ROW_MAJOR;
    return s;
}
}  // namespace ttemu::v067
