// A circular buffer shared between sender and receiver cores (tt::tt_metal::v1::experimental::GlobalCircularBuffer):
// each sender streams pages into the L1 of its receivers, which consume them through a local circular buffer bound
// to it. Remote circular buffers are not emulated: constructing one throws (detail in docs/emulator.md); the type
// is declared so code that names it compiles.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <tt-metalium/buffer_constants.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/hal.hpp>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

namespace tt::tt_metal {
inline namespace v0 {
class Buffer;
class IDevice;
}  // namespace v0

namespace v1::experimental {

class GlobalCircularBuffer {
public:
    // Throws: remote circular buffers are not emulated.
    GlobalCircularBuffer(IDevice* device,
                         const std::vector<std::pair<CoreCoord, CoreRangeSet>>& sender_receiver_core_mapping,
                         uint32_t size, BufferType buffer_type = BufferType::L1);
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
    uint32_t size() const;
    const std::vector<std::pair<CoreCoord, CoreRangeSet>>& sender_receiver_core_mapping() const;
    IDevice* get_device() const { return device_; }

    static constexpr auto attribute_names = std::forward_as_tuple("sender_receiver_core_mapping", "size");
    const auto attribute_values() const { return std::make_tuple(sender_receiver_core_mapping_, size_); }

private:
    std::variant<std::shared_ptr<Buffer>, std::shared_ptr<distributed::MeshBuffer>> cb_buffer_;
    std::variant<std::shared_ptr<Buffer>, std::shared_ptr<distributed::MeshBuffer>> cb_config_buffer_;
    IDevice* device_;
    std::vector<std::pair<CoreCoord, CoreRangeSet>> sender_receiver_core_mapping_;
    CoreRangeSet sender_cores_;
    CoreRangeSet receiver_cores_;
    CoreRangeSet all_cores_;
    uint32_t size_ = 0;
};

}  // namespace v1::experimental
}  // namespace tt::tt_metal

template <>
struct std::hash<tt::tt_metal::v1::experimental::GlobalCircularBuffer> {
    std::size_t operator()(const tt::tt_metal::v1::experimental::GlobalCircularBuffer& global_circular_buffer) const;
};
