// CircularBuffer: a read-only view of one of a program's circular buffers (Program::circular_buffers()).
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_set>

#include <tt-metalium/circular_buffer_constants.h>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace tt::tt_metal {

struct Tile;
using CBHandle = std::uintptr_t;
class CircularBufferImpl;

class CircularBuffer {
public:
    explicit CircularBuffer(const CircularBufferImpl* impl);
    CBHandle id() const;
    const CoreRangeSet& core_ranges() const;
    std::size_t size() const;
    bool globally_allocated() const;
    const std::unordered_set<std::uint8_t>& buffer_indices() const;
    std::uint32_t page_size(std::uint32_t buffer_index) const;
    std::uint32_t num_pages(std::uint32_t buffer_index) const;
    DataFormat data_format(std::uint32_t buffer_index) const;

private:
    const CircularBufferImpl* impl_;
};

}  // namespace tt::tt_metal
