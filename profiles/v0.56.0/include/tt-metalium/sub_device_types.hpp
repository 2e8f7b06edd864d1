// Sub-device identifiers (tt::tt_metal). SubDeviceId mangles as StrongType<uint8_t, SubDeviceIdTag>.
#pragma once

#include <cstdint>

#include <tt-metalium/span.hpp>

namespace tt::tt_metal {
struct SubDeviceIdTag;
struct SubDeviceManagerIdTag;
using SubDeviceId = tt::stl::StrongType<std::uint8_t, SubDeviceIdTag>;
using SubDeviceManagerId = tt::stl::StrongType<std::uint64_t, SubDeviceManagerIdTag>;
}  // namespace tt::tt_metal
