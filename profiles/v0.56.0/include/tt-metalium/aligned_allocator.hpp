// An allocator returning memory aligned to a fixed boundary (tt::stl::aligned_allocator).
#pragma once

#include <cstddef>
#include <new>

namespace tt::stl {
template <typename T, std::size_t Alignment>
struct aligned_allocator {
    using value_type = T;
    template <typename U>
    struct rebind {
        using other = aligned_allocator<U, Alignment>;
    };
    aligned_allocator() noexcept = default;
    template <typename U>
    aligned_allocator(const aligned_allocator<U, Alignment>&) noexcept {}
    T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t{Alignment})); }
    void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, std::align_val_t{Alignment}); }
    bool operator==(const aligned_allocator&) const noexcept { return true; }
    bool operator!=(const aligned_allocator&) const noexcept { return false; }
};
}  // namespace tt::stl
