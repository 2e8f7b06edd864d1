// A std::vector whose storage is 16-byte aligned (for the device's memcpy paths).
#pragma once

#include <cstdint>
#include <vector>

#include <tt_stl/aligned_allocator.hpp>

namespace tt::tt_metal {
static constexpr std::uint32_t MEMCPY_ALIGNMENT = 16;
template <typename T>
using vector_aligned = std::vector<T, ttsl::aligned_allocator<T, MEMCPY_ALIGNMENT>>;
}  // namespace tt::tt_metal
