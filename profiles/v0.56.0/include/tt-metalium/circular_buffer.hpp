// A program's circular buffer (tt::tt_metal::v0::CircularBuffer): the cores it lives on, its configuration and
// its L1 address once the program is allocated. Programs reach them through Program::circular_buffers() or
// detail::GetCircularBuffer; the handle CreateCircularBuffer returns is id(), the object's address.
//   for (const auto& cb : program.circular_buffers()) printf("%u\n", cb->address());
//
// Members and their order are v0.56.0's (applications may construct one); named members are out of line.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_set>

#include <tt-metalium/circular_buffer_types.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::tt_metal {

namespace v1::experimental {
class GlobalCircularBuffer;
}  // namespace v1::experimental

inline namespace v0 {

class CircularBuffer {
public:
    CircularBuffer(const CoreRangeSet& core_range_set, const CircularBufferConfig& config);
    CircularBuffer(const CoreRangeSet& core_ranges, const CircularBufferConfig& config,
                   const v1::experimental::GlobalCircularBuffer& global_circular_buffer);

    const CBHandle id() const { return id_; }
    const CoreRangeSet& core_ranges() const { return core_ranges_; }
    const CircularBufferConfig& config() const { return config_; }
    CircularBufferConfig& config() { return config_; }

    const std::unordered_set<std::uint8_t>& buffer_indices() const { return config_.buffer_indices(); }
    const std::unordered_set<std::uint8_t>& local_buffer_indices() const { return config_.local_buffer_indices(); }
    const std::unordered_set<std::uint8_t>& remote_buffer_indices() const { return config_.remote_buffer_indices(); }

    std::uint32_t page_size(std::uint32_t buffer_index) const;

    bool globally_allocated() const { return config_.globally_allocated_address().has_value(); }
    bool is_global_circular_buffer() const { return shadow_global_circular_buffer_ != nullptr; }

    std::uint32_t size() const { return config_.total_size(); }
    std::uint32_t num_pages(std::uint32_t buffer_index) const;
    DataFormat data_format(std::uint32_t buffer_index) const;
    const std::optional<Tile>& tile(std::uint32_t buffer_index) const;

    // The L1 address on every core: the dynamic buffer's, or where the program placed it. Throws before either.
    std::uint32_t address() const;

    bool is_on_logical_corerange(const CoreRange& logical_cr) const;
    bool is_on_logical_core(const CoreCoord& logical_core) const;

    void assign_global_address();
    void set_locally_allocated_address(std::uint32_t address) { locally_allocated_address_ = address; }
    void set_global_circular_buffer(const v1::experimental::GlobalCircularBuffer& global_circular_buffer);
    DeviceAddr config_address() const;

private:
    bool uses_buffer_index(std::uint32_t buffer_index) const;
    void validate_set_config_attributes();
    void invalidate_locally_allocated_address();

    const std::uintptr_t id_;
    const CoreRangeSet core_ranges_;
    CircularBufferConfig config_;
    std::optional<std::uint32_t> locally_allocated_address_;
    std::uint32_t globally_allocated_address_ = 0;
    DeviceAddr global_circular_buffer_config_address_ = 0;
    const v1::experimental::GlobalCircularBuffer* shadow_global_circular_buffer_ = nullptr;
};

}  // namespace v0
}  // namespace tt::tt_metal
