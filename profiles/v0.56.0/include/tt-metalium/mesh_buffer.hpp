// MeshBuffer (tt::tt_metal::distributed): one buffer at the same address on every device of a mesh, either
// replicated (each device holds the whole buffer) or sharded (a 2-D global buffer cut into shards, one per device,
// row-major or column-major over the mesh). Its inline accessors read the members below, laid out as in v0.56.0.
//   auto buf = MeshBuffer::create(ReplicatedBufferConfig{.size = n}, DeviceLocalBufferConfig{...}, mesh.get());
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <variant>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/buffer_constants.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/mesh_device_view.hpp>
#include <tt-metalium/shape2d.hpp>

namespace tt::tt_metal::distributed {

// The layout of each device's buffer.
struct DeviceLocalBufferConfig {
    DeviceAddr page_size = 0;
    BufferType buffer_type = BufferType::DRAM;
    TensorMemoryLayout buffer_layout = TensorMemoryLayout::INTERLEAVED;
    std::optional<ShardSpecBuffer> shard_parameters;
    std::optional<bool> bottom_up;
};

// Every device holds all `size` bytes.
struct ReplicatedBufferConfig {
    DeviceAddr size = 0;
};

// A global_buffer_shape (rows × columns of datums) of global_size bytes, cut into shard_shape pieces laid over the
// mesh in shard_orientation order; a shard dimension of 0 replicates along that mesh dimension.
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
                                              const DeviceLocalBufferConfig& device_local_layout,
                                              MeshDevice* mesh_device,
                                              std::optional<DeviceAddr> address = std::nullopt);
    ~MeshBuffer();

    bool is_allocated() const;
    void deallocate();
    MeshDevice* device() const;
    DeviceAddr size() const;
    DeviceAddr device_local_size() const { return device_local_size_; }
    DeviceAddr address() const { return address_; }
    MeshBufferLayout global_layout() const;
    const MeshBufferConfig& global_config() const { return config_; }
    const ShardedBufferConfig& global_shard_spec() const;
    const DeviceLocalBufferConfig& device_local_config() const { return device_local_config_; }
    std::shared_ptr<Buffer> get_device_buffer(const MeshCoordinate& device_coord) const;
    std::uint32_t datum_size_bytes() const;
    Shape2D physical_shard_shape() const;
    std::pair<bool, bool> replicated_dims() const;
    std::uint32_t page_size() const { return device_local_config_.page_size; }
    std::uint32_t num_pages() const { return page_size() == 0 ? 0 : device_local_size_ / page_size(); }

private:
    // An owning mesh buffer: backing_buffer is the allocation on the mesh's first device; the others are views.
    MeshBuffer(const MeshBufferConfig& config, const DeviceLocalBufferConfig& device_local_config,
               DeviceAddr device_local_size, MeshDevice* mesh_device, std::shared_ptr<Buffer> backing_buffer)
        : config_(config), device_local_config_(device_local_config), mesh_device_(mesh_device->shared_from_this()),
          address_(backing_buffer->address()), device_local_size_(device_local_size),
          buffers_(MeshShape(mesh_device->shape()), nullptr), state_(OwnedBufferState{std::move(backing_buffer)}) {}
    // A mesh buffer over memory someone else allocated at `address`.
    MeshBuffer(const MeshBufferConfig& config, const DeviceLocalBufferConfig& device_local_config, DeviceAddr address,
               DeviceAddr device_local_size, MeshDevice* mesh_device)
        : config_(config), device_local_config_(device_local_config), mesh_device_(mesh_device->shared_from_this()),
          address_(address), device_local_size_(device_local_size),
          buffers_(MeshShape(mesh_device->shape()), nullptr), state_(ExternallyOwnedState{}) {}

    void initialize_device_buffers();

    MeshBufferConfig config_;
    DeviceLocalBufferConfig device_local_config_;
    std::weak_ptr<MeshDevice> mesh_device_;
    DeviceAddr address_ = 0;
    DeviceAddr device_local_size_ = 0;
    MeshContainer<std::shared_ptr<Buffer>> buffers_;

    struct OwnedBufferState {
        std::shared_ptr<Buffer> backing_buffer;
    };
    struct ExternallyOwnedState {};
    struct DeallocatedState {};
    using MeshBufferState = std::variant<OwnedBufferState, ExternallyOwnedState, DeallocatedState>;
    MeshBufferState state_;
};

}  // namespace tt::tt_metal::distributed
