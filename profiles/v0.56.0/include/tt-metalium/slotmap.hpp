// tt::stl::SlotMap<Key, T>: a container that hands out versioned keys. Removing an element frees its slot for
// reuse with a new version, so a stale key is recognised (contains() false, get() null) instead of aliasing the
// newcomer. Keys pack a slot index and an odd version (odd = live) into one integer.
//   MAKE_SLOTMAP_KEY(BufferKey, uint32_t, 20);
//   tt::stl::SlotMap<BufferKey, std::string> names;
//   BufferKey k = names.insert("a");  names.remove(k);  names.get(k) == nullptr
#pragma once

#include <cassert>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include <tt-metalium/assert.hpp>

namespace tt::stl {

template <typename T, std::size_t INDEX_BITS>
struct Key {
private:
    static_assert(INDEX_BITS < sizeof(T) * CHAR_BIT, "the index must leave bits for the version");
    static constexpr std::size_t VERSION_BITS = sizeof(T) * CHAR_BIT - INDEX_BITS;
    static constexpr T VERSION_MASK = static_cast<T>((T(1) << VERSION_BITS) - 1);

    T value = 0;

    template <typename KeyT, typename U>
    friend class SlotMap;

public:
    using value_type = T;
    static constexpr T max_index = (T(1) << INDEX_BITS) - 1;

    Key() = default;
    Key(T idx, T ver) : value(static_cast<T>((idx << VERSION_BITS) | ver | 1)) {
        assert(idx <= max_index);
        assert((ver & VERSION_MASK) == ver);
    }
    explicit Key(T full_value) : value(full_value) { assert(value & 1); }

    T index() const { return value >> VERSION_BITS; }
    T version() const { return value & VERSION_MASK; }
    bool operator<=>(const Key& other) const = default;
};

#define MAKE_SLOTMAP_KEY(NAME, T, N)     \
    struct NAME : ::tt::stl::Key<T, N> { \
        using Key::Key;                  \
    };

template <typename KeyT, typename T>
class SlotMap {
public:
    using index_type = typename KeyT::value_type;
    using version_type = typename KeyT::value_type;
    using value_type = T;

    SlotMap(std::size_t capacity = 0) { slots_.reserve(capacity); }

    template <typename... Args>
    KeyT emplace(Args&&... args) {
        index_type idx;
        if (!free_.empty()) {
            idx = free_.back();
            free_.pop_back();
        } else {
            TT_FATAL(slots_.size() <= KeyT::max_index, "SlotMap index out of bounds");
            idx = static_cast<index_type>(slots_.size());
            slots_.emplace_back();
        }
        Slot& slot = slots_[idx];
        slot.version |= 1;  // odd: live
        slot.value.emplace(std::forward<Args>(args)...);
        ++size_;
        return KeyT{idx, slot.version};
    }
    template <typename U>
    KeyT insert(U&& value) {
        return emplace(std::forward<U>(value));
    }

    // Removes the element a live key names; a stale key is ignored.
    void remove(const KeyT& key) {
        if (!contains(key)) return;
        Slot& slot = slots_[key.index()];
        slot.value.reset();
        slot.version = static_cast<version_type>((slot.version + 1) & KeyT::VERSION_MASK);  // even: free
        free_.push_back(key.index());
        --size_;
    }

    [[nodiscard]] T* get(const KeyT& key) { return contains(key) ? &*slots_[key.index()].value : nullptr; }
    [[nodiscard]] const T* get(const KeyT& key) const { return contains(key) ? &*slots_[key.index()].value : nullptr; }
    bool contains(const KeyT& key) const {
        return key.index() < slots_.size() && slots_[key.index()].version == key.version() && (key.version() & 1);
    }

    std::size_t size() const noexcept { return size_; }
    std::size_t capacity() const noexcept { return slots_.capacity(); }
    void reserve(std::size_t new_capacity) {
        TT_FATAL(new_capacity <= KeyT::max_index, "SlotMap capacity out of bounds");
        slots_.reserve(new_capacity);
    }
    bool empty() const noexcept { return size_ == 0; }
    void clear() noexcept {
        slots_.clear();
        free_.clear();
        size_ = 0;
    }

    // Forward iteration over the live elements, in slot order.
    template <typename Map, typename V>
    class basic_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = std::remove_const_t<V>;
        using difference_type = std::ptrdiff_t;
        using pointer = V*;
        using reference = V&;

        basic_iterator(Map* map, std::size_t index) : map_(map), index_(index) { skip_free(); }
        reference operator*() const { return *map_->slots_[index_].value; }
        pointer operator->() const { return &*map_->slots_[index_].value; }
        basic_iterator& operator++() {
            ++index_;
            skip_free();
            return *this;
        }
        basic_iterator operator++(int) {
            basic_iterator before = *this;
            ++*this;
            return before;
        }
        bool operator==(const basic_iterator& other) const { return index_ == other.index_; }
        bool operator!=(const basic_iterator& other) const { return index_ != other.index_; }

    private:
        void skip_free() {
            while (index_ < map_->slots_.size() && !map_->slots_[index_].value) ++index_;
        }
        Map* map_;
        std::size_t index_;
    };
    using iterator = basic_iterator<SlotMap, T>;
    using const_iterator = basic_iterator<const SlotMap, const T>;

    iterator begin() { return iterator(this, 0); }
    iterator end() { return iterator(this, slots_.size()); }
    const_iterator begin() const { return const_iterator(this, 0); }
    const_iterator end() const { return const_iterator(this, slots_.size()); }
    const_iterator cbegin() const { return begin(); }
    const_iterator cend() const { return end(); }

private:
    struct Slot {
        version_type version = 0;
        std::optional<T> value;
    };
    std::vector<Slot> slots_;
    std::vector<index_type> free_;
    std::size_t size_ = 0;
};

}  // namespace tt::stl
