// Circular buffer configuration (tt::tt_metal::v0::CircularBufferConfig, 1936 B).
//
// Applications copy and destroy this type with the implicit special members, so its members and their order
// match tt-metal v0.56.0 exactly; every named member function is out of line (exported).
//   CircularBufferConfig cfg(2 * 2048, {{tt::CBIndex::c_0, tt::DataFormat::Float16_b}});
//   cfg.set_page_size(tt::CBIndex::c_0, 2048);
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <unordered_set>

#include <tt-metalium/buffer.hpp>
#include <tt-metalium/circular_buffer_constants.h>
#include <tt-metalium/logger.hpp>
#include <tt-metalium/tile.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

#include <hostdevcommon/kernel_structs.h>

namespace tt::tt_metal {
inline namespace v0 {

using CBHandle = std::uintptr_t;

class Buffer;

class CircularBufferConfig {
public:
    CircularBufferConfig(std::uint32_t total_size);
    CircularBufferConfig(std::uint32_t total_size, const std::map<std::uint8_t, tt::DataFormat>& data_format_spec);
    CircularBufferConfig(std::uint32_t total_size, const std::map<std::uint8_t, tt::DataFormat>& data_format_spec,
                         const Buffer& buffer);
    CircularBufferConfig(std::uint32_t total_size, std::optional<std::uint32_t> globally_allocated_address,
                         const std::array<std::optional<tt::DataFormat>, NUM_CIRCULAR_BUFFERS>& data_formats,
                         const std::array<std::optional<std::uint32_t>, NUM_CIRCULAR_BUFFERS>& page_sizes,
                         const std::array<std::optional<Tile>, NUM_CIRCULAR_BUFFERS>& tiles,
                         const std::unordered_set<std::uint8_t>& buffer_indices,
                         const std::unordered_set<std::uint8_t>& local_buffer_indices,
                         const std::unordered_set<std::uint8_t>& remote_buffer_indices, bool dynamic_cb,
                         std::uint32_t max_size, std::uint32_t buffer_size);

    CircularBufferConfig& set_page_size(std::uint8_t buffer_index, std::uint32_t page_size);
    CircularBufferConfig& set_total_size(std::uint32_t total_size);
    CircularBufferConfig& set_globally_allocated_address(const Buffer& buffer);
    CircularBufferConfig& set_globally_allocated_address_and_total_size(const Buffer& buffer,
                                                                        std::uint32_t total_size);
    CircularBufferConfig& set_tile_dims(std::uint8_t buffer_index, const Tile& tile);

    const std::array<std::optional<Tile>, NUM_CIRCULAR_BUFFERS>& tiles() const;
    std::uint32_t total_size() const;
    std::optional<std::uint32_t> globally_allocated_address() const;
    const std::array<std::optional<tt::DataFormat>, NUM_CIRCULAR_BUFFERS>& data_formats() const;
    const std::array<std::optional<std::uint32_t>, NUM_CIRCULAR_BUFFERS>& page_sizes() const;
    const std::unordered_set<std::uint8_t>& buffer_indices() const;
    const std::unordered_set<std::uint8_t>& local_buffer_indices() const;
    const std::unordered_set<std::uint8_t>& remote_buffer_indices() const;
    bool dynamic_cb() const;
    std::uint32_t max_size() const;
    std::uint32_t buffer_size() const;

    class Builder {
    public:
        static Builder LocalBuilder(CircularBufferConfig& parent, std::uint8_t buffer_index);
        static Builder RemoteBuilder(CircularBufferConfig& parent, std::uint8_t buffer_index);
        const Builder& set_data_format(tt::DataFormat data_format) const;
        const Builder& set_total_size(std::uint32_t total_size) const;
        const Builder& set_page_size(std::uint32_t page_size) const;
        const Builder& set_tile_dims(const Tile& tile) const;

    private:
        Builder(CircularBufferConfig& parent, std::uint8_t buffer_index);
        CircularBufferConfig& parent_;
        std::uint8_t buffer_index_;
    };

    Builder index(std::uint8_t buffer_index);
    Builder remote_index(std::uint8_t buffer_index);

    friend bool operator==(const CircularBufferConfig& lhs, const CircularBufferConfig& rhs);
    friend bool operator!=(const CircularBufferConfig& lhs, const CircularBufferConfig& rhs);

    // The buffer a dynamic CB is backed by; kept so the address can be read after allocation.
    const Buffer* shadow_global_buffer = nullptr;

private:
    void set_config(const std::map<std::uint8_t, tt::DataFormat>& data_format_spec);
    void validate_total_size(std::uint32_t total_size);

    std::uint32_t total_size_ = 0;
    std::optional<std::uint32_t> globally_allocated_address_ = std::nullopt;
    std::array<std::optional<tt::DataFormat>, NUM_CIRCULAR_BUFFERS> data_formats_;
    std::array<std::optional<std::uint32_t>, NUM_CIRCULAR_BUFFERS> page_sizes_;
    std::array<std::optional<Tile>, NUM_CIRCULAR_BUFFERS> tiles_;
    std::unordered_set<std::uint8_t> buffer_indices_;
    std::unordered_set<std::uint8_t> local_buffer_indices_;
    std::unordered_set<std::uint8_t> remote_buffer_indices_;
    bool dynamic_cb_ = false;
    std::uint32_t max_size_ = 0;
    std::uint32_t buffer_size_ = 0;

    friend struct LayoutCheck;  // field offsets are verified in the emulator's layout_check.cc
};

static_assert(sizeof(CircularBufferConfig) == 1936, "CircularBufferConfig must keep tt-metal v0.56.0's size");

}  // namespace v0
}  // namespace tt::tt_metal
