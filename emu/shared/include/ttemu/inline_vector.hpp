// InlineVector<T, N, SizeT>: a vector keeping up to N elements inside itself — begin pointer, size and capacity
// (stored as SizeT), then room for N elements. Each tt-metal release's SmallVector derives from it with the
// layout that release's library has: v0.56.0's boost::container::small_vector (SizeT = size_t), v0.67.0's LLVM
// SmallVector (SizeT = uint32_t for elements of 4 bytes or more). Shared by every profile's headers.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace ttemu {

template <typename T, std::size_t PREALLOCATED_SIZE, typename SizeT>
class InlineVector {
public:
    using value_type = T;
    using size_type = std::size_t;  // what the API takes and returns; SizeT is what is stored
    using difference_type = std::ptrdiff_t;
    using reference = T&;
    using const_reference = const T&;
    using pointer = T*;
    using const_pointer = const T*;
    using iterator = T*;
    using const_iterator = const T*;
    using reverse_iterator = std::reverse_iterator<iterator>;
    using const_reverse_iterator = std::reverse_iterator<const_iterator>;

    InlineVector() noexcept = default;
    explicit InlineVector(size_type n) { resize(n); }
    InlineVector(size_type n, const T& value) { assign(n, value); }
    InlineVector(std::initializer_list<T> il) { assign(il.begin(), il.end()); }
    template <typename It, typename = typename std::iterator_traits<It>::iterator_category>
    InlineVector(It first, It last) { assign(first, last); }
    InlineVector(const InlineVector& o) { assign(o.begin(), o.end()); }
    InlineVector(InlineVector&& o) noexcept(std::is_nothrow_move_constructible_v<T>) { take(std::move(o)); }
    ~InlineVector() {
        clear();
        release();
    }
    InlineVector& operator=(const InlineVector& o) {
        if (this != &o) assign(o.begin(), o.end());
        return *this;
    }
    InlineVector& operator=(InlineVector&& o) noexcept(std::is_nothrow_move_constructible_v<T>) {
        if (this != &o) {
            clear();
            release();
            take(std::move(o));
        }
        return *this;
    }
    InlineVector& operator=(std::initializer_list<T> il) {
        assign(il.begin(), il.end());
        return *this;
    }

    void assign(size_type n, const T& value) {
        clear();
        reserve(n);
        for (size_type i = 0; i < n; i++) emplace_back(value);
    }
    template <typename It, typename = typename std::iterator_traits<It>::iterator_category>
    void assign(It first, It last) {
        clear();
        for (; first != last; ++first) emplace_back(*first);
    }

    size_type size() const noexcept { return size_; }
    size_type capacity() const noexcept { return capacity_; }
    bool empty() const noexcept { return size_ == 0; }
    static constexpr size_type max_size() noexcept { return static_cast<size_type>(-1) / sizeof(T); }
    T* data() noexcept { return start_; }
    const T* data() const noexcept { return start_; }
    iterator begin() noexcept { return start_; }
    iterator end() noexcept { return start_ + size_; }
    const_iterator begin() const noexcept { return start_; }
    const_iterator end() const noexcept { return start_ + size_; }
    const_iterator cbegin() const noexcept { return start_; }
    const_iterator cend() const noexcept { return start_ + size_; }
    reverse_iterator rbegin() noexcept { return reverse_iterator(end()); }
    reverse_iterator rend() noexcept { return reverse_iterator(begin()); }
    const_reverse_iterator rbegin() const noexcept { return const_reverse_iterator(end()); }
    const_reverse_iterator rend() const noexcept { return const_reverse_iterator(begin()); }
    T& operator[](size_type i) noexcept { return start_[i]; }
    const T& operator[](size_type i) const noexcept { return start_[i]; }
    T& at(size_type i) {
        if (i >= size_) throw std::out_of_range("InlineVector::at");
        return start_[i];
    }
    const T& at(size_type i) const {
        if (i >= size_) throw std::out_of_range("InlineVector::at");
        return start_[i];
    }
    T& front() noexcept { return start_[0]; }
    const T& front() const noexcept { return start_[0]; }
    T& back() noexcept { return start_[size_ - 1]; }
    const T& back() const noexcept { return start_[size_ - 1]; }

    void reserve(size_type n) {
        if (n <= capacity_) return;
        T* fresh = static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t{alignof(T)}));
        for (size_type i = 0; i < size_; i++) {
            ::new (static_cast<void*>(fresh + i)) T(std::move_if_noexcept(start_[i]));
            start_[i].~T();
        }
        release();
        start_ = fresh;
        capacity_ = static_cast<SizeT>(n);
    }
    template <typename... A>
    T& emplace_back(A&&... args) {
        if (size_ == capacity_) {
            T value(std::forward<A>(args)...);  // args may refer into this vector
            reserve(std::max<size_type>(2 * capacity_, 1));
            ::new (static_cast<void*>(start_ + size_)) T(std::move(value));
        } else {
            ::new (static_cast<void*>(start_ + size_)) T(std::forward<A>(args)...);
        }
        return start_[size_++];
    }
    void push_back(const T& value) { emplace_back(value); }
    void push_back(T&& value) { emplace_back(std::move(value)); }
    void pop_back() noexcept { start_[--size_].~T(); }
    void clear() noexcept {
        while (size_) pop_back();
    }
    void resize(size_type n) {
        while (size_ > n) pop_back();
        reserve(n);
        while (size_ < n) emplace_back();
    }
    void resize(size_type n, const T& value) {
        while (size_ > n) pop_back();
        reserve(n);
        while (size_ < n) emplace_back(value);
    }
    iterator insert(const_iterator pos, const T& value) { return emplace(pos, value); }
    iterator insert(const_iterator pos, T&& value) { return emplace(pos, std::move(value)); }
    iterator insert(const_iterator pos, size_type n, const T& value) {
        const size_type at = pos - begin();
        for (size_type i = 0; i < n; i++) emplace(begin() + at, value);
        return begin() + at;
    }
    template <typename It, typename = typename std::iterator_traits<It>::iterator_category>
    iterator insert(const_iterator pos, It first, It last) {
        const size_type at = pos - begin();
        for (size_type i = at; first != last; ++first, ++i) emplace(begin() + i, *first);
        return begin() + at;
    }
    template <typename... A>
    iterator emplace(const_iterator pos, A&&... args) {
        const size_type at = pos - begin();
        emplace_back(std::forward<A>(args)...);
        std::rotate(begin() + at, end() - 1, end());
        return begin() + at;
    }
    iterator erase(const_iterator pos) { return erase(pos, pos + 1); }
    iterator erase(const_iterator first, const_iterator last) {
        const size_type at = first - begin(), n = last - first;
        std::move(begin() + at + n, end(), begin() + at);
        for (size_type i = 0; i < n; i++) pop_back();
        return begin() + at;
    }
    void swap(InlineVector& o) {
        InlineVector t(std::move(o));
        o = std::move(*this);
        *this = std::move(t);
    }

    friend bool operator==(const InlineVector& a, const InlineVector& b) {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
    }
    friend bool operator!=(const InlineVector& a, const InlineVector& b) { return !(a == b); }
    friend bool operator<(const InlineVector& a, const InlineVector& b) {
        return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    T* inline_storage() noexcept { return reinterpret_cast<T*>(storage_); }
    void release() noexcept {
        if (start_ != inline_storage()) ::operator delete(start_, std::align_val_t{alignof(T)});
        start_ = inline_storage();
        capacity_ = PREALLOCATED_SIZE;
    }
    void take(InlineVector&& o) {
        if (o.start_ != o.inline_storage()) {  // steal the heap block
            start_ = o.start_;
            size_ = o.size_;
            capacity_ = o.capacity_;
            o.start_ = o.inline_storage();
            o.size_ = 0;
            o.capacity_ = PREALLOCATED_SIZE;
            return;
        }
        for (T& v : o) emplace_back(std::move(v));
        o.clear();
    }

    T* start_ = inline_storage();
    SizeT size_ = 0;
    SizeT capacity_ = PREALLOCATED_SIZE;
    alignas(T) unsigned char storage_[PREALLOCATED_SIZE * sizeof(T)];
};

}  // namespace ttemu
