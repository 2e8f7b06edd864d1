// Device queries v0.67.0 keeps experimental: how many NOC hops apart two worker cores are.
#pragma once

#include <cstdint>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/data_types.hpp>

namespace tt::tt_metal {
class IDevice;
}  // namespace tt::tt_metal

namespace tt::tt_metal::experimental::Device {

// Hops a packet takes on `noc` from one worker core to another (logical coordinates), the NOC's torus wrapping
// around the device's grid: NOC 0 travels +x then +y, NOC 1 -y then -x. A unit mesh answers for its one device.
uint32_t get_worker_noc_hop_distance(
    IDevice* device, const CoreCoord& logical_src, const CoreCoord& logical_dst, NOC noc);

}  // namespace tt::tt_metal::experimental::Device
