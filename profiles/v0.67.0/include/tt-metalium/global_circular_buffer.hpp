// GlobalCircularBuffer (experimental): a circular buffer whose pages one sender core writes into the L1 of its
// receiver cores, across programs. It is two sharded L1 buffers at one address on every core of the mapping: the
// pages (size bytes per core) and a configuration page per core that the kernels' remote circular buffer
// interfaces start from. Field order and types are tt-metal v0.67.0's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/distributed.hpp>

namespace tt::tt_metal {

class Buffer;
class IDevice;

namespace experimental {

class GlobalCircularBuffer {
public:
    GlobalCircularBuffer(IDevice* device,
                         const std::vector<std::pair<CoreCoord, CoreRangeSet>>& sender_receiver_core_mapping,
                         std::uint32_t size, BufferType buffer_type = BufferType::L1);

    GlobalCircularBuffer(const GlobalCircularBuffer&) = default;
    GlobalCircularBuffer& operator=(const GlobalCircularBuffer&) = default;
    GlobalCircularBuffer(GlobalCircularBuffer&&) noexcept = default;
    GlobalCircularBuffer& operator=(GlobalCircularBuffer&&) noexcept = default;

    const Buffer& cb_buffer() const;
    const CoreRangeSet& sender_cores() const;
    const CoreRangeSet& receiver_cores() const;
    const CoreRangeSet& all_cores() const;
    DeviceAddr buffer_address() const;
    DeviceAddr config_address() const;
    std::uint32_t size() const;
    const std::vector<std::pair<CoreCoord, CoreRangeSet>>& sender_receiver_core_mapping() const;
    IDevice* get_device() const { return this->device_; }

    static constexpr auto attribute_names =
        std::forward_as_tuple("sender_receiver_core_mapping", "size", "buffer_type");
    auto attribute_values() const {
        return std::make_tuple(this->sender_receiver_core_mapping_, this->size_, cb_buffer_.get_buffer()->buffer_type());
    }

private:
    void setup_cb_buffers(BufferType buffer_type, std::uint32_t max_num_receivers_per_sender);

    distributed::AnyBuffer cb_buffer_;
    distributed::AnyBuffer cb_config_buffer_;
    IDevice* device_;
    std::vector<std::pair<CoreCoord, CoreRangeSet>> sender_receiver_core_mapping_;
    CoreRangeSet sender_cores_;
    CoreRangeSet receiver_cores_;
    CoreRangeSet all_cores_;
    std::uint32_t size_ = 0;
};

// Allocates a global circular buffer of `size` bytes per core in L1 of `device`; every sender and receiver core
// must be distinct.
GlobalCircularBuffer CreateGlobalCircularBuffer(
    IDevice* device, const std::vector<std::pair<CoreCoord, CoreRangeSet>>& sender_receiver_core_mapping,
    std::uint32_t size, BufferType buffer_type = BufferType::L1);

// Adds to `program` a circular buffer on cores of the global one (its remote index over the global buffer's
// pages and configuration; its local indices, if any, over the same pages).
CBHandle CreateCircularBuffer(Program& program, const std::variant<CoreCoord, CoreRange, CoreRangeSet>& core_spec,
                              const CircularBufferConfig& config, const GlobalCircularBuffer& global_circular_buffer);

// Points a circular buffer made over a global one at another global circular buffer.
void UpdateDynamicCircularBufferAddress(Program& program, CBHandle cb_handle,
                                        const GlobalCircularBuffer& global_circular_buffer);

}  // namespace experimental

}  // namespace tt::tt_metal

template <>
struct std::hash<tt::tt_metal::experimental::GlobalCircularBuffer> {
    std::size_t operator()(const tt::tt_metal::experimental::GlobalCircularBuffer& global_circular_buffer) const;
};
