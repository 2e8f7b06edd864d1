// Creating a global circular buffer (v1::experimental::CreateGlobalCircularBuffer). Not emulated: the call throws
// a TT_THROW error saying so, which the program sees as tt-metal's own errors.
//   auto gcb = CreateGlobalCircularBuffer(device, {{sender, receivers}}, 64 * 1024);
#pragma once

#include <cstdint>
#include <tt-metalium/global_circular_buffer_impl.hpp>
#include <tt-metalium/types.hpp>
#include <utility>
#include <vector>

namespace tt::tt_metal::v1::experimental {

GlobalCircularBuffer CreateGlobalCircularBuffer(
    IDevice* device, const std::vector<std::pair<CoreCoord, CoreRangeSet>>& sender_receiver_core_mapping, uint32_t size,
    BufferType buffer_type = BufferType::L1);

}  // namespace tt::tt_metal::v1::experimental
