// Exported members of tt-metal's dispatch bookkeeping that code built against its internals links to: the
// launch-message ring pointers (8 entries, as v0.56.0's launch_msg_buffer_num_entries) and the profiler state.
#include <tt-metalium/launch_message_ring_buffer_state.hpp>
#include <tt-metalium/profiler_state.hpp>

namespace tt::tt_metal {

namespace {
constexpr std::uint32_t kLaunchMessageEntries = 8;  // a power of two: pointers wrap with a mask
constexpr std::uint32_t Wrap(std::uint32_t v) { return v & (kLaunchMessageEntries - 1); }
}  // namespace

void LaunchMessageRingBufferState::inc_mcast_wptr(std::uint32_t inc_val) {
    multicast_cores_launch_message_wptr_ = Wrap(multicast_cores_launch_message_wptr_ + inc_val);
}
void LaunchMessageRingBufferState::inc_unicast_wptr(std::uint32_t inc_val) {
    unicast_cores_launch_message_wptr_ = Wrap(unicast_cores_launch_message_wptr_ + inc_val);
}
void LaunchMessageRingBufferState::set_mcast_wptr(std::uint32_t val) { multicast_cores_launch_message_wptr_ = Wrap(val); }
void LaunchMessageRingBufferState::set_unicast_wptr(std::uint32_t val) { unicast_cores_launch_message_wptr_ = Wrap(val); }
std::uint32_t LaunchMessageRingBufferState::get_mcast_wptr() const { return multicast_cores_launch_message_wptr_; }
std::uint32_t LaunchMessageRingBufferState::get_unicast_wptr() const { return unicast_cores_launch_message_wptr_; }
void LaunchMessageRingBufferState::reset() { multicast_cores_launch_message_wptr_ = unicast_cores_launch_message_wptr_ = 0; }

// The emulated device has no device profiler.
bool getDeviceProfilerState() { return false; }

}  // namespace tt::tt_metal
