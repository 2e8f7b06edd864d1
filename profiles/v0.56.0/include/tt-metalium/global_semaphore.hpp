// A semaphore word allocated in L1 on a set of cores for the lifetime of the object
// (tt::tt_metal::v0::GlobalSemaphore, 88 B).
#pragma once

#include <cstdint>
#include <memory>

#include <tt-metalium/buffer_constants.hpp>
#include <tt-metalium/core_coord.hpp>

namespace tt::tt_metal {
inline namespace v0 {
class IDevice;
class Buffer;

class GlobalSemaphore {
public:
    GlobalSemaphore(IDevice* device, const CoreRangeSet& cores, std::uint32_t initial_value,
                    BufferType buffer_type = BufferType::L1);
    GlobalSemaphore(IDevice* device, CoreRangeSet&& cores, std::uint32_t initial_value,
                    BufferType buffer_type = BufferType::L1);
    GlobalSemaphore(const GlobalSemaphore&) = default;
    GlobalSemaphore& operator=(const GlobalSemaphore&) = default;
    GlobalSemaphore(GlobalSemaphore&&) noexcept = default;
    GlobalSemaphore& operator=(GlobalSemaphore&&) noexcept = default;

    IDevice* device() const;
    std::uint64_t address() const;
    void reset_semaphore_value(std::uint32_t reset_value) const;

private:
    void setup_buffer(std::uint32_t initial_value, BufferType buffer_type);

    std::shared_ptr<Buffer> buffer_;
    IDevice* device_;
    CoreRangeSet cores_;
};
static_assert(sizeof(GlobalSemaphore) == 88);

}  // namespace v0
}  // namespace tt::tt_metal
