// SubDevice: a set of cores per programmable core type (Tensix, active and idle ethernet) a sub-device manager
// gives one part of the device. Pimpl; exported members.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

class SubDeviceImpl;

class SubDevice {
public:
    explicit SubDevice(ttsl::Span<const CoreRangeSet> cores);  // one set per HalProgrammableCoreType, at most three
    SubDevice(SubDeviceImpl&& impl);
    SubDevice(const SubDevice& other);
    SubDevice& operator=(const SubDevice& other);
    SubDevice(SubDevice&& other) noexcept;
    SubDevice& operator=(SubDevice&& other) noexcept;
    ~SubDevice();

    const CoreRangeSet& cores(HalProgrammableCoreType core_type) const;
    SubDeviceImpl* impl();
    const SubDeviceImpl* impl() const;

private:
    std::unique_ptr<SubDeviceImpl> pimpl_;
};

}  // namespace tt::tt_metal
