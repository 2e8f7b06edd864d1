// GlobalSemaphore: a semaphore word at the same L1 address on each of a set of cores, backed by a sharded L1 buffer,
// so kernels of different programs can share it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <tuple>

#include <tt-metalium/buffer_types.hpp>
#include <tt-metalium/core_coord.hpp>
#include <ttemu/api_release.hpp>  // what of the API this release has (TTEMU_API_*)
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/mesh_buffer.hpp>

namespace tt::tt_metal {

class IDevice;
class GlobalSemaphore;

#if TTEMU_API_GLOBAL_SEMAPHORE_AT_ADDRESS
namespace experimental {
// A global semaphore at an address the caller chose (its buffer made there, nothing allocated).
GlobalSemaphore CreateGlobalSemaphore(IDevice* device, const CoreRangeSet& cores, std::optional<std::uint32_t> initial_value,
                                      BufferType buffer_type, std::uint64_t address);
}  // namespace experimental
#endif

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
    DeviceAddr address() const;
    void reset_semaphore_value(std::uint32_t reset_value) const;

    static constexpr auto attribute_names = std::forward_as_tuple("cores", "buffer_type");
    auto attribute_values() const { return std::make_tuple(cores_, buffer_.get_buffer()->buffer_type()); }

private:
#if TTEMU_API_GLOBAL_SEMAPHORE_AT_ADDRESS
    GlobalSemaphore(IDevice* device, const CoreRangeSet& cores, std::optional<std::uint32_t> initial_value,
                    BufferType buffer_type, std::uint64_t address);
    friend GlobalSemaphore experimental::CreateGlobalSemaphore(IDevice* device, const CoreRangeSet& cores,
                                                               std::optional<std::uint32_t> initial_value,
                                                               BufferType buffer_type, std::uint64_t address);
#endif
    void setup_buffer(std::uint32_t initial_value, BufferType buffer_type);
    distributed::AnyBuffer buffer_;
    IDevice* device_;
    CoreRangeSet cores_;
};

}  // namespace tt::tt_metal

std::ostream& operator<<(std::ostream& os, const tt::tt_metal::GlobalSemaphore& global_semaphore);

template <>
struct std::hash<tt::tt_metal::GlobalSemaphore> {
    std::size_t operator()(const tt::tt_metal::GlobalSemaphore& global_semaphore) const;
};
