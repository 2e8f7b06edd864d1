// MeshBuffer: one allocation at the same address on every device of a mesh. The mesh's first device chooses the
// address (its allocator, as tt-metal's MeshDevice lends its reference device's), and every other device places its
// own buffer at that address; in the emulator each device's buffer really holds its memory, so a device where that
// range is taken refuses (tt-metal's lock-step allocation assumes it never is).
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_buffer.hpp>

#include "emu/core/errors.h"
#include "emu/core/mesh_layout.h"

namespace tt::tt_metal::distributed {

namespace {

ttemu::MeshSharding Sharding(const ShardedBufferConfig& c) {
    return {.global_h = c.global_buffer_shape.height(),
            .global_w = c.global_buffer_shape.width(),
            .shard_h = c.shard_shape.height(),
            .shard_w = c.shard_shape.width(),
            .global_size = c.global_size,
            .row_major = c.shard_orientation == ShardOrientation::ROW_MAJOR};
}

// The sharding rules are the device core's (mesh_layout.h), shared with the v0.67.0 stand-in.
void Validate(const MeshBufferConfig& config, const MeshDevice& mesh) {
    const auto* sharded = std::get_if<ShardedBufferConfig>(&config);
    if (!sharded) return;
    ttemu::CheckMeshSharding(Sharding(*sharded), mesh.num_rows(), mesh.num_cols());
}

}  // namespace

std::uint32_t ShardedBufferConfig::compute_datum_size_bytes() const {
    return static_cast<std::uint32_t>(Sharding(*this).datum_size());
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
                  return Sharding(std::get<ShardedBufferConfig>(config)).shard_bytes();
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
