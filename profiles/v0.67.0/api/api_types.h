// The types tt-metal v0.67.0's description (api_list.h) spells, for the translation units that expand its type
// columns: the v0.67.0 headers, and aliases for types whose spelling has a comma. Aliases do not change mangled
// names. api/api_types.h includes this one in a v0.67.0 build.
#pragma once

#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_set>
#include <variant>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/distributed_host_buffer.hpp>
#include <tt-metalium/global_circular_buffer.hpp>
#include <tt-metalium/global_semaphore.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/mesh_command_queue.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/mesh_event.hpp>
#include <tt-metalium/mesh_workload.hpp>
#include <tt-metalium/profiler_types.hpp>
#include <tt-metalium/sub_device.hpp>
#include <tt-metalium/tt_metal.hpp>
#include <tt-metalium/tt_metal_profiler.hpp>

#include "api/api_types_common.h"

namespace ltcap::api {
using KernelConfig = std::variant<DataMovementConfig, ComputeConfig>;
using DeviceMap = std::map<tt::ChipId, IDevice*>;
using MeshMap = std::map<int, std::shared_ptr<distributed::MeshDevice>>;  // create_unit_meshes
using SubIds = ttsl::Span<const SubDeviceId>;
using SubDevices = ttsl::Span<const SubDevice>;
using ::tt::ChipId;
using ::tt::CoreType;
using ShardTransfers = std::vector<distributed::ShardDataTransfer>;
using ShardSet = std::optional<std::unordered_set<distributed::MeshCoordinate>>;
using CoreMapping = std::vector<std::pair<CoreCoord, CoreRangeSet>>;  // a global circular buffer's senders → receivers
}  // namespace ltcap::api

namespace ltcap {
using chip_id_t = tt::ChipId;  // v0.56.0's name of the same int
}  // namespace ltcap
