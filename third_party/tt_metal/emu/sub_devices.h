// Sub-device managers of one device or mesh: the groups of cores (sub-devices) a program may target on its own.
// A device starts with its default manager (one sub-device: the whole compute grid) loaded; the program creates
// others, loads one, clears it (back to the default) or removes one that is not loaded. Ids come from one
// process-wide counter, as tt-metal's do. The local L1 size a manager asks for is kept but reserves nothing: the
// emulator's L1 allocator is the device's only one.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <vector>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal_types.hpp>
#include <tt-metalium/span.hpp>
#include <tt-metalium/sub_device.hpp>
#include <tt-metalium/sub_device_types.hpp>

namespace tt::tt_metal {

class SubDeviceManagerTracker {
public:
    explicit SubDeviceManagerTracker(CoreRangeSet grid);
    SubDeviceManagerId Create(tt::stl::Span<const SubDevice> sub_devices, std::uint64_t local_l1_size);
    void Load(SubDeviceManagerId id, bool slow_dispatch);
    void Clear() { Load(default_id_, false); }
    void Remove(SubDeviceManagerId id);
    SubDeviceManagerId active() const;
    SubDeviceManagerId default_id() const { return default_id_; }
    // Of the loaded manager.
    const std::vector<SubDeviceId>& ids() const;
    std::uint32_t count() const { return static_cast<std::uint32_t>(ids().size()); }
    CoreRangeSet Cores(HalProgrammableCoreType type, SubDeviceId id) const;

private:
    struct Manager {
        std::vector<SubDevice> sub_devices;
        std::uint64_t local_l1_size = 0;
        std::vector<SubDeviceId> ids;
    };
    const Manager& Loaded() const;

    CoreRangeSet grid_;
    mutable std::mutex mutex_;
    std::map<std::uint64_t, Manager> managers_;
    SubDeviceManagerId default_id_, active_;
};

}  // namespace tt::tt_metal
