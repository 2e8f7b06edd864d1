// tt::tt_metal::ShapeBase: a shape as a SmallVector of dimensions, indexable from the end with negative indices
// (MeshShape derives from it). Member functions not defined here are exported by libtt_metal.so.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include <tt_stl/small_vector.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

namespace detail {
[[noreturn]] void normalized_index_out_of_range(std::int32_t index, std::int32_t full_size, std::int32_t orig_size);
// Where `index` (negative: from the end of the original dimensions) is in a container padded to container_size.
inline std::int32_t normalized_index(std::int32_t index, std::size_t original_size, std::size_t container_size) {
    const auto orig = static_cast<std::int32_t>(original_size), full = static_cast<std::int32_t>(container_size);
    if (index < -full || index >= orig) normalized_index_out_of_range(index, full, orig);
    return index + full - (index >= 0 ? orig : 0);
}
}  // namespace detail

class ShapeBase {
public:
    using coord_type = std::uint32_t;
    using Container = ttsl::SmallVector<std::uint32_t>;

    ShapeBase() { init(); }
    explicit ShapeBase(const Container& shape) : value_(shape) { init(); }
    explicit ShapeBase(Container&& shape) : value_(std::move(shape)) { init(); }
    explicit ShapeBase(std::initializer_list<std::uint32_t> ilist) : value_(ilist) { init(); }
    template <std::size_t N>
    explicit ShapeBase(const std::array<std::uint32_t, N>& arr) : value_(arr.begin(), arr.end()) {
        init();
    }
    explicit ShapeBase(ttsl::Span<const std::uint32_t> span) : value_(span.begin(), span.end()) { init(); }

    template <std::size_t N>
    bool operator==(const std::array<std::uint32_t, N>& other) const {
        return value_.size() == N && std::equal(value_.begin(), value_.end(), other.begin());
    }
    bool operator==(const ShapeBase& other) const;
    bool operator==(const Container& other) const;
    bool operator==(const std::vector<std::uint32_t>& other) const;

    // index < 0 counts from the last dimension (inline in v0.67.0)
    std::uint32_t operator[](std::int32_t index) const {
        return value_[detail::normalized_index(index, original_size_, value_.size())];
    }
    std::uint32_t& operator[](std::int32_t index) {
        return value_[detail::normalized_index(index, original_size_, value_.size())];
    }

    Container::const_iterator cbegin() const;
    Container::const_iterator cend() const;
    Container::const_iterator begin() const;
    Container::const_iterator end() const;
    ttsl::Span<const std::uint32_t> view() const;
    bool empty() const;

protected:
    void init();
    std::size_t size() const;

    Container value_;

private:
    std::size_t original_size_ = 0;
};

}  // namespace tt::tt_metal
