// Copies into device-mapped memory (tt::tt_metal::memcpy_to_device) and vectors aligned for them.
// tt-metal streams 16/32-byte blocks past the cache into hugepages; the emulated device's memory is ordinary
// memory, so here it is a plain copy with the same precondition (dst 16-byte aligned).
//   vector_memcpy_aligned<uint32_t> staging(256);  memcpy_to_device(staging.data(), src, 1024);
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include <tt-metalium/aligned_allocator.hpp>
#include <tt-metalium/assert.hpp>

namespace tt::tt_metal {

static constexpr std::uint32_t MEMCPY_ALIGNMENT = 16;  // one SSE block

template <typename T>
using vector_memcpy_aligned = std::vector<T, tt::stl::aligned_allocator<T, MEMCPY_ALIGNMENT>>;

template <bool debug_sync = false>
static inline void memcpy_to_device(void* __restrict dst, const void* __restrict src, std::size_t n) {
    TT_ASSERT(reinterpret_cast<std::uintptr_t>(dst) % MEMCPY_ALIGNMENT == 0);
    std::memcpy(dst, src, n);
    if constexpr (debug_sync) __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

}  // namespace tt::tt_metal
