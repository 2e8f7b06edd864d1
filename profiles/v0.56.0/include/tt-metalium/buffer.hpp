// Device buffers (tt::tt_metal::v0::Buffer) and the configs applications build to create them.
//
// Buffer's inline accessors (size(), device(), buffer_type(), …) are compiled into applications and read
// fields at fixed offsets, so the field list below reproduces tt-metal v0.56.0's 336-byte layout exactly;
// static_asserts at the end pin it. Everything else is out of line and exported.
//   auto buf = CreateBuffer(InterleavedBufferConfig{device, size, page_size, BufferType::DRAM});
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <map>
#include <mutex>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <variant>
#include <vector>

#include <tt-metalium/buffer_constants.hpp>
#include <tt-metalium/assert.hpp>
#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/sub_device_types.hpp>

namespace tt::tt_metal {

using DeviceAddr = std::uint64_t;
class Allocator;
struct BufferPageMapping;

struct ShardSpec {
    CoreRangeSet grid;
    std::array<std::uint32_t, 2> shape;
    ShardOrientation orientation = ShardOrientation::ROW_MAJOR;
    ShardMode mode = ShardMode::PHYSICAL;
    std::optional<std::array<std::uint32_t, 2>> physical_shard_shape = std::nullopt;

    ShardSpec(const CoreRangeSet& core_sets, const std::array<std::uint32_t, 2>& shard_shape,
              ShardOrientation shard_orientation = ShardOrientation::ROW_MAJOR,
              ShardMode shard_mode = ShardMode::PHYSICAL)
        : grid(core_sets), shape(shard_shape), orientation(shard_orientation), mode(shard_mode) {}
    std::uint32_t num_cores() const { return grid.num_cores(); }
    std::uint32_t numel() const { return shape[0] * shape[1]; }
};

struct ShardSpecBuffer {
    ShardSpec tensor_shard_spec;
    std::array<std::uint32_t, 2> page_shape;
    std::array<std::uint32_t, 2> tensor2d_shape_in_pages;

    ShardSpecBuffer(const CoreRangeSet& core_sets, const std::array<std::uint32_t, 2>& shard_shape,
                    const ShardOrientation shard_orientation, const std::array<std::uint32_t, 2>& page_shape,
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
    std::array<std::uint32_t, 2> shape_in_pages() const {
        return {shape()[0] / page_shape[0], shape()[1] / page_shape[1]};
    }
    DeviceAddr num_pages() const { return DeviceAddr(shape_in_pages()[0]) * shape_in_pages()[1]; }
};

static_assert(sizeof(ShardSpec) == 96 && sizeof(ShardSpecBuffer) == 112);

inline namespace v0 {

class IDevice;

struct BufferConfig {
    IDevice* device;
    DeviceAddr size;
    DeviceAddr page_size;
    BufferType buffer_type;
    TensorMemoryLayout buffer_layout = TensorMemoryLayout::INTERLEAVED;
};
using InterleavedBufferConfig = BufferConfig;

struct ShardedBufferConfig {
    IDevice* device;
    DeviceAddr size;
    DeviceAddr page_size;
    BufferType buffer_type = BufferType::L1;
    TensorMemoryLayout buffer_layout = TensorMemoryLayout::HEIGHT_SHARDED;
    ShardSpecBuffer shard_parameters;
};

static_assert(sizeof(BufferConfig) == 32 && offsetof(BufferConfig, buffer_layout) == 28);
static_assert(sizeof(ShardedBufferConfig) == 144);

struct BufferRegion {
    const DeviceAddr offset = 0;
    const DeviceAddr size = 0;
    BufferRegion() = delete;
    BufferRegion(const DeviceAddr offset, const DeviceAddr size) : offset(offset), size(size) {}
};

class Buffer final {
    struct Private {
        explicit Private() = default;
    };

public:
    static std::shared_ptr<Buffer> create(IDevice* device, DeviceAddr size, DeviceAddr page_size,
                                          BufferType buffer_type,
                                          TensorMemoryLayout buffer_layout = TensorMemoryLayout::INTERLEAVED,
                                          const std::optional<ShardSpecBuffer>& shard_parameter = std::nullopt,
                                          std::optional<bool> bottom_up = std::nullopt,
                                          std::optional<SubDeviceId> sub_device_id = std::nullopt);
    static std::shared_ptr<Buffer> create(IDevice* device, DeviceAddr address, DeviceAddr size, DeviceAddr page_size,
                                          BufferType buffer_type,
                                          TensorMemoryLayout buffer_layout = TensorMemoryLayout::INTERLEAVED,
                                          const std::optional<ShardSpecBuffer>& shard_parameter = std::nullopt,
                                          std::optional<bool> bottom_up = std::nullopt,
                                          std::optional<SubDeviceId> sub_device_id = std::nullopt);

    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    Buffer(Buffer&&) = delete;
    Buffer& operator=(Buffer&&) = delete;
    ~Buffer();

    IDevice* device() const { return device_; }
    Allocator* allocator() const { return allocator_; }
    DeviceAddr size() const { return size_; }
    bool is_allocated() const;
    std::uint32_t address() const;
    DeviceAddr page_size() const;
    void set_page_size(DeviceAddr page_size);
    std::uint32_t num_pages() const;
    std::uint32_t num_dev_pages() const;
    BufferType buffer_type() const { return buffer_type_; }
    CoreType core_type() const;
    bool is_l1() const;
    bool is_dram() const;
    bool is_trace() const;
    bool is_valid_region(const BufferRegion& region) const;
    bool is_valid_partial_region(const BufferRegion& region) const;
    TensorMemoryLayout buffer_layout() const { return buffer_layout_; }
    bool bottom_up() const { return bottom_up_; }
    DeviceAddr page_address(std::uint32_t bank_id, std::uint32_t page_index) const;
    DeviceAddr bank_local_page_address(std::uint32_t bank_id, std::uint32_t page_index) const;
    std::uint32_t alignment() const;
    DeviceAddr aligned_page_size() const;
    DeviceAddr aligned_size() const;
    DeviceAddr aligned_size_per_bank() const;
    DeviceAddr sharded_page_address(std::uint32_t bank_id, std::uint32_t page_index) const;
    ShardSpecBuffer shard_spec() const;
    void set_shard_spec(const ShardSpecBuffer& shard_spec);
    std::optional<std::uint32_t> num_cores() const;
    const std::shared_ptr<const BufferPageMapping>& get_buffer_page_mapping();
    std::optional<SubDeviceId> sub_device_id() const { return sub_device_id_; }
    std::size_t unique_id() const { return unique_id_; }
    void mark_as_deallocated();

    Buffer(IDevice* device, DeviceAddr size, DeviceAddr page_size, BufferType buffer_type,
           TensorMemoryLayout buffer_layout, const std::optional<ShardSpecBuffer>& shard_parameter,
           std::optional<bool> bottom_up, std::optional<SubDeviceId> sub_device_id, bool owns_data, Private);

private:
    enum class AllocationStatus : std::uint8_t { ALLOCATION_REQUESTED, ALLOCATION_FAILED, ALLOCATED, DEALLOCATED };

    void allocate_impl();
    void deallocate();
    static void deleter(Buffer* buffer);
    void deallocate_impl();
    friend void DeallocateBuffer(Buffer& buffer);
    friend struct BufferAccess;  // the emulator's internal view of the private state
    friend struct LayoutCheck;   // field offsets are verified in the emulator's layout_check.cc

    IDevice* const device_;
    const DeviceAddr size_;
    const BufferType buffer_type_;
    const TensorMemoryLayout buffer_layout_;
    const bool bottom_up_;
    const std::optional<SubDeviceId> sub_device_id_;
    const bool owns_data_;
    std::optional<SubDeviceManagerId> sub_device_manager_id_;
    Allocator* allocator_;
    std::atomic<AllocationStatus> allocation_status_ = AllocationStatus::ALLOCATION_REQUESTED;
    DeviceAddr address_ = 0;
    mutable std::mutex allocation_mutex_;
    mutable std::condition_variable allocation_cv_;
    std::atomic<bool> deallocation_requested_ = false;
    DeviceAddr page_size_;
    std::optional<ShardSpecBuffer> shard_parameters_;
    std::shared_ptr<const BufferPageMapping> buffer_page_mapping_;
    std::weak_ptr<Buffer> weak_self;
    std::size_t unique_id_ = 0;
    static std::atomic<std::size_t> next_unique_id;
};

}  // namespace v0
}  // namespace tt::tt_metal
