// CircularBufferConfig's exported members.
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/circular_buffer_types.hpp>

#include <tt-metalium/logger.hpp>

#include "third_party/tt_metal/core/errors.h"

namespace tt::tt_metal::v0 {

CircularBufferConfig::CircularBufferConfig(std::uint32_t total_size) : total_size_(total_size) {}

CircularBufferConfig::CircularBufferConfig(std::uint32_t total_size,
                                           const std::map<std::uint8_t, tt::DataFormat>& data_format_spec)
    : total_size_(total_size) {
    set_config(data_format_spec);
}

CircularBufferConfig::CircularBufferConfig(std::uint32_t total_size,
                                           const std::map<std::uint8_t, tt::DataFormat>& data_format_spec,
                                           const Buffer& buffer)
    : total_size_(total_size) {
    set_config(data_format_spec);
    set_globally_allocated_address(buffer);
}

CircularBufferConfig::CircularBufferConfig(
    std::uint32_t total_size, std::optional<std::uint32_t> globally_allocated_address,
    const std::array<std::optional<tt::DataFormat>, NUM_CIRCULAR_BUFFERS>& data_formats,
    const std::array<std::optional<std::uint32_t>, NUM_CIRCULAR_BUFFERS>& page_sizes,
    const std::array<std::optional<Tile>, NUM_CIRCULAR_BUFFERS>& tiles,
    const std::unordered_set<std::uint8_t>& buffer_indices, const std::unordered_set<std::uint8_t>& local_buffer_indices,
    const std::unordered_set<std::uint8_t>& remote_buffer_indices, bool dynamic_cb, std::uint32_t max_size,
    std::uint32_t buffer_size)
    : total_size_(total_size),
      globally_allocated_address_(globally_allocated_address),
      data_formats_(data_formats),
      page_sizes_(page_sizes),
      tiles_(tiles),
      buffer_indices_(buffer_indices),
      local_buffer_indices_(local_buffer_indices),
      remote_buffer_indices_(remote_buffer_indices),
      dynamic_cb_(dynamic_cb),
      max_size_(max_size),
      buffer_size_(buffer_size) {}

void CircularBufferConfig::set_config(const std::map<std::uint8_t, tt::DataFormat>& data_format_spec) {
    if (data_format_spec.size() > NUM_CIRCULAR_BUFFERS)
        ttemu::Throw("Only ", NUM_CIRCULAR_BUFFERS, " circular buffer slots are available but data formats are "
                     "specified for ", data_format_spec.size(), " indices");
    for (const auto& [index, format] : data_format_spec) {
        if (index >= NUM_CIRCULAR_BUFFERS)
            ttemu::Throw("Buffer index (", int(index), ") exceeds max number of circular buffers per core (",
                         NUM_CIRCULAR_BUFFERS, ")");
        data_formats_[index] = format;
        buffer_indices_.insert(index);
        local_buffer_indices_.insert(index);
    }
}

void CircularBufferConfig::validate_total_size(std::uint32_t total_size) {
    for (std::uint8_t i = 0; i < NUM_CIRCULAR_BUFFERS; i++)
        if (page_sizes_[i] && total_size % *page_sizes_[i] != 0)
            ttemu::Throw("Total circular buffer size ", total_size, " B must be divisible by page size ",
                         *page_sizes_[i], " B of index ", int(i));
    if (dynamic_cb_ && total_size > buffer_size_)
        ttemu::Throw("Cannot set to globally allocated buffer. Circular buffer size ", total_size,
                     " B exceeds allocated L1 buffer size of ", buffer_size_, " B");
    if (dynamic_cb_ && total_size > max_size_)
        tt::log_warning(tt::LogMetal, "Circular buffer size {} B exceeds allocated L1 buffer bank size of {} B. This "
                        "may allow this circular buffer to write outside the allocated buffer space.",
                        total_size, max_size_);
}

CircularBufferConfig& CircularBufferConfig::set_page_size(std::uint8_t buffer_index, std::uint32_t page_size) {
    if (buffer_index >= NUM_CIRCULAR_BUFFERS)
        ttemu::Throw("Buffer index (", int(buffer_index), ") exceeds max number of circular buffers per core (",
                     NUM_CIRCULAR_BUFFERS, ")");
    if (!buffer_indices_.count(buffer_index))
        ttemu::Throw("Illegal circular buffer index ", int(buffer_index),
                     ". Page size can only be specified for buffer indices configured during config creation");
    if (page_size == 0 || total_size_ % page_size != 0)
        ttemu::Throw("Total circular buffer size ", total_size_, " B must be divisible by page size ", page_size, " B");
    page_sizes_[buffer_index] = page_size;
    return *this;
}

CircularBufferConfig& CircularBufferConfig::set_total_size(std::uint32_t total_size) {
    if (total_size == 0) ttemu::Throw("Total size for circular buffer must be non-zero!");
    validate_total_size(total_size);
    total_size_ = total_size;
    return *this;
}

CircularBufferConfig& CircularBufferConfig::set_globally_allocated_address(const Buffer& buffer) {
    return set_globally_allocated_address_and_total_size(buffer, total_size_);
}

// A dynamic CB may use its buffer's per-bank space; beyond it (but within the whole buffer) tt-metal warns,
// beyond the whole buffer it throws.
CircularBufferConfig& CircularBufferConfig::set_globally_allocated_address_and_total_size(const Buffer& buffer,
                                                                                          std::uint32_t total_size) {
    if (!buffer.is_l1()) ttemu::Throw("Only L1 buffers can have an associated circular buffer!");
    globally_allocated_address_ = buffer.address();
    dynamic_cb_ = true;
    max_size_ = static_cast<std::uint32_t>(buffer.aligned_size_per_bank());
    buffer_size_ = static_cast<std::uint32_t>(buffer.aligned_size());
    shadow_global_buffer = &buffer;
    validate_total_size(total_size);
    total_size_ = total_size;
    return *this;
}

CircularBufferConfig& CircularBufferConfig::set_tile_dims(std::uint8_t buffer_index, const Tile& tile) {
    if (buffer_index >= NUM_CIRCULAR_BUFFERS) ttemu::Throw("Buffer index (", int(buffer_index), ") is out of range");
    tiles_[buffer_index] = tile;
    return *this;
}

const std::array<std::optional<Tile>, NUM_CIRCULAR_BUFFERS>& CircularBufferConfig::tiles() const { return tiles_; }
std::uint32_t CircularBufferConfig::total_size() const { return total_size_; }
std::optional<std::uint32_t> CircularBufferConfig::globally_allocated_address() const {
    return globally_allocated_address_;
}
const std::array<std::optional<tt::DataFormat>, NUM_CIRCULAR_BUFFERS>& CircularBufferConfig::data_formats() const {
    return data_formats_;
}
const std::array<std::optional<std::uint32_t>, NUM_CIRCULAR_BUFFERS>& CircularBufferConfig::page_sizes() const {
    return page_sizes_;
}
const std::unordered_set<std::uint8_t>& CircularBufferConfig::buffer_indices() const { return buffer_indices_; }
const std::unordered_set<std::uint8_t>& CircularBufferConfig::local_buffer_indices() const {
    return local_buffer_indices_;
}
const std::unordered_set<std::uint8_t>& CircularBufferConfig::remote_buffer_indices() const {
    return remote_buffer_indices_;
}
bool CircularBufferConfig::dynamic_cb() const { return dynamic_cb_; }
std::uint32_t CircularBufferConfig::max_size() const { return max_size_; }
std::uint32_t CircularBufferConfig::buffer_size() const { return buffer_size_; }

CircularBufferConfig::Builder::Builder(CircularBufferConfig& parent, std::uint8_t buffer_index)
    : parent_(parent), buffer_index_(buffer_index) {
    if (buffer_index >= NUM_CIRCULAR_BUFFERS) ttemu::Throw("Buffer index (", int(buffer_index), ") is out of range");
    parent_.buffer_indices_.insert(buffer_index);
}
CircularBufferConfig::Builder CircularBufferConfig::Builder::LocalBuilder(CircularBufferConfig& parent,
                                                                          std::uint8_t buffer_index) {
    Builder b(parent, buffer_index);
    parent.local_buffer_indices_.insert(buffer_index);
    return b;
}
CircularBufferConfig::Builder CircularBufferConfig::Builder::RemoteBuilder(CircularBufferConfig& parent,
                                                                           std::uint8_t buffer_index) {
    Builder b(parent, buffer_index);
    parent.remote_buffer_indices_.insert(buffer_index);
    return b;
}
const CircularBufferConfig::Builder& CircularBufferConfig::Builder::set_data_format(tt::DataFormat f) const {
    parent_.data_formats_[buffer_index_] = f;
    return *this;
}
const CircularBufferConfig::Builder& CircularBufferConfig::Builder::set_total_size(std::uint32_t total_size) const {
    parent_.set_total_size(total_size);
    return *this;
}
const CircularBufferConfig::Builder& CircularBufferConfig::Builder::set_page_size(std::uint32_t page_size) const {
    parent_.set_page_size(buffer_index_, page_size);
    return *this;
}
const CircularBufferConfig::Builder& CircularBufferConfig::Builder::set_tile_dims(const Tile& tile) const {
    parent_.set_tile_dims(buffer_index_, tile);
    return *this;
}
CircularBufferConfig::Builder CircularBufferConfig::index(std::uint8_t buffer_index) {
    return Builder::LocalBuilder(*this, buffer_index);
}
CircularBufferConfig::Builder CircularBufferConfig::remote_index(std::uint8_t buffer_index) {
    return Builder::RemoteBuilder(*this, buffer_index);
}

bool operator==(const CircularBufferConfig& a, const CircularBufferConfig& b) {
    return a.total_size_ == b.total_size_ && a.globally_allocated_address_ == b.globally_allocated_address_ &&
           a.data_formats_ == b.data_formats_ && a.page_sizes_ == b.page_sizes_ && a.tiles_ == b.tiles_ &&
           a.buffer_indices_ == b.buffer_indices_ && a.dynamic_cb_ == b.dynamic_cb_;
}
bool operator!=(const CircularBufferConfig& a, const CircularBufferConfig& b) { return !(a == b); }

}  // namespace tt::tt_metal::v0
