// The types tt-metal v0.56.0's description (api_list.h) spells, for the translation units that expand its type
// columns: the tt-metal headers, and aliases for types whose spelling has a comma (a macro argument cannot). Aliases
// do not change mangled names. Include api/api_types.h, which picks the build's profile.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <tt-metalium/device_pool.hpp>
#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/lightmetal_capture_utils.hpp>
#include <tt-metalium/tt_metal.hpp>

#include "api/api_types_common.h"

namespace ltcap::api {
// The names later releases spell the same things by (v0.67.0's tt::ChipId, ttsl::Span), so a row a later release
// inherits (profiles/<release>/api/api_list.h) reads alike in both.
using ChipId = ::chip_id_t;
namespace ttsl = ::tt::stl;
using KernelConfig = std::variant<DataMovementConfig, ComputeConfig, EthernetConfig>;
using DeviceMap = std::map<chip_id_t, IDevice*>;
using SubIds = tt::stl::Span<const SubDeviceId>;
using SubDevices = tt::stl::Span<const SubDevice>;
// The mesh API (tt::tt_metal::distributed); its ShardedBufferConfig is not tt_metal's.
using ShardTransfers = std::vector<MeshCommandQueue::ShardDataTransfer>;
}  // namespace ltcap::api
