// The objects a Program owns and hands out: CircularBuffer and Semaphore (exported members, v0.56.0 names).
#include <tt-metalium/circular_buffer.hpp>
#include <tt-metalium/semaphore.hpp>

#include "emu/core/device_model.h"
#include "emu/core/errors.h"

namespace tt::tt_metal {
inline namespace v0 {

// The handle is the object's address, as in tt-metal: unique while the program holds the buffer.
CircularBuffer::CircularBuffer(const CoreRangeSet& core_range_set, const CircularBufferConfig& config)
    : id_(reinterpret_cast<std::uintptr_t>(this)), core_ranges_(core_range_set), config_(config) {
    validate_set_config_attributes();
    if (!config_.remote_buffer_indices().empty())
        ttemu::Throw("Circular buffer with remote buffer indices needs a GlobalCircularBuffer");
    if (globally_allocated()) globally_allocated_address_ = *config_.globally_allocated_address();
}

CircularBuffer::CircularBuffer(const CoreRangeSet& core_ranges, const CircularBufferConfig& config,
                               const v1::experimental::GlobalCircularBuffer&)
    : id_(reinterpret_cast<std::uintptr_t>(this)), core_ranges_(core_ranges), config_(config) {
    ttemu::Throw("GlobalCircularBuffer is not emulated: a circular buffer cannot be tied to one");
}

// Each index is described by a data format and a page size together, or not at all.
void CircularBuffer::validate_set_config_attributes() {
    for (std::uint32_t i = 0; i < NUM_CIRCULAR_BUFFERS; i++) {
        const bool has_format = config_.data_formats()[i].has_value();
        const bool has_page = config_.page_sizes()[i].has_value();
        if (has_format != has_page)
            ttemu::Throw("Expected both data format and page size to be set for buffer index ", i, ". Data format is ",
                         has_format ? "" : "not ", "set. Page size is ", has_page ? "" : "not ", "set.");
    }
}

bool CircularBuffer::uses_buffer_index(std::uint32_t buffer_index) const {
    return buffer_index < NUM_CIRCULAR_BUFFERS && buffer_indices().count(static_cast<std::uint8_t>(buffer_index));
}

std::uint32_t CircularBuffer::page_size(std::uint32_t buffer_index) const {
    if (!uses_buffer_index(buffer_index))
        ttemu::Throw("Cannot access page size for buffer index ", buffer_index,
                     " because circular buffer is not configured on that index");
    const std::uint32_t page = *config_.page_sizes()[buffer_index];
    if (page == 0 || size() % page != 0)
        ttemu::Throw("Total circular buffer size ", size(), " B must be divisible by page size ", page, " B");
    return page;
}

std::uint32_t CircularBuffer::num_pages(std::uint32_t buffer_index) const { return size() / page_size(buffer_index); }

DataFormat CircularBuffer::data_format(std::uint32_t buffer_index) const {
    if (!uses_buffer_index(buffer_index))
        ttemu::Throw("Cannot access data format for buffer index ", buffer_index,
                     " because circular buffer is not configured on that index");
    return *config_.data_formats()[buffer_index];
}

const std::optional<Tile>& CircularBuffer::tile(std::uint32_t buffer_index) const {
    if (!uses_buffer_index(buffer_index))
        ttemu::Throw("Cannot access tile dims for buffer index ", buffer_index,
                     " because circular buffer is not configured on that index");
    return config_.tiles()[buffer_index];
}

std::uint32_t CircularBuffer::address() const {
    if (globally_allocated()) return globally_allocated_address_;
    if (!locally_allocated_address_)
        ttemu::Throw("Circular buffer has not been allocated, cannot request address at this time!");
    return *locally_allocated_address_;
}

bool CircularBuffer::is_on_logical_corerange(const CoreRange& logical_cr) const {
    return core_ranges_.intersects(logical_cr);
}
bool CircularBuffer::is_on_logical_core(const CoreCoord& logical_core) const {
    return core_ranges_.contains(logical_core);
}

// A dynamic circular buffer follows the buffer its configuration names.
void CircularBuffer::assign_global_address() {
    if (auto address = config_.globally_allocated_address()) globally_allocated_address_ = *address;
}

void CircularBuffer::set_global_circular_buffer(const v1::experimental::GlobalCircularBuffer&) {
    ttemu::Throw("GlobalCircularBuffer is not emulated: a circular buffer cannot be tied to one");
}

DeviceAddr CircularBuffer::config_address() const { return global_circular_buffer_config_address_; }

void CircularBuffer::invalidate_locally_allocated_address() { locally_allocated_address_.reset(); }

}  // namespace v0

Semaphore::Semaphore(const CoreRangeSet& core_range_set, std::uint32_t id, std::uint32_t initial_value)
    : Semaphore(core_range_set, id, initial_value, CoreType::WORKER) {}

Semaphore::Semaphore(const CoreRangeSet& core_range_set, std::uint32_t id, std::uint32_t initial_value,
                     CoreType core_type)
    : core_range_set_(core_range_set), id_(id), initial_value_(initial_value), core_type_(core_type) {}

Semaphore::Semaphore(const Semaphore& other) = default;
Semaphore& Semaphore::operator=(const Semaphore& other) = default;
Semaphore::Semaphore(Semaphore&& other) noexcept = default;
Semaphore& Semaphore::operator=(Semaphore&& other) noexcept = default;

std::uint32_t Semaphore::offset() const { return id_ * ttemu::kSemaphoreStride; }

bool Semaphore::initialized_on_logical_core(const CoreCoord& logical_core) const {
    return core_range_set_.contains(logical_core);
}

}  // namespace tt::tt_metal
