// MemoryPin: keeps host memory alive while the device may still use it (a reference count through callbacks).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>

namespace tt::tt_metal {

class MemoryPin {
public:
    MemoryPin() = default;
    MemoryPin(std::function<void()> increment_ref_count, std::function<void()> decrement_ref_count);
    MemoryPin(std::shared_ptr<void> resource);
    ~MemoryPin();
    MemoryPin(const MemoryPin& other);
    MemoryPin& operator=(const MemoryPin& other);
    MemoryPin(MemoryPin&& other) noexcept;
    MemoryPin& operator=(MemoryPin&& other) noexcept;
    friend bool operator==(const MemoryPin& pin, std::nullptr_t) noexcept;
    friend bool operator==(std::nullptr_t, const MemoryPin& pin) noexcept;
    friend bool operator!=(const MemoryPin& pin, std::nullptr_t) noexcept;
    friend bool operator!=(std::nullptr_t, const MemoryPin& pin) noexcept;

private:
    void maybe_increment();
    void maybe_decrement();
    std::function<void()> inc_;
    std::function<void()> dec_;
};

}  // namespace tt::tt_metal
