// Global (remote) circular buffers are not emulated: creating one fails with a tt-metal error saying so, so a
// program that needs them stops at the call instead of computing something else.
#include <tt-metalium/global_circular_buffer.hpp>

#include "emu/core/errors.h"

namespace tt::tt_metal::v1::experimental {
namespace {
[[noreturn]] void NotEmulated() {
    ttemu::Throw(
        "GlobalCircularBuffer is not emulated: remote circular buffers between sender and receiver cores "
        "are beyond the emulated device (docs/emulator.md)");
}
}  // namespace

GlobalCircularBuffer::GlobalCircularBuffer(IDevice*, const std::vector<std::pair<CoreCoord, CoreRangeSet>>&, uint32_t,
                                           BufferType) {
    NotEmulated();
}

GlobalCircularBuffer CreateGlobalCircularBuffer(IDevice* device,
                                                const std::vector<std::pair<CoreCoord, CoreRangeSet>>& mapping,
                                                uint32_t size, BufferType buffer_type) {
    return GlobalCircularBuffer(device, mapping, size, buffer_type);
}

}  // namespace tt::tt_metal::v1::experimental
