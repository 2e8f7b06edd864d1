// Device buffers (tt::tt_metal::Buffer) and the configs programs build them from, as tt-metal v0.67.0 declares them.
//
// Buffer's inline accessors (device(), size(), buffer_type(), buffer_layout(), bottom_up(), has_shard_spec(),
// sub_device_id(), unique_id(), root_buffer_region()) are compiled into programs and read fields at fixed offsets,
// so the field list reproduces v0.67.0's layout exactly (static_asserts at the end). Everything else is exported.
// A sharded buffer is described by a ShardSpecBuffer (2-D) or a BufferDistributionSpec (N-D), both via
// BufferShardingArgs.
//   auto buf = CreateBuffer(InterleavedBufferConfig{device, size, page_size, BufferType::DRAM});
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/buffer_distribution_spec.hpp>
#include <tt-metalium/buffer_page_mapping.hpp>
#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/sub_device_types.hpp>
#include <umd/device/types/core_coordinates.hpp>
#include <umd/device/types/xy_pair.hpp>

namespace tt::tt_metal {

class Allocator;
class AllocatorImpl;
class IDevice;

// The cores a 2-D sharded buffer spreads over, the shape of a shard (in elements) and the order shards go to cores.
struct ShardSpec {
    CoreRangeSet grid;
    std::array<std::uint32_t, 2> shape;
    ShardOrientation orientation = ShardOrientation::ROW_MAJOR;

    ShardSpec(const CoreRangeSet& core_sets, const std::array<std::uint32_t, 2>& shard_shape,
              const ShardOrientation& shard_orientation = ShardOrientation::ROW_MAJOR)
        : grid(core_sets), shape(shard_shape), orientation(shard_orientation) {}
    std::uint32_t num_cores() const { return grid.num_cores(); }
    std::uint32_t numel() const { return shape[0] * shape[1]; }
    bool operator==(const ShardSpec& other) const;
    bool operator!=(const ShardSpec& other) const;
    static constexpr auto attribute_names = std::forward_as_tuple("grid", "shape", "orientation");
    constexpr auto attribute_values() const { return std::forward_as_tuple(grid, shape, orientation); }
};
std::ostream& operator<<(std::ostream& os, const ShardSpec& spec);

// A ShardSpec with the page shape and the tensor's 2-D shape in pages.
struct ShardSpecBuffer {
    ShardSpec tensor_shard_spec;
    std::array<std::uint32_t, 2> page_shape{};
    std::array<std::uint32_t, 2> tensor2d_shape_in_pages{};

    ShardSpecBuffer(const CoreRangeSet& core_sets, const std::array<std::uint32_t, 2>& shard_shape,
                    const ShardOrientation& shard_orientation, const std::array<std::uint32_t, 2>& page_shape,
                    const std::array<std::uint32_t, 2>& tensor2d_shape_in_pages)
        : tensor_shard_spec(core_sets, shard_shape, shard_orientation),
          page_shape(page_shape),
          tensor2d_shape_in_pages(tensor2d_shape_in_pages) {}
    ShardSpecBuffer(const ShardSpec& shard_spec, const std::array<std::uint32_t, 2>& page_shape,
                    const std::array<std::uint32_t, 2>& tensor2d_shape_in_pages)
        : tensor_shard_spec(shard_spec), page_shape(page_shape), tensor2d_shape_in_pages(tensor2d_shape_in_pages) {}
    CoreRangeSet grid() const { return tensor_shard_spec.grid; }
    std::array<std::uint32_t, 2> shape() const { return tensor_shard_spec.shape; }
    ShardOrientation orientation() const { return tensor_shard_spec.orientation; }
    void set_shard_spec(const ShardSpec& shard_spec) { tensor_shard_spec = shard_spec; }
    std::array<std::uint32_t, 2> shape_in_pages() const;  // a shard's shape in pages
    DeviceAddr num_pages() const;
};

struct BufferConfig {
    IDevice* device;
    DeviceAddr size;       // bytes
    DeviceAddr page_size;  // bytes per page interleaved over the banks
    BufferType buffer_type;
};
using InterleavedBufferConfig = BufferConfig;

struct ShardedBufferConfig {
    IDevice* device{};
    DeviceAddr size{};
    DeviceAddr page_size{};
    BufferType buffer_type = BufferType::L1;
    TensorMemoryLayout buffer_layout = TensorMemoryLayout::HEIGHT_SHARDED;
    ShardSpecBuffer shard_parameters;
};

// How a buffer is sharded, if it is: an N-D distribution spec, a 2-D shard spec with its layout, or neither.
class BufferShardingArgs {
public:
    BufferShardingArgs() = default;
    BufferShardingArgs(std::nullopt_t) {}
    BufferShardingArgs(BufferDistributionSpec buffer_distribution_spec)
        : buffer_distribution_spec_(std::move(buffer_distribution_spec)),
          buffer_layout_(TensorMemoryLayout::BLOCK_SHARDED) {}
    BufferShardingArgs(std::optional<BufferDistributionSpec> buffer_distribution_spec)
        : buffer_distribution_spec_(std::move(buffer_distribution_spec)),
          buffer_layout_(buffer_distribution_spec_.has_value() ? TensorMemoryLayout::BLOCK_SHARDED
                                                               : TensorMemoryLayout::INTERLEAVED) {}
    BufferShardingArgs(ShardSpecBuffer shard_spec, TensorMemoryLayout buffer_layout)
        : shard_spec_(std::move(shard_spec)), buffer_layout_(buffer_layout) {}
    BufferShardingArgs(std::optional<ShardSpecBuffer> shard_spec, TensorMemoryLayout buffer_layout)
        : shard_spec_(std::move(shard_spec)), buffer_layout_(buffer_layout) {}
    BufferShardingArgs(std::optional<BufferDistributionSpec> buffer_distribution_spec,
                       std::optional<ShardSpecBuffer> shard_spec, TensorMemoryLayout buffer_layout)
        : buffer_distribution_spec_(std::move(buffer_distribution_spec)),
          shard_spec_(std::move(shard_spec)),
          buffer_layout_(buffer_layout) {}

    const std::optional<BufferDistributionSpec>& buffer_distribution_spec() const { return buffer_distribution_spec_; }
    const std::optional<ShardSpecBuffer>& shard_spec() const { return shard_spec_; }
    TensorMemoryLayout buffer_layout() const { return buffer_layout_; }

private:
    std::optional<BufferDistributionSpec> buffer_distribution_spec_;
    std::optional<ShardSpecBuffer> shard_spec_;
    TensorMemoryLayout buffer_layout_ = TensorMemoryLayout::INTERLEAVED;
};

bool is_sharded(const TensorMemoryLayout& layout);

struct BufferRegion {
    DeviceAddr offset = 0;
    DeviceAddr size = 0;
    BufferRegion() = delete;
    BufferRegion(DeviceAddr offset, DeviceAddr size) : offset(offset), size(size) {}
};

class Buffer final : public std::enable_shared_from_this<Buffer> {
    struct Private {
        explicit Private() = default;
    };

public:
    static std::shared_ptr<Buffer> create(IDevice* device, DeviceAddr size, DeviceAddr page_size,
                                          BufferType buffer_type, const BufferShardingArgs& sharding_args = std::nullopt,
                                          std::optional<bool> bottom_up = std::nullopt,
                                          std::optional<SubDeviceId> sub_device_id = std::nullopt);
    // At a given address (memory the caller owns, as a MeshBuffer's per-device buffers).
    static std::shared_ptr<Buffer> create(IDevice* device, DeviceAddr address, DeviceAddr size, DeviceAddr page_size,
                                          BufferType buffer_type, const BufferShardingArgs& sharding_args = std::nullopt,
                                          std::optional<bool> bottom_up = std::nullopt,
                                          std::optional<SubDeviceId> sub_device_id = std::nullopt);
    // A buffer over part of this one's pages.
    std::shared_ptr<Buffer> view(const BufferRegion& region);

    Buffer(const Buffer& other) = delete;
    Buffer& operator=(const Buffer& other) = delete;
    Buffer(Buffer&& other) = delete;
    Buffer& operator=(Buffer&& other) = delete;
    ~Buffer();

    IDevice* device() const { return device_; }
    Allocator* allocator() const;
    DeviceAddr size() const { return size_; }
    bool is_allocated() const;
    std::uint32_t address() const;
    DeviceAddr page_size() const;
    void set_page_size(DeviceAddr page_size);
    std::uint32_t num_pages() const;
    std::uint32_t num_dev_pages() const;
    BufferType buffer_type() const { return buffer_type_; }
    HalMemType memory_type() const;
    CoreType core_type() const;
    bool is_l1() const;
    bool is_dram() const;
    bool is_trace() const;
    bool is_valid_region(const BufferRegion& region) const;
    bool is_valid_partial_region(const BufferRegion& region) const;
    TensorMemoryLayout buffer_layout() const { return buffer_layout_; }
    bool bottom_up() const { return bottom_up_; }
    DeviceAddr page_address(DeviceAddr bank_id, DeviceAddr page_index) const;
    std::uint32_t alignment() const;
    DeviceAddr aligned_page_size() const;
    DeviceAddr aligned_size() const;
    DeviceAddr aligned_size_per_bank() const;
    const std::optional<BufferDistributionSpec>& buffer_distribution_spec() const;
    bool has_shard_spec() const { return shard_spec_.has_value(); }
    ShardSpecBuffer shard_spec() const;
    void set_shard_spec(const ShardSpecBuffer& shard_spec);
    std::optional<std::uint32_t> num_cores() const;
    const std::shared_ptr<const BufferPageMapping>& get_buffer_page_mapping();
    std::shared_ptr<Buffer> root_buffer();
    BufferRegion root_buffer_region() const { return BufferRegion(root_buffer_offset_, size_); }
    std::optional<SubDeviceId> sub_device_id() const { return sub_device_id_; }
    std::size_t unique_id() const { return unique_id_; }
    void mark_as_deallocated();

    Buffer(IDevice* device, DeviceAddr size, DeviceAddr page_size, BufferType buffer_type,
           const BufferShardingArgs& sharding_args, std::optional<bool> bottom_up,
           std::optional<SubDeviceId> sub_device_id, bool owns_data, Private);

private:
    enum class AllocationStatus : std::uint8_t { ALLOCATION_REQUESTED, ALLOCATED, DEALLOCATED };
    void allocate_impl();
    void deallocate();
    void deallocate_impl();
    friend void DeallocateBuffer(Buffer& buffer);
    friend struct BufferAccess;  // the emulator's view of the private state
    DeviceAddr translate_page_address(DeviceAddr offset, std::uint32_t bank_id) const;

    IDevice* const device_;
    const DeviceAddr size_;
    const BufferType buffer_type_;
    const TensorMemoryLayout buffer_layout_;
    const bool bottom_up_;
    const std::optional<SubDeviceId> sub_device_id_;
    const bool owns_data_;
    std::optional<SubDeviceManagerId> sub_device_manager_id_;
    AllocatorImpl* allocator_;
    AllocationStatus allocation_status_ = AllocationStatus::ALLOCATION_REQUESTED;
    bool hooked_allocation_ = false;
    DeviceAddr address_ = 0;
    DeviceAddr page_size_;
    std::optional<ShardSpecBuffer> shard_spec_;
    std::shared_ptr<const BufferPageMapping> buffer_page_mapping_;
    std::optional<BufferDistributionSpec> buffer_distribution_spec_;
    std::shared_ptr<Buffer> root_buffer_;
    DeviceAddr root_buffer_offset_ = 0;
    std::size_t unique_id_ = 0;
    static std::atomic<std::size_t> next_unique_id;
};

UncompressedBufferPageMapping generate_buffer_page_mapping(const Buffer& buffer);

using HostDataType = std::variant<const std::shared_ptr<std::vector<std::uint8_t>>,
                                  const std::shared_ptr<std::vector<std::uint16_t>>,
                                  const std::shared_ptr<std::vector<std::int32_t>>,
                                  const std::shared_ptr<std::vector<std::uint32_t>>,
                                  const std::shared_ptr<std::vector<float>>,
                                  const std::shared_ptr<std::vector<bfloat16>>, const void*>;

}  // namespace tt::tt_metal

namespace ttsl::json {
template <>
struct from_json_t<tt::tt_metal::ShardSpec> {
    tt::tt_metal::ShardSpec operator()(const nlohmann::json& json_object) const;
};
}  // namespace ttsl::json
