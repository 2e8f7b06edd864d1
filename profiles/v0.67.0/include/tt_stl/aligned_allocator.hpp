// ttsl::aligned_allocator<T, A>: allocates with operator new[] at a fixed alignment (vector_aligned).
#pragma once

#include <cstddef>
#include <limits>
#include <new>

namespace ttsl {

template <typename T, std::size_t Alignment = alignof(T)>
class aligned_allocator {
public:
    static_assert(Alignment >= alignof(T), "the alignment must be at least alignof(T)");
    static constexpr std::align_val_t alignment{Alignment};
    using value_type = T;
    using size_type = std::size_t;
    using difference_type = std::ptrdiff_t;
    template <typename U>
    struct rebind {
        using other = aligned_allocator<U, Alignment>;
    };
    constexpr aligned_allocator() noexcept = default;
    constexpr aligned_allocator(const aligned_allocator&) noexcept = default;
    template <typename U>
    constexpr aligned_allocator(const aligned_allocator<U, Alignment>&) noexcept {}

    [[nodiscard]] T* allocate(std::size_t n) const {
        if (n > max_size()) throw std::bad_array_new_length();
        if (n == 0) return nullptr;
        return static_cast<T*>(::operator new[](n * sizeof(T), alignment));
    }
    void deallocate(T* p, std::size_t n) const noexcept { ::operator delete[](p, n * sizeof(T), alignment); }
    [[nodiscard]] size_type max_size() const noexcept { return std::numeric_limits<size_type>::max() / sizeof(T); }
};

template <typename T, typename U, std::size_t Alignment>
constexpr bool operator==(const aligned_allocator<T, Alignment>&, const aligned_allocator<U, Alignment>&) noexcept {
    return true;
}

}  // namespace ttsl

namespace tt {
namespace [[deprecated("Use ttsl namespace instead")]] stl {
using namespace ::ttsl;
}  // namespace stl
}  // namespace tt
