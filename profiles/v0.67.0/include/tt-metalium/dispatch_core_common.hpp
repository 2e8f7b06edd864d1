// Where a device's dispatch cores sit (worker or ethernet cores, along a row or a column).
#pragma once

#include <optional>
#include <tuple>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/data_types.hpp>

namespace tt::tt_metal {

enum class DispatchCoreType : std::uint32_t { WORKER, ETH, COUNT };
enum class DispatchCoreAxis { ROW, COL, COUNT };

class DispatchCoreConfig {
private:
    DispatchCoreType type_;
    std::optional<DispatchCoreAxis> axis_;
    static DispatchCoreAxis get_default_axis();

public:
    DispatchCoreConfig() : type_(DispatchCoreType::WORKER) {}
    DispatchCoreConfig(DispatchCoreType type) : type_(type) {}
    DispatchCoreConfig(DispatchCoreType type, DispatchCoreAxis axis) : type_(type), axis_(axis) {}

    static constexpr auto attribute_names = std::forward_as_tuple("type", "axis");
    auto attribute_values() const { return std::forward_as_tuple(type_, axis_); }

    DispatchCoreType get_dispatch_core_type() const { return type_; }
    void set_dispatch_core_type(DispatchCoreType type) { type_ = type; }
    DispatchCoreAxis get_dispatch_core_axis() const { return axis_.value_or(get_default_axis()); }
    void set_dispatch_core_axis(DispatchCoreAxis axis) { axis_ = axis; }
    bool operator==(const DispatchCoreConfig& other) const = default;
};

}  // namespace tt::tt_metal

template <>
struct std::hash<tt::tt_metal::DispatchCoreConfig> {
    std::size_t operator()(const tt::tt_metal::DispatchCoreConfig& config) const;
};
