// MeshBuffer: one allocation at the same address on every device of a mesh. The mesh's first device chooses the
// address (its allocator, as tt-metal's MeshDevice lends its reference device's), and every other device places its
// own buffer at that address; in the emulator each device's buffer really holds its memory, so a device where that
// range is taken refuses (tt-metal's lock-step allocation assumes it never is).
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_buffer.hpp>

#include "third_party/tt_metal/core/errors.h"

namespace tt::tt_metal::distributed {

namespace {

void Validate(const MeshBufferConfig& config, const MeshDevice& mesh) {
    const auto* sharded = std::get_if<ShardedBufferConfig>(&config);
    if (!sharded) return;
    const auto [global_h, global_w] = std::pair<std::size_t, std::size_t>(sharded->global_buffer_shape);
    const auto [shard_h, shard_w] = std::pair<std::size_t, std::size_t>(sharded->physical_shard_shape());
    if (global_h == 0 || global_w == 0) ttemu::Throw("MeshBuffer::create: the global buffer shape is empty");
    if (global_h % shard_h || global_w % shard_w)
        ttemu::Throw("Global buffer shape must be aligned with the shard shape: requested buffer shape: (", global_h,
                     ", ", global_w, "), shard shape: (", shard_h, ", ", shard_w, ")");
    if (sharded->global_size % (global_h * global_w))
        ttemu::Throw("MeshBuffer::create: a global size of ", sharded->global_size, " B is not a whole number of datums of the ",
                     global_h, "x", global_w, " global shape");
    std::size_t shards = (global_h / shard_h) * (global_w / shard_w);
    const auto [height_replicated, width_replicated] = sharded->replicated_dims();
    if (height_replicated && width_replicated)
        shards *= mesh.num_rows() * mesh.num_cols();
    else if (height_replicated || width_replicated)
        shards *= sharded->shard_orientation == ShardOrientation::ROW_MAJOR ? mesh.num_rows() : mesh.num_cols();
    if (shards > mesh.num_devices())
        ttemu::Throw("The sharded tensor does not fit on the Mesh. Num shards in buffer ", shards, ", Num Devices ",
                     mesh.num_devices());
}

}  // namespace

std::uint32_t ShardedBufferConfig::compute_datum_size_bytes() const {
    const std::size_t datums = global_buffer_shape.height() * global_buffer_shape.width();
    if (datums == 0) ttemu::Throw("ShardedBufferConfig: the global buffer shape is empty");
    return static_cast<std::uint32_t>(global_size / datums);
}
std::pair<bool, bool> ShardedBufferConfig::replicated_dims() const {
    return {shard_shape.height() == 0, shard_shape.width() == 0};
}
Shape2D ShardedBufferConfig::physical_shard_shape() const {
    return Shape2D(shard_shape.height() == 0 ? global_buffer_shape.height() : shard_shape.height(),
                   shard_shape.width() == 0 ? global_buffer_shape.width() : shard_shape.width());
}

std::shared_ptr<MeshBuffer> MeshBuffer::create(const MeshBufferConfig& config, const DeviceLocalBufferConfig& local,
                                               MeshDevice* mesh_device, std::optional<DeviceAddr> address) {
    if (!mesh_device) ttemu::Throw("MeshBuffer::create: the mesh device is null");
    Validate(config, *mesh_device);
    const DeviceAddr local_size =
        std::holds_alternative<ReplicatedBufferConfig>(config)
            ? std::get<ReplicatedBufferConfig>(config).size
            : [&] {
                  const auto& sharded = std::get<ShardedBufferConfig>(config);
                  const Shape2D shard = sharded.physical_shard_shape();
                  return DeviceAddr{sharded.compute_datum_size_bytes()} * shard.height() * shard.width();
              }();
    std::shared_ptr<MeshBuffer> mesh_buffer;
    if (!address) {
        IDevice* first = mesh_device->get_devices().at(0);
        auto backing = Buffer::create(first, local_size, local.page_size, local.buffer_type, local.buffer_layout,
                                      local.shard_parameters, local.bottom_up);
        mesh_buffer.reset(new MeshBuffer(config, local, local_size, mesh_device, std::move(backing)));
    } else {
        mesh_buffer.reset(new MeshBuffer(config, local, *address, local_size, mesh_device));
    }
    mesh_buffer->initialize_device_buffers();
    return mesh_buffer;
}

void MeshBuffer::initialize_device_buffers() {
    const auto* owned = std::get_if<OwnedBufferState>(&state_);
    for (auto& [coord, buffer] : buffers_) {
        IDevice* dev = device()->get_device(coord);
        if (owned && owned->backing_buffer->device() == dev) {
            buffer = owned->backing_buffer;  // the allocation that chose the address
            continue;
        }
        buffer = Buffer::create(dev, address_, device_local_size_, device_local_config_.page_size,
                                device_local_config_.buffer_type, device_local_config_.buffer_layout,
                                device_local_config_.shard_parameters, device_local_config_.bottom_up);
    }
}

bool MeshBuffer::is_allocated() const { return !std::holds_alternative<DeallocatedState>(state_); }
MeshBuffer::~MeshBuffer() {
    try {
        deallocate();
    } catch (...) {  // a destructor: a device closed first has already let its memory go
    }
}
void MeshBuffer::deallocate() {
    if (!is_allocated()) return;
    // Every device's buffer frees its memory; the per-device views stay, deallocated, for get_device_buffer.
    for (auto& buffer : buffers_.values())
        if (buffer) DeallocateBuffer(*buffer);
    state_ = DeallocatedState{};
}
MeshDevice* MeshBuffer::device() const {
    auto device = mesh_device_.lock();
    if (!device) ttemu::Throw("Can't get device from mesh buffer, already deallocated");
    return device.get();
}
std::shared_ptr<Buffer> MeshBuffer::get_device_buffer(const MeshCoordinate& device_coord) const {
    return buffers_.at(device_coord);
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
    if (global_layout() != MeshBufferLayout::SHARDED)
        ttemu::Throw("Can only query the global shard spec for a sharded MeshBuffer");
    return std::get<ShardedBufferConfig>(config_);
}
std::uint32_t MeshBuffer::datum_size_bytes() const { return global_shard_spec().compute_datum_size_bytes(); }
Shape2D MeshBuffer::physical_shard_shape() const { return global_shard_spec().physical_shard_shape(); }
std::pair<bool, bool> MeshBuffer::replicated_dims() const { return global_shard_spec().replicated_dims(); }

}  // namespace tt::tt_metal::distributed
