// tt::tt_metal::ShapeBase: a shape as a SmallVector of dimensions, indexable from the end with negative indices
// (MeshShape derives from it). Member functions not defined here are exported by libtt_metal.so.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include <tt-metalium/small_vector.hpp>
#include <tt-metalium/span.hpp>

namespace tt::tt_metal {

class ShapeBase {
public:
    using Container = tt::stl::SmallVector<std::uint32_t>;

    ShapeBase() { init(); }
    explicit ShapeBase(const Container& shape) : value_(shape) { init(); }
    explicit ShapeBase(Container&& shape) : value_(std::move(shape)) { init(); }
    explicit ShapeBase(std::initializer_list<std::uint32_t> ilist) : value_(ilist) { init(); }
    template <std::size_t N>
    explicit ShapeBase(const std::array<std::uint32_t, N>& arr) : value_(arr.begin(), arr.end()) {
        init();
    }
    explicit ShapeBase(tt::stl::Span<const std::uint32_t> span) : value_(span.begin(), span.end()) { init(); }

    template <std::size_t N>
    bool operator==(const std::array<std::uint32_t, N>& other) const {
        return value_.size() == N && std::equal(value_.begin(), value_.end(), other.begin());
    }
    bool operator==(const ShapeBase& other) const;
    bool operator==(const Container& other) const;
    bool operator==(const std::vector<std::uint32_t>& other) const;

    // index < 0 counts from the last dimension
    std::uint32_t operator[](std::int32_t index) const;
    std::uint32_t& operator[](std::int32_t index);

    Container::const_iterator cbegin() const;
    Container::const_iterator cend() const;
    tt::stl::Span<const std::uint32_t> view() const;
    bool empty() const;

protected:
    void init();
    std::size_t size() const;

    Container value_;

private:
    std::size_t original_size_ = 0;
};

}  // namespace tt::tt_metal
