// Sub-device ids: strong types over small integers.
#pragma once

#include <cstdint>

#include <tt_stl/strong_type.hpp>

namespace tt::tt_metal {
using SubDeviceId = ttsl::StrongType<std::uint8_t, struct SubDeviceIdTag>;
using SubDeviceManagerId = ttsl::StrongType<std::uint64_t, struct SubDeviceManagerIdTag>;
}  // namespace tt::tt_metal
