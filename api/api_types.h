// The types the API description (api_list.h) spells, for the translation units that expand its type columns: the
// tt-metal headers, and aliases for types whose spelling has a comma (a macro argument cannot). Aliases do not
// change mangled names.
#pragma once

#ifdef LTCAP_TT_METAL_V067
#include "profiles/v0.67.0/api/api_types.h"
#else

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

namespace ltcap::api {
using namespace ::tt::tt_metal;
using CoreSpec = std::variant<CoreCoord, CoreRange, CoreRangeSet>;
using KernelConfig = std::variant<DataMovementConfig, ComputeConfig, EthernetConfig>;
using BufRef = std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>;
using SemaphoreCores = std::variant<CoreRange, CoreRangeSet>;
using DeviceMap = std::map<chip_id_t, IDevice*>;
using ArgsGrid = std::vector<std::vector<RuntimeArgsData>>;
using SubIds = tt::stl::Span<const SubDeviceId>;
using SubDevices = tt::stl::Span<const SubDevice>;
// The mesh API (tt::tt_metal::distributed); its ShardedBufferConfig is not tt_metal's.
using distributed::DeviceLocalBufferConfig;
using distributed::MeshBuffer;
using distributed::MeshBufferConfig;
using distributed::MeshCommandQueue;
using distributed::MeshCoordinate;
using distributed::MeshCoordinateRange;
using distributed::MeshDevice;
using distributed::MeshDeviceConfig;
using distributed::MeshEvent;
using distributed::MeshTraceId;
using distributed::MeshWorkload;
using ShardTransfers = std::vector<MeshCommandQueue::ShardDataTransfer>;
}  // namespace ltcap::api

#endif  // LTCAP_TT_METAL_V067
