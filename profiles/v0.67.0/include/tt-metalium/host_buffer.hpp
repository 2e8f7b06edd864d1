// HostBuffer: host memory holding one shard of a tensor, typed, kept alive by a MemoryPin (owned vector or borrowed
// span). Header templates plus exported copy/move members.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <typeinfo>
#include <utility>
#include <vector>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/memory_pin.hpp>
#include <tt_stl/assert.hpp>
#include <tt_stl/overloaded.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

namespace experimental {
class PinnedMemory;
class HostBufferPinnedMemoryHelper;
}  // namespace experimental

class HostBuffer {
public:
    HostBuffer();
    ~HostBuffer() = default;
    template <typename T>
    explicit HostBuffer(const std::shared_ptr<std::vector<T>>& data) : type_info_(&typeid(T)) {
        view_ = ttsl::Span<std::byte>(reinterpret_cast<std::byte*>(data->data()), data->size() * sizeof(T));
        pin_ = MemoryPin(data);
    }
    template <typename T>
    explicit HostBuffer(std::vector<T>&& data) : HostBuffer(std::make_shared<std::vector<T>>(std::move(data))) {}
    template <typename T>
    explicit HostBuffer(const std::vector<T>& data) : HostBuffer(std::make_shared<std::vector<T>>(data)) {}
    template <typename T>
    HostBuffer(ttsl::Span<T> borrowed_data, MemoryPin pin)
        : pin_(std::move(pin)),
          view_(reinterpret_cast<std::byte*>(borrowed_data.data()), borrowed_data.size() * sizeof(T)),
          type_info_(&typeid(T)) {}
    HostBuffer(const HostBuffer& other);
    HostBuffer& operator=(const HostBuffer& other);
    HostBuffer(HostBuffer&& other) noexcept;
    HostBuffer& operator=(HostBuffer&& other) noexcept;
    void swap(HostBuffer& other) noexcept;

    ttsl::Span<std::byte> view_bytes() & noexcept;
    ttsl::Span<const std::byte> view_bytes() const& noexcept;
    ttsl::Span<std::byte> view_bytes() && noexcept = delete;
    ttsl::Span<const std::byte> view_bytes() const&& noexcept = delete;
    template <typename T>
    ttsl::Span<T> view_as() & {
        TT_FATAL(*type_info_ == typeid(T), "Requested type T does not match the underlying buffer type.");
        return ttsl::Span<T>(reinterpret_cast<T*>(view_.data()), view_.size() / sizeof(T));
    }
    template <typename T>
    ttsl::Span<const T> view_as() const& {
        TT_FATAL(*type_info_ == typeid(T), "Requested type T does not match the underlying buffer type.");
        return ttsl::Span<const T>(reinterpret_cast<const T*>(view_.data()), view_.size() / sizeof(T));
    }
    template <typename T>
    ttsl::Span<T> view_as() && = delete;
    template <typename T>
    ttsl::Span<const T> view_as() const&& = delete;
    MemoryPin pin() const { return pin_; }

private:
    friend class experimental::HostBufferPinnedMemoryHelper;
    MemoryPin pin_;
    ttsl::Span<std::byte> view_;
    const std::type_info* type_info_ = nullptr;
    std::shared_ptr<experimental::PinnedMemory> pinned_memory_ = nullptr;
};

bool operator==(const HostBuffer& a, const HostBuffer& b) noexcept;
bool operator!=(const HostBuffer& a, const HostBuffer& b) noexcept;
void swap(HostBuffer& lhs, HostBuffer& rhs) noexcept;

}  // namespace tt::tt_metal
