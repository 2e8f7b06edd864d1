// Write pointers of the launch-message ring on worker cores, one for multicast and one for unicast launches.
// Dispatch bookkeeping; exported so code built against tt-metal's internals links.
#pragma once

#include <cstdint>

namespace tt::tt_metal {

class LaunchMessageRingBufferState {
public:
    void inc_mcast_wptr(std::uint32_t inc_val);
    void inc_unicast_wptr(std::uint32_t inc_val);
    void set_mcast_wptr(std::uint32_t val);
    void set_unicast_wptr(std::uint32_t val);
    std::uint32_t get_mcast_wptr() const;
    std::uint32_t get_unicast_wptr() const;
    void reset();

private:
    std::uint32_t multicast_cores_launch_message_wptr_ = 0;
    std::uint32_t unicast_cores_launch_message_wptr_ = 0;
};

}  // namespace tt::tt_metal
