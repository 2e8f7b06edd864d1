// tt::stl::Span — a non-owning view over contiguous elements, as tt-metal v0.56.0 declares it.
//
// Layout and template parameters matter: Span<const uint32_t> appears in exported signatures, so it must mangle
// as tt::stl::Span<const unsigned int, 18446744073709551615ul> and be passed in two registers ({T*, size_t}).
//   tt::stl::Span<const uint32_t> args = vec;   // from a vector, array, initializer list or (ptr, n)
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <type_traits>
#include <vector>

#include <tt-metalium/strong_type.hpp>  // v0.56.0 programs get StrongType through span.hpp too

namespace tt::stl {

inline constexpr std::size_t dynamic_extent = static_cast<std::size_t>(-1);

template <typename T, std::size_t Extent = dynamic_extent>
class Span {
public:
    using element_type = T;
    using value_type = std::remove_cv_t<T>;
    using size_type = std::size_t;
    using iterator = T*;

    constexpr Span() noexcept = default;
    constexpr Span(T* data, std::size_t size) noexcept : data_(data), size_(size) {}
    template <typename A>
    Span(std::vector<value_type, A>& v) noexcept : data_(v.data()), size_(v.size()) {}
    template <typename A, typename U = T, typename = std::enable_if_t<std::is_const_v<U>>>
    Span(const std::vector<value_type, A>& v) noexcept : data_(v.data()), size_(v.size()) {}
    template <std::size_t N>
    constexpr Span(std::array<value_type, N>& a) noexcept : data_(a.data()), size_(N) {}
    template <std::size_t N, typename U = T, typename = std::enable_if_t<std::is_const_v<U>>>
    constexpr Span(const std::array<value_type, N>& a) noexcept : data_(a.data()), size_(N) {}
    template <typename U = T, typename = std::enable_if_t<std::is_const_v<U>>>
    constexpr Span(std::initializer_list<value_type> il) noexcept : data_(il.begin()), size_(il.size()) {}

    constexpr T* data() const noexcept { return data_; }
    constexpr std::size_t size() const noexcept { return size_; }
    constexpr std::size_t size_bytes() const noexcept { return size_ * sizeof(T); }
    constexpr bool empty() const noexcept { return size_ == 0; }
    constexpr T& operator[](std::size_t i) const noexcept { return data_[i]; }
    constexpr T* begin() const noexcept { return data_; }
    constexpr T* end() const noexcept { return data_ + size_; }
    constexpr T& front() const noexcept { return data_[0]; }
    constexpr T& back() const noexcept { return data_[size_ - 1]; }

private:
    T* data_ = nullptr;
    std::size_t size_ = 0;
};

static_assert(sizeof(Span<const unsigned>) == 16 && std::is_trivially_copyable_v<Span<const unsigned>>);

}  // namespace tt::stl

