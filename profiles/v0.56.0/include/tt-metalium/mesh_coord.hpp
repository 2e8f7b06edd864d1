// Coordinates in a mesh of devices (tt::tt_metal::distributed): MeshShape (dimensions, row-major strides),
// MeshCoordinate, MeshCoordinateRange (an inclusive box, iterated row-major), MeshCoordinateRangeSet and
// MeshContainer<T> (one value per coordinate of a shape). Non-template members are exported by libtt_metal.so;
// MeshContainer is a header template, as in tt-metal v0.56.0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <tuple>
#include <type_traits>
#include <vector>

#include <tt-metalium/assert.hpp>
#include <tt-metalium/shape_base.hpp>
#include <tt-metalium/utils.hpp>

namespace tt::tt_metal::distributed {

class MeshShape : public ShapeBase {
public:
    using ShapeBase::operator[];

    explicit MeshShape(std::uint32_t x);
    MeshShape(std::uint32_t x, std::uint32_t y);
    MeshShape(std::uint32_t x, std::uint32_t y, std::uint32_t z);
    explicit MeshShape(const tt::stl::SmallVector<std::uint32_t>& shape);
    explicit MeshShape(tt::stl::SmallVector<std::uint32_t>&& shape);
    explicit MeshShape(std::initializer_list<std::uint32_t> ilist);
    explicit MeshShape(tt::stl::Span<const std::uint32_t> span);

    std::size_t dims() const;
    std::size_t get_stride(std::size_t dim) const;  // elements between neighbours along `dim`
    std::size_t mesh_size() const;                  // devices in the mesh

    static constexpr auto attribute_names = std::forward_as_tuple("value");
    auto attribute_values() const { return std::forward_as_tuple(value_); }

    friend bool operator==(const MeshShape& lhs, const MeshShape& rhs);
    friend bool operator!=(const MeshShape& lhs, const MeshShape& rhs);
    friend std::ostream& operator<<(std::ostream& os, const MeshShape& shape);

private:
    using ShapeBase::empty;
    using ShapeBase::ShapeBase;
    using ShapeBase::size;
    void compute_strides();
    tt::stl::SmallVector<std::size_t> strides_;
};

bool is_line_topology(const MeshShape& shape);

class MeshCoordinate {
public:
    explicit MeshCoordinate(std::uint32_t x);
    MeshCoordinate(std::uint32_t x, std::uint32_t y);
    MeshCoordinate(std::uint32_t x, std::uint32_t y, std::uint32_t z);
    explicit MeshCoordinate(tt::stl::Span<const std::uint32_t> coords);

    static MeshCoordinate zero_coordinate(std::size_t dimensions);

    std::size_t dims() const;
    tt::stl::Span<const std::uint32_t> coords() const;
    std::uint32_t operator[](std::size_t dim) const;

    static constexpr auto attribute_names = std::forward_as_tuple("value");
    auto attribute_values() const { return std::forward_as_tuple(value_); }

private:
    tt::stl::SmallVector<std::uint32_t> value_;
};

bool operator==(const MeshCoordinate& lhs, const MeshCoordinate& rhs);
bool operator!=(const MeshCoordinate& lhs, const MeshCoordinate& rhs);
bool operator<(const MeshCoordinate& lhs, const MeshCoordinate& rhs);
bool operator>(const MeshCoordinate& lhs, const MeshCoordinate& rhs);
bool operator<=(const MeshCoordinate& lhs, const MeshCoordinate& rhs);
bool operator>=(const MeshCoordinate& lhs, const MeshCoordinate& rhs);
std::ostream& operator<<(std::ostream& os, const MeshCoordinate& shape);

// The row-major position of `coord` in `shape` (TT_FATAL when it lies outside).
std::size_t to_linear_index(const MeshShape& shape, const MeshCoordinate& coord);

class MeshCoordinateRange {
public:
    MeshCoordinateRange(const MeshCoordinate& start, const MeshCoordinate& end);  // both inclusive
    explicit MeshCoordinateRange(const MeshShape& shape);                          // the whole shape

    std::size_t dims() const;
    const MeshCoordinate& start_coord() const;
    const MeshCoordinate& end_coord() const;
    bool contains(const MeshCoordinate& coord) const;
    bool contains(const MeshCoordinateRange& range) const;
    bool intersects(const MeshCoordinateRange& range) const;
    std::optional<MeshCoordinateRange> intersection(const MeshCoordinateRange& range) const;

    static constexpr auto attribute_names = std::forward_as_tuple("start", "end");
    auto attribute_values() const { return std::forward_as_tuple(start_, end_); }

    class Iterator {
    public:
        Iterator& operator++();
        const MeshCoordinate& operator*() const;
        bool operator==(const Iterator& other) const;
        bool operator!=(const Iterator& other) const;

    private:
        Iterator(const MeshCoordinateRange* range, const MeshCoordinate& current_coord, std::size_t linear_index);
        friend class MeshCoordinateRange;
        const MeshCoordinateRange* range_ = nullptr;
        MeshCoordinate current_coord_;
        std::size_t linear_index_ = 0;
    };
    Iterator begin() const;
    Iterator end() const;

    friend bool operator==(const MeshCoordinateRange& lhs, const MeshCoordinateRange& rhs);
    friend bool operator!=(const MeshCoordinateRange& lhs, const MeshCoordinateRange& rhs);
    friend std::ostream& operator<<(std::ostream& os, const MeshCoordinateRange& range);

private:
    MeshCoordinate start_;
    MeshCoordinate end_;
};

class MeshCoordinateRangeSet {
public:
    MeshCoordinateRangeSet() = default;
    void merge(const MeshCoordinateRange& range);
    std::size_t size() const { return ranges_.size(); }
    bool empty() const { return ranges_.empty(); }
    const auto& ranges() const { return ranges_; }

private:
    std::vector<MeshCoordinateRange> ranges_;
};

// The parts of `parent` outside `intersection`.
MeshCoordinateRangeSet subtract(const MeshCoordinateRange& parent, const MeshCoordinateRange& intersection);

namespace detail {

// What iterating a MeshContainer yields: a coordinate and its value, usable with structured bindings.
template <typename T>
class MeshCoordinateValueProxy {
public:
    MeshCoordinateValueProxy(const MeshCoordinate* coord, T* value_ptr) : coord_(coord), value_ptr_(value_ptr) {}
    const MeshCoordinate& coord() const { return *coord_; }
    T& value() { return *value_ptr_; }
    const T& value() const { return *value_ptr_; }
    template <std::size_t I>
    decltype(auto) get() & {
        static_assert(I < 2);
        if constexpr (I == 0) return coord();
        else return value();
    }
    template <std::size_t I>
    decltype(auto) get() const& {
        static_assert(I < 2);
        if constexpr (I == 0) return coord();
        else return value();
    }
    template <std::size_t I>
    auto get() const&& {
        return get<I>();
    }

private:
    const MeshCoordinate* coord_ = nullptr;
    T* value_ptr_ = nullptr;
};

}  // namespace detail

template <typename T>
class MeshContainer {
public:
    MeshContainer(const MeshShape& shape, const T& fill_value)
        : shape_(shape), coord_range_(shape), values_(shape.mesh_size(), fill_value) {}
    MeshContainer(const MeshShape& shape, std::vector<T> values)
        : shape_(shape), coord_range_(shape), values_(std::move(values)) {
        TT_FATAL(shape.mesh_size() == values_.size(), "Shape and values size mismatch; shape: {}, values: {}",
                 shape.mesh_size(), values_.size());
    }

    const MeshShape& shape() const { return shape_; }
    const MeshCoordinateRange& coord_range() const { return coord_range_; }
    T& at(const MeshCoordinate& coord) { return values_.at(to_linear_index(shape_, coord)); }
    const T& at(const MeshCoordinate& coord) const { return values_.at(to_linear_index(shape_, coord)); }

    template <typename Owner, typename V>
    class BasicIterator {
    public:
        using ValueProxy = detail::MeshCoordinateValueProxy<V>;
        BasicIterator& operator++() {
            ++linear_index_;
            ++coord_iter_;
            value_proxy_ = ValueProxy(&*coord_iter_, container_->values_.data() + linear_index_);
            return *this;
        }
        // The proxy points at this iterator's own coordinate: refreshed on each use, so a copy of the iterator (what
        // std::find_if returns) never hands out a pointer into the iterator it was copied from.
        ValueProxy& operator*() { return Proxy(); }
        const ValueProxy& operator*() const { return Proxy(); }
        ValueProxy* operator->() { return &Proxy(); }
        const ValueProxy* operator->() const { return &Proxy(); }
        bool operator==(const BasicIterator& o) const {
            return container_ == o.container_ && coord_iter_ == o.coord_iter_ && linear_index_ == o.linear_index_;
        }
        bool operator!=(const BasicIterator& o) const { return !(*this == o); }

    private:
        BasicIterator(Owner* container, const MeshCoordinateRange::Iterator& coord_iter, std::size_t linear_index)
            : container_(container), coord_iter_(coord_iter), linear_index_(linear_index),
              value_proxy_(&*coord_iter_, container->values_.data() + linear_index) {}
        friend class MeshContainer;
        Owner* container_ = nullptr;
        MeshCoordinateRange::Iterator coord_iter_;
        std::size_t linear_index_ = 0;
        ValueProxy& Proxy() const {
            value_proxy_ = ValueProxy(&*coord_iter_, container_->values_.data() + linear_index_);
            return value_proxy_;
        }
        mutable ValueProxy value_proxy_;
    };
    using Iterator = BasicIterator<MeshContainer, T>;
    using ConstIterator = BasicIterator<const MeshContainer, const T>;

    Iterator begin() { return Iterator(this, coord_range_.begin(), 0); }
    Iterator end() { return Iterator(this, coord_range_.end(), shape_.mesh_size()); }
    ConstIterator begin() const { return ConstIterator(this, coord_range_.begin(), 0); }
    ConstIterator end() const { return ConstIterator(this, coord_range_.end(), shape_.mesh_size()); }

    std::vector<T>& values() { return values_; }
    const std::vector<T>& values() const { return values_; }

    friend bool operator==(const MeshContainer& a, const MeshContainer& b) {
        return a.shape() == b.shape() && a.coord_range() == b.coord_range() && a.values() == b.values();
    }
    friend bool operator!=(const MeshContainer& a, const MeshContainer& b) { return !(a == b); }

private:
    MeshShape shape_;
    MeshCoordinateRange coord_range_;
    std::vector<T> values_;
};

}  // namespace tt::tt_metal::distributed

template <typename T>
struct std::tuple_size<tt::tt_metal::distributed::detail::MeshCoordinateValueProxy<T>>
    : std::integral_constant<std::size_t, 2> {};
template <typename T>
struct std::tuple_element<0, tt::tt_metal::distributed::detail::MeshCoordinateValueProxy<T>> {
    using type = const tt::tt_metal::distributed::MeshCoordinate;
};
template <typename T>
struct std::tuple_element<1, tt::tt_metal::distributed::detail::MeshCoordinateValueProxy<T>> {
    using type = T;
};

template <>
struct std::hash<tt::tt_metal::distributed::MeshCoordinate> {
    std::size_t operator()(const tt::tt_metal::distributed::MeshCoordinate& coord) const noexcept {
        std::size_t seed = 0;
        for (const std::uint32_t v : coord.coords()) tt::utils::hash_combine(seed, v);
        return seed;
    }
};
template <>
struct std::hash<tt::tt_metal::distributed::MeshCoordinateRange> {
    std::size_t operator()(const tt::tt_metal::distributed::MeshCoordinateRange& range) const noexcept {
        std::size_t seed = 0;
        tt::utils::hash_combine(seed, range.start_coord());
        tt::utils::hash_combine(seed, range.end_coord());
        return seed;
    }
};
