// A sub-device: the cores of each programmable core type (Tensix, active Ethernet) that a sub-device manager
// groups together, so programs and their waits can target a part of a device.
//   SubDevice left(std::array{CoreRangeSet(CoreRange({0, 0}, {3, 7}))});
//   auto manager = device->create_sub_device_manager({left, right}, /*local_l1_size=*/3200);
//   device->load_sub_device_manager(manager);
#pragma once

#include <array>
#include <cstdint>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal.hpp>
#include <tt-metalium/span.hpp>

namespace tt::tt_metal {
inline namespace v0 {

class SubDevice {
public:
    SubDevice(const std::array<CoreRangeSet, NumHalProgrammableCoreTypes>& cores);
    SubDevice(tt::stl::Span<const CoreRangeSet> cores);  // one set per core type, in HalProgrammableCoreType order
    SubDevice(std::array<CoreRangeSet, NumHalProgrammableCoreTypes>&& cores);

    SubDevice(const SubDevice&) = default;
    SubDevice& operator=(const SubDevice&) = default;
    SubDevice(SubDevice&&) noexcept = default;
    SubDevice& operator=(SubDevice&&) noexcept = default;

    bool has_core_type(HalProgrammableCoreType core_type) const;
    std::uint32_t num_cores(HalProgrammableCoreType core_type) const;
    const std::array<CoreRangeSet, NumHalProgrammableCoreTypes>& cores() const;
    const CoreRangeSet& cores(HalProgrammableCoreType core_type) const;

private:
    void validate() const;

    std::array<CoreRangeSet, NumHalProgrammableCoreTypes> cores_;  // logical coordinates of the device's grid
};

}  // namespace v0
}  // namespace tt::tt_metal
