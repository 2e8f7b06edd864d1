// MeshBuffer: a buffer on every device of a mesh at one address — replicated (the same contents everywhere) or
// sharded (a 2-D global buffer cut into shards, device by device). Its inline accessors (address(),
// device_local_size(), global_config(), device_local_config(), page_size(), num_pages()) read fields programs
// compile in, so the field layout is tt-metal v0.67.0's. AnyBuffer holds a Buffer or a MeshBuffer.
//   auto buf = MeshBuffer::create(ReplicatedBufferConfig{.size = n},
//                                 DeviceLocalBufferConfig{.page_size = 2048, .buffer_type = BufferType::DRAM}, mesh.get());
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <variant>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/mesh_device_view.hpp>
#include <tt-metalium/shape2d.hpp>

namespace tt::tt_metal::distributed {

// What each device's part of the buffer is: page size, memory, sharding within the device.
struct DeviceLocalBufferConfig {
    DeviceAddr page_size = 0;
    BufferType buffer_type = BufferType::DRAM;
    BufferShardingArgs sharding_args;
    std::optional<bool> bottom_up;
    std::optional<SubDeviceId> sub_device_id = std::nullopt;
};

// The same `size` bytes on every device.
struct ReplicatedBufferConfig {
    DeviceAddr size = 0;
};

// A global_buffer_shape (rows × bytes-per-datum columns) of global_size bytes cut into shard_shape pieces, one per
// device in the shard orientation's order; a shard dimension equal to the global one replicates along it.
struct ShardedBufferConfig {
    DeviceAddr global_size = 0;
    Shape2D global_buffer_shape = {0, 0};
    Shape2D shard_shape = {0, 0};
    ShardOrientation shard_orientation = ShardOrientation::ROW_MAJOR;

    std::uint32_t compute_datum_size_bytes() const;
    std::pair<bool, bool> replicated_dims() const;
    Shape2D physical_shard_shape() const;
};

enum class MeshBufferLayout : std::uint8_t { REPLICATED, SHARDED };
using MeshBufferConfig = std::variant<ReplicatedBufferConfig, ShardedBufferConfig>;

class MeshBuffer {
public:
    static std::shared_ptr<MeshBuffer> create(const MeshBufferConfig& mesh_buffer_config,
                                              const DeviceLocalBufferConfig& device_local_config,
                                              MeshDevice* mesh_device, std::optional<DeviceAddr> address = std::nullopt);
    ~MeshBuffer();

    bool is_allocated() const;
    void deallocate();
    MeshDevice* device() const;
    DeviceAddr size() const;
    DeviceAddr device_local_size() const { return device_local_size_; }
    DeviceAddr address() const { return address_; }
    MeshBufferLayout global_layout() const;
    const MeshBufferConfig& global_config() const { return config_; }
    const ShardedBufferConfig& global_shard_spec() const;  // throws for a replicated buffer
    const DeviceLocalBufferConfig& device_local_config() const { return device_local_config_; }
    Buffer* get_device_buffer(const MeshCoordinate& device_coord) const;
    Buffer* get_reference_buffer() const;
    Buffer* get_backing_buffer() const;
    std::uint32_t datum_size_bytes() const;
    Shape2D physical_shard_shape() const;
    std::pair<bool, bool> replicated_dims() const;
    std::uint32_t page_size() const { return device_local_config_.page_size; }
    std::uint32_t num_pages() const { return page_size() == 0 ? 0 : device_local_size_ / page_size(); }

private:
    MeshBuffer(const MeshBufferConfig& config, const DeviceLocalBufferConfig& device_local_config,
               DeviceAddr device_local_size, MeshDevice* mesh_device, std::shared_ptr<Buffer> backing_buffer)
        : config_(config),
          device_local_config_(device_local_config),
          mesh_device_(mesh_device->shared_from_this()),
          address_(backing_buffer->address()),
          device_local_size_(device_local_size),
          buffers_(MeshShape(mesh_device->shape())),
          state_(OwnedBufferState{std::move(backing_buffer)}) {}
    MeshBuffer(const MeshBufferConfig& config, const DeviceLocalBufferConfig& device_local_config, DeviceAddr address,
               DeviceAddr device_local_size, MeshDevice* mesh_device)
        : config_(config),
          device_local_config_(device_local_config),
          mesh_device_(mesh_device->shared_from_this()),
          address_(address),
          device_local_size_(device_local_size),
          buffers_(MeshShape(mesh_device->shape())),
          state_(ExternallyOwnedState{}) {}
    void initialize_device_buffers();

    MeshBufferConfig config_;
    DeviceLocalBufferConfig device_local_config_;
    std::weak_ptr<MeshDevice> mesh_device_;
    DeviceAddr address_ = 0;
    DeviceAddr device_local_size_ = 0;
    DistributedMeshContainer<std::shared_ptr<Buffer>> buffers_;
    struct OwnedBufferState {
        std::shared_ptr<Buffer> backing_buffer;
    };
    struct ExternallyOwnedState {};
    struct DeallocatedState {};
    using MeshBufferState = std::variant<OwnedBufferState, ExternallyOwnedState, DeallocatedState>;
    MeshBufferState state_;
};

// A buffer that is a MeshBuffer on a mesh device and a plain Buffer otherwise.
class AnyBuffer {
public:
    AnyBuffer() = default;
    static AnyBuffer create(const tt::tt_metal::ShardedBufferConfig& config,
                            std::optional<std::uint64_t> address = std::nullopt);
    static AnyBuffer create(const tt::tt_metal::InterleavedBufferConfig& config,
                            std::optional<std::uint64_t> address = std::nullopt);
    Buffer* get_buffer() const;
    bool is_mesh_buffer() const;
    std::shared_ptr<MeshBuffer> get_mesh_buffer() const;

private:
    AnyBuffer(std::shared_ptr<Buffer> buffer);
    AnyBuffer(std::shared_ptr<MeshBuffer> buffer);
    Buffer* buffer_ = nullptr;
    std::variant<std::shared_ptr<Buffer>, std::shared_ptr<distributed::MeshBuffer>> holder_;
};

}  // namespace tt::tt_metal::distributed
