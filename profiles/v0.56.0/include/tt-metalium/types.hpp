// The v1 API's handle types (tt::tt_metal::v1): thin wrappers over the v0 objects, for code written against the
// experimental v1 names. Includes host_api.hpp, as tt-metal's types.hpp does.
//   v1::BufferHandle buffer{CreateBuffer(config)};  uint32_t address = buffer->address();
#pragma once

#include <cstdint>
#include <memory>
#include <utility>

#include <tt-metalium/host_api.hpp>

namespace tt::tt_metal::v1 {

using ProgramHandle = v0::Program;

class CommandQueueHandle {
private:
    explicit constexpr CommandQueueHandle(IDevice* device, std::uint8_t id = 0) : device{device}, id{id} {}

    IDevice* device;
    std::uint8_t id;

    friend CommandQueueHandle GetCommandQueue(IDevice* device, std::uint8_t id);
    friend IDevice* GetDevice(CommandQueueHandle cq);
    friend std::uint8_t GetId(CommandQueueHandle cq);
};

class TraceHandle {
public:
    explicit constexpr operator std::uint32_t() const noexcept { return id; }

private:
    explicit constexpr TraceHandle(CommandQueueHandle cq, std::uint32_t id) noexcept : cq{cq}, id{id} {}

    CommandQueueHandle cq;
    std::uint32_t id;

    friend TraceHandle BeginTraceCapture(CommandQueueHandle cq);
    friend CommandQueueHandle GetCommandQueue(TraceHandle trace);
};

class KernelHandle {
public:
    explicit constexpr KernelHandle(tt_metal::KernelHandle id) noexcept : id{id} {}
    explicit constexpr operator tt_metal::KernelHandle() const noexcept { return id; }

private:
    tt_metal::KernelHandle id;
};

class CircularBufferHandle {
public:
    explicit constexpr CircularBufferHandle(v0::CBHandle cb_id) noexcept : cb_id{cb_id} {}
    explicit constexpr operator v0::CBHandle() const noexcept { return cb_id; }

private:
    v0::CBHandle cb_id;
};

// Shared ownership of a v0 object, dereferenced like a pointer.
template <typename T>
class SharedHandle {
public:
    explicit SharedHandle(const std::shared_ptr<T>& object) noexcept : object_{object} {}
    explicit SharedHandle(std::shared_ptr<T>&& object) noexcept : object_{std::move(object)} {}
    explicit operator const std::shared_ptr<T>&() const noexcept { return object_; }
    T& operator*() const noexcept { return *object_; }
    T* operator->() const noexcept { return object_.get(); }

protected:
    SharedHandle() = default;

private:
    std::shared_ptr<T> object_;
};

class BufferHandle : public SharedHandle<v0::Buffer> {
public:
    using SharedHandle::SharedHandle;
};

class EventHandle : public SharedHandle<v0::Event> {
public:
    using SharedHandle::SharedHandle;
    explicit EventHandle();  // a new event (tt-metal's v1 host API defines it; not part of the v0 library)
};

using RuntimeArgs = tt::stl::Span<const std::uint32_t>;

}  // namespace tt::tt_metal::v1
