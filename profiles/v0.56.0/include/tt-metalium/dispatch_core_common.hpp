// Dispatch core placement (tt::tt_metal::DispatchCoreConfig, 8 B). Its default constructor is inline and calls
// the exported static get_default_axis(), so programs reach that symbol whenever they use a default CreateDevice.
#pragma once

#include <cstdint>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/reflection.hpp>
#include <umd/device/tt_core_coordinates.h>

namespace tt::tt_metal {

enum DispatchCoreType : std::uint32_t { WORKER, ETH, COUNT };
enum class DispatchCoreAxis { ROW, COL, COUNT };

class DispatchCoreConfig {
public:
    DispatchCoreConfig() : type_(DispatchCoreType::WORKER), axis_(get_default_axis()) {}
    DispatchCoreConfig(DispatchCoreType type) : type_(type), axis_(get_default_axis()) {}
    DispatchCoreConfig(DispatchCoreType type, DispatchCoreAxis axis) : type_(type), axis_(axis) {}

    static DispatchCoreAxis get_default_axis();

    DispatchCoreType get_dispatch_core_type() const { return type_; }
    void set_dispatch_core_type(DispatchCoreType t) { type_ = t; }
    DispatchCoreAxis get_dispatch_core_axis() const { return axis_; }
    void set_dispatch_core_axis(DispatchCoreAxis a) { axis_ = a; }
    bool operator==(const DispatchCoreConfig& o) const { return type_ == o.type_ && axis_ == o.axis_; }

private:
    DispatchCoreType type_;
    DispatchCoreAxis axis_;
};

static_assert(sizeof(DispatchCoreConfig) == 8);

}  // namespace tt::tt_metal
